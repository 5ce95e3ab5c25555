// Routes of every provider API, shared by the router (/{provider}/…) and the direct hosts.
import type { Ctx } from "../context.js";
import { fail, PROVIDER_ERROR_STYLE } from "../errors.js";
import { PROVIDER_FACTS } from "../providers.js";
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

export async function providerRoute(ctx: Ctx, provider: ProviderId): Promise<Reply> {
  switch (provider) {
    case "hf-inference":
      return hfInferenceRoute(ctx);
    case "black-forest-labs":
      return bflRoute(ctx);
    case "fal-ai":
      return falRoute(ctx);
    case "replicate":
      return replicateRoute(ctx);
    case "wavespeed":
      return wavespeedRoute(ctx);
    case "zai-org":
      return zaiRoute(ctx);
    case "together": {
      const media = togetherMediaRoute(ctx);
      if (media) return media;
      break;
    }
    case "novita": {
      const video = novitaVideoRoute(ctx);
      if (video) return video;
      break;
    }
    default:
      break;
  }
  const { openai: routes, errorStyle: style, systemFingerprint } = PROVIDER_FACTS[provider];
  if (!routes) fail(style, 404, `Unknown route ${ctx.req.method} ${ctx.path} for provider ${provider}`);
  if (routes.chat.includes(ctx.path)) {
    requirePost(ctx, provider);
    return chatCompletion(ctx, { style, invalidStatus: 400, systemFingerprint });
  }
  if (routes.completions?.includes(ctx.path)) {
    requirePost(ctx, provider);
    return textCompletion(ctx, style);
  }
  if (routes.images?.includes(ctx.path)) {
    requirePost(ctx, provider);
    return imageGeneration(ctx, provider);
  }
  if (routes.embeddings?.includes(ctx.path)) {
    requirePost(ctx, provider);
    return embeddings(ctx, provider);
  }
  if (routes.speech?.includes(ctx.path)) {
    requirePost(ctx, provider);
    return speech(ctx, provider);
  }
  if (routes.transcriptions?.includes(ctx.path)) {
    requirePost(ctx, provider);
    return transcription(ctx, provider);
  }
  fail(style, 404, `Unknown route ${ctx.req.method} ${ctx.path} for provider ${provider}`);
}
