import { defineListing, defineProvider, defineTasks } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "nscale",
  baseUrl: "https://inference.api.nscale.com",
  routed: true,
});

export const tasks = /* @__PURE__ */ defineTasks(definition, {
  tasks: ["text-to-image", "conversational"],
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "nscale",
});
