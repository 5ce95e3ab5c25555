import { defineListing, defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "fal-ai",
  baseUrl: "https://fal.run",
  extraBaseUrls: { "fal-ai-queue": "https://queue.fal.run" },
  auth: { header: "Authorization", scheme: "Key" },
  tasks: [
    "audio-to-audio",
    "automatic-speech-recognition",
    "image-text-to-image",
    "image-text-to-video",
    "image-to-image",
    "image-segmentation",
    "image-to-video",
    "text-to-audio",
    "text-to-image",
    "text-to-speech",
    "text-to-video",
  ],
  routed: true,
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "fal",
  keyEnvVar: "FAL_KEY",
});
