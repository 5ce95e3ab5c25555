// Which providers a chat call may go to, in which order: the model's live conversational mapping
// entries, ordered by the policy its id names (`model:fastest`, `:cheapest`, `:preferred`,
// `:<provider>`; none = fastest), with providers the circuit breaker holds out moved out of the way.
// Prices and chat paths are data (apps/hub/data/router/); speeds are what this hub measured.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { HubModel } from "../catalogue/model-record.js";
import { HttpError } from "../http/errors.js";
import { HUB_ROOT } from "../paths.js";

export const POLICIES = ["fastest", "cheapest", "preferred"] as const;
export type Policy = (typeof POLICIES)[number];

export interface Price {
  /** US dollars per million tokens */
  input: number;
  output: number;
  context_length?: number;
  supports_tools?: boolean;
}

interface PriceTable {
  providers: Record<string, Price>;
  models: Record<string, Record<string, Price>>;
}
interface ChatRoutes {
  default: string;
  providers: Record<string, string>;
}

const DATA_DIR = path.join(HUB_ROOT, "data", "router");
const readJson = <T>(name: string): T => JSON.parse(readFileSync(path.join(DATA_DIR, name), "utf8")) as T;
const PRICES = readJson<PriceTable>("prices.json");
const CHAT_ROUTES = readJson<ChatRoutes>("chat-routes.json");

/** Each provider's default price (per million tokens in and out). */
export function providerPrices(): Record<string, { input: number; output: number }> {
  return Object.fromEntries(
    Object.entries(PRICES.providers).map(([provider, { input, output }]) => [provider, { input, output }]),
  );
}

export function priceOf(model: string, provider: string): Price | undefined {
  return PRICES.models[model]?.[provider] ?? PRICES.providers[provider];
}

/** US dollars for a call's tokens, at the table's price (0 where the table has none). */
export function costOf(
  model: string,
  provider: string | undefined,
  tokensIn: number,
  tokensOut: number,
): number {
  const price = provider ? priceOf(model, provider) : undefined;
  if (!price) return 0;
  return (tokensIn * price.input + tokensOut * price.output) / 1_000_000;
}

/** The chat completions path of a provider (its own API and under the router's /{provider}). */
export function chatPathOf(provider: string, providerModel: string): string {
  const template = CHAT_ROUTES.providers[provider] ?? CHAT_ROUTES.default;
  return template.replace("{model}", providerModel);
}

export interface Candidate {
  provider: string;
  /** the model's id at that provider */
  providerId: string;
}

/** `org/model:suffix` → the model and the suffix (policy or provider), as the router reads it. */
export function splitModel(requested: string): { model: string; suffix?: string } {
  const colon = requested.lastIndexOf(":");
  return colon > 0
    ? { model: requested.slice(0, colon), suffix: requested.slice(colon + 1) }
    : { model: requested };
}

/** Live conversational providers of a model, in the mapping's order. */
export function chatCandidates(model: HubModel, routable: (provider: string) => boolean): Candidate[] {
  const out: Candidate[] = [];
  for (const [provider, entry] of Object.entries(model.inferenceProviderMapping ?? {})) {
    if (entry.task === "conversational" && entry.status === "live" && routable(provider)) {
      out.push({ provider, providerId: entry.providerId });
    }
  }
  return out;
}

/**
 * The candidates in the order the suffix asks for. A provider suffix keeps that provider alone (400
 * when the model has none such); fastest orders by measured latency to the first token (providers
 * not measured yet after, in mapping order), cheapest by the table's price (unknown prices last).
 */
export function orderCandidates(
  requested: string,
  model: string,
  suffix: string | undefined,
  candidates: Candidate[],
  /** measured latency per provider, recent calls weighing more */
  latency: Readonly<Record<string, number>>,
): Candidate[] {
  if (suffix !== undefined && !(POLICIES as readonly string[]).includes(suffix)) {
    const chosen = candidates.filter((candidate) => candidate.provider === suffix);
    if (chosen.length === 0) {
      throw new HttpError(
        400,
        `The requested model '${model}' is not supported by provider '${suffix.slice(0, 64)}' on this hub (from '${requested.slice(0, 200)}').`,
      );
    }
    return chosen;
  }
  const policy = (suffix ?? "fastest") as Policy;
  if (policy === "preferred") return candidates;
  const rank = new Map(candidates.map((candidate, index) => [candidate.provider, index]));
  const score = (candidate: Candidate): number => {
    if (policy === "cheapest") {
      const price = priceOf(model, candidate.provider);
      return price ? price.input + price.output : Infinity;
    }
    return latency[candidate.provider] ?? Infinity;
  };
  return [...candidates].sort((a, b) => score(a) - score(b) || rank.get(a.provider)! - rank.get(b.provider)!);
}
