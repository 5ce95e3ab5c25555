// The 3D viewer's engine (three.js, its glTF loader and orbit controls), in its own chunk: only
// pages that show a .glb load it, when the viewer comes into view.
import {
  AmbientLight,
  Box3,
  DirectionalLight,
  PerspectiveCamera,
  Scene,
  Vector3,
  WebGLRenderer,
} from "three";
import { GLTFLoader } from "three/addons/loaders/GLTFLoader.js";
import { OrbitControls } from "three/addons/controls/OrbitControls.js";

export interface Viewer {
  dispose(): void;
}

/**
 * Renders the glTF binary at `url` into a canvas appended to `container`, on a transparent background (the page's colour shows through), framed to fit, turning
 * with the pointer (drag to orbit, wheel or pinch to zoom). Renders on demand, not every frame.
 * Throws when WebGL is unavailable or the file does not parse.
 */
export async function mountViewer(
  container: HTMLElement,
  data: ArrayBuffer,
  onFrame: () => void,
): Promise<Viewer> {
  const renderer = new WebGLRenderer({ antialias: true, alpha: true, preserveDrawingBuffer: true });
  const width = container.clientWidth || 480;
  const height = container.clientHeight || 360;
  renderer.setPixelRatio(Math.min(2, window.devicePixelRatio || 1));
  renderer.setSize(width, height, false);
  const scene = new Scene();
  scene.add(new AmbientLight(0xffffff, 1.2));
  const sun = new DirectionalLight(0xffffff, 2.2);
  sun.position.set(3, 5, 4);
  scene.add(sun);

  const gltf = await new GLTFLoader().parseAsync(data, "");
  scene.add(gltf.scene);
  // Frame the model: centre it and put the camera at a distance that shows its bounding sphere.
  const bounds = new Box3().setFromObject(gltf.scene);
  const centre = bounds.getCenter(new Vector3());
  const radius = Math.max(0.001, bounds.getSize(new Vector3()).length() / 2);
  const camera = new PerspectiveCamera(40, width / height, radius / 100, radius * 100);
  camera.position.copy(centre).add(new Vector3(1, 0.7, 1.4).normalize().multiplyScalar(radius * 3.2));
  camera.lookAt(centre);

  const controls = new OrbitControls(camera, renderer.domElement);
  controls.target.copy(centre);
  controls.enableDamping = false;
  const render = () => {
    renderer.render(scene, camera);
    onFrame();
  };
  controls.addEventListener("change", render);
  controls.update();

  const resize = new ResizeObserver(() => {
    const w = container.clientWidth;
    const h = container.clientHeight;
    if (!w || !h) return;
    renderer.setSize(w, h, false);
    camera.aspect = w / h;
    camera.updateProjectionMatrix();
    render();
  });
  resize.observe(container);
  container.appendChild(renderer.domElement);
  render();

  return {
    dispose() {
      resize.disconnect();
      controls.dispose();
      renderer.dispose();
      renderer.domElement.remove();
    },
  };
}
