// zai-org (Z.ai): OpenAI-style chat under /api/paas/v4, asynchronous images (submit → poll
// async-result/{id}: PROCESSING → SUCCESS with image_result URLs on the CDN) and layout parsing
// (an image or PDF as a URL or data URL in `file` → Markdown). Errors: {error: {code, message}}.
import type { Ctx, Job } from "../context.js";
import { isRecord } from "../context.js";
import { fail } from "../errors.js";
import { decodeDataUrl, sniffImage } from "../media.js";
import { json } from "../reply.js";
import type { Reply } from "../reply.js";
import { generateText, hashString, idFromSeed } from "../text.js";
import { chatCompletion } from "./openai.js";
import { fileUrl } from "./files.js";

const BASE = "/api/paas/v4";

function requireModel(body: unknown): Record<string, unknown> & { model: string } {
  if (!isRecord(body)) fail("zai", 400, "Request body must be a JSON object");
  if (typeof body.model !== "string" || body.model === "") fail("zai", 400, "model is required");
  return body as Record<string, unknown> & { model: string };
}

function imageJob(ctx: Ctx): Reply {
  const body = requireModel(ctx.body);
  if (typeof body.prompt !== "string" || body.prompt.trim() === "") fail("zai", 400, "prompt is required");
  if (body.size !== undefined && (typeof body.size !== "string" || !/^\d{3,4}x\d{3,4}$/.test(body.size)))
    fail("zai", 400, `size must look like 1024x1024, got ${JSON.stringify(body.size)}`);
  const [width, height] = typeof body.size === "string" ? body.size.split("x").map(Number) : [1024, 1024];
  const env = ctx.env;
  const seed = hashString(`${body.model}\n${body.prompt}`);
  const id = idFromSeed(seed ^ env.nextSerial(), 20);
  const job: Job = {
    id,
    polls: 0,
    neverComplete: ctx.fault?.neverComplete === true,
    result: () => [
      { url: fileUrl(env, "zai-cdn", `api/cogview/${id}`, { kind: "png", seed, width, height }) },
    ],
    extra: { model: body.model, requestId: String(seed) },
  };
  env.jobs.set(`zai:${id}`, job);
  return json(200, { model: body.model, id, request_id: String(seed), task_status: "PROCESSING" });
}

function asyncResult(ctx: Ctx, id: string): Reply {
  if (ctx.req.method !== "GET") fail("zai", 405, `Use GET on ${ctx.path}`);
  const job = ctx.env.jobs.get(`zai:${id}`);
  if (!job) fail("zai", 404, `Task ${id} does not exist`);
  job.polls++;
  const done = !job.neverComplete && job.polls > ctx.env.pollSteps;
  const e = job.extra as { model: string; requestId: string };
  return json(200, {
    model: e.model,
    id,
    request_id: e.requestId,
    task_status: done ? "SUCCESS" : "PROCESSING",
    ...(done ? { image_result: job.result(), created: Math.floor(ctx.env.now() / 1000) } : {}),
  });
}

function layoutParsing(ctx: Ctx): Reply {
  const body = requireModel(ctx.body);
  if (typeof body.file !== "string" || body.file === "")
    fail("zai", 400, "file is required (a URL or a data URL)");
  if (!/^https?:\/\//.test(body.file)) {
    const data = decodeDataUrl(body.file);
    if (!data) fail("zai", 400, "file must be a URL or a base64 data URL");
    if (!sniffImage(data.bytes) && !data.bytes.subarray(0, 5).equals(Buffer.from("%PDF-")))
      fail("zai", 400, "file is not a decodable image or PDF");
  }
  const gen = generateText(`${body.model}\n${body.file.slice(0, 4096)}`, 24);
  const md = `# ${gen.tokens.slice(0, 4).join("").trim()}\n\n${gen.text}\n`;
  return json(200, {
    id: idFromSeed(hashString(body.file.slice(0, 4096)), 20),
    model: body.model,
    md_results: md,
    layout_details: [[{ index: 0, label: "text", bbox_2d: [0, 0, 1, 1], content: gen.text }]],
    usage: { total_tokens: gen.tokens.length },
  });
}

export function zaiRoute(ctx: Ctx): Reply {
  const path = ctx.path;
  const result = new RegExp(`^${BASE}/async-result/([A-Za-z0-9_-]+)$`).exec(path);
  if (result) return asyncResult(ctx, result[1]);
  if (ctx.req.method !== "POST") fail("zai", 405, `Use POST on ${path}`);
  if (path === `${BASE}/chat/completions`) return chatCompletion(ctx, { style: "zai", invalidStatus: 400 });
  if (path === `${BASE}/async/images/generations`) return imageJob(ctx);
  if (path === `${BASE}/layout_parsing`) return layoutParsing(ctx);
  fail("zai", 404, `Unknown route ${ctx.req.method} ${path}`);
}
