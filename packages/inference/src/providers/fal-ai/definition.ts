import { defineListing, defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "fal-ai",
  baseUrl: "https://fal.run",
  extraBaseUrls: { "fal-ai-queue": "https://queue.fal.run" },
  auth: { header: "Authorization", scheme: "Key" },
  tasks: ["text-to-image", "text-to-speech", "text-to-video", "automatic-speech-recognition"],
  routed: true,
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "fal",
  keyEnvVar: "FAL_KEY",
});
