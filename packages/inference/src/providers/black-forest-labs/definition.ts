import { defineListing, defineProvider, defineTasks } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "black-forest-labs",
  baseUrl: "https://api.us1.bfl.ai",
  auth: { header: "Authorization", scheme: "X-Key" },
  routed: false,
});

export const tasks = /* @__PURE__ */ defineTasks(definition, {
  tasks: ["text-to-image"],
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "black-forest-labs",
});
