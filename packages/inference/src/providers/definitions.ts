/**
 * Every provider's facts, one row per provider in each table, in the order errors list them. All
 * provider tables of the client (ids, base URLs, auth schemes, routed or direct-only; tasks; hub
 * orgs) are derived from these. The tasks and the listings are tables of their own so that request
 * code that does not read them, such as a chat-only bundle, leaves them out. This module imports
 * types only, so any module may import it without a cycle.
 */
import type { ProviderDefinition, ProviderListing, ProviderTasks } from "./definition.js";

const DEFINITION_ROWS = [
  { id: "baseten", baseUrl: "https://inference.baseten.co", routed: true },
  {
    id: "black-forest-labs",
    baseUrl: "https://api.us1.bfl.ai",
    auth: { header: "Authorization", scheme: "X-Key" },
    routed: false,
  },
  { id: "cerebras", baseUrl: "https://api.cerebras.ai", routed: true },
  { id: "cohere", baseUrl: "https://api.cohere.com", routed: true },
  { id: "deepinfra", baseUrl: "https://api.deepinfra.com", routed: true },
  {
    id: "fal-ai",
    baseUrl: "https://fal.run",
    extraBaseUrls: { "fal-ai-queue": "https://queue.fal.run" },
    auth: { header: "Authorization", scheme: "Key" },
    routed: true,
  },
  { id: "featherless-ai", baseUrl: "https://api.featherless.ai", routed: true },
  { id: "fireworks-ai", baseUrl: "https://api.fireworks.ai", routed: true },
  { id: "groq", baseUrl: "https://api.groq.com", routed: true },
  // Lives on the router: a redirected router carries it along (see providerBase).
  { id: "hf-inference", baseUrl: "https://router.huggingface.co/hf-inference", routed: true },
  { id: "hyperbolic", baseUrl: "https://api.hyperbolic.xyz", routed: false },
  { id: "nebius", baseUrl: "https://api.studio.nebius.ai", routed: false },
  { id: "novita", baseUrl: "https://api.novita.ai", routed: true },
  { id: "nscale", baseUrl: "https://inference.api.nscale.com", routed: true },
  { id: "openai", baseUrl: "https://api.openai.com", routed: true, clientSideRoutingOnly: true },
  { id: "ovhcloud", baseUrl: "https://oai.endpoints.kepler.ai.cloud.ovh.net", routed: true },
  { id: "publicai", baseUrl: "https://api.publicai.co", routed: true },
  { id: "replicate", baseUrl: "https://api.replicate.com", routed: true },
  { id: "sambanova", baseUrl: "https://api.sambanova.ai", routed: false },
  { id: "scaleway", baseUrl: "https://api.scaleway.ai", routed: true },
  { id: "together", baseUrl: "https://api.together.xyz", routed: true },
  { id: "wavespeed", baseUrl: "https://api.wavespeed.ai", routed: true },
  { id: "zai-org", baseUrl: "https://api.z.ai", routed: true },
] as const satisfies readonly ProviderDefinition[];

export type ProviderId = (typeof DEFINITION_ROWS)[number]["id"];

/** Every provider's definition (the rows above, typed as definitions so optional facts can be read). */
export const PROVIDER_DEFINITIONS: readonly ProviderDefinition<ProviderId>[] = DEFINITION_ROWS;

/** The definitions keyed by id. */
export const DEFINITIONS_BY_ID = /* @__PURE__ */ Object.fromEntries(
  PROVIDER_DEFINITIONS.map((definition) => [definition.id, definition]),
) as Record<ProviderId, ProviderDefinition<ProviderId>>;

/** Every provider's listing facts (hub org), in the same order; request code never imports it. */
export const PROVIDER_LISTINGS: readonly ProviderListing<ProviderId>[] = [
  { id: "baseten", hubOrg: "baseten" },
  { id: "black-forest-labs", hubOrg: "black-forest-labs" },
  { id: "cerebras", hubOrg: "cerebras" },
  { id: "cohere", hubOrg: "CohereLabs" },
  { id: "deepinfra", hubOrg: "DeepInfra" },
  { id: "fal-ai", hubOrg: "fal" },
  { id: "featherless-ai", hubOrg: "featherless-ai" },
  { id: "fireworks-ai", hubOrg: "fireworks-ai" },
  { id: "groq", hubOrg: "groq" },
  { id: "hf-inference", hubOrg: "hf-inference" },
  { id: "hyperbolic", hubOrg: "Hyperbolic" },
  { id: "nebius", hubOrg: "nebius" },
  { id: "novita", hubOrg: "novita" },
  { id: "nscale", hubOrg: "nscale" },
  { id: "openai", hubOrg: "openai" },
  { id: "ovhcloud", hubOrg: "ovhcloud" },
  { id: "publicai", hubOrg: "publicai" },
  { id: "replicate", hubOrg: "replicate" },
  { id: "sambanova", hubOrg: "sambanovasystems" },
  { id: "scaleway", hubOrg: "scaleway" },
  { id: "together", hubOrg: "togethercomputer" },
  { id: "wavespeed", hubOrg: "wavespeed" },
  { id: "zai-org", hubOrg: "zai-org" },
];

/**
 * Each provider's tasks, in the order its errors list them, in two tables. First those of the
 * providers without a chat helper: the only lists a chat call reads (its "Available tasks" error),
 * kept apart so that a chat-only bundle holds no other list.
 */
export const TASKS_WITHOUT_CHAT = {
  "black-forest-labs": ["text-to-image"],
  "fal-ai": [
    "audio-to-audio",
    "automatic-speech-recognition",
    "image-text-to-image",
    "image-text-to-video",
    "image-to-image",
    "image-segmentation",
    "image-to-video",
    "text-to-audio",
    "text-to-image",
    "text-to-speech",
    "text-to-video",
  ],
  replicate: [
    "text-to-image",
    "text-to-speech",
    "text-to-video",
    "image-to-image",
    "automatic-speech-recognition",
  ],
  wavespeed: [
    "text-to-image",
    "text-to-video",
    "image-to-image",
    "image-to-video",
    "image-text-to-image",
    "image-text-to-video",
  ],
} as const satisfies Partial<Record<ProviderId, readonly string[]>>;

/** The tasks of every other provider (chat among them). */
const TASKS_WITH_CHAT: Record<Exclude<ProviderId, keyof typeof TASKS_WITHOUT_CHAT>, readonly string[]> = {
  baseten: ["conversational"],
  cerebras: ["conversational"],
  cohere: ["conversational"],
  deepinfra: [
    "automatic-speech-recognition",
    "conversational",
    "feature-extraction",
    "text-generation",
    "text-to-image",
    "text-to-speech",
  ],
  "featherless-ai": ["conversational", "text-generation"],
  "fireworks-ai": ["conversational"],
  groq: ["conversational", "text-generation"],
  "hf-inference": [
    "text-to-image",
    "conversational",
    "text-generation",
    "text-classification",
    "question-answering",
    "audio-classification",
    "automatic-speech-recognition",
    "fill-mask",
    "feature-extraction",
    "image-classification",
    "image-segmentation",
    "document-question-answering",
    "image-to-text",
    "object-detection",
    "audio-to-audio",
    "zero-shot-image-classification",
    "zero-shot-classification",
    "image-to-image",
    "sentence-similarity",
    "table-question-answering",
    "tabular-classification",
    "text-to-speech",
    "token-classification",
    "translation",
    "summarization",
    "visual-question-answering",
    "tabular-regression",
    "text-to-audio",
  ],
  hyperbolic: ["text-to-image", "conversational", "text-generation"],
  nebius: ["text-to-image", "conversational", "text-generation"],
  novita: ["conversational", "image-text-to-video", "text-generation", "text-to-video"],
  nscale: ["text-to-image", "conversational"],
  openai: ["conversational"],
  ovhcloud: ["conversational", "text-generation"],
  publicai: ["conversational"],
  sambanova: ["conversational"],
  scaleway: ["conversational", "text-generation", "feature-extraction"],
  together: [
    "text-to-image",
    "image-to-image",
    "text-to-video",
    "image-to-video",
    "conversational",
    "text-generation",
    "feature-extraction",
    "text-to-speech",
    "automatic-speech-recognition",
  ],
  "zai-org": ["conversational", "text-to-image", "image-to-text"],
};

/** Every provider's tasks, in the definitions' order; chat requests never import it. */
export const PROVIDER_TASK_LISTS: readonly ProviderTasks<ProviderId>[] =
  /* @__PURE__ */ PROVIDER_DEFINITIONS.map(({ id }) => ({
    id,
    tasks:
      id in TASKS_WITHOUT_CHAT
        ? TASKS_WITHOUT_CHAT[id as keyof typeof TASKS_WITHOUT_CHAT]
        : TASKS_WITH_CHAT[id as keyof typeof TASKS_WITH_CHAT],
  }));
