import { defineListing, defineProvider, defineTasks } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "together",
  baseUrl: "https://api.together.xyz",
  routed: true,
});

export const tasks = /* @__PURE__ */ defineTasks(definition, {
  tasks: [
    "text-to-image",
    "image-to-image",
    "text-to-video",
    "image-to-video",
    "conversational",
    "text-generation",
    "feature-extraction",
    "text-to-speech",
    "automatic-speech-recognition",
  ],
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "togethercomputer",
});
