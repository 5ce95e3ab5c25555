/**
 * Every provider's definition, in the order errors list them. All provider tables (ids, base URLs,
 * auth schemes, routed or direct-only; tasks; hub orgs from the listings) are
 * derived from these lists.
 */
import {
  definition as baseten,
  listing as basetenListing,
  tasks as basetenTasks,
} from "./baseten/definition.js";
import {
  definition as blackForestLabs,
  listing as blackForestLabsListing,
  tasks as blackForestLabsTasks,
} from "./black-forest-labs/definition.js";
import {
  definition as cerebras,
  listing as cerebrasListing,
  tasks as cerebrasTasks,
} from "./cerebras/definition.js";
import { definition as cohere, listing as cohereListing, tasks as cohereTasks } from "./cohere/definition.js";
import {
  definition as deepinfra,
  listing as deepinfraListing,
  tasks as deepinfraTasks,
} from "./deepinfra/definition.js";
import { definition as falAi, listing as falAiListing, tasks as falAiTasks } from "./fal-ai/definition.js";
import {
  definition as featherlessAi,
  listing as featherlessAiListing,
  tasks as featherlessAiTasks,
} from "./featherless-ai/definition.js";
import {
  definition as fireworksAi,
  listing as fireworksAiListing,
  tasks as fireworksAiTasks,
} from "./fireworks-ai/definition.js";
import { definition as groq, listing as groqListing, tasks as groqTasks } from "./groq/definition.js";
import {
  definition as hfInference,
  listing as hfInferenceListing,
  tasks as hfInferenceTasks,
} from "./hf-inference/definition.js";
import {
  definition as hyperbolic,
  listing as hyperbolicListing,
  tasks as hyperbolicTasks,
} from "./hyperbolic/definition.js";
import { definition as nebius, listing as nebiusListing, tasks as nebiusTasks } from "./nebius/definition.js";
import { definition as novita, listing as novitaListing, tasks as novitaTasks } from "./novita/definition.js";
import { definition as nscale, listing as nscaleListing, tasks as nscaleTasks } from "./nscale/definition.js";
import { definition as openai, listing as openaiListing, tasks as openaiTasks } from "./openai/definition.js";
import {
  definition as ovhcloud,
  listing as ovhcloudListing,
  tasks as ovhcloudTasks,
} from "./ovhcloud/definition.js";
import {
  definition as publicai,
  listing as publicaiListing,
  tasks as publicaiTasks,
} from "./publicai/definition.js";
import {
  definition as replicate,
  listing as replicateListing,
  tasks as replicateTasks,
} from "./replicate/definition.js";
import {
  definition as sambanova,
  listing as sambanovaListing,
  tasks as sambanovaTasks,
} from "./sambanova/definition.js";
import {
  definition as scaleway,
  listing as scalewayListing,
  tasks as scalewayTasks,
} from "./scaleway/definition.js";
import {
  definition as together,
  listing as togetherListing,
  tasks as togetherTasks,
} from "./together/definition.js";
import {
  definition as wavespeed,
  listing as wavespeedListing,
  tasks as wavespeedTasks,
} from "./wavespeed/definition.js";
import {
  definition as zaiOrg,
  listing as zaiOrgListing,
  tasks as zaiOrgTasks,
} from "./zai-org/definition.js";
import type { ProviderDefinition, ProviderListing, ProviderTasks } from "./definition.js";

export const PROVIDER_DEFINITIONS = [
  baseten,
  blackForestLabs,
  cerebras,
  cohere,
  deepinfra,
  falAi,
  featherlessAi,
  fireworksAi,
  groq,
  hfInference,
  hyperbolic,
  nebius,
  novita,
  nscale,
  openai,
  ovhcloud,
  publicai,
  replicate,
  sambanova,
  scaleway,
  together,
  wavespeed,
  zaiOrg,
] as const;

export type ProviderId = (typeof PROVIDER_DEFINITIONS)[number]["id"];

/** The definitions keyed by id. */
export const DEFINITIONS_BY_ID = /* @__PURE__ */ Object.fromEntries(
  PROVIDER_DEFINITIONS.map((definition) => [definition.id, definition]),
) as Record<ProviderId, ProviderDefinition<ProviderId>>;

/** Every provider's listing facts (hub org, key variable), in the same order; request code never imports it. */
export const PROVIDER_LISTINGS: readonly ProviderListing<ProviderId>[] = [
  basetenListing,
  blackForestLabsListing,
  cerebrasListing,
  cohereListing,
  deepinfraListing,
  falAiListing,
  featherlessAiListing,
  fireworksAiListing,
  groqListing,
  hfInferenceListing,
  hyperbolicListing,
  nebiusListing,
  novitaListing,
  nscaleListing,
  openaiListing,
  ovhcloudListing,
  publicaiListing,
  replicateListing,
  sambanovaListing,
  scalewayListing,
  togetherListing,
  wavespeedListing,
  zaiOrgListing,
];

/** Every provider's tasks, in the same order; chat requests never import it. */
export const PROVIDER_TASK_LISTS: readonly ProviderTasks<ProviderId>[] = [
  basetenTasks,
  blackForestLabsTasks,
  cerebrasTasks,
  cohereTasks,
  deepinfraTasks,
  falAiTasks,
  featherlessAiTasks,
  fireworksAiTasks,
  groqTasks,
  hfInferenceTasks,
  hyperbolicTasks,
  nebiusTasks,
  novitaTasks,
  nscaleTasks,
  openaiTasks,
  ovhcloudTasks,
  publicaiTasks,
  replicateTasks,
  sambanovaTasks,
  scalewayTasks,
  togetherTasks,
  wavespeedTasks,
  zaiOrgTasks,
];
