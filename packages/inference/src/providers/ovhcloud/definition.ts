import { defineListing, defineProvider, defineTasks } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "ovhcloud",
  baseUrl: "https://oai.endpoints.kepler.ai.cloud.ovh.net",
  routed: true,
});

export const tasks = /* @__PURE__ */ defineTasks(definition, {
  tasks: ["conversational", "text-generation"],
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "ovhcloud",
});
