import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "CIFAR-100: 60,000 32×32 images in 100 fine-grained classes; quick to train and evaluate on.",
      id: "cifar100",
    },
    {
      description:
        "Fashion-MNIST: 70,000 28×28 greyscale images of clothing in 10 classes; a harder drop-in for MNIST.",
      id: "fashion_mnist",
    },
  ],
  demo: {
    inputs: [{ filename: "image-classification-input.png", type: "img" }],
    outputs: [
      {
        data: [
          { label: "Egyptian cat", score: 0.58 },
          { label: "Tabby cat", score: 0.31 },
          { label: "Tiger cat", score: 0.07 },
        ],
        type: "chart",
      },
    ],
  },
  metrics: [
    { description: "Share of images assigned the correct class.", id: "accuracy" },
    { description: "Share of the images of a class that the model labels with that class.", id: "recall" },
    { description: "Share of the model's predictions for a class that are correct.", id: "precision" },
    { description: "Harmonic mean of precision and recall; robust to imbalanced classes.", id: "f1" },
  ],
  models: [
    {
      description:
        "ViT base: a Vision Transformer pretrained on ImageNet-21k and fine-tuned on ImageNet-1k at 224×224.",
      id: "google/vit-base-patch16-224",
    },
    {
      description:
        "DeiT base, distilled: a data-efficient ViT trained with a CNN teacher, accurate without extra data.",
      id: "facebook/deit-base-distilled-patch16-224",
    },
    {
      description:
        "ConvNeXt large: a modernised convolutional network that matches transformers on ImageNet.",
      id: "facebook/convnext-large-224",
    },
  ],
  spaces: [
    {
      description: "Compares hundreds of timm image models on accuracy, speed and size.",
      id: "timm/leaderboard",
    },
  ],
  summary:
    "Image classification assigns a label or class to a whole image, from a fixed set learnt during training. The model returns a score for each class, and the top classes are shown. It is used for photo organisation, visual quality control, medical screening and as a backbone for many other vision tasks.",
  widgetModels: ["google/vit-base-patch16-224"],
  youtubeId: "tjAIM7BOYhw",
};

export default taskData;
