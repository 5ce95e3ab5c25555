// An interactive 3D view of a glTF binary (.glb). three.js is loaded on demand (its own chunk),
// when the viewer scrolls into view, so pages without 3D never fetch it.
import { Box, Download } from "lucide-react";
import { useEffect, useRef, useState } from "react";

type State = "idle" | "loading" | "ready" | "failed";

export function ModelViewer({ src, label }: { src: string; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>("idle");
  const [error, setError] = useState("");

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let disposed = false;
    let viewer: { dispose(): void } | undefined;
    const start = async () => {
      setState("loading");
      try {
        const [engine, response] = await Promise.all([import("../lib/three-viewer.js"), fetch(src)]);
        if (!response.ok) throw new Error(`the file could not be loaded (HTTP ${response.status})`);
        const data = await response.arrayBuffer();
        if (disposed) return;
        viewer = await engine.mountViewer(element, data, () => {
          element.dataset.rendered = "true";
        });
        if (disposed) viewer.dispose();
        else setState("ready");
      } catch (caught) {
        if (disposed) return;
        setError((caught as Error).message);
        setState("failed");
      }
    };
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        void start();
      }
    });
    observer.observe(element);
    return () => {
      disposed = true;
      observer.disconnect();
      viewer?.dispose();
    };
  }, [src]);

  return (
    <div className="model-viewer-wrap">
      <div
        ref={container}
        className="model-viewer"
        role="img"
        aria-label={`${label} (3D model: drag to turn, scroll to zoom)`}
        data-state={state}
      >
        {state !== "ready" && (
          <p className="viewer-status" role={state === "failed" ? "alert" : undefined}>
            {state === "failed" ? (
              `The 3D view is not available: ${error}`
            ) : (
              <span>
                <Box size={16} aria-hidden /> Loading the 3D view…
              </span>
            )}
          </p>
        )}
        {state === "ready" && <p className="viewer-hint">Drag to turn · scroll to zoom</p>}
      </div>
      <a href={src} download className="small">
        <Download size={14} aria-hidden /> Download the .glb file
      </a>
    </div>
  );
}
