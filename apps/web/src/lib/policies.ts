// The hub router's routing policies as choices beside the providers: `model:fastest` (the hub's
// measured latency to the first token), `model:cheapest` (its price table), `model:preferred` (the
// mapping's order). Which provider each would pick now is worked out here from the figures the hub
// publishes (GET /api/hubkit/provider-stats), by the same rules as the gateway (apps/hub/src/gateway/
// routing.ts); the gateway decides at call time, with latency that weighs recent calls more.
import type { HubModel, ProviderStats } from "./api.js";
import { NOT_ROUTED_PROVIDERS } from "./providers.js";

export const POLICIES = ["fastest", "cheapest", "preferred"] as const;
export type Policy = (typeof POLICIES)[number];

/** A provider choice that is a policy: ":fastest", ":cheapest", ":preferred". */
export function policyOf(choice: string | undefined): Policy | undefined {
  const name = choice?.startsWith(":") ? choice.slice(1) : undefined;
  return (POLICIES as readonly string[]).includes(name ?? "") ? (name as Policy) : undefined;
}

/** The model id a policy choice calls: `org/model:cheapest`. */
export const policyModelId = (modelId: string, policy: Policy) => `${modelId}:${policy}`;

export interface PolicyPick {
  policy: Policy;
  provider: string;
  /** the figure the choice rests on, e.g. "42 ms to first token · 31 tok/s" */
  why: string;
}

/** The providers the gateway may route a chat call of `model` to, in mapping order. */
function chatProviders(model: HubModel): string[] {
  const mapping = model.inferenceProviderMapping ?? {};
  return Object.keys(mapping).filter(
    (id) =>
      mapping[id].task === "conversational" && mapping[id].status === "live" && !NOT_ROUTED_PROVIDERS.has(id),
  );
}

/** Which provider each policy would pick now, and by which figure; empty when none can route. */
export function policyPicks(
  model: HubModel | undefined,
  figures: ProviderStats["providers"] = {},
  prices: NonNullable<ProviderStats["prices"]> = {},
): PolicyPick[] {
  const providers = model ? chatProviders(model) : [];
  if (providers.length === 0) return [];
  const best = (score: (id: string) => number) =>
    providers.reduce((chosen, id) => (score(id) < score(chosen) ? id : chosen), providers[0]);

  const fastest = best((id) => figures[id]?.latencyMs ?? Infinity);
  const measured = figures[fastest];
  const cheapest = best((id) => (prices[id] ? prices[id].input + prices[id].output : Infinity));
  const price = prices[cheapest];
  return [
    {
      policy: "fastest",
      provider: fastest,
      why: measured
        ? `${measured.latencyMs} ms to first token${measured.tokensPerSecond === null ? "" : ` · ${measured.tokensPerSecond} tok/s`}`
        : "none measured yet: first in the mapping",
    },
    {
      policy: "cheapest",
      provider: cheapest,
      why: price ? `$${price.input}/$${price.output} per M tok` : "no prices known: first in the mapping",
    },
    { policy: "preferred", provider: providers[0], why: "first in the model's mapping" },
  ];
}

/** The option text of a policy: ":cheapest → novita ($0.2/$0.2 per M tok)". */
export const policyLabel = (pick: PolicyPick) => `:${pick.policy} → ${pick.provider} (${pick.why})`;
