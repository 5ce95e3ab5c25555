import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "Objaverse-XL: more than 10 million 3D objects; rendered views of them are the usual training pairs for image-to-3D reconstruction.",
      id: "allenai/objaverse-xl",
    },
    {
      description:
        "A small set of clean, single-object images used to compare image-to-3D models, e.g. in the 3D Arena.",
      id: "dylanebert/iso3d",
    },
  ],
  demo: {
    inputs: [
      {
        filename: "image-to-3d-image-input.png",
        type: "img",
      },
    ],
    outputs: [
      {
        label: "Result",
        content: "image-to-3d-3d-output-filename.glb",
        type: "text",
      },
    ],
  },
  metrics: [],
  models: [
    {
      description:
        "Upload an image and get a textured mesh from InstantMesh, with the intermediate multi-views shown.",
      id: "TencentARC/InstantMesh",
    },
    {
      description: "HunyuanWorld 1.0: builds explorable 3D worlds from a picture or a prompt.",
      id: "tencent/HunyuanWorld-1",
    },
    { description: "Reconstruct a 3D object from one real-world photo with Real3D.", id: "hwjiang/Real3D" },
    {
      description: "Single image to textured mesh with SPAR3D, including the point-cloud editing step.",
      id: "stabilityai/stable-point-aware-3d",
    },
  ],
  spaces: [
    {
      description:
        "3D Arena: vote between the outputs of two image-to-3D models; the votes build a public leaderboard.",
      id: "dylanebert/3d-arena",
    },
    {
      description:
        "Upload an image and get a textured mesh from InstantMesh, with the intermediate multi-views shown.",
      id: "TencentARC/InstantMesh",
    },
    {
      description: "Single image to textured mesh with SPAR3D, including the point-cloud editing step.",
      id: "stabilityai/stable-point-aware-3d",
    },
    { description: "Reconstruct a 3D object from one real-world photo with Real3D.", id: "hwjiang/Real3D" },
    {
      description: "A small, fast version of LGM that turns one image into 3D Gaussian splats.",
      id: "dylanebert/LGM-mini",
    },
  ],
  summary:
    "Image-to-3D models reconstruct a 3D object, as a mesh, point cloud or Gaussian splats, from a single image or a few images. They have to guess the hidden back side, so many first generate extra views of the object with a diffusion model and then fuse them into a 3D shape. They speed up asset creation for games, e-commerce product viewers, AR and 3D printing.",
  widgetModels: [],
  youtubeId: "",
};

export default taskData;
