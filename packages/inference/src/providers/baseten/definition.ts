import { defineListing, defineProvider, defineTasks } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "baseten",
  baseUrl: "https://inference.baseten.co",
  routed: true,
});

export const tasks = /* @__PURE__ */ defineTasks(definition, {
  tasks: ["conversational"],
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "baseten",
});
