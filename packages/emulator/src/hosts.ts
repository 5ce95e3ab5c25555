// The real hosts the emulator stands in for, one loopback listener each: the hub, the router, and
// every provider's hosts from the provider table (its API, its queue, its file CDNs).
import { PROVIDER_FACTS, type ProviderId } from "./providers.js";
import { PROVIDER_IDS, type HostKey } from "./types.js";

const apiHosts: [HostKey, string, ProviderId][] = [];
const cdnHosts: [HostKey, string][] = [];
for (const provider of PROVIDER_IDS) {
  const facts = PROVIDER_FACTS[provider];
  if (facts.origin) apiHosts.push([provider as HostKey, facts.origin, provider]);
  for (const [host, origin] of Object.entries(facts.apiHosts ?? {}))
    apiHosts.push([host as HostKey, origin, provider]);
  for (const [host, origin] of Object.entries(facts.cdnHosts ?? {})) cdnHosts.push([host as HostKey, origin]);
}

export const HOST_ORIGINS: Readonly<Record<HostKey, string>> = Object.fromEntries([
  ["hub", "https://huggingface.co"],
  ["router", "https://router.huggingface.co"],
  ...apiHosts.map(([host, origin]) => [host, origin]),
  ...cdnHosts,
]) as Record<HostKey, string>;

export const HOST_KEYS = Object.keys(HOST_ORIGINS) as HostKey[];

/** Hosts that only serve generated files. */
export const CDN_HOSTS: ReadonlySet<HostKey> = new Set(cdnHosts.map(([host]) => host));

const PROVIDER_OF_HOST: ReadonlyMap<HostKey, ProviderId> = new Map(
  apiHosts.map(([host, , provider]) => [host, provider]),
);

/** The provider whose API a direct host serves. */
export function providerOfHost(host: HostKey): ProviderId | undefined {
  return PROVIDER_OF_HOST.get(host);
}
