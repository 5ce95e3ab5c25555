// Every provider the emulator stands in for, in one table: the facts its emulated API needs. The
// provider ids, the hosts and their ports, the error styles, the OpenAI-compatible routes and the fault
// models' mappings are derived from it. A new OpenAI-compatible provider is one entry here plus its
// mapped models in data/models.ts; one with an API of its own also gets a handler (handlers/).
import type { WidgetType } from "@hubkit/tasks";

/** How a service shapes its error bodies. */
export type ErrorStyle =
  | "openai" // {error: {message, type, param, code}}
  | "flat" // {message, type, param, code}          (cerebras)
  | "message" // {message, type}                     (sambanova, per the contract)
  | "cohere" // {id, message}
  | "fireworks" // {error: {object, type, message}}
  | "vllm" // {object: "error", message, type, param, code}  (hyperbolic)
  | "detail" // {detail: message}                    (nebius, black-forest-labs, fal-ai)
  | "novita" // {code, reason, message, metadata}
  | "problem" // application/problem+json {title, detail, status}  (replicate)
  | "hf" // {error: message}                         (hub, router, hf-inference)
  | "zai" // {error: {code, message}}                (zai-org)
  | "wavespeed"; // {code, message, data: null}      (wavespeed)

/** Paths of an OpenAI-compatible API, as the real API (and the client) use them. */
export interface OpenAiRoutes {
  chat: readonly string[];
  completions?: readonly string[];
  images?: readonly string[];
  embeddings?: readonly string[];
  speech?: readonly string[];
  transcriptions?: readonly string[];
}

export interface EmulatedProvider {
  /** The real API's origin, served on a loopback port of its own; hf-inference is reached only through the router. */
  origin?: string;
  errorStyle: ErrorStyle;
  /** The task the reserved fault models (faults.ts) are mapped to on this provider. */
  faultTask?: WidgetType;
  openai?: OpenAiRoutes;
  /** `system_fingerprint` of its chat completions, where the real API sends one. */
  systemFingerprint?: string;
  /** Other hosts that serve its API (fal's queue). */
  apiHosts?: Readonly<Record<string, string>>;
  /** Hosts that only serve its generated files. */
  cdnHosts?: Readonly<Record<string, string>>;
}

const CHAT_V1 = { chat: ["/v1/chat/completions"] } as const;
const CHAT_AND_COMPLETIONS_V1 = { chat: ["/v1/chat/completions"], completions: ["/v1/completions"] } as const;

export const EMULATED_PROVIDERS = {
  baseten: {
    origin: "https://inference.baseten.co",
    errorStyle: "openai",
    faultTask: "conversational",
    openai: CHAT_V1,
  },
  "black-forest-labs": {
    origin: "https://api.us1.bfl.ai",
    errorStyle: "detail",
    faultTask: "text-to-image",
    cdnHosts: { "bfl-delivery": "https://delivery-us1.bfl.ai" },
  },
  cerebras: {
    origin: "https://api.cerebras.ai",
    errorStyle: "flat",
    faultTask: "conversational",
    openai: CHAT_AND_COMPLETIONS_V1,
  },
  cohere: {
    origin: "https://api.cohere.com",
    errorStyle: "cohere",
    faultTask: "conversational",
    openai: { chat: ["/compatibility/v1/chat/completions"] },
  },
  deepinfra: {
    origin: "https://api.deepinfra.com",
    errorStyle: "openai",
    faultTask: "conversational",
    // DeepInfra's OpenAI-compatible API lives under /v1/openai.
    openai: {
      chat: ["/v1/openai/chat/completions"],
      completions: ["/v1/openai/completions"],
      images: ["/v1/openai/images/generations"],
      embeddings: ["/v1/openai/embeddings"],
      speech: ["/v1/openai/audio/speech"],
      transcriptions: ["/v1/openai/audio/transcriptions"],
    },
  },
  "fal-ai": {
    origin: "https://fal.run",
    errorStyle: "detail",
    faultTask: "text-to-image",
    apiHosts: { "fal-ai-queue": "https://queue.fal.run" },
    cdnHosts: { "fal-media": "https://v3.fal.media" },
  },
  "featherless-ai": {
    origin: "https://api.featherless.ai",
    errorStyle: "openai",
    faultTask: "conversational",
    openai: CHAT_AND_COMPLETIONS_V1,
  },
  "fireworks-ai": {
    origin: "https://api.fireworks.ai",
    errorStyle: "fireworks",
    faultTask: "conversational",
    openai: { chat: ["/inference/v1/chat/completions"], completions: ["/inference/v1/completions"] },
    systemFingerprint: "fp_hubkit0fw",
  },
  groq: {
    origin: "https://api.groq.com",
    errorStyle: "openai",
    faultTask: "conversational",
    openai: { chat: ["/openai/v1/chat/completions"] },
  },
  "hf-inference": { errorStyle: "hf", faultTask: "conversational" },
  hyperbolic: {
    origin: "https://api.hyperbolic.xyz",
    errorStyle: "vllm",
    faultTask: "conversational",
    // The client posts images to /v1/images/generations; the documented path is /v1/image/generation.
    openai: { ...CHAT_AND_COMPLETIONS_V1, images: ["/v1/images/generations", "/v1/image/generation"] },
  },
  nebius: {
    origin: "https://api.studio.nebius.ai",
    errorStyle: "detail",
    faultTask: "conversational",
    openai: { ...CHAT_AND_COMPLETIONS_V1, images: ["/v1/images/generations"] },
    cdnHosts: { "nebius-cdn": "https://pictures-storage.storage.eu-north1.nebius.cloud" },
  },
  novita: {
    origin: "https://api.novita.ai",
    errorStyle: "novita",
    faultTask: "conversational",
    openai: { chat: ["/v3/openai/chat/completions"], completions: ["/v3/openai/completions"] },
    cdnHosts: { "novita-cdn": "https://faas-output-video.s3.ap-southeast-1.amazonaws.com" },
  },
  nscale: {
    origin: "https://inference.api.nscale.com",
    errorStyle: "openai",
    faultTask: "conversational",
    openai: { ...CHAT_V1, images: ["/v1/images/generations"] },
  },
  openai: {
    origin: "https://api.openai.com",
    errorStyle: "openai",
    openai: CHAT_AND_COMPLETIONS_V1,
    systemFingerprint: "fp_hubkit0emu",
  },
  ovhcloud: {
    origin: "https://oai.endpoints.kepler.ai.cloud.ovh.net",
    errorStyle: "openai",
    faultTask: "conversational",
    openai: CHAT_AND_COMPLETIONS_V1,
  },
  publicai: {
    origin: "https://api.publicai.co",
    errorStyle: "openai",
    faultTask: "conversational",
    openai: CHAT_V1,
  },
  replicate: {
    origin: "https://api.replicate.com",
    errorStyle: "problem",
    faultTask: "text-to-image",
    cdnHosts: { "replicate-delivery": "https://replicate.delivery" },
  },
  sambanova: {
    origin: "https://api.sambanova.ai",
    errorStyle: "message",
    faultTask: "conversational",
    openai: CHAT_V1,
  },
  scaleway: {
    origin: "https://api.scaleway.ai",
    errorStyle: "openai",
    faultTask: "conversational",
    openai: { ...CHAT_AND_COMPLETIONS_V1, embeddings: ["/v1/embeddings"] },
  },
  together: {
    origin: "https://api.together.xyz",
    errorStyle: "openai",
    faultTask: "conversational",
    openai: { ...CHAT_AND_COMPLETIONS_V1, images: ["/v1/images/generations"] },
    cdnHosts: { "together-cdn": "https://api.together.ai" },
  },
  wavespeed: {
    origin: "https://api.wavespeed.ai",
    errorStyle: "wavespeed",
    faultTask: "text-to-image",
    cdnHosts: { "wavespeed-cdn": "https://d1q70pf5vjeyhc.cloudfront.net" },
  },
  "zai-org": {
    origin: "https://api.z.ai",
    errorStyle: "zai",
    faultTask: "conversational",
    cdnHosts: { "zai-cdn": "https://aigc-files.bigmodel.cn" },
  },
} as const satisfies Readonly<Record<string, EmulatedProvider>>;

type Table = typeof EMULATED_PROVIDERS;
export type ProviderId = keyof Table;
/** Hosts other than the providers' own: queues, and the CDNs of generated files. */
export type ApiHostKey = {
  [P in ProviderId]: Table[P] extends { apiHosts: infer H } ? keyof H : never;
}[ProviderId];
export type CdnHostKey = {
  [P in ProviderId]: Table[P] extends { cdnHosts: infer H } ? keyof H : never;
}[ProviderId];

/** The table's rows with their common type, for code that reads any provider's facts. */
export const PROVIDER_FACTS: Readonly<Record<ProviderId, EmulatedProvider>> = EMULATED_PROVIDERS;
