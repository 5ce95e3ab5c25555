// GET /router/v1/models: the chat models this hub routes, in the real router's shape (an OpenAI
// model list whose entries name their providers, with status, context length, price and tool
// support where known), plus what this hub measured of each provider.
import type { HubModel } from "../catalogue/model-record.js";
import type { ProviderFigures } from "../contract/api.js";
import type { CircuitState } from "./breaker.js";
import { chatCandidates, priceOf } from "./routing.js";

export interface RouterModelProvider {
  provider: string;
  status: "live" | "staging";
  context_length?: number;
  pricing?: { input: number; output: number };
  supports_tools?: boolean;
  supports_structured_output?: boolean;
  /** hubkit: measured median latency to the first token (ms), calls in the window, tokens per second */
  latency_ms?: number;
  tokens_per_second?: number | null;
  /** hubkit: the circuit breaker's view */
  circuit?: CircuitState;
}

export interface RouterModel {
  id: string;
  object: "model";
  created: number;
  owned_by: string;
  providers: RouterModelProvider[];
}

export function listModels(
  models: readonly HubModel[],
  figures: Readonly<Record<string, ProviderFigures>>,
  circuit: (provider: string) => CircuitState,
): { object: "list"; data: RouterModel[] } {
  const data: RouterModel[] = [];
  for (const model of models) {
    const candidates = chatCandidates(model, () => true);
    if (candidates.length === 0) continue;
    data.push({
      id: model.id,
      object: "model",
      created: Math.floor(Date.parse(model.createdAt ?? "1970-01-01T00:00:00Z") / 1000) || 0,
      owned_by: model.id.split("/")[0],
      providers: candidates.map(({ provider }) => {
        const price = priceOf(model.id, provider);
        const measured = figures[provider];
        return {
          provider,
          status: "live" as const,
          ...(price?.context_length ? { context_length: price.context_length } : {}),
          ...(price ? { pricing: { input: price.input, output: price.output } } : {}),
          ...(price?.supports_tools !== undefined ? { supports_tools: price.supports_tools } : {}),
          ...(measured
            ? { latency_ms: measured.latencyMs, tokens_per_second: measured.tokensPerSecond }
            : {}),
          circuit: circuit(provider),
        };
      }),
    });
  }
  return { object: "list", data };
}
