import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [],
  demo: {
    inputs: [
      { filename: "image-text-to-image-input.png", type: "img" },
      { label: "Input", content: "Build a small red house on the hill", type: "text" },
    ],
    outputs: [{ filename: "image-text-to-image-output.png", type: "img" }],
  },
  metrics: [
    {
      description: "Fréchet Inception Distance: how close the generated images are to real ones.",
      id: "FID",
    },
    { description: "CLIP score: how well the edited image matches the instruction.", id: "CLIP" },
  ],
  models: [
    {
      description: "FLUX.2 dev: generates and edits images from text and up to several reference images.",
      id: "black-forest-labs/FLUX.2-dev",
    },
  ],
  spaces: [{ description: "Edit or compose images with FLUX.2 dev.", id: "black-forest-labs/FLUX.2-dev" }],
  summary:
    "Image-text-to-image models take one or more images together with a text instruction and produce a new image: change a detail, restyle a photo, put a product in a new scene or combine several references. Unlike plain image-to-image, the text says what to change, and the model keeps everything else as it was.",
  widgetModels: ["black-forest-labs/FLUX.2-dev"],
  youtubeId: undefined,
};

export default taskData;
