import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "Objaverse-XL: more than 10 million 3D objects gathered from GitHub, Thingiverse, Sketchfab and the Smithsonian; the main pretraining corpus for 3D generators.",
      id: "allenai/objaverse-xl",
    },
    {
      description:
        "Cap3D: automatically written, human-checked captions for hundreds of thousands of Objaverse objects, i.e. the text–3D pairs text-to-3D models train on.",
      id: "tiange/Cap3D",
    },
  ],
  demo: {
    inputs: [
      {
        label: "Prompt",
        content: "a small stone statue of a sitting cat on a square pedestal",
        type: "text",
      },
    ],
    outputs: [
      {
        label: "Result",
        content: "text-to-3d-3d-output-filename.glb",
        type: "text",
      },
    ],
  },
  metrics: [],
  models: [
    {
      description:
        "Shap-E: OpenAI's conditional generator that outputs implicit 3D functions, rendered as textured meshes or NeRFs, in a few seconds.",
      id: "openai/shap-e",
    },
    {
      description:
        "LGM (Large Multi-View Gaussian Model): turns four generated views into a 3D Gaussian splat in about five seconds; text input goes through MVDream first.",
      id: "ashawkey/LGM",
    },
    {
      description:
        "MVDream in diffusers format: generates four consistent views of an object from a prompt, the first stage of many text-to-3D pipelines.",
      id: "ashawkey/mvdream-sd2.1-diffusers",
    },
  ],
  spaces: [
    {
      description: "Generates a 3D mesh from a prompt with Shap-E and lets you rotate and download it.",
      id: "hysts/Shap-E",
    },
    {
      description: "Text or image to 3D Gaussian splats with LGM, exported as a .ply file.",
      id: "ashawkey/LGM",
    },
    {
      description: "Generates physically plausible, simulation-ready 3D assets from a text description.",
      id: "HorizonRobotics/EmbodiedGen-Text-to-3D",
    },
  ],
  summary:
    "Text-to-3D models generate a 3D asset, such as a mesh, a point cloud or Gaussian splats, from a text description. Many pipelines first generate one or several views with a text-to-image model and then lift them to 3D, while others generate the 3D representation directly. The results feed game and film prototyping, AR/VR scenes and 3D printing; they are usually exported as .glb, .obj or .ply files.",
  widgetModels: [],
  youtubeId: "",
};

export default taskData;
