import type { Options, ProviderUrlKey } from "./types.js";

export const HF_HUB_URL = "https://huggingface.co";
export const HF_ROUTER_URL = "https://router.huggingface.co";
export const HF_HEADER_X_BILL_TO = "X-HF-Bill-To";

/** Each provider's own base, used with a provider key. hf-inference's follows the router. */
export const PROVIDER_BASE_URLS: Record<ProviderUrlKey, string> = {
  "black-forest-labs": "https://api.us1.bfl.ai",
  cerebras: "https://api.cerebras.ai",
  cohere: "https://api.cohere.com",
  "fal-ai": "https://fal.run",
  "fal-ai-queue": "https://queue.fal.run",
  "fireworks-ai": "https://api.fireworks.ai",
  "hf-inference": "https://router.huggingface.co/hf-inference",
  hyperbolic: "https://api.hyperbolic.xyz",
  nebius: "https://api.studio.nebius.ai",
  novita: "https://api.novita.ai",
  openai: "https://api.openai.com",
  replicate: "https://api.replicate.com",
  sambanova: "https://api.sambanova.ai",
  together: "https://api.together.xyz",
};

type BaseOptions = Pick<Options, "hubUrl" | "routerUrl" | "providerUrls">;

function env(name: string): string | undefined {
  // `process` does not exist in browsers.
  const proc = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process;
  return proc?.env?.[name] || undefined;
}

const trimSlashes = (url: string) => url.replace(/\/+$/, "");

/** The hub API base: option, then $HF_HUB_URL, then the real hub. */
export function hubBase(options?: BaseOptions): string {
  return trimSlashes(options?.hubUrl ?? env("HF_HUB_URL") ?? HF_HUB_URL);
}

/** The router base: option, then $HF_ROUTER_URL, then the real router. */
export function routerBase(options?: BaseOptions): string {
  return trimSlashes(options?.routerUrl ?? env("HF_ROUTER_URL") ?? HF_ROUTER_URL);
}

/** A provider's direct base: option, then $HUBKIT_PROVIDER_URL_<PROVIDER>, then the real one. */
export function providerBase(key: ProviderUrlKey, options?: BaseOptions): string {
  const override =
    options?.providerUrls?.[key] ?? env("HUBKIT_PROVIDER_URL_" + key.toUpperCase().replace(/-/g, "_"));
  if (override) return trimSlashes(override);
  // hf-inference lives on the router, so a redirected router carries it along.
  if (key === "hf-inference") return routerBase(options) + "/hf-inference";
  return PROVIDER_BASE_URLS[key];
}

/** Hosts a hub token may be sent to: the configured hub and router, and the hub's own domains. */
export function isHubHost(url: string, options?: BaseOptions): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  for (const base of [hubBase(options), routerBase(options)]) {
    try {
      if (new URL(base).origin === parsed.origin) return true;
    } catch {
      // an unparsable base matches nothing
    }
  }
  if (parsed.protocol !== "https:") return false;
  const host = parsed.hostname;
  return (
    host === "huggingface.co" ||
    host.endsWith(".huggingface.co") ||
    host.endsWith(".huggingface.cloud") ||
    host.endsWith(".hf.space")
  );
}
