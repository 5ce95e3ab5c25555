import { defineListing, defineProvider, defineTasks } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "sambanova",
  baseUrl: "https://api.sambanova.ai",
  routed: false,
});

export const tasks = /* @__PURE__ */ defineTasks(definition, {
  tasks: ["conversational"],
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "sambanovasystems",
});
