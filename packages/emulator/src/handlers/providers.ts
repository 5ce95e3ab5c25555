// Routes of every provider API, shared by the router (/{provider}/…) and the direct hosts.
import type { Ctx } from "../context.js";
import { fail, PROVIDER_ERROR_STYLE } from "../errors.js";
import { type OpenAiRoutes, PROVIDER_FACTS } from "../providers.js";
import type { Reply } from "../reply.js";
import type { ProviderId } from "../types.js";
import { bflRoute } from "./bfl.js";
import { falRoute } from "./fal.js";
import { hfInferenceRoute } from "./hf-inference.js";
import { imageGeneration } from "./images.js";
import { chatCompletion, textCompletion } from "./openai.js";
import { novitaVideoRoute } from "./novita.js";
import { embeddings, speech, transcription } from "./openaiMedia.js";
import { replicateRoute } from "./replicate.js";
import { togetherMediaRoute } from "./together.js";
import { wavespeedRoute } from "./wavespeed.js";
import { zaiRoute } from "./zai.js";

function requirePost(ctx: Ctx, provider: ProviderId): void {
  if (ctx.req.method !== "POST")
    fail(
      PROVIDER_ERROR_STYLE[provider],
      405,
      `Method ${ctx.req.method} not allowed on ${ctx.path}; use POST`,
    );
}

type Answer = (ctx: Ctx, provider: ProviderId) => Reply | Promise<Reply>;

/**
 * The providers with an API of their own, and its handler. together's and novita's answer their
 * media routes only (undefined otherwise), leaving the rest to their OpenAI-compatible routes.
 */
const OWN_API: Partial<Record<ProviderId, (ctx: Ctx) => Reply | Promise<Reply> | undefined>> = {
  "hf-inference": hfInferenceRoute,
  "black-forest-labs": bflRoute,
  "fal-ai": falRoute,
  replicate: replicateRoute,
  wavespeed: wavespeedRoute,
  "zai-org": zaiRoute,
  together: togetherMediaRoute,
  novita: novitaVideoRoute,
};

/** What answers each kind of OpenAI-compatible route (a provider's paths of each kind are in its row). */
const OPENAI_ANSWERS: Record<keyof OpenAiRoutes, Answer> = {
  chat: (ctx, provider) => {
    const { errorStyle: style, systemFingerprint } = PROVIDER_FACTS[provider];
    return chatCompletion(ctx, { style, invalidStatus: 400, systemFingerprint });
  },
  completions: (ctx, provider) => textCompletion(ctx, PROVIDER_FACTS[provider].errorStyle),
  images: imageGeneration,
  embeddings,
  speech,
  transcriptions: transcription,
};

export async function providerRoute(ctx: Ctx, provider: ProviderId): Promise<Reply> {
  const own = OWN_API[provider]?.(ctx);
  if (own) return own;
  const { openai: routes, errorStyle: style } = PROVIDER_FACTS[provider];
  if (!routes) fail(style, 404, `Unknown route ${ctx.req.method} ${ctx.path} for provider ${provider}`);
  for (const kind of Object.keys(OPENAI_ANSWERS) as (keyof OpenAiRoutes)[]) {
    if (routes[kind]?.includes(ctx.path)) {
      requirePost(ctx, provider);
      return OPENAI_ANSWERS[kind](ctx, provider);
    }
  }
  fail(style, 404, `Unknown route ${ctx.req.method} ${ctx.path} for provider ${provider}`);
}
