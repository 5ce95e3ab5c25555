// wavespeed: every model is an asynchronous prediction. POST /api/v3/{model} → {code, message,
// data: {id, status: "created", urls: {get}}}; GET /api/v3/predictions/{id}/result → created →
// processing → completed with `outputs` (PNG or MP4 on the CDN). The router serves the same paths
// under /wavespeed.
import type { Ctx, Job } from "../context.js";
import { isRecord } from "../context.js";
import { fail } from "../errors.js";
import { decodeDataUrl, sniffImage } from "../media.js";
import { json } from "../reply.js";
import type { Reply } from "../reply.js";
import { hashString, idFromSeed } from "../text.js";
import { fileUrl } from "./files.js";

const TASKS = [
  "text-to-image",
  "text-to-video",
  "image-to-image",
  "image-to-video",
  "image-text-to-image",
  "image-text-to-video",
];

function taskOf(ctx: Ctx, model: string, body: Record<string, unknown>): string {
  const mapped = ctx.env.catalog.providerTask("wavespeed", model);
  if (mapped && TASKS.includes(mapped)) return mapped;
  const video = /video|i2v|t2v|wan|kling|seedance|hailuo|veo/i.test(model);
  if ("image" in body) return video ? "image-to-video" : "image-to-image";
  return video ? "text-to-video" : "text-to-image";
}

/** An image field: a URL, a data URL or bare base64 (what the reference client sends). */
function checkImage(value: unknown, field: string): void {
  if (typeof value !== "string" || value === "")
    fail("wavespeed", 400, `'${field}' must be an image URL or base64 string`);
  if (/^https?:\/\//.test(value)) return;
  const bytes = decodeDataUrl(value)?.bytes ?? Buffer.from(value, "base64");
  if (!sniffImage(bytes))
    fail("wavespeed", 400, `'${field}' is not a decodable image (PNG, JPEG, GIF, WebP, BMP)`);
}

function task(ctx: Ctx, job: Job, status: string): Record<string, unknown> {
  const e = job.extra as { model: string; createdAt: string };
  const done = status === "completed";
  return {
    id: job.id,
    model: e.model,
    outputs: done ? [job.result()] : [],
    urls: { get: `${ctx.env.urls.wavespeed}/api/v3/predictions/${job.id}/result` },
    has_nsfw_contents: done ? [false] : [],
    status,
    created_at: e.createdAt,
    error: "",
    executionTime: done ? 1800 : 0,
    timings: { inference: done ? 1800 : 0 },
  };
}

export function wavespeedRoute(ctx: Ctx): Reply {
  const env = ctx.env;
  const poll = /^\/api\/v3\/predictions\/([a-z0-9]+)(\/result)?$/.exec(ctx.path);
  if (poll) {
    if (ctx.req.method !== "GET") fail("wavespeed", 405, `Use GET on ${ctx.path}`);
    const job = env.jobs.get(`wavespeed:${poll[1]}`);
    if (!job) fail("wavespeed", 404, `Prediction ${poll[1]} not found`);
    job.polls++;
    const status = job.neverComplete
      ? "processing"
      : job.polls <= Math.ceil(env.pollSteps / 2)
        ? "created"
        : job.polls <= env.pollSteps
          ? "processing"
          : "completed";
    return json(200, { code: 200, message: "success", data: task(ctx, job, status) });
  }
  const submit = /^\/api\/v3\/([^/]+\/[^/]+(?:\/[^/]+)*)$/.exec(ctx.path);
  if (!submit) fail("wavespeed", 404, `Unknown route ${ctx.req.method} ${ctx.path}`);
  if (ctx.req.method !== "POST") fail("wavespeed", 405, `Use POST on ${ctx.path}`);
  const model = submit[1];
  const body = ctx.body;
  if (!isRecord(body)) fail("wavespeed", 400, "Request body must be a JSON object");
  const kind = taskOf(ctx, model, body);
  if (kind.startsWith("text-to-") || kind.startsWith("image-text-")) {
    if (typeof body.prompt !== "string" || body.prompt.trim() === "")
      fail("wavespeed", 400, "'prompt' is required and must be a non-empty string");
  }
  if (kind.startsWith("image-")) {
    if (body.image === undefined && !kind.startsWith("image-text-"))
      fail("wavespeed", 400, "'image' is required");
    if (body.image !== undefined) checkImage(body.image, "image");
    if (body.images !== undefined) {
      if (!Array.isArray(body.images)) fail("wavespeed", 400, "'images' must be an array of images");
      body.images.forEach((image, i) => checkImage(image, `images[${i}]`));
    }
  }
  if (body.loras !== undefined) {
    const ok =
      Array.isArray(body.loras) &&
      body.loras.every((l) => isRecord(l) && typeof l.path === "string" && typeof l.scale === "number");
    if (!ok) fail("wavespeed", 400, "'loras' must be an array of {path: string, scale: number}");
  }
  const seed = hashString(`${model}\n${JSON.stringify(body)}`);
  const id = idFromSeed(seed ^ env.nextSerial(), 32);
  const video = kind.endsWith("-video");
  const job: Job = {
    id,
    polls: 0,
    neverComplete: ctx.fault?.neverComplete === true,
    result: () =>
      video
        ? fileUrl(env, "wavespeed-cdn", `media/videos/${id}`, { kind: "mp4", seed })
        : fileUrl(env, "wavespeed-cdn", `media/images/${id}`, {
            kind: "png",
            seed,
            width: 1024,
            height: 1024,
          }),
    extra: { model, createdAt: new Date(env.now()).toISOString() },
  };
  env.jobs.set(`wavespeed:${id}`, job);
  return json(200, { code: 200, message: "success", data: task(ctx, job, "created") });
}
