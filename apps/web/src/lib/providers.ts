// Which providers the browser can call: it goes through the hub's router, so only routed ones.
// Its own module (not lib/inference.ts, which every page loads for its error display), so only the
// pages that list providers carry the definitions.
import { PROVIDER_DEFINITIONS } from "@hubkit/inference/providers";
import type { HubModel } from "./api.js";

/**
 * Providers the hub's router no longer serves (`routed: false` in @hubkit/inference's provider
 * definitions): the browser calls through the router, so they are not offered for try-it and the
 * playground. The definitions subpath holds no client code, so this costs the page a few hundred bytes.
 */
export const NOT_ROUTED_PROVIDERS: ReadonlySet<string> = new Set(
  PROVIDER_DEFINITIONS.filter((definition) => !definition.routed).map((definition) => definition.id),
);

/** The provider-mapping tasks that serve a task page's task (chat pages are served by chat routes). */
export function mappingTasksFor(task: string): string[] {
  if (task === "text-generation") return ["text-generation", "conversational"];
  if (task === "image-text-to-text") return ["conversational", "image-text-to-text"];
  return [task];
}

/**
 * The model's providers in the order offered: routed before those only callable directly, those
 * serving `task` first, live before staging. The model page's loader and its widget both use it, so
 * the snippets the loader generates are those of the provider the widget opens on.
 */
export function orderProviders(model: HubModel, task?: string): string[] {
  const mapping = model.inferenceProviderMapping ?? {};
  const serves = task ? mappingTasksFor(task) : undefined;
  const rank = (id: string) =>
    Number(NOT_ROUTED_PROVIDERS.has(id)) * 4 +
    Number(serves !== undefined && !serves.includes(mapping[id].task ?? "")) * 2 +
    Number(mapping[id].status !== "live");
  return Object.keys(mapping).sort((a, b) => rank(a) - rank(b));
}
