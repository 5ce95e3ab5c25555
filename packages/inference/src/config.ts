import { PROVIDER_DEFINITIONS } from "./providers/definitions.js";
import type { Options, ProviderUrlKey } from "./types.js";

export const HF_HUB_URL = "https://huggingface.co";
export const HF_ROUTER_URL = "https://router.huggingface.co";
export const HF_HEADER_X_BILL_TO = "X-HF-Bill-To";

/** Each provider's own base (and extra bases such as fal.ai's queue), used with a provider key. */
export const PROVIDER_BASE_URLS: Record<ProviderUrlKey, string> = /* @__PURE__ */ Object.fromEntries(
  PROVIDER_DEFINITIONS.flatMap((definition) => [
    [definition.id, definition.baseUrl],
    ...Object.entries(definition.extraBaseUrls ?? {}),
  ]),
) as Record<ProviderUrlKey, string>;

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

/**
 * Hosts a hub token may be sent to without the caller naming them: the configured hub and router
 * (same origin), and https `huggingface.co` or a subdomain of it. Not `*.hf.space` nor
 * `*.huggingface.cloud`: anyone can create a Space or an endpoint there and read the headers it
 * receives. (An `endpointUrl` the caller passes gets the token whatever its host, as in 4.x, but
 * over cleartext http only on this machine: isSafeForToken.)
 */
/**
 * Whether a hub token may travel to `url` as far as the connection goes: over https, or over
 * cleartext http only to this machine (localhost, 127.0.0.0/8, [::1]: the offline hub, the
 * emulator). Anyone on the path could read it from any other http request.
 */
export function isSafeForToken(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === "https:") return true;
  if (parsed.protocol !== "http:") return false;
  const host = parsed.hostname;
  return host === "localhost" || host === "[::1]" || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/** Whether a URL carries a user name or password (`https://huggingface.co@evil.example` does). */
export function hasUserinfo(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.username !== "" || parsed.password !== "";
  } catch {
    return false;
  }
}

export function isHubHost(url: string, options?: BaseOptions): boolean {
  const origin = (href: string) => {
    try {
      return new URL(href).origin;
    } catch {
      return undefined; // an unparsable URL matches nothing
    }
  };
  const target = origin(url);
  if (!target) return false;
  if (target === origin(hubBase(options)) || target === origin(routerBase(options))) return true;
  // https `huggingface.co` or a subdomain, on any port.
  return /^https:\/\/([^/]+\.)?huggingface\.co(:\d+)?$/.test(target);
}
