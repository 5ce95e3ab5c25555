// The real hosts the emulator stands in for, one loopback listener each.
import type { HostKey, ProviderId } from "./types.js";

export const HOST_ORIGINS: Readonly<Record<HostKey, string>> = {
  hub: "https://huggingface.co",
  router: "https://router.huggingface.co",
  "black-forest-labs": "https://api.us1.bfl.ai",
  cerebras: "https://api.cerebras.ai",
  cohere: "https://api.cohere.com",
  "fal-ai": "https://fal.run",
  "fal-ai-queue": "https://queue.fal.run",
  "fireworks-ai": "https://api.fireworks.ai",
  hyperbolic: "https://api.hyperbolic.xyz",
  nebius: "https://api.studio.nebius.ai",
  novita: "https://api.novita.ai",
  openai: "https://api.openai.com",
  replicate: "https://api.replicate.com",
  sambanova: "https://api.sambanova.ai",
  together: "https://api.together.xyz",
  "fal-media": "https://v3.fal.media",
  "replicate-delivery": "https://replicate.delivery",
  "bfl-delivery": "https://delivery-us1.bfl.ai",
  "together-cdn": "https://api.together.ai",
  "nebius-cdn": "https://pictures-storage.storage.eu-north1.nebius.cloud",
  baseten: "https://inference.baseten.co",
  deepinfra: "https://api.deepinfra.com",
  "featherless-ai": "https://api.featherless.ai",
  groq: "https://api.groq.com",
  nscale: "https://inference.api.nscale.com",
  ovhcloud: "https://oai.endpoints.kepler.ai.cloud.ovh.net",
  publicai: "https://api.publicai.co",
  scaleway: "https://api.scaleway.ai",
  wavespeed: "https://api.wavespeed.ai",
  "zai-org": "https://api.z.ai",
  "wavespeed-cdn": "https://d1q70pf5vjeyhc.cloudfront.net",
  "zai-cdn": "https://aigc-files.bigmodel.cn",
  "novita-cdn": "https://faas-output-video.s3.ap-southeast-1.amazonaws.com",
};

export const HOST_KEYS = Object.keys(HOST_ORIGINS) as HostKey[];

/** Hosts that only serve generated files. */
export const CDN_HOSTS: ReadonlySet<HostKey> = new Set([
  "fal-media",
  "replicate-delivery",
  "bfl-delivery",
  "together-cdn",
  "nebius-cdn",
  "wavespeed-cdn",
  "zai-cdn",
  "novita-cdn",
]);

/** The provider whose API a direct host serves. */
export function providerOfHost(host: HostKey): ProviderId | undefined {
  if (host === "fal-ai-queue") return "fal-ai";
  if (host === "hub" || host === "router" || CDN_HOSTS.has(host)) return undefined;
  return host as ProviderId;
}
