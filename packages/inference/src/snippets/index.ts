// The snippet generator: ready-to-run code for one model on one provider, in every language and
// client that can call it. Requests come from the client's own request builder, so a snippet sends
// exactly what the client would.
// Subpath imports: the client's import must not load the whole catalogue (cold-start cost).
import {
  inferenceSnippetLanguages,
  type InferenceSnippet,
  type InferenceSnippetLanguage,
  type ModelDataMinimal,
} from "@hubkit/tasks/snippets/types";
import { InferenceClientInputError } from "../errors.js";
import { assertProvider } from "../lib/getProviderHelper.js";
import type { InferenceProvider } from "../types.js";
import { fetchSnippet, huggingfaceJsSnippet, openaiJsSnippet } from "./js.js";
import { planSnippets, type SnippetOptions, type SnippetPlan } from "./plan.js";
import { falClientSnippet, huggingfaceHubSnippet, openaiPythonSnippet, requestsSnippet } from "./python.js";
import { curlSnippet } from "./shell.js";
import { SNIPPET_CLIENTS } from "./tables.js";

export type { SnippetOptions } from "./plan.js";
export type { InferenceSnippet } from "@hubkit/tasks/snippets/types";

type SnippetBuilder = (plan: SnippetPlan) => string | undefined;

const BUILDERS: Record<InferenceSnippetLanguage, Record<string, SnippetBuilder>> = {
  python: {
    huggingface_hub: huggingfaceHubSnippet,
    fal_client: falClientSnippet,
    requests: requestsSnippet,
    openai: openaiPythonSnippet,
  },
  js: { fetch: fetchSnippet, "huggingface.js": huggingfaceJsSnippet, openai: openaiJsSnippet },
  sh: { curl: curlSnippet },
};

/**
 * Code snippets calling `model` on `provider`: Python (huggingface_hub, fal_client, requests,
 * openai), then JavaScript (fetch, huggingface.js, openai), then shell (curl), each client only
 * where it can serve the model's task. An `hf_` token goes through the router, any other token
 * straight to the provider; with no token the snippets read it from the environment (HF_TOKEN, or
 * the provider's usual key variable for direct calls). Returns [] for pipelines without an
 * inference route; throws when the provider does not serve the model's task.
 */
export function getInferenceSnippets(
  model: ModelDataMinimal,
  accessToken: string,
  provider: InferenceProvider,
  providerModelId?: string,
  opts?: Record<string, unknown>,
): InferenceSnippet[] {
  if (!model || typeof model.id !== "string" || model.id === "") {
    throw new InferenceClientInputError("getInferenceSnippets needs a model with a non-empty string id");
  }
  if (typeof accessToken !== "string") {
    throw new InferenceClientInputError(
      'getInferenceSnippets: accessToken must be a string (use "" to read the token from the environment)',
    );
  }
  assertProvider(provider);
  const plan = planSnippets(model, accessToken, provider, providerModelId, (opts ?? {}) as SnippetOptions);
  if (!plan) return [];
  const snippets: InferenceSnippet[] = [];
  for (const language of inferenceSnippetLanguages) {
    for (const client of SNIPPET_CLIENTS[language]) {
      const content = BUILDERS[language][client](plan)?.trim();
      if (content) snippets.push({ language, client, content });
    }
  }
  return snippets;
}
