// OpenAI-style embeddings, speech and transcription routes (deepinfra, scaleway): JSON in, vectors
// or audio bytes out; transcriptions take a multipart upload, as the OpenAI audio API does.
import type { Ctx } from "../context.js";
import { isRecord } from "../context.js";
import { fail, PROVIDER_ERROR_STYLE } from "../errors.js";
import { renderWav, sniffAudio } from "../media.js";
import { parseMultipart } from "../multipart.js";
import { bytes, json } from "../reply.js";
import type { Reply } from "../reply.js";
import { countTokens, embed, generateText, hashString } from "../text.js";
import type { ProviderId } from "../types.js";

function jsonBody(ctx: Ctx, provider: ProviderId): Record<string, unknown> {
  const style = PROVIDER_ERROR_STYLE[provider];
  if (!isRecord(ctx.body)) fail(style, 400, "Request body must be a JSON object");
  if (typeof ctx.body.model !== "string" || ctx.body.model === "")
    fail(style, 400, "'model' is required and must be a non-empty string", "model");
  return ctx.body;
}

/** POST …/embeddings: `{input: string | string[], model}` → `{data: [{embedding, index}]}`. */
export function embeddings(ctx: Ctx, provider: ProviderId): Reply {
  const body = jsonBody(ctx, provider);
  const input = body.input;
  const inputs = typeof input === "string" ? [input] : input;
  if (!Array.isArray(inputs) || inputs.length === 0 || !inputs.every((s) => typeof s === "string")) {
    fail(
      PROVIDER_ERROR_STYLE[provider],
      400,
      "'input' must be a string or a non-empty array of strings",
      "input",
    );
  }
  const model = body.model as string;
  const size = ctx.env.catalog.byProviderModel(provider, model)?.emulator?.dimensions ?? 384;
  const data = (inputs as string[]).map((text, index) => ({
    object: "embedding",
    index,
    embedding: embed(text, size),
  }));
  const tokens = (inputs as string[]).reduce((sum, text) => sum + countTokens(text), 0);
  return json(200, { object: "list", model, data, usage: { prompt_tokens: tokens, total_tokens: tokens } });
}

/** POST …/audio/speech: `{input, model, voice?}` → WAV bytes (longer text, longer audio). */
export function speech(ctx: Ctx, provider: ProviderId): Reply {
  const body = jsonBody(ctx, provider);
  if (typeof body.input !== "string" || body.input.trim() === "")
    fail(PROVIDER_ERROR_STYLE[provider], 400, "'input' is required and must be a non-empty string", "input");
  const seconds = Math.min(30, Math.max(1, Math.ceil(countTokens(body.input) / 3)));
  return bytes(renderWav(hashString(`${String(body.model)}\n${body.input}`), seconds), "audio/wav");
}

/** POST …/audio/transcriptions: multipart `file` (audio) and `model` → `{text, segments}`. */
export function transcription(ctx: Ctx, provider: ProviderId): Reply {
  const style = PROVIDER_ERROR_STYLE[provider];
  const parts = parseMultipart(ctx.bodyBytes, ctx.headers["content-type"] ?? "");
  if (!parts) fail(style, 400, "Expected a multipart/form-data body with a 'file' and a 'model'");
  const field = (name: string) => parts.find((p) => p.name === name);
  const file = field("file");
  if (!file || file.filename === undefined)
    fail(style, 400, "'file' is required (an audio file upload)", "file");
  if (!sniffAudio(file.bytes)) fail(style, 400, "'file' is not a decodable audio file", "file");
  const model = field("model")?.bytes.toString("utf8");
  if (!model) fail(style, 400, "'model' is required", "model");
  const gen = generateText(`${model}\n${hashString(file.bytes.toString("latin1"))}`, 16);
  const duration = Math.max(0.5, (file.bytes.length - 44) / 32000);
  return json(200, {
    text: gen.text,
    language: field("language")?.bytes.toString("utf8") ?? "en",
    duration,
    segments: [{ id: 0, start: 0, end: duration, text: gen.text }],
  });
}
