// Routes of every provider API, shared by the router (/{provider}/…) and the direct hosts.
import type { Ctx } from "../context.js";
import { fail, PROVIDER_ERROR_STYLE } from "../errors.js";
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

interface OpenAiRoutes {
  chat: string[];
  completions?: string[];
  images?: string[];
  embeddings?: string[];
  speech?: string[];
  transcriptions?: string[];
}

/** Paths of the OpenAI-compatible providers, as the real APIs (and the client) use them. */
const OPENAI_COMPATIBLE: Partial<Record<ProviderId, OpenAiRoutes>> = {
  cerebras: { chat: ["/v1/chat/completions"], completions: ["/v1/completions"] },
  cohere: { chat: ["/compatibility/v1/chat/completions"] },
  "fireworks-ai": { chat: ["/inference/v1/chat/completions"], completions: ["/inference/v1/completions"] },
  // The client posts hyperbolic images to /v1/images/generations; the documented path is /v1/image/generation.
  hyperbolic: {
    chat: ["/v1/chat/completions"],
    completions: ["/v1/completions"],
    images: ["/v1/images/generations", "/v1/image/generation"],
  },
  nebius: {
    chat: ["/v1/chat/completions"],
    completions: ["/v1/completions"],
    images: ["/v1/images/generations"],
  },
  novita: { chat: ["/v3/openai/chat/completions"], completions: ["/v3/openai/completions"] },
  openai: { chat: ["/v1/chat/completions"], completions: ["/v1/completions"] },
  sambanova: { chat: ["/v1/chat/completions"] },
  together: {
    chat: ["/v1/chat/completions"],
    completions: ["/v1/completions"],
    images: ["/v1/images/generations"],
  },
  baseten: { chat: ["/v1/chat/completions"] },
  // DeepInfra's OpenAI-compatible API lives under /v1/openai.
  deepinfra: {
    chat: ["/v1/openai/chat/completions"],
    completions: ["/v1/openai/completions"],
    images: ["/v1/openai/images/generations"],
    embeddings: ["/v1/openai/embeddings"],
    speech: ["/v1/openai/audio/speech"],
    transcriptions: ["/v1/openai/audio/transcriptions"],
  },
  "featherless-ai": { chat: ["/v1/chat/completions"], completions: ["/v1/completions"] },
  groq: { chat: ["/openai/v1/chat/completions"] },
  nscale: { chat: ["/v1/chat/completions"], images: ["/v1/images/generations"] },
  ovhcloud: { chat: ["/v1/chat/completions"], completions: ["/v1/completions"] },
  publicai: { chat: ["/v1/chat/completions"] },
  scaleway: {
    chat: ["/v1/chat/completions"],
    completions: ["/v1/completions"],
    embeddings: ["/v1/embeddings"],
  },
};

const FINGERPRINTS: Partial<Record<ProviderId, string>> = {
  openai: "fp_hubkit0emu",
  "fireworks-ai": "fp_hubkit0fw",
};

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
  const routes = OPENAI_COMPATIBLE[provider]!;
  const style = PROVIDER_ERROR_STYLE[provider];
  if (routes.chat.includes(ctx.path)) {
    requirePost(ctx, provider);
    return chatCompletion(ctx, { style, invalidStatus: 400, systemFingerprint: FINGERPRINTS[provider] });
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
