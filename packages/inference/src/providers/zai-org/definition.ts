import { defineListing, defineProvider, defineTasks } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "zai-org",
  baseUrl: "https://api.z.ai",
  routed: true,
});

export const tasks = /* @__PURE__ */ defineTasks(definition, {
  tasks: ["conversational", "text-to-image", "image-to-text"],
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "zai-org",
});
