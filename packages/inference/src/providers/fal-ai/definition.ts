import { defineListing, defineProvider, defineTasks } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "fal-ai",
  baseUrl: "https://fal.run",
  extraBaseUrls: { "fal-ai-queue": "https://queue.fal.run" },
  auth: { header: "Authorization", scheme: "Key" },
  routed: true,
});

export const tasks = /* @__PURE__ */ defineTasks(definition, {
  tasks: ["text-to-image", "text-to-speech", "text-to-video", "automatic-speech-recognition"],
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "fal",
  keyEnvVar: "FAL_KEY",
});
