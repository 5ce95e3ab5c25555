import { defineListing, defineProvider, defineTasks } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "cerebras",
  baseUrl: "https://api.cerebras.ai",
  routed: true,
});

export const tasks = /* @__PURE__ */ defineTasks(definition, {
  tasks: ["conversational"],
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "cerebras",
});
