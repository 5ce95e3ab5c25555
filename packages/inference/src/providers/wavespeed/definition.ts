import { defineListing, defineProvider, defineTasks } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "wavespeed",
  baseUrl: "https://api.wavespeed.ai",
  routed: true,
});

export const tasks = /* @__PURE__ */ defineTasks(definition, {
  tasks: [
    "text-to-image",
    "text-to-video",
    "image-to-image",
    "image-to-video",
    "image-text-to-image",
    "image-text-to-video",
  ],
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "wavespeed",
});
