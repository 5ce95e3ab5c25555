import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "60,000 32×32 colour images in 100 fine-grained classes; small enough to train an unconditional diffusion model on one GPU and compare FID with published numbers.",
      id: "cifar100",
    },
    {
      description:
        "More than 200,000 aligned celebrity face photos; the classic benchmark for generating realistic faces without any conditioning.",
      id: "CelebA",
    },
  ],
  demo: {
    inputs: [
      {
        label: "Seed",
        content: "42",
        type: "text",
      },
      {
        label: "Number of images to generate:",
        content: "4",
        type: "text",
      },
    ],
    outputs: [
      {
        filename: "unconditional-image-generation-output.png",
        type: "img",
      },
    ],
  },
  metrics: [
    {
      description:
        "Inception Score: how confidently an ImageNet classifier recognises each generated image and how varied the recognised classes are across samples. Higher is better, but it ignores the real data distribution.",
      id: "Inception score (IS)",
    },
    {
      description:
        "Fréchet Inception Distance: the distance between Inception-feature statistics of generated and real images. Lower is better; it catches both poor quality and low diversity, which makes it the standard metric for this task.",
      id: "Frećhet Inception Distance (FID)",
    },
  ],
  models: [
    {
      description:
        "The original DDPM denoising diffusion model trained on CIFAR-10 at 32×32: tiny, fast to sample, and the reference implementation for the diffusers DDPMPipeline.",
      id: "google/ddpm-cifar10-32",
    },
    {
      description: "DDPM trained on CelebA-HQ that generates 256×256 face portraits from pure noise.",
      id: "google/ddpm-celebahq-256",
    },
    {
      description:
        "DDPM trained on LSUN Church outdoor scenes at 256×256; a good example of unconditional generation on architecture rather than faces.",
      id: "google/ddpm-church-256",
    },
    {
      description:
        "Latent diffusion model for CelebA-HQ faces: it denoises in a compressed VQ latent space, so it samples 256×256 images much faster than pixel-space DDPM.",
      id: "CompVis/ldm-celebahq-256",
    },
  ],
  spaces: [
    {
      description:
        "Generates new faces with the CelebA-HQ latent diffusion model, with a slider for the number of steps.",
      id: "CompVis/celeba-latent-diffusion",
    },
    {
      description:
        "A lightweight GAN from the HugGAN community sprint that draws new butterflies unconditionally in a fraction of a second.",
      id: "huggan/butterfly-gan",
    },
    {
      description: "Projected GAN trained on paintings: samples new abstract artworks without any prompt.",
      id: "huggan/projected_gan_art",
    },
  ],
  summary:
    "Unconditional image generation creates new images from random noise alone, with no text, label or image to steer it. The model learns the distribution of one training set, such as faces, churches or butterflies, and every sample is a new draw from it; the seed decides which one. It is used for data augmentation, design exploration and as the simplest test bed for generative architectures such as diffusion models and GANs.",
  widgetModels: ["google/ddpm-celebahq-256"],
  youtubeId: "",
};

export default taskData;
