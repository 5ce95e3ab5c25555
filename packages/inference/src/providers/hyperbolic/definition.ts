import { defineListing, defineProvider, defineTasks } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "hyperbolic",
  baseUrl: "https://api.hyperbolic.xyz",
  routed: false,
});

export const tasks = /* @__PURE__ */ defineTasks(definition, {
  tasks: ["text-to-image", "conversational", "text-generation"],
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "Hyperbolic",
});
