/**
 * Every provider's definition, in the order errors list them. All provider tables (ids, hub orgs,
 * base URLs, key env vars, auth schemes, routed or direct-only) are derived from this list.
 */
import { definition as blackForestLabs } from "./black-forest-labs/definition.js";
import { definition as cerebras } from "./cerebras/definition.js";
import { definition as cohere } from "./cohere/definition.js";
import { definition as falAi } from "./fal-ai/definition.js";
import { definition as fireworksAi } from "./fireworks-ai/definition.js";
import { definition as hfInference } from "./hf-inference/definition.js";
import { definition as hyperbolic } from "./hyperbolic/definition.js";
import { definition as nebius } from "./nebius/definition.js";
import { definition as novita } from "./novita/definition.js";
import { definition as openai } from "./openai/definition.js";
import { definition as replicate } from "./replicate/definition.js";
import { definition as sambanova } from "./sambanova/definition.js";
import { definition as together } from "./together/definition.js";
import type { ProviderDefinition } from "./definition.js";

export const PROVIDER_DEFINITIONS = [
  blackForestLabs,
  cerebras,
  cohere,
  falAi,
  fireworksAi,
  hfInference,
  hyperbolic,
  nebius,
  novita,
  openai,
  replicate,
  sambanova,
  together,
] as const;

export type ProviderId = (typeof PROVIDER_DEFINITIONS)[number]["id"];

/** The definitions keyed by id. */
export const DEFINITIONS_BY_ID = /* @__PURE__ */ Object.fromEntries(
  PROVIDER_DEFINITIONS.map((definition) => [definition.id, definition]),
) as Record<ProviderId, ProviderDefinition<ProviderId>>;
