import { defineListing, defineProvider, defineTasks } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "deepinfra",
  baseUrl: "https://api.deepinfra.com",
  routed: true,
});

export const tasks = /* @__PURE__ */ defineTasks(definition, {
  tasks: [
    "automatic-speech-recognition",
    "conversational",
    "feature-extraction",
    "text-generation",
    "text-to-image",
    "text-to-speech",
  ],
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "DeepInfra",
});
