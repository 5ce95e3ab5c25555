// fal-ai: synchronous fal.run/{model} (images, speech, ASR) and the queue API on queue.fal.run
// (or the router with ?_subdomain=queue): submit → IN_QUEUE → IN_PROGRESS → COMPLETED → result.
import type { Ctx } from "../context.js";
import { isRecord } from "../context.js";
import { decodeDataUrl, imageSize, sniffAudio, sniffImage } from "../media.js";
import { json } from "../reply.js";
import type { Reply } from "../reply.js";
import { countTokens, generateText, hashString, uuidFromSeed } from "../text.js";
import { pydanticError } from "./bfl.js";
import { fileUrl } from "./files.js";

const IMAGE_SIZES: Record<string, [number, number]> = {
  square_hd: [1024, 1024],
  square: [512, 512],
  portrait_4_3: [768, 1024],
  portrait_16_9: [576, 1024],
  landscape_4_3: [1024, 768],
  landscape_16_9: [1024, 576],
};

const FAL_TASKS = [
  "text-to-image",
  "text-to-speech",
  "automatic-speech-recognition",
  "text-to-video",
  "image-to-image",
  "image-text-to-image",
  "image-to-video",
  "image-text-to-video",
  "image-segmentation",
  "text-to-audio",
  "audio-to-audio",
] as const;
type FalTask = (typeof FAL_TASKS)[number];

/** The text-only app of an image+text app one segment deeper (`fal-ai/flux-2` for `fal-ai/flux-2/edit`). */
function mappedTask(ctx: Ctx, modelPath: string): string | undefined {
  const catalog = ctx.env.catalog;
  const direct = catalog.providerTask("fal-ai", modelPath);
  if (direct) return direct;
  for (const m of catalog.models) {
    const entry = m.inferenceProviderMapping["fal-ai"];
    if (entry && entry.providerId.startsWith(`${modelPath}/`) && entry.task.startsWith("image-text-to-"))
      return entry.task;
  }
  return undefined;
}

function taskOf(ctx: Ctx, modelPath: string, body: Record<string, unknown>, queued: boolean): FalTask {
  const mapped = mappedTask(ctx, modelPath);
  if ((FAL_TASKS as readonly string[]).includes(mapped ?? "")) return mapped as FalTask;
  if ("audio_url" in body) return queued ? "audio-to-audio" : "automatic-speech-recognition";
  if ("image_url" in body || "image_urls" in body)
    return /video|kling|wan|ltx/i.test(modelPath) ? "image-to-video" : "image-to-image";
  if ("lyrics" in body) return "text-to-speech";
  // Unknown apps: images and video both go through the queue now; the name tells them apart.
  if (/video|ltx|mochi|wan|kling|veo/i.test(modelPath)) return "text-to-video";
  return "text-to-image";
}

function requireString(body: Record<string, unknown>, field: string): string {
  if (body[field] === undefined) pydanticError(field, "Field required", "missing");
  if (typeof body[field] !== "string")
    pydanticError(field, "Input should be a valid string", "string_type", body[field]);
  return body[field];
}

/** An input image: a data URL that must hold an image, or an http(s) URL. Returns its size when known. */
function requireImage(body: Record<string, unknown>, field: string): { width: number; height: number } {
  const value = requireString(body, field);
  const data = decodeDataUrl(value);
  if (data) {
    if (!sniffImage(data.bytes))
      pydanticError(field, "Could not decode the image in the data URI", "value_error", value.slice(0, 64));
    return imageSize(data.bytes) ?? { width: 512, height: 512 };
  }
  if (!/^https?:\/\//.test(value))
    pydanticError(field, "Input should be a valid URL or data URI", "url_parsing", value.slice(0, 64));
  return { width: 512, height: 512 };
}

function requireAudio(body: Record<string, unknown>, field: string): string {
  const audioUrl = requireString(body, field);
  const data = decodeDataUrl(audioUrl);
  if (data) {
    // fal maps the declared type to a file extension: audio/wav (unlike audio/x-wav) has none.
    if (!["audio/mpeg", "audio/x-wav", "video/webm"].includes(data.contentType))
      pydanticError(field, `Unsupported data URL: ${data.contentType}`, "value_error", audioUrl.slice(0, 64));
    if (!sniffAudio(data.bytes))
      pydanticError(
        field,
        "Could not decode the audio file in the data URI",
        "value_error",
        audioUrl.slice(0, 64),
      );
  } else if (!/^https?:\/\//.test(audioUrl)) {
    pydanticError(field, "Input should be a valid URL or data URI", "url_parsing", audioUrl);
  }
  return audioUrl;
}

/** A LoRA list as fal takes it: `[{path: url, scale?}]`. */
function checkLoras(body: Record<string, unknown>): void {
  if (body.loras === undefined) return;
  const ok =
    Array.isArray(body.loras) &&
    body.loras.every(
      (l: unknown) =>
        isRecord(l) &&
        typeof l.path === "string" &&
        /^https?:\/\//.test(l.path) &&
        (l.scale === undefined || typeof l.scale === "number"),
    );
  if (!ok)
    pydanticError("loras", "Input should be a list of {path: URL, scale: number}", "list_type", body.loras);
}

function videoOutput(env: Ctx["env"], seedBase: number, prompt: unknown) {
  const url = fileUrl(env, "fal-media", "files/penguin", { kind: "mp4", seed: seedBase });
  return {
    video: { url, content_type: "video/mp4", file_name: url.split("/").pop(), file_size: 120_000 },
    seed: seedBase % 1_000_000,
    ...(typeof prompt === "string" ? { prompt } : {}),
  };
}

function imageOutput(env: Ctx["env"], seedBase: number, width: number, height: number) {
  return {
    images: [
      {
        url: fileUrl(env, "fal-media", "files/zebra", { kind: "png", seed: seedBase, width, height }),
        width,
        height,
        content_type: "image/png",
      },
    ],
    seed: seedBase % 1_000_000,
    has_nsfw_concepts: [false],
  };
}

/** fal's text-to-image apps: a prompt, LoRAs, a named or explicit size, up to 4 images. */
function prepareTextToImage(
  env: Ctx["env"],
  modelPath: string,
  body: Record<string, unknown>,
  seedBase: number,
): () => Record<string, unknown> {
  const prompt = requireString(body, "prompt");
  checkLoras(body);
  // fal's generic LoRA app runs the adapter on a base model it must be told.
  if (modelPath === "fal-ai/lora" && typeof body.model_name !== "string")
    pydanticError("model_name", "Field required", "missing");
  let [width, height] = IMAGE_SIZES.landscape_4_3;
  const size = body.image_size;
  if (typeof size === "string") {
    if (!IMAGE_SIZES[size])
      pydanticError(
        "image_size",
        `Input should be one of ${Object.keys(IMAGE_SIZES).join(", ")}`,
        "enum",
        size,
      );
    [width, height] = IMAGE_SIZES[size];
  } else if (isRecord(size)) {
    if (typeof size.width !== "number" || typeof size.height !== "number")
      pydanticError("image_size", "Input should have integer width and height", "dict_type", size);
    [width, height] = [Math.min(2048, size.width), Math.min(2048, size.height)];
  } else if (typeof body.width === "number" && typeof body.height === "number") {
    [width, height] = [Math.min(2048, body.width), Math.min(2048, body.height)];
  }
  const n = body.num_images ?? 1;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > 4)
    pydanticError("num_images", "Input should be between 1 and 4", "less_than_equal", n);
  const seed = typeof body.seed === "number" ? body.seed : seedBase % 1_000_000;
  return () => ({
    images: Array.from({ length: n }, (_, i) => ({
      url: fileUrl(env, "fal-media", "files/koala", { kind: "png", seed: seedBase + i, width, height }),
      width,
      height,
      content_type: "image/png",
    })),
    timings: { inference: 0.41 },
    seed,
    has_nsfw_concepts: Array.from({ length: n }, () => false),
    prompt,
  });
}

/** fal's speech recognition apps: an audio URL or data URI. */
function prepareSpeechRecognition(
  modelPath: string,
  body: Record<string, unknown>,
): () => Record<string, unknown> {
  const audioUrl = requireString(body, "audio_url");
  const data = decodeDataUrl(audioUrl);
  if (data) {
    if (!sniffAudio(data.bytes))
      pydanticError(
        "audio_url",
        "Could not decode the audio file in the data URI",
        "value_error",
        audioUrl.slice(0, 64),
      );
  } else if (!/^https?:\/\//.test(audioUrl)) {
    pydanticError("audio_url", "Input should be a valid URL or data URI", "url_parsing", audioUrl);
  }
  const gen = generateText(`${modelPath}\n${audioUrl.slice(0, 4096)}`, 16);
  return () => ({ text: gen.text, chunks: [{ timestamp: [0, 2.5], text: gen.text }] });
}

/** fal's image editing apps: one image or several, and a prompt (without an image, the text-only variant). */
function prepareImageToImage(
  env: Ctx["env"],
  task: FalTask,
  body: Record<string, unknown>,
  seedBase: number,
): () => Record<string, unknown> {
  checkLoras(body);
  let size = { width: 1024, height: 768 };
  if (body.image_url === undefined && body.image_urls === undefined) {
    if (task === "image-to-image") requireImage(body, "image_url");
    requireString(body, "prompt");
  } else {
    size = requireImage(body, body.image_url === undefined ? "image_urls" : "image_url");
    if (body.image_urls !== undefined) {
      if (!Array.isArray(body.image_urls) || body.image_urls.length === 0)
        pydanticError("image_urls", "Input should be a non-empty list", "list_type", body.image_urls);
      body.image_urls.forEach((_, i) => requireImage(body.image_urls as Record<string, unknown>, String(i)));
    }
  }
  return () => imageOutput(env, seedBase, size.width, size.height);
}

/** Validates the input for `task` and returns a function producing the output JSON. */
function prepare(
  ctx: Ctx,
  modelPath: string,
  task: FalTask,
  body: Record<string, unknown>,
): () => Record<string, unknown> {
  const env = ctx.env;
  const seedBase = hashString(`${modelPath}\n${JSON.stringify(body)}`);
  switch (task) {
    case "text-to-image":
      return prepareTextToImage(env, modelPath, body, seedBase);
    case "text-to-speech": {
      const text =
        typeof body.lyrics === "string"
          ? body.lyrics
          : typeof body.text === "string"
            ? body.text
            : requireString(body, "prompt");
      const seconds = Math.min(30, Math.max(1, Math.ceil(countTokens(text) / 3)));
      return () => {
        const url = fileUrl(env, "fal-media", "files/lion", { kind: "wav", seed: seedBase, seconds });
        return {
          audio: {
            url,
            content_type: "audio/wav",
            file_name: url.split("/").pop(),
            file_size: 44 + seconds * 32000,
          },
        };
      };
    }
    case "automatic-speech-recognition":
      return prepareSpeechRecognition(modelPath, body);
    case "text-to-video": {
      const prompt = requireString(body, "prompt");
      checkLoras(body);
      return () => videoOutput(env, seedBase, prompt);
    }
    case "image-to-video":
    case "image-text-to-video": {
      checkLoras(body);
      // Without an image the image+text app runs its text-only variant, which needs a prompt.
      if (body.image_url === undefined && task === "image-text-to-video") requireString(body, "prompt");
      else requireImage(body, "image_url");
      return () => videoOutput(env, seedBase, body.prompt);
    }
    case "image-to-image":
    case "image-text-to-image":
      return prepareImageToImage(env, task, body, seedBase);
    case "image-segmentation": {
      const { width, height } = requireImage(body, "image_url");
      return () => ({
        image: {
          url: fileUrl(env, "fal-media", "files/mask", { kind: "png", seed: seedBase, width, height }),
          width,
          height,
          content_type: "image/png",
        },
      });
    }
    case "text-to-audio": {
      const prompt = requireString(body, "prompt");
      const seconds =
        typeof body.seconds_total === "number"
          ? Math.min(30, Math.max(1, Math.round(body.seconds_total)))
          : 2;
      return () => {
        const url = fileUrl(env, "fal-media", "files/tiger", { kind: "wav", seed: seedBase, seconds });
        // Music apps (stable-audio) answer `audio_file`; sound-effect apps `audio`.
        const file = {
          url,
          content_type: "audio/wav",
          file_name: url.split("/").pop(),
          file_size: 44 + seconds * 32000,
        };
        return /stable-audio/.test(modelPath) ? { audio_file: file, prompt } : { audio: file, prompt };
      };
    }
    case "audio-to-audio": {
      const audioUrl = requireAudio(body, "audio_url");
      const gen = generateText(`${modelPath}\n${audioUrl.slice(0, 4096)}`, 8);
      return () => {
        const url = fileUrl(env, "fal-media", "files/parrot", { kind: "wav", seed: seedBase, seconds: 2 });
        return { audio: { url, content_type: "audio/wav", file_name: url.split("/").pop() }, text: gen.text };
      };
    }
  }
}

export function falRoute(ctx: Ctx): Reply {
  const queued = ctx.host === "fal-ai-queue" || ctx.query._subdomain === "queue";
  const segs = ctx.path.split("/").filter(Boolean);
  if (queued) {
    const requestsAt = segs.indexOf("requests");
    if (requestsAt >= 1)
      return queuePoll(ctx, segs.slice(0, requestsAt).join("/"), segs.slice(requestsAt + 1));
  }
  if (segs.length < 2) return json(404, { detail: "Application not found" });
  if (ctx.req.method !== "POST") return json(405, { detail: "Method Not Allowed" });
  const modelPath = segs.join("/");
  const body = ctx.body;
  if (!isRecord(body))
    return json(422, {
      detail: [{ type: "dict_type", loc: ["body"], msg: "Input should be a valid dictionary", input: null }],
    });
  const task = taskOf(ctx, modelPath, body, queued);
  const output = prepare(ctx, modelPath, task, body);
  if (!queued) return json(200, output());
  const env = ctx.env;
  const appId = segs.slice(0, 2).join("/");
  const id = uuidFromSeed(hashString(JSON.stringify(body)) ^ env.nextSerial());
  env.jobs.set(`fal:${id}`, {
    id,
    polls: 0,
    neverComplete: ctx.fault?.neverComplete === true,
    result: output,
    extra: { appId },
  });
  const base = `${env.urls["fal-ai-queue"]}/${appId}/requests/${id}`;
  return json(200, {
    status: "IN_QUEUE",
    request_id: id,
    response_url: base,
    status_url: `${base}/status`,
    cancel_url: `${base}/cancel`,
    // The queue drains by one position per status poll, then the job runs.
    queue_position: queueSteps(env.pollSteps),
  });
}

/** Status polls a job spends in the queue (the rest of `pollSteps` it spends running). */
const queueSteps = (pollSteps: number) => Math.ceil(pollSteps / 2);

function queuePoll(ctx: Ctx, appId: string, rest: string[]): Reply {
  const env = ctx.env;
  const [id, action] = rest;
  const job = id ? env.jobs.get(`fal:${id}`) : undefined;
  if (!job || job.extra.appId !== appId) return json(404, { detail: `Request ${id ?? ""} not found` });
  const base = `${env.urls["fal-ai-queue"]}/${appId}/requests/${id}`;
  const done = !job.neverComplete && job.polls >= env.pollSteps;
  if (action === "status" && rest.length === 2) {
    if (ctx.req.method !== "GET") return json(405, { detail: "Method Not Allowed" });
    job.polls++;
    const withLogs = ctx.query.logs === "1" || ctx.query.logs === "true";
    if (!done) {
      const inQueue = job.polls <= queueSteps(env.pollSteps) && !job.neverComplete;
      return json(202, {
        status: inQueue ? "IN_QUEUE" : "IN_PROGRESS",
        request_id: id,
        response_url: base,
        status_url: `${base}/status`,
        cancel_url: `${base}/cancel`,
        ...(inQueue
          ? { queue_position: queueSteps(env.pollSteps) - job.polls }
          : {
              logs: withLogs
                ? [
                    {
                      message: "Generating frames",
                      level: "INFO",
                      timestamp: new Date(env.now()).toISOString(),
                    },
                  ]
                : null,
            }),
      });
    }
    return json(200, {
      status: "COMPLETED",
      request_id: id,
      response_url: base,
      status_url: `${base}/status`,
      logs: withLogs ? [] : null,
      metrics: { inference_time: 1.7 },
    });
  }
  if (action === "cancel" && rest.length === 2) {
    return done
      ? json(400, { status: "ALREADY_COMPLETED" })
      : json(202, { status: "CANCELLATION_REQUESTED" });
  }
  if (rest.length !== 1) return json(404, { detail: "Not Found" });
  if (ctx.req.method !== "GET") return json(405, { detail: "Method Not Allowed" });
  if (!done) return json(400, { detail: "Request is still in progress" });
  return json(200, job.result());
}
