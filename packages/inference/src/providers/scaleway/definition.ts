import { defineListing, defineProvider, defineTasks } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "scaleway",
  baseUrl: "https://api.scaleway.ai",
  routed: true,
});

export const tasks = /* @__PURE__ */ defineTasks(definition, {
  tasks: ["conversational", "text-generation", "feature-extraction"],
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "scaleway",
});
