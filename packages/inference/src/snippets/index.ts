// The snippet generator: ready-to-run code for one model on one provider (or "auto"), in every
// language and client that can call it. Requests come from the client's own request builder, so a
// snippet sends exactly what the client would.
// Subpath imports: the client's import must not load the whole catalogue (cold-start cost).
import {
  inferenceSnippetLanguages,
  type InferenceSnippet,
  type InferenceSnippetLanguage,
  type ModelDataMinimal,
} from "@hubkit/tasks/snippets/types";
import { InferenceClientInputError } from "../errors.js";
import { getLogger } from "../lib/logger.js";
import type { InferenceProviderMappingEntry, InferenceProviderOrPolicy } from "../types.js";
import { fetchSnippet, huggingfaceJsSnippet, openaiJsSnippet } from "./js.js";
import { NoSnippet, planSnippets, type InferenceSnippetOptions, type SnippetPlan } from "./plan.js";
import { falClientSnippet, huggingfaceHubSnippet, openaiPythonSnippet, requestsSnippet } from "./python.js";
import { curlSnippet } from "./shell.js";
import {
  AUTO_POLICY_CLIENTS,
  CHAT_CLIENTS,
  DEFAULT_CLIENTS,
  REQUESTS_HF_INFERENCE_ONLY,
  SNIPPET_CLIENTS,
  type SnippetClient,
} from "./tables.js";

export type { InferenceSnippetOptions, SnippetOptions } from "./plan.js";
export type { InferenceSnippet } from "@hubkit/tasks/snippets/types";

type SnippetBuilder = (plan: SnippetPlan) => string | undefined;

const BUILDERS: Record<InferenceSnippetLanguage, Partial<Record<SnippetClient, SnippetBuilder>>> = {
  python: {
    openai: openaiPythonSnippet,
    huggingface_hub: huggingfaceHubSnippet,
    fal_client: falClientSnippet,
    requests: requestsSnippet,
  },
  js: { openai: openaiJsSnippet, "huggingface.js": huggingfaceJsSnippet, fetch: fetchSnippet },
  sh: { curl: curlSnippet },
};

const DEFAULT_SETS = new Map<string, readonly SnippetClient[]>();

/** The clients 4.x writes for this plan (its default set), computed once per kind of plan. */
function defaultClients(plan: SnippetPlan): readonly SnippetClient[] {
  const key = `${plan.pipeline}|${plan.task}|${plan.provider}|${plan.streaming}|${plan.route}`;
  let clients = DEFAULT_SETS.get(key);
  if (!clients) {
    clients = computeDefaultClients(plan);
    DEFAULT_SETS.set(key, clients);
  }
  return clients;
}

function computeDefaultClients(plan: SnippetPlan): readonly SnippetClient[] {
  let clients: readonly SnippetClient[];
  if (plan.task === "conversational") {
    clients = plan.streaming ? CHAT_CLIENTS.filter((c) => c !== "fetch") : CHAT_CLIENTS;
  } else {
    clients = DEFAULT_CLIENTS[plan.pipeline] ?? [];
    if (REQUESTS_HF_INFERENCE_ONLY.includes(plan.pipeline) && plan.provider !== "hf-inference")
      clients = clients.filter((c) => c !== "requests");
  }
  return plan.route === "auto" ? clients.filter((c) => AUTO_POLICY_CLIENTS.includes(c)) : clients;
}

const isMappingEntry = (value: unknown): value is InferenceProviderMappingEntry | undefined =>
  value === undefined || (typeof value === "object" && value !== null && !Array.isArray(value));

/**
 * Code snippets calling `model` on `provider` (or "auto"), as @huggingface/inference 4.x writes
 * them: Python (openai, huggingface_hub, fal_client, requests), then JavaScript (openai,
 * huggingface.js, fetch), then shell (curl), each client where 4.x has one for the task
 * (`opts.allClients`: every client hubkit can write). Chat goes through the router's `/v1` with
 * `model: "id:provider"`; `directRequest` calls the provider with `{PROVIDER}_API_KEY`,
 * `endpointUrl` the endpoint with `API_TOKEN`; without `accessToken` the token is read from the
 * environment. `inferenceProviderMapping.providerId` is the provider's model id (its LoRA fields
 * are honoured). An unsupported provider or task gives [] and a log line.
 *
 * The 3.x form `(model, accessToken, provider, providerModelId?, opts?)` is still accepted: a
 * string third argument tells it apart. There, a token other than a hub token calls the provider
 * directly, as 3.x did.
 */
export function getInferenceSnippets(
  model: ModelDataMinimal,
  provider: InferenceProviderOrPolicy,
  inferenceProviderMapping?: InferenceProviderMappingEntry,
  opts?: InferenceSnippetOptions,
): InferenceSnippet[];
/** @deprecated 3.x's form: pass `(model, provider, mapping?, { accessToken })` instead. */
export function getInferenceSnippets(
  model: ModelDataMinimal,
  accessToken: string,
  provider: InferenceProviderOrPolicy,
  providerModelId?: string,
  opts?: Record<string, unknown>,
): InferenceSnippet[];
export function getInferenceSnippets(
  model: ModelDataMinimal,
  second: string,
  third?: unknown,
  fourth?: unknown,
  fifth?: Record<string, unknown>,
): InferenceSnippet[] {
  if (!model || typeof model.id !== "string" || model.id === "") {
    throw new InferenceClientInputError("getInferenceSnippets needs a model with a non-empty string id");
  }
  let provider: string;
  let mapping: InferenceProviderMappingEntry | undefined;
  let opts: InferenceSnippetOptions;
  if (typeof third === "string") {
    // 3.x: (model, accessToken, provider, providerModelId?, opts?).
    if (typeof second !== "string") {
      throw new InferenceClientInputError(
        'getInferenceSnippets: accessToken must be a string (use "" to read the token from the environment)',
      );
    }
    if (fourth !== undefined && typeof fourth !== "string") {
      throw new InferenceClientInputError("getInferenceSnippets: providerModelId must be a string");
    }
    provider = third;
    mapping =
      fourth === undefined
        ? undefined
        : {
            provider,
            providerId: fourth,
            hfModelId: model.id,
            status: "live",
            task: model.pipeline_tag as never,
          };
    opts = { ...fifth, ...(second ? { accessToken: second } : {}) };
  } else {
    if (typeof second !== "string") {
      throw new InferenceClientInputError(
        `getInferenceSnippets: provider must be a string, got ${typeof second}`,
      );
    }
    if (!isMappingEntry(third)) {
      throw new InferenceClientInputError(
        "getInferenceSnippets: inferenceProviderMapping must be a mapping entry object",
      );
    }
    provider = second;
    mapping = third;
    opts = (fourth ?? {}) as InferenceSnippetOptions;
  }
  if (typeof opts !== "object" || opts === null) {
    throw new InferenceClientInputError("getInferenceSnippets: opts must be an object");
  }

  const plan = planSnippets(model, provider, mapping, opts);
  if (plan instanceof NoSnippet) {
    getLogger().warn(`No inference snippets for ${model.id} on ${provider}: ${plan.reason}.`);
    return [];
  }
  const wanted = opts.allClients === true ? undefined : defaultClients(plan);
  const snippets: InferenceSnippet[] = [];
  for (const language of inferenceSnippetLanguages) {
    for (const client of SNIPPET_CLIENTS[language]) {
      if (wanted && !wanted.includes(client)) continue;
      if (plan.route === "auto" && !AUTO_POLICY_CLIENTS.includes(client)) continue;
      const content = BUILDERS[language][client]?.(plan)?.trim();
      if (content) snippets.push({ language, client, content });
      else if (wanted) {
        // A client 4.x has that hubkit cannot write a runnable snippet with (e.g. a reply it does
        // not know how to read): left out rather than shown broken.
        getLogger().debug(`No ${language}/${client} snippet for ${model.id} on ${provider} (${plan.task}).`);
      }
    }
  }
  return snippets;
}
