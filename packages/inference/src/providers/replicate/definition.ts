import { defineListing, defineProvider, defineTasks } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "replicate",
  baseUrl: "https://api.replicate.com",
  routed: true,
});

export const tasks = /* @__PURE__ */ defineTasks(definition, {
  tasks: [
    "text-to-image",
    "text-to-speech",
    "text-to-video",
    "image-to-image",
    "automatic-speech-recognition",
  ],
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "replicate",
});
