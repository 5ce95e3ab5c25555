// replicate: POST /v1/models/{owner}/{name}/predictions or /v1/predictions {version, input}.
// With `Prefer: wait` the prediction comes back completed; otherwise poll GET /v1/predictions/{id}.
// The `outputWhileProcessing` fault answers `Prefer: wait` with the output but status "processing".
import type { Ctx, Env, Job } from "../context.js";
import { isRecord } from "../context.js";
import { HttpError, json } from "../reply.js";
import type { Reply } from "../reply.js";
import { decodeDataUrl, sniffAudio, sniffImage } from "../media.js";
import { countTokens, generateText, hashString, idFromSeed } from "../text.js";
import { fileUrl } from "./files.js";

const REPLICATE_TASKS = [
  "text-to-image",
  "text-to-speech",
  "text-to-video",
  "image-to-image",
  "automatic-speech-recognition",
] as const;
type ReplicateTask = (typeof REPLICATE_TASKS)[number];

function invalid(detail: string, field: string): never {
  throw new HttpError({
    kind: "json",
    status: 422,
    contentType: "application/problem+json",
    body: {
      title: "Input validation failed",
      detail,
      status: 422,
      invalid_fields: [{ type: "required", field, description: detail }],
    },
  });
}

function problem(status: number, title: string, detail: string): Reply {
  return { kind: "json", status, contentType: "application/problem+json", body: { title, detail, status } };
}

function taskOf(
  ctx: Ctx,
  modelRef: string,
  version: string | undefined,
  input: Record<string, unknown>,
): ReplicateTask {
  const catalog = ctx.env.catalog;
  const candidates = [modelRef, version && modelRef ? `${modelRef}:${version}` : undefined].filter(
    (x): x is string => !!x,
  );
  let mapped: string | undefined;
  for (const c of candidates) mapped ??= catalog.providerTask("replicate", c);
  if (!mapped && version) {
    const found = catalog.models.find((m) =>
      m.inferenceProviderMapping.replicate?.providerId.endsWith(`:${version}`),
    );
    mapped = found?.inferenceProviderMapping.replicate?.task;
  }
  if ((REPLICATE_TASKS as readonly string[]).includes(mapped ?? "")) return mapped as ReplicateTask;
  if (typeof input.audio === "string") return "automatic-speech-recognition";
  if (typeof input.image === "string" || typeof input.input_image === "string") return "image-to-image";
  if (typeof input.text === "string" && input.prompt === undefined) return "text-to-speech";
  if (/video|mochi|wan|t2v|ltx/i.test(modelRef)) return "text-to-video";
  return "text-to-image";
}

function output(
  env: Env,
  id: string,
  task: ReplicateTask,
  seed: number,
  input: Record<string, unknown>,
): unknown {
  const dir = `xezq/${id}`;
  if (task === "text-to-image") {
    const n = typeof input.num_outputs === "number" ? Math.min(4, Math.max(1, input.num_outputs)) : 1;
    const width = typeof input.width === "number" ? input.width : 1024;
    const height = typeof input.height === "number" ? input.height : 1024;
    return Array.from({ length: n }, (_, i) =>
      fileUrl(env, "replicate-delivery", dir, { kind: "png", seed: seed + i, width, height }),
    );
  }
  if (task === "image-to-image") {
    return [fileUrl(env, "replicate-delivery", dir, { kind: "png", seed, width: 1024, height: 1024 })];
  }
  if (task === "automatic-speech-recognition") {
    // Whisper's shape: the transcription with its segments.
    const gen = generateText(`${id}\n${String(input.audio).slice(0, 4096)}`, 16);
    return {
      transcription: gen.text,
      segments: [{ start: 0, end: 2.5, text: gen.text }],
      detected_language: "english",
    };
  }
  if (task === "text-to-speech") {
    const seconds = Math.min(30, Math.max(1, Math.ceil(countTokens(String(input.text)) / 3)));
    return fileUrl(env, "replicate-delivery", dir, { kind: "wav", seed, seconds });
  }
  return fileUrl(env, "replicate-delivery", dir, { kind: "mp4", seed });
}

function prediction(env: Env, job: Job, status: string, withOutput = false): Record<string, unknown> {
  const e = job.extra as { model: string; version: string | null; input: unknown; createdAt: string };
  const done = status === "succeeded" || withOutput;
  const apiBase = env.urls.replicate;
  return {
    id: job.id,
    model: e.model,
    version: e.version,
    input: e.input,
    logs: done ? "Generating…\nDone." : "",
    output: done ? job.result() : null,
    data_removed: false,
    error: null,
    status,
    created_at: e.createdAt,
    started_at: status === "starting" ? null : e.createdAt,
    completed_at: done ? new Date(Date.parse(e.createdAt) + 1800).toISOString() : null,
    urls: {
      cancel: `${apiBase}/v1/predictions/${job.id}/cancel`,
      get: `${apiBase}/v1/predictions/${job.id}`,
      stream: `${apiBase}/v1/predictions/${job.id}/stream`,
      web: `https://replicate.com/p/${job.id}`,
    },
    metrics: done ? { predict_time: 1.8, total_time: 1.8 } : {},
  };
}

export function replicateRoute(ctx: Ctx): Reply {
  const env = ctx.env;
  const poll = /^\/v1\/predictions\/([a-z0-9]+)$/.exec(ctx.path);
  if (poll) {
    if (ctx.req.method !== "GET") return problem(405, "Method not allowed", `Use GET on ${ctx.path}`);
    const job = env.jobs.get(`replicate:${poll[1]}`);
    if (!job) return problem(404, "Not found", "The requested resource could not be found.");
    job.polls++;
    const status = job.neverComplete || job.polls <= env.pollSteps ? "processing" : "succeeded";
    return json(200, prediction(env, job, status));
  }
  const byModel = /^\/v1\/models\/([^/]+)\/([^/]+)\/predictions$/.exec(ctx.path);
  if (!byModel && ctx.path !== "/v1/predictions")
    return problem(404, "Not found", "The requested resource could not be found.");
  if (ctx.req.method !== "POST") return problem(405, "Method not allowed", `Use POST on ${ctx.path}`);
  const body = ctx.body;
  if (!isRecord(body)) invalid("The request body must be a JSON object", "(root)");
  let modelRef = byModel ? `${byModel[1]}/${byModel[2]}` : "";
  let version: string | undefined;
  if (!byModel) {
    if (typeof body.version !== "string" || body.version === "")
      invalid("- version: version is required", "version");
    const v = body.version;
    if (v.includes(":")) [modelRef, version] = v.split(":", 2);
    else version = v;
    if (!/^[a-f0-9]{64}$/.test(version))
      invalid(
        `- version: Invalid version. Expected a 64-character hex id, given ${JSON.stringify(version)}`,
        "version",
      );
    if (!modelRef)
      modelRef =
        env.catalog.models
          .find((m) => m.inferenceProviderMapping.replicate?.providerId.endsWith(`:${version}`))
          ?.inferenceProviderMapping.replicate?.providerId.split(":")[0] ?? "";
  }
  if (!isRecord(body.input))
    invalid(
      `- input: Invalid type. Expected: object, given: ${body.input === undefined ? "null" : typeof body.input}`,
      "input",
    );
  const input = body.input;
  const task = taskOf(ctx, modelRef, version, input);
  if (task === "text-to-speech") {
    if (typeof input.text !== "string") invalid("- input.text: text is required", "input.text");
  } else if (task === "image-to-image") {
    const image = input.image ?? input.input_image;
    const data = typeof image === "string" ? decodeDataUrl(image) : undefined;
    if (typeof image !== "string") invalid("- input.image: image is required", "input.image");
    if (data ? !sniffImage(data.bytes) : !/^https?:\/\//.test(image))
      invalid("- input.image: Does not match format 'uri' (or the data URI holds no image)", "input.image");
    if (
      input.lora_weights !== undefined &&
      (typeof input.lora_weights !== "string" || !/^https?:\/\//.test(input.lora_weights))
    )
      invalid("- input.lora_weights: Does not match format 'uri'", "input.lora_weights");
  } else if (task === "automatic-speech-recognition") {
    const audio = input.audio;
    const data = typeof audio === "string" ? decodeDataUrl(audio) : undefined;
    if (typeof audio !== "string") invalid("- input.audio: audio is required", "input.audio");
    if (data ? !sniffAudio(data.bytes) : !/^https?:\/\//.test(audio))
      invalid("- input.audio: Does not match format 'uri' (or the data URI holds no audio)", "input.audio");
  } else if (typeof input.prompt !== "string") {
    invalid("- input.prompt: prompt is required", "input.prompt");
  }
  const seed = hashString(`${modelRef}\n${JSON.stringify(input)}`);
  const id = idFromSeed(seed ^ env.nextSerial(), 26);
  const job: Job = {
    id,
    polls: 0,
    neverComplete: ctx.fault?.neverComplete === true,
    result: () => output(env, id, task, seed, input),
    extra: { model: modelRef, version: version ?? null, input, createdAt: new Date(env.now()).toISOString() },
  };
  env.jobs.set(`replicate:${id}`, job);
  const prefer = ctx.headers.prefer ?? "";
  const wait = /(^|[;,\s])wait(=\d+)?($|[;,\s])/.test(prefer);
  const early = wait && !job.neverComplete && ctx.fault?.outputWhileProcessing === true;
  const status = wait && !job.neverComplete && !early ? "succeeded" : wait ? "processing" : "starting";
  return json(201, prediction(env, job, status, early), wait ? { "Preference-Applied": "wait" } : undefined);
}
