// fal-ai: synchronous fal.run/{model} (images, speech, ASR) and the queue API on queue.fal.run
// (or the router with ?_subdomain=queue): submit → IN_QUEUE → IN_PROGRESS → COMPLETED → result.
import type { Ctx } from "../context.js";
import { isRecord } from "../context.js";
import { decodeDataUrl, sniffAudio } from "../media.js";
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

type FalTask = "text-to-image" | "text-to-speech" | "automatic-speech-recognition" | "text-to-video";

function taskOf(ctx: Ctx, modelPath: string, body: Record<string, unknown>, queued: boolean): FalTask {
  const mapped = ctx.env.catalog.providerTask("fal-ai", modelPath);
  if (
    mapped === "text-to-image" ||
    mapped === "text-to-speech" ||
    mapped === "automatic-speech-recognition" ||
    mapped === "text-to-video"
  ) {
    return mapped;
  }
  if ("audio_url" in body) return "automatic-speech-recognition";
  if ("lyrics" in body) return "text-to-speech";
  if (queued || /video|ltx|mochi|wan|kling|veo/i.test(modelPath)) return "text-to-video";
  return "text-to-image";
}

function requireString(body: Record<string, unknown>, field: string): string {
  if (body[field] === undefined) pydanticError(field, "Field required", "missing");
  if (typeof body[field] !== "string")
    pydanticError(field, "Input should be a valid string", "string_type", body[field]);
  return body[field];
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
    case "text-to-image": {
      const prompt = requireString(body, "prompt");
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
    case "automatic-speech-recognition": {
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
    case "text-to-video": {
      const prompt = requireString(body, "prompt");
      return () => {
        const url = fileUrl(env, "fal-media", "files/penguin", { kind: "mp4", seed: seedBase });
        return {
          video: { url, content_type: "video/mp4", file_name: url.split("/").pop(), file_size: 120_000 },
          seed: seedBase % 1_000_000,
          prompt,
        };
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
    queue_position: 0,
  });
}

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
      const inQueue = job.polls <= Math.ceil(env.pollSteps / 2) && !job.neverComplete;
      return json(202, {
        status: inQueue ? "IN_QUEUE" : "IN_PROGRESS",
        request_id: id,
        response_url: base,
        status_url: `${base}/status`,
        cancel_url: `${base}/cancel`,
        ...(inQueue
          ? { queue_position: 0 }
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
