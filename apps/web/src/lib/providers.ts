// Which providers the browser can call: it goes through the hub's router, so only routed ones.
// Its own module (not lib/inference.ts, which every page loads for its error display), so only the
// pages that list providers carry the definitions.
import { PROVIDER_DEFINITIONS } from "@hubkit/inference/providers";

/**
 * Providers the hub's router no longer serves (`routed: false` in @hubkit/inference's provider
 * definitions): the browser calls through the router, so they are not offered for try-it and the
 * playground. The definitions subpath holds no client code, so this costs the page a few hundred bytes.
 */
export const NOT_ROUTED_PROVIDERS: ReadonlySet<string> = new Set(
  PROVIDER_DEFINITIONS.filter((definition) => !definition.routed).map((definition) => definition.id),
);
