// together's media routes beyond chat and images: video jobs (POST /v2/videos, GET /v2/videos/{id}:
// queued → in_progress → completed), embeddings, speech synthesis and transcription (multipart).
import type { Ctx, Job } from "../context.js";
import { isRecord } from "../context.js";
import { fail } from "../errors.js";
import { decodeDataUrl, renderWav, sniffAudio, sniffImage } from "../media.js";
import { parseMultipart } from "../multipart.js";
import { bytes, json } from "../reply.js";
import type { Reply } from "../reply.js";
import { countTokens, embed, generateText, hashString, idFromSeed } from "../text.js";
import { fileUrl } from "./files.js";

const style = "openai";

function requireBody(ctx: Ctx): Record<string, unknown> {
  if (!isRecord(ctx.body)) fail(style, 400, "Request body must be a JSON object");
  return ctx.body;
}

function requireString(body: Record<string, unknown>, key: string): string {
  const value = body[key];
  if (typeof value !== "string" || value.trim() === "")
    fail(style, 400, `'${key}' is required and must be a non-empty string`, key);
  return value;
}

function videoJob(job: Job, status: string): Record<string, unknown> {
  const e = job.extra as { model: string; createdAt: number; url: string };
  return {
    id: job.id,
    object: "video",
    model: e.model,
    status,
    created_at: e.createdAt,
    ...(status === "completed"
      ? { completed_at: e.createdAt + 2, outputs: { video_url: e.url, cost: 0.2 } }
      : {}),
  };
}

function videos(ctx: Ctx): Reply {
  const env = ctx.env;
  const poll = /^\/v2\/videos\/([A-Za-z0-9_-]+)$/.exec(ctx.path);
  if (poll) {
    if (ctx.req.method !== "GET") fail(style, 405, `Use GET on ${ctx.path}`);
    const job = env.jobs.get(`together:${poll[1]}`);
    if (!job) fail(style, 404, `Video job ${poll[1]} not found`);
    job.polls++;
    const status = job.neverComplete
      ? "in_progress"
      : job.polls > env.pollSteps
        ? "completed"
        : job.polls <= Math.ceil(env.pollSteps / 2)
          ? "queued"
          : "in_progress";
    return json(200, videoJob(job, status));
  }
  if (ctx.req.method !== "POST") fail(style, 405, `Use POST on ${ctx.path}`);
  const body = requireBody(ctx);
  const model = requireString(body, "model");
  const frames = body.frame_images;
  if (frames !== undefined) {
    const ok =
      Array.isArray(frames) &&
      frames.every((f: unknown) => {
        if (!isRecord(f) || typeof f.input_image !== "string") return false;
        const data = decodeDataUrl(f.input_image);
        return data ? !!sniffImage(data.bytes) : /^https?:\/\//.test(f.input_image);
      });
    if (!ok)
      fail(
        style,
        400,
        "'frame_images' must be a list of {input_image: URL or image data URL, frame}",
        "frame_images",
      );
    if (JSON.stringify(frames).length > 61440 * (frames as unknown[]).length)
      fail(style, 400, "Range of input length should be [1, 61440]", "frame_images");
  } else requireString(body, "prompt");
  for (const key of ["width", "height", "steps"])
    if (body[key] !== undefined && (typeof body[key] !== "number" || !Number.isInteger(body[key])))
      fail(style, 400, `'${key}' must be an integer`, key);
  const seed = hashString(`${model}\n${JSON.stringify(body)}`);
  const id = `video_${idFromSeed(seed ^ env.nextSerial(), 20)}`;
  const job: Job = {
    id,
    polls: 0,
    neverComplete: ctx.fault?.neverComplete === true,
    result: () => undefined,
    extra: {
      model,
      createdAt: Math.floor(env.now() / 1000),
      url: fileUrl(env, "together-cdn", "videos", { kind: "mp4", seed }),
    },
  };
  env.jobs.set(`together:${id}`, job);
  return json(200, videoJob(job, "queued"));
}

function embeddings(ctx: Ctx): Reply {
  const body = requireBody(ctx);
  const model = requireString(body, "model");
  const input = body.input;
  const texts = typeof input === "string" ? [input] : input;
  if (!Array.isArray(texts) || texts.length === 0 || !texts.every((t) => typeof t === "string"))
    fail(style, 400, "'input' must be a string or a non-empty list of strings", "input");
  const dimensions = ctx.env.catalog.byProviderModel("together", model)?.emulator?.dimensions ?? 768;
  const tokens = texts.reduce((n, t) => n + countTokens(t), 0);
  return json(200, {
    object: "list",
    model,
    data: texts.map((text, index) => ({ object: "embedding", index, embedding: embed(text, dimensions) })),
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
}

function speech(ctx: Ctx): Reply {
  const body = requireBody(ctx);
  const model = requireString(body, "model");
  const input = requireString(body, "input");
  requireString(body, "voice");
  const format = body.response_format ?? "wav";
  if (format !== "wav")
    fail(
      style,
      400,
      `'response_format' ${JSON.stringify(format)} is not available here; use wav`,
      "response_format",
    );
  const seconds = Math.min(30, Math.max(1, Math.ceil(countTokens(input) / 3)));
  return bytes(renderWav(hashString(`${model}\n${input}`), seconds), "audio/wav");
}

function transcriptions(ctx: Ctx): Reply {
  const parts = parseMultipart(ctx.bodyBytes, ctx.headers["content-type"] ?? "");
  if (!parts) fail(style, 400, "Expected a multipart/form-data body with a 'file' part");
  const field = (name: string) => parts.find((p) => p.name === name);
  const file = field("file");
  const model = field("model")?.bytes.toString("utf8");
  if (!model) fail(style, 400, "'model' is required", "model");
  if (!file) fail(style, 400, "'file' is required", "file");
  // A file upload must hold audio; a text part is a public URL to fetch.
  if (
    file.filename !== undefined ? !sniffAudio(file.bytes) : !/^https?:\/\//.test(file.bytes.toString("utf8"))
  )
    fail(style, 400, "'file' must be an audio file or an http(s) URL", "file");
  const gen = generateText(`${model}\n${file.bytes.subarray(0, 4096).toString("base64")}`, 16);
  const format = field("response_format")?.bytes.toString("utf8") ?? "json";
  return json(
    200,
    format === "verbose_json"
      ? {
          task: "transcribe",
          language: "english",
          duration: 2.5,
          text: gen.text,
          segments: [{ id: 0, start: 0, end: 2.5, text: gen.text }],
        }
      : { text: gen.text },
  );
}

/** together's media routes; undefined for the paths other handlers serve (chat, images). */
export function togetherMediaRoute(ctx: Ctx): Reply | undefined {
  if (ctx.path === "/v2/videos" || ctx.path.startsWith("/v2/videos/")) return videos(ctx);
  if (ctx.req.method !== "POST") return undefined;
  if (ctx.path === "/v1/embeddings") return embeddings(ctx);
  if (ctx.path === "/v1/audio/speech") return speech(ctx);
  if (ctx.path === "/v1/audio/transcriptions") return transcriptions(ctx);
  return undefined;
}
