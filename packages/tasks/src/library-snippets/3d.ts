// Library snippets: 3D and world models: meshes, Gaussian splats, scene reconstruction, explorable worlds.
// One generator per library, keyed by library id; index.ts lists the families.
import {
  commentText,
  hfDownload,
  type LibrarySnippet,
  nameWithoutNamespace,
  py,
  researchRepo,
  sh,
  shDownload,
} from "./helpers.js";

/** LagerNVS renders unposed photos with its general model only; the others need posed benchmark data. */
const LAGERNVS_GENERAL = "facebook/lagernvs_general_512";
const LAGERNVS_EVAL_CONFIGS: Record<string, string> = {
  "facebook/lagernvs_re10k_2v_256": "config/eval_re10k.yaml",
  "facebook/lagernvs_dl3dv_2-6_v_256": "config/eval_dl3dv.yaml",
};

// Entries in the order that compresses best, not alphabetical (index.ts says why): search for the id.
export const THREE_D_SNIPPETS: Record<string, LibrarySnippet> = {
  "hunyuan3d-2": (model) => [
    `# Install from https://github.com/Tencent/Hunyuan3D-2 (pip install -r requirements.txt && pip install -e .)
from hy3dgen.shapegen import Hunyuan3DDiTFlowMatchingPipeline
from hy3dgen.texgen import Hunyuan3DPaintPipeline

# Shape generation from a single image
shape_pipeline = Hunyuan3DDiTFlowMatchingPipeline.from_pretrained(${py(model.id)})
mesh = shape_pipeline(image="assets/demo.png")[0]

# Texture painting (needs the custom rasterizer built from the repository)
paint_pipeline = Hunyuan3DPaintPipeline.from_pretrained(${py(model.id)})
mesh = paint_pipeline(mesh, image="assets/demo.png")
mesh.export("demo.glb")`,
  ],
  "sam-3d-body": (model) => [
    `git clone https://github.com/facebookresearch/sam-3d-body.git
cd sam-3d-body
# install the environment as described in INSTALL.md; run the Python below from this folder`,
    `from notebook.utils import setup_sam_3d_body

# downloads the checkpoint (and the MHR body model) from the Hub
estimator = setup_sam_3d_body(hf_repo_id=${py(model.id)})

# one dict per detected person: mesh vertices, 3D keypoints, body/hand pose and camera
outputs = estimator.process_one_image("person.jpg")
print(len(outputs), sorted(outputs[0]) if outputs else [])`,
  ],
  // HY-World 1.5 (WorldPlay): README and run.sh of github.com/Tencent-Hunyuan/HY-WorldPlay.
  "hy-worldplay": (model) => [
    `git clone https://github.com/Tencent-Hunyuan/HY-WorldPlay.git
cd HY-WorldPlay
pip install -r requirements.txt

# Downloads ${commentText(model.id)} with the HunyuanVideo-1.5 base model and the text and vision encoders, then
# prints their paths (the vision encoder comes from the gated FLUX.1-Redux-dev: without access,
# add --skip_vision_encoder)
python download_models.py --hf_token "$HF_TOKEN"

# The paths printed by download_models.py
MODEL_PATH=path/to/HunyuanVideo-1.5
ACTION_CKPT=path/to/HY-WorldPlay/ar_distilled_action_model

# Image-to-world video along a camera path (w = forward for 31 latents); the distilled model needs 4 steps
torchrun --nproc_per_node=1 generate.py \\
  --prompt 'A stone bridge over a calm lake, trees on both banks, soft natural light.' \\
  --image_path ./assets/img/test.png \\
  --resolution 480p \\
  --aspect_ratio 16:9 \\
  --video_length 125 \\
  --seed 1 \\
  --rewrite false \\
  --sr false \\
  --pose 'w-31' \\
  --output_path ./outputs/ \\
  --model_path "$MODEL_PATH" \\
  --action_ckpt "$ACTION_CKPT" \\
  --few_step true \\
  --num_inference_steps 4 \\
  --model_type ar`,
  ],
  // microsoft/wham README ("Local Model Inference"): the code ships in the model repository; prompts come
  // from the bleeding-edge-gameplay-sample dataset.
  wham: (model) => [
    `GIT_LFS_SKIP_SMUDGE=1 git clone ${sh(`https://huggingface.co/${model.id}`)} WHAM
cd WHAM
./setup_local.sh
source venv/bin/activate

hf download ${sh(model.id)} models/WHAM_200M.ckpt --local-dir .
# Four recorded trajectories used as prompt sequences
hf download microsoft/bleeding-edge-gameplay-sample --repo-type dataset --include "tiny-sample/*" --local-dir .

# Writes an .mp4 and an .npz per prompt to dreaming_output/
python run_dreaming.py --model_path models/WHAM_200M.ckpt --data_path tiny-sample`,
  ],
  "ml-sharp": (model) => [
    `git clone https://github.com/apple/ml-sharp.git
cd ml-sharp
pip install -r requirements.txt

${shDownload(model.id, "sharp-checkpoint")}

# one 3D Gaussian splat (.ply) per input image
sharp predict -i input_images -o output_gaussians -c "$(ls sharp-checkpoint/*.pt | head -n 1)"`,
  ],
  // Lyra 2.0: Lyra-2/README.md of github.com/nv-tlabs/lyra (the environment is set up per its INSTALL.md).
  "lyra-2.0": (model) => [
    `git clone https://github.com/nv-tlabs/lyra.git
cd lyra/Lyra-2
# Set up the environment (CUDA, PyTorch and the listed packages) as INSTALL.md in this folder describes

# Download the checkpoints into checkpoints/
${hfDownload(model.id, ".", ["checkpoints/*"])}

# 1. An exploration video from one image (zoom in, then out); sample 4 of assets/samples, with its caption
export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True
PYTHONPATH=. python -m lyra_2._src.inference.lyra2_zoomgs_inference \\
  --input_image_path assets/samples \\
  --sample_id 4 \\
  --experiment lyra2 \\
  --checkpoint_dir checkpoints/model \\
  --prompt_dir assets/samples \\
  --output_path outputs/zoomgs \\
  --num_frames_zoom_in 81 \\
  --num_frames_zoom_out 241 \\
  --zoom_in_strength 0.5 \\
  --zoom_out_strength 1.5

# 2. Lift the video to a 3D Gaussian Splatting scene (reconstructed_scene.ply next to the video)
PYTHONPATH=. python -m lyra_2._src.inference.vipe_da3_gs_recon \\
  --input_video_path outputs/zoomgs/videos/4.mp4`,
  ],
  "mesh-anything": (model) => [
    `git clone https://github.com/buaacyw/MeshAnything.git
cd MeshAnything
pip install -r requirements.txt

# weights come from ${commentText(model.id)}; turn every mesh in examples/ into an artist-style mesh
python main.py --input_dir examples --out_dir mesh_output --input_type mesh`,
  ],
  renderformer: (model) => [
    `# Run from a clone of https://github.com/microsoft/renderformer
from renderformer import RenderFormerRenderingPipeline

pipeline = RenderFormerRenderingPipeline.from_pretrained(${py(model.id)})
# scenes are triangle meshes converted to .h5 files (see scene_processor/ in the repository)`,
  ],
  // HY-World 2.0: only WorldMirror 2.0 (multi-view images or video to 3D) has released inference code;
  // the README documents its Python API and CLI.
  "hy-world-2": (model) => [
    `git clone https://github.com/Tencent-Hunyuan/HY-World-2.0.git
cd HY-World-2.0
pip install -r requirements.txt

# 3D reconstruction (depth, normals, cameras, point cloud, 3DGS) from a folder of images of one scene
python -m hyworld2.worldrecon.pipeline --input_path path/to/images`,
    `from hyworld2.worldrecon.pipeline import WorldMirrorPipeline

# Run from the cloned repository; the weights are downloaded on first use
pipeline = WorldMirrorPipeline.from_pretrained(${py(model.id)})
result = pipeline("path/to/images")`,
  ],
  // README and minimal_inference.py of github.com/facebookresearch/lagernvs.
  lagernvs: (model) => {
    const setup = `git clone https://github.com/facebookresearch/lagernvs.git
cd lagernvs
pip install torch==2.8.0 torchvision==0.23.0 --index-url https://download.pytorch.org/whl/cu126
pip install -r requirements.txt

# The checkpoints are gated: accept the terms on the model page, then log in with a read token
hf auth login`;
    const evalConfig = LAGERNVS_EVAL_CONFIGS[model.id];
    if (model.id === LAGERNVS_GENERAL || !evalConfig) {
      const note =
        model.id === LAGERNVS_GENERAL
          ? ""
          : `\n# minimal_inference.py only accepts the general model; ${commentText(model.id)} is evaluated with run_eval.py`;
      return [
        `${setup}
${note}
# Render a 100-frame fly-through from 1 to 10 photos of a scene (no camera poses needed)
python minimal_inference.py \\
  --model_repo ${sh(LAGERNVS_GENERAL)} \\
  --images path/to/img1.png path/to/img2.png \\
  --output novel_views.mp4`,
      ];
    }
    return [
      `${setup}

# ${commentText(model.id)} is a posed benchmark model: it is evaluated on the prepared dataset (see the README's
# Evaluation section; LAGERNVS_DATA_ROOT points at the data)
export LAGERNVS_DATA_ROOT=/path/to/your/data
torchrun --nproc_per_node=1 run_eval.py -c ${evalConfig} -e eval_run`,
    ];
  },
  // dptech-corp/Uni-3DAR README ("Inference with Pretrained Model"): one script per task and checkpoint.
  "uni-3dar": (model) => [
    `# Needs Uni-Core; the prebuilt image has it: docker pull dptechnology/unicore:2407-pytorch2.4.0-cuda12.5-rdma
git clone https://github.com/dptech-corp/Uni-3DAR.git
cd Uni-3DAR

hf download ${sh(model.id)} qm9.pt --local-dir .
# Generate QM9 molecules (drug.pt runs with scripts/inference_drug.sh the same way)
bash scripts/inference_qm9.sh qm9.pt`,
  ],
  "3dtopia-xl": researchRepo(
    "https://github.com/3DTopia/3DTopia-XL.git",
    "pretrained",
    "python inference.py ./configs/inference_dit.yml",
    "Image-to-3D generation; set the input images in configs/inference_dit.yml.",
  ),
  "hunyuanworld-voyager": researchRepo(
    "https://github.com/Tencent-Hunyuan/HunyuanWorld-Voyager.git",
    "ckpts",
    `# 1. Render the input condition (depth-warped frames) for a camera path from one image
cd data_engine
python3 create_input.py --image_path input.png --render_output_dir "../demo/example/" --type forward
cd ..

# 2. Generate the world-consistent RGB-D video along that path
python3 sample_image2video.py \\
  --model HYVideo-T/2 \\
  --input-path "demo/example" \\
  --prompt "Waterfall at sunset, grassy landscape." \\
  --i2v-stability --infer-steps 50 --flow-reverse --flow-shift 7.0 \\
  --seed 0 --embedded-cfg-scale 6.0 --use-cpu-offload \\
  --save-path ./results`,
    "Camera-controlled world video generation (tested on one 80 GB GPU).",
  ),
  "geometry-crafter": researchRepo(
    "https://github.com/TencentARC/GeometryCrafter.git",
    "pretrained_models",
    "python run.py --video_path examples/video1.mp4 --save_folder workspace/examples_output --height 576 --width 1024",
    "Consistent point maps from open-world videos.",
  ),
  // The HERMES README lists "Getting Started: coming soon" and unreleased training code: no documented
  // inference command exists yet, so the snippet stops at the checkpoint.
  hermes: researchRepo(
    "https://github.com/LMD0311/HERMES.git",
    "ckpt",
    "ls ckpt",
    "HERMES (driving world model) has not documented its inference code yet (Getting Started: coming soon).",
  ),
  // GaussianFormer: its rendering pipeline loads with from_pretrained once the package from the
  // repository is installed.
  gaussianformer: (model) => [
    `# install the package from https://github.com/SVLwoof/gaussianformer (see its README)
from gaussianformer.pipelines.rendering_pipeline import GaussianFormerRenderingPipeline

pipeline = GaussianFormerRenderingPipeline.from_pretrained(${py(model.id)})`,
  ],
  trellis2: (model) => [
    `# Run from a clone of https://github.com/microsoft/TRELLIS.2 (see its setup.sh)
import o_voxel
from PIL import Image
from trellis2.pipelines import Trellis2ImageTo3DPipeline

pipeline = Trellis2ImageTo3DPipeline.from_pretrained(${py(model.id)})
pipeline.cuda()

image = Image.open("image.png")
mesh = pipeline.run(image)[0]
mesh.simplify(16777216)  # nvdiffrast's face limit

# textured GLB from the O-Voxel mesh
glb = o_voxel.postprocess.to_glb(
    vertices=mesh.vertices,
    faces=mesh.faces,
    attr_volume=mesh.attrs,
    coords=mesh.coords,
    attr_layout=mesh.layout,
    voxel_size=mesh.voxel_size,
    aabb=[[-0.5, -0.5, -0.5], [0.5, 0.5, 0.5]],
    decimation_target=1000000,
    texture_size=4096,
)
glb.export("output.glb")`,
  ],
  // Fixer: README of github.com/nv-tlabs/Fixer (inference inside the Cosmos container it builds).
  fixer: (model) => [
    `git clone https://github.com/nv-tlabs/Fixer.git
cd Fixer
docker build -t fixer-cosmos-env -f Dockerfile.cosmos .

# Download the base and pretrained Fixer weights into models/
${hfDownload(model.id, "models")}

# Put rendered novel views in examples/: the cleaned-up images are written to output/
docker run --gpus=all -v "$(pwd)":/work fixer-cosmos-env \\
  python /work/src/inference_pretrained_model.py \\
  --model /work/models/pretrained/pretrained_fixer.pkl \\
  --input /work/examples \\
  --output /work/output \\
  --vae_skip_connection --timestep 250 --resolution 1024`,
  ],
  trellis: (model) => {
    const textTo3d = model.pipeline_tag === "text-to-3d" || /text/i.test(nameWithoutNamespace(model.id));
    const pipelineClass = textTo3d ? "TrellisTextTo3DPipeline" : "TrellisImageTo3DPipeline";
    const run = textTo3d
      ? `outputs = pipeline.run("A chair looking like an avocado.", seed=1)`
      : 'image = Image.open("image.png")\noutputs = pipeline.run(image, seed=1)';
    return [
      `# Run from a clone of https://github.com/microsoft/TRELLIS (see its setup.sh)${textTo3d ? "" : "\nfrom PIL import Image"}
from trellis.pipelines import ${pipelineClass}
from trellis.utils import postprocessing_utils

pipeline = ${pipelineClass}.from_pretrained(${py(model.id)})
pipeline.cuda()

${run}

# textured mesh from the Gaussians and the mesh
glb = postprocessing_utils.to_glb(outputs["gaussian"][0], outputs["mesh"][0], simplify=0.95, texture_size=1024)
glb.export("output.glb")`,
    ];
  },
  "sam-3d-objects": (model) => [
    `git clone https://github.com/facebookresearch/sam-3d-objects.git
cd sam-3d-objects
# install the environment as described in doc/setup.md, then fetch the checkpoints
${shDownload(model.id, "checkpoints/hf")}`,
    `import sys

sys.path.append("notebook")
from inference import Inference, load_image, load_single_mask

inference = Inference("checkpoints/hf/pipeline.yaml", compile=False)

image = load_image("image.png")
# masks_folder holds one mask per object; index picks the object to reconstruct
mask = load_single_mask("masks_folder", index=0)
output = inference(image, mask, seed=42)
output["gs"].save_ply("object.ply")  # Gaussian splat of the object`,
  ],
};
