// novita's asynchronous video routes. Text-to-video: POST /v3/async/{model} → {task_id}; GET
// /v3/async/task-result?task_id= → TASK_STATUS_QUEUED → _PROCESSING → _SUCCEED with `videos`.
// MiniMax H3: POST /v3/minimax/v2/video_generation → {task_id}; GET
// /v3/minimax/v2/query/video_generation/{id} → queued → running → succeeded with `content.url`.
// The synchronous route huggingface_hub (and 3.x) call: POST /v3/hf/{model} → {video: {video_url}}.
import type { Ctx, Job } from "../context.js";
import { isRecord } from "../context.js";
import { fail } from "../errors.js";
import { decodeDataUrl, sniffImage } from "../media.js";
import { json } from "../reply.js";
import type { Reply } from "../reply.js";
import { hashString, uuidFromSeed } from "../text.js";
import { fileUrl } from "./files.js";

const style = "novita";

function submit(ctx: Ctx, kind: "async" | "minimax", model: string, body: Record<string, unknown>): Reply {
  const env = ctx.env;
  const seed = hashString(`${model}\n${JSON.stringify(body)}`);
  const id = uuidFromSeed(seed ^ env.nextSerial());
  const job: Job = {
    id,
    polls: 0,
    neverComplete: ctx.fault?.neverComplete === true,
    result: () => fileUrl(env, "novita-cdn", `output/${id}`, { kind: "mp4", seed }),
    extra: { kind },
  };
  env.jobs.set(`novita:${id}`, job);
  return json(200, { task_id: id });
}

/** Where a polled job stands: queued, then running, then done (`pollSteps` polls in all). */
function stage(ctx: Ctx, job: Job): "queued" | "running" | "done" {
  job.polls++;
  if (job.neverComplete) return "running";
  if (job.polls > ctx.env.pollSteps) return "done";
  return job.polls <= Math.ceil(ctx.env.pollSteps / 2) ? "queued" : "running";
}

function asyncResult(ctx: Ctx): Reply {
  const id = ctx.query.task_id;
  const job = id ? ctx.env.jobs.get(`novita:${id}`) : undefined;
  if (!job || job.extra.kind !== "async") fail(style, 404, `task ${id ?? ""} not found`);
  const at = stage(ctx, job);
  const status = {
    queued: "TASK_STATUS_QUEUED",
    running: "TASK_STATUS_PROCESSING",
    done: "TASK_STATUS_SUCCEED",
  }[at];
  return json(200, {
    extra: { seed: "-1" },
    task: {
      task_id: job.id,
      task_type: "TXT_TO_VIDEO",
      status,
      reason: "",
      eta: at === "done" ? 0 : 30,
      progress_percent: at === "done" ? 100 : at === "running" ? 50 : 0,
    },
    images: [],
    videos: at === "done" ? [{ video_url: job.result(), video_url_ttl: "3600", video_type: "mp4" }] : [],
    audios: [],
  });
}

function minimaxResult(ctx: Ctx, id: string): Reply {
  const job = ctx.env.jobs.get(`novita:${id}`);
  if (!job || job.extra.kind !== "minimax") fail(style, 404, `task ${id} not found`);
  const at = stage(ctx, job);
  const status = { queued: "queued", running: "running", done: "succeeded" }[at];
  return json(200, {
    task: { task_id: job.id, status, ...(at === "done" ? { content: { url: job.result() } } : {}) },
  });
}

function checkMinimax(body: Record<string, unknown>): void {
  if (body.model !== "MiniMax-H3") fail(style, 400, `unsupported model ${JSON.stringify(body.model)}`);
  const content = body.content;
  if (
    !Array.isArray(content) ||
    !content.some(
      (c: unknown) => isRecord(c) && c.type === "text" && typeof c.text === "string" && c.text.trim() !== "",
    )
  )
    fail(style, 400, "content must hold a non-empty text item");
  for (const item of content as unknown[]) {
    if (!isRecord(item) || item.type !== "image_url") continue;
    const url = isRecord(item.image_url) ? item.image_url.url : undefined;
    const data = typeof url === "string" ? decodeDataUrl(url) : undefined;
    if (typeof url !== "string" || (data ? !sniffImage(data.bytes) : !/^https?:\/\//.test(url)))
      fail(style, 400, "image_url.url must be an http(s) URL or an image data URL");
  }
  if (typeof body.duration !== "number" || body.duration < 4 || body.duration > 15)
    fail(style, 400, "duration must be between 4 and 15 seconds");
  if (!["768P", "2K"].includes(String(body.resolution))) fail(style, 400, "resolution must be 768P or 2K");
}

/** novita's video routes; undefined for the others (chat, completions). */
export function novitaVideoRoute(ctx: Ctx): Reply | undefined {
  const minimaxPoll = /^\/v3\/minimax\/v2\/query\/video_generation\/([^/]+)$/.exec(ctx.path);
  if (minimaxPoll) return minimaxResult(ctx, decodeURIComponent(minimaxPoll[1]));
  if (ctx.path === "/v3/async/task-result") return asyncResult(ctx);
  if (ctx.req.method !== "POST") return undefined;
  const body = ctx.body;
  if (ctx.path === "/v3/minimax/v2/video_generation") {
    if (!isRecord(body)) fail(style, 400, "request body must be a JSON object");
    checkMinimax(body);
    return submit(ctx, "minimax", "MiniMax-H3", body);
  }
  const video = /^\/v3\/(async|hf)\/([A-Za-z0-9._-]+)$/.exec(ctx.path);
  if (video) {
    if (!isRecord(body)) fail(style, 400, "request body must be a JSON object");
    if (typeof body.prompt !== "string" || body.prompt.trim() === "") fail(style, 400, "prompt is required");
    if (body.steps !== undefined && (typeof body.steps !== "number" || body.steps < 1 || body.steps > 50))
      fail(style, 400, "steps must be between 1 and 50");
    if (video[1] === "async") return submit(ctx, "async", video[2], body);
    // The synchronous route answers once the video is made.
    const seed = hashString(`${video[2]}\n${JSON.stringify(body)}`);
    const id = uuidFromSeed(seed ^ ctx.env.nextSerial());
    return json(200, {
      video: { video_url: fileUrl(ctx.env, "novita-cdn", `output/${id}`, { kind: "mp4", seed }) },
    });
  }
  return undefined;
}
