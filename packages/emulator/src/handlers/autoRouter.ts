// The router's OpenAI-compatible entry, POST /v1/chat/completions: the body's `model` is
// `org/model`, `org/model:provider` or `org/model:policy` (fastest, cheapest); the router picks a
// live conversational provider of the model's mapping and answers as that provider would.
import type { Ctx } from "../context.js";
import { authorizeHubOrRouter, fail } from "../errors.js";
import type { Reply } from "../reply.js";
import { PROVIDER_IDS, type ProviderId } from "../types.js";
import { chatCompletion } from "./openai.js";

const POLICIES = ["fastest", "cheapest", "preferred"] as const;

/** Providers the real router no longer serves (removed upstream in July 2026). */
const NOT_ROUTED: readonly string[] = ["black-forest-labs", "hyperbolic", "nebius", "sambanova"];

export function autoRouterChat(ctx: Ctx): Reply {
  authorizeHubOrRouter("router", "auto" as ProviderId, ctx.headers);
  if (ctx.req.method !== "POST")
    fail("openai", 405, `Method ${ctx.req.method} not allowed on /v1/chat/completions; use POST`);
  const body = ctx.body;
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    fail("openai", 400, "The request body must be a JSON object");
  }
  const requested = (body as Record<string, unknown>).model;
  if (typeof requested !== "string" || requested.length === 0)
    fail("openai", 400, "'model' is a required property", "model");
  const colon = requested.lastIndexOf(":");
  const suffix = colon > 0 ? requested.slice(colon + 1) : "";
  const modelId = colon > 0 ? requested.slice(0, colon) : requested;
  const model = ctx.env.catalog.get(modelId);
  if (!model) fail("openai", 404, `The requested model '${modelId}' does not exist`, "model");
  const entries = Object.entries(model.inferenceProviderMapping)
    .filter(
      ([provider, entry]) =>
        entry.task === "conversational" && entry.status === "live" && !NOT_ROUTED.includes(provider),
    )
    .map(([provider, entry]) => ({ provider: provider as ProviderId, providerId: entry.providerId }));
  let chosen: (typeof entries)[number] | undefined;
  if (suffix && !(POLICIES as readonly string[]).includes(suffix)) {
    if (!(PROVIDER_IDS as readonly string[]).includes(suffix) || NOT_ROUTED.includes(suffix)) {
      fail("openai", 400, `Unknown provider or policy '${suffix}' in model '${requested}'`, "model");
    }
    chosen = entries.find((entry) => entry.provider === suffix);
    if (!chosen)
      fail(
        "openai",
        400,
        `The requested model '${modelId}' is not supported by provider '${suffix}'.`,
        "model",
      );
  } else if (suffix === "cheapest") {
    // Deterministic stand-ins for live prices and latencies: cheapest = last, fastest = first.
    chosen = entries[entries.length - 1];
  } else {
    chosen = entries[0];
  }
  if (!chosen)
    fail(
      "openai",
      400,
      `The requested model '${modelId}' is not supported by any provider you have enabled.`,
      "model",
    );
  const routed: Ctx = {
    ...ctx,
    provider: chosen.provider,
    body: { ...(body as Record<string, unknown>), model: chosen.providerId },
  };
  const reply = chatCompletion(routed, { style: "openai", invalidStatus: 400 });
  if (reply.kind === "json" || reply.kind === "sse")
    reply.headers = { ...reply.headers, "x-inference-provider": chosen.provider };
  return reply;
}
