/**
 * Every provider's definition, in the order errors list them. All provider tables (ids, base URLs,
 * auth schemes, routed or direct-only; hub orgs and key env vars from the listings) are derived
 * from these lists.
 */
import { definition as baseten, listing as basetenListing } from "./baseten/definition.js";
import {
  definition as blackForestLabs,
  listing as blackForestLabsListing,
} from "./black-forest-labs/definition.js";
import { definition as cerebras, listing as cerebrasListing } from "./cerebras/definition.js";
import { definition as cohere, listing as cohereListing } from "./cohere/definition.js";
import { definition as deepinfra, listing as deepinfraListing } from "./deepinfra/definition.js";
import { definition as falAi, listing as falAiListing } from "./fal-ai/definition.js";
import { definition as featherlessAi, listing as featherlessAiListing } from "./featherless-ai/definition.js";
import { definition as fireworksAi, listing as fireworksAiListing } from "./fireworks-ai/definition.js";
import { definition as groq, listing as groqListing } from "./groq/definition.js";
import { definition as hfInference, listing as hfInferenceListing } from "./hf-inference/definition.js";
import { definition as hyperbolic, listing as hyperbolicListing } from "./hyperbolic/definition.js";
import { definition as nebius, listing as nebiusListing } from "./nebius/definition.js";
import { definition as novita, listing as novitaListing } from "./novita/definition.js";
import { definition as nscale, listing as nscaleListing } from "./nscale/definition.js";
import { definition as openai, listing as openaiListing } from "./openai/definition.js";
import { definition as ovhcloud, listing as ovhcloudListing } from "./ovhcloud/definition.js";
import { definition as publicai, listing as publicaiListing } from "./publicai/definition.js";
import { definition as replicate, listing as replicateListing } from "./replicate/definition.js";
import { definition as sambanova, listing as sambanovaListing } from "./sambanova/definition.js";
import { definition as scaleway, listing as scalewayListing } from "./scaleway/definition.js";
import { definition as together, listing as togetherListing } from "./together/definition.js";
import { definition as wavespeed, listing as wavespeedListing } from "./wavespeed/definition.js";
import { definition as zaiOrg, listing as zaiOrgListing } from "./zai-org/definition.js";
import type { ProviderDefinition, ProviderListing } from "./definition.js";

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
