import { defineListing, defineProvider, defineTasks } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "featherless-ai",
  baseUrl: "https://api.featherless.ai",
  routed: true,
});

export const tasks = /* @__PURE__ */ defineTasks(definition, {
  tasks: ["conversational", "text-generation"],
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "featherless-ai",
});
