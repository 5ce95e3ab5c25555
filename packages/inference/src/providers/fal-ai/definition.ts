import { defineListing, defineProvider, defineTasks } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "fal-ai",
  baseUrl: "https://fal.run",
  extraBaseUrls: { "fal-ai-queue": "https://queue.fal.run" },
  auth: { header: "Authorization", scheme: "Key" },
  routed: true,
});

export const tasks = /* @__PURE__ */ defineTasks(definition, {
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
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "fal",
});
