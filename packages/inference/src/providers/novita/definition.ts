import { defineListing, defineProvider, defineTasks } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "novita",
  baseUrl: "https://api.novita.ai",
  routed: true,
});

export const tasks = /* @__PURE__ */ defineTasks(definition, {
  tasks: ["conversational", "image-text-to-video", "text-generation", "text-to-video"],
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "novita",
});
