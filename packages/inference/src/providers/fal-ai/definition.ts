import { defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "fal-ai",
  hubOrg: "fal",
  baseUrl: "https://fal.run",
  extraBaseUrls: { "fal-ai-queue": "https://queue.fal.run" },
  keyEnvVar: "FAL_KEY",
  auth: { header: "Authorization", scheme: "Key" },
  tasks: ["text-to-image", "text-to-speech", "text-to-video", "automatic-speech-recognition"],
  routed: true,
});
