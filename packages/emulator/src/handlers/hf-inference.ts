// hf-inference: /models/{id} (task from the model's pipeline), /pipeline/{task}/{id},
// /models/{id}/pipeline/{task}, and the TGI-style /models/{id}/v1/chat/completions.
import type { Ctx } from "../context.js";
import { isRecord } from "../context.js";
import {
  DETECTION_LABELS,
  EN_FR,
  ENTITY_GROUPS,
  IMAGE_LABELS,
  SEGMENTATION_LABELS,
  AUDIO_LABELS,
} from "../data/words.js";
import { fail } from "../errors.js";
import {
  decodeDataUrl,
  imageSize,
  renderImage,
  renderMask,
  renderWav,
  sniffAudio,
  sniffImage,
} from "../media.js";
import { bytes, json, sse } from "../reply.js";
import type { Reply } from "../reply.js";
import {
  cosine,
  countTokens,
  embed,
  generateText,
  hashString,
  hashValue,
  keywords,
  mulberry32,
  pick,
  softmaxScores,
} from "../text.js";
import type { EmulatedModel } from "../types.js";
import { chatCompletion, textCompletion } from "./openai.js";

const round = (x: number) => Math.round(x * 1e4) / 1e4;

function bad(message: string, status = 400): never {
  fail("hf", status, message);
}

interface ParsedRoute {
  modelId: string;
  task?: string;
  /** "chat" / "completions" for the OpenAI-style sub-routes. */
  sub?: "chat" | "completions";
}

function parseRoute(path: string): ParsedRoute | undefined {
  const segs = path.split("/").filter(Boolean).map(decodeURIComponent);
  if (segs[0] === "pipeline" && segs.length >= 3 && segs.length <= 4) {
    return { task: segs[1], modelId: segs.slice(2).join("/") };
  }
  if (segs[0] !== "models" || segs.length < 2) return undefined;
  const rest = segs.slice(1);
  const idLength = rest.length >= 2 && rest[1] !== "v1" && rest[1] !== "pipeline" ? 2 : 1;
  const modelId = rest.slice(0, idLength).join("/");
  const tail = rest.slice(idLength).join("/");
  if (tail === "") return { modelId };
  if (tail === "v1/chat/completions") return { modelId, sub: "chat" };
  if (tail === "v1/completions") return { modelId, sub: "completions" };
  const pipeline = /^pipeline\/([a-z0-9-]+)$/.exec(tail);
  if (pipeline) return { modelId, task: pipeline[1] };
  return undefined;
}

function isChatModel(m: EmulatedModel): boolean {
  return m.tags.includes("conversational") || m.pipeline_tag === "image-text-to-text";
}

export function hfInferenceRoute(ctx: Ctx): Reply | Promise<Reply> {
  const route = parseRoute(ctx.path);
  if (!route)
    bad(
      `Unknown hf-inference route ${ctx.path}; expected /models/{model_id} or /pipeline/{task}/{model_id}`,
      404,
    );
  if (ctx.req.method !== "POST") bad(`Method ${ctx.req.method} not allowed; use POST`, 405);
  const model = ctx.env.catalog.get(route.modelId);
  if (!model) bad(`Model ${route.modelId} does not exist`, 404);
  if (!model.inferenceProviderMapping["hf-inference"])
    bad(`Model ${route.modelId} is not deployed on hf-inference`, 404);
  // Every text-generation model answers the OpenAI-style completions route (4.x's textGeneration).
  if (route.sub === "completions" && (isChatModel(model) || model.pipeline_tag === "text-generation")) {
    return textCompletion(ctx, "hf", 422);
  }
  if (route.sub) {
    if (!isChatModel(model)) {
      return json(422, { error: "Template error: template not found", error_type: "template_error" });
    }
    if (route.sub === "completions") return textCompletion(ctx, "hf", 422);
    return chatCompletion(ctx, { style: "hf", invalidStatus: 422, modelFromPath: model.id });
  }
  const task = route.task ?? model.pipeline_tag;
  const run = TASKS[task];
  if (!run) bad(`Task ${task} is not supported by hf-inference`, 400);
  return run(ctx, model);
}

type TaskRunner = (ctx: Ctx, model: EmulatedModel) => Reply;

function jsonBody(ctx: Ctx): Record<string, unknown> {
  if (!isRecord(ctx.body)) {
    bad(
      ctx.bodyBytes.length === 0
        ? 'Request body is empty: expected a JSON object with "inputs"'
        : 'Request body must be a JSON object with "inputs"',
    );
  }
  return ctx.body;
}

function parameters(body: Record<string, unknown>): Record<string, unknown> {
  if (body.parameters === undefined || body.parameters === null) return {};
  if (!isRecord(body.parameters)) bad('"parameters" must be an object');
  return body.parameters;
}

function textInputs(ctx: Ctx): {
  body: Record<string, unknown>;
  text: string;
  params: Record<string, unknown>;
} {
  const body = jsonBody(ctx);
  if (body.inputs === undefined) bad('Missing required field "inputs"');
  if (typeof body.inputs !== "string")
    bad(`"inputs" must be a string, got ${Array.isArray(body.inputs) ? "an array" : typeof body.inputs}`);
  return { body, text: body.inputs, params: parameters(body) };
}

function intParam(
  params: Record<string, unknown>,
  key: string,
  min: number,
  max: number,
): number | undefined {
  const v = params[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) {
    bad(`parameters.${key} must be an integer between ${min} and ${max}, got ${JSON.stringify(v)}`, 422);
  }
  return v;
}

/** Bytes of a binary input: the raw body, or a JSON {"inputs": base64 | data URL}. */
function binaryInput(ctx: Ctx, kind: "image" | "audio", fromJson?: unknown): Buffer {
  let data: Buffer = ctx.bodyBytes;
  const source = fromJson !== undefined ? fromJson : isRecord(ctx.body) ? ctx.body.inputs : undefined;
  if (typeof source === "string") data = decodeDataUrl(source)?.bytes ?? Buffer.from(source, "base64");
  else if (fromJson !== undefined) bad(`The ${kind} must be a base64 string`);
  if (data.length === 0) bad(`Request body is empty: send the ${kind} bytes`);
  const ok = kind === "image" ? sniffImage(data) : sniffAudio(data);
  if (!ok) {
    bad(
      kind === "image"
        ? "Could not read the input as an image (expected PNG, JPEG, GIF, WebP or BMP bytes)"
        : "Could not read the input as audio (expected WAV, FLAC, MP3, OGG, MP4/M4A or WebM bytes)",
    );
  }
  return data;
}

function topK(params: Record<string, unknown>, fallback: number): number {
  return intParam(params, "top_k", 1, 100) ?? fallback;
}

function labelScores(seed: number, labels: readonly string[], k: number): { label: string; score: number }[] {
  const rand = mulberry32(seed);
  const order = [...labels].sort((a, b) => hashString(`${seed}${a}`) - hashString(`${seed}${b}`));
  const scores = softmaxScores(rand, order.length);
  return order.slice(0, k).map((label, i) => ({ label, score: round(scores[i]) }));
}

function tgiGenerate(ctx: Ctx, model: EmulatedModel): Reply {
  const body = jsonBody(ctx);
  if (typeof body.inputs !== "string")
    return json(422, {
      error: "Input validation error: `inputs` must be a string",
      error_type: "validation",
    });
  const params = parameters(body);
  const maxNew = params.max_new_tokens;
  if (
    maxNew !== undefined &&
    maxNew !== null &&
    (typeof maxNew !== "number" || !Number.isInteger(maxNew) || maxNew < 1)
  ) {
    return json(422, {
      error: "Input validation error: `max_new_tokens` must be strictly positive",
      error_type: "validation",
    });
  }
  const temperature = params.temperature;
  if (
    temperature !== undefined &&
    temperature !== null &&
    (typeof temperature !== "number" || temperature <= 0)
  ) {
    return json(422, {
      error: "Input validation error: `temperature` must be strictly positive",
      error_type: "validation",
    });
  }
  const topP = params.top_p;
  if (topP !== undefined && topP !== null && (typeof topP !== "number" || topP <= 0 || topP >= 1)) {
    return json(422, {
      error: "Input validation error: `top_p` must be > 0.0 and < 1.0",
      error_type: "validation",
    });
  }
  const seed = typeof params.seed === "number" ? params.seed : hashString(body.inputs) % 100000;
  const gen = generateText(`${model.id}\n${body.inputs}`, (maxNew as number | undefined) ?? 20, seed);
  const stops = Array.isArray(params.stop)
    ? params.stop.filter((s): s is string => typeof s === "string")
    : [];
  let tokens = gen.tokens;
  let finish: "length" | "eos_token" | "stop_sequence" =
    gen.finishReason === "length" ? "length" : "eos_token";
  for (const s of stops) {
    const idx = tokens.findIndex((t) => t.includes(s));
    if (idx >= 0) {
      tokens = tokens.slice(0, idx + 1);
      finish = "stop_sequence";
    }
  }
  const text = tokens.join("");
  const tokenObjects = tokens.map((t, i) => ({
    id: 1000 + (hashString(t) % 30000),
    text: t,
    logprob: round(-0.05 - ((i * 7) % 13) / 10),
    special: false,
  }));
  const full = params.return_full_text === true ? body.inputs + text : text;
  if (body.stream === true) {
    const events = tokenObjects.map((tok, i) => {
      const last = i === tokenObjects.length - 1;
      return {
        index: i + 1,
        token: tok,
        top_tokens: null,
        generated_text: last ? full : null,
        details: last
          ? { finish_reason: finish, generated_tokens: tokens.length, seed: params.do_sample ? seed : null }
          : null,
      };
    });
    return sse(events, true);
  }
  const out: Record<string, unknown> = { generated_text: full };
  if (params.details === true) {
    out.details = {
      finish_reason: finish,
      generated_tokens: tokens.length,
      seed: params.do_sample ? seed : null,
      prefill: [],
      tokens: tokenObjects,
    };
  }
  return json(200, [out]);
}

function entitiesOf(
  text: string,
): { entity_group: string; score: number; word: string; start: number; end: number }[] {
  const out: { entity_group: string; score: number; word: string; start: number; end: number }[] = [];
  // Runs of capitalised words count as entities; a sentence's first word only when followed by another.
  const re = /\p{Lu}[\p{L}\p{N}'-]*(?:\s+\p{Lu}[\p{L}\p{N}'-]*)*/gu;
  for (const m of text.matchAll(re)) {
    const start = m.index ?? 0;
    const atSentenceStart = start === 0 || /[.!?]\s*$/.test(text.slice(0, start));
    if ((atSentenceStart && !m[0].includes(" ")) || m[0].length < 2) continue;
    const h = hashString(m[0]);
    out.push({
      entity_group: ENTITY_GROUPS[h % ENTITY_GROUPS.length],
      score: round(0.9 + (h % 1000) / 10000),
      word: m[0],
      start,
      end: start + m[0].length,
    });
  }
  return out;
}

const STOP_WORDS = new Set([
  "the",
  "was",
  "were",
  "does",
  "did",
  "what",
  "where",
  "when",
  "who",
  "which",
  "how",
  "and",
  "for",
  "with",
  "this",
  "that",
  "are",
  "is",
]);

/** Content words of a text, reduced to their first 4 letters (a crude stem). */
function stems(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}{3,}/gu) ?? [])
    .filter((w) => !STOP_WORDS.has(w))
    .map((w) => w.slice(0, 4));
}

function qaSpan(
  question: string,
  context: string,
): { answer: string; score: number; start: number; end: number } {
  // Answer from the sentence of the context sharing most content words with the question.
  const qWords = new Set(stems(question));
  let best = { start: 0, end: context.length, overlap: -1 };
  for (const m of context.matchAll(/[^.!?]+[.!?]?/g)) {
    const overlap = stems(m[0]).filter((w) => qWords.has(w)).length;
    if (overlap > best.overlap) best = { start: m.index ?? 0, end: (m.index ?? 0) + m[0].length, overlap };
  }
  let sentence = context.slice(best.start, best.end);
  // Prefer a capitalised span (often the named answer) that is not in the question.
  const candidates = [...sentence.matchAll(/\p{Lu}[\p{L}\p{N}-]*/gu)].filter(
    (c) => sentence.slice(0, c.index).trim() !== "" && !qWords.has(c[0].toLowerCase().slice(0, 4)),
  );
  let start = best.start + (sentence.length - sentence.trimStart().length);
  if (candidates.length > 0) {
    const c = candidates[0];
    start = best.start + (c.index ?? 0);
    sentence = c[0];
  } else {
    sentence = sentence.trim().replace(/[.!?]$/, "");
  }
  return {
    answer: sentence,
    score: round(0.35 + (hashString(question + context) % 6000) / 10000),
    start,
    end: start + sentence.length,
  };
}

const TASKS: Record<string, TaskRunner> = {
  "text-generation": (ctx, model) => tgiGenerate(ctx, model),
  "text2text-generation": (ctx, model) => {
    const { text, params } = textInputs(ctx);
    return json(200, [
      {
        generated_text: generateText(
          `${model.id}\n${text}`,
          intParam(params, "max_new_tokens", 1, 4096) ?? 20,
        ).text,
      },
    ]);
  },
  "text-classification": (ctx, model) => {
    const { text, params } = textInputs(ctx);
    const labels = model.emulator?.labels ?? ["POSITIVE", "NEGATIVE"];
    return json(200, [labelScores(hashString(model.id + text), labels, topK(params, labels.length))]);
  },
  "token-classification": (ctx) => {
    const { text } = textInputs(ctx);
    return json(200, entitiesOf(text));
  },
  "question-answering": (ctx) => {
    const body = jsonBody(ctx);
    const inputs = body.inputs;
    if (!isRecord(inputs) || typeof inputs.question !== "string" || typeof inputs.context !== "string") {
      bad('"inputs" must be an object {"question": string, "context": string}');
    }
    if (inputs.context.trim() === "") bad('"inputs.context" must not be empty');
    return json(200, qaSpan(inputs.question, inputs.context));
  },
  "fill-mask": (ctx, model) => {
    const { text, params } = textInputs(ctx);
    const mask = model.mask_token ?? "[MASK]";
    if (!text.includes(mask)) bad(`No mask_token (${mask}) found on the input`);
    const rand = mulberry32(hashString(model.id + text));
    const words = [
      ...new Set(
        Array.from({ length: 12 }, () =>
          pick(rand, [
            "capital",
            "city",
            "heart",
            "home",
            "center",
            "best",
            "same",
            "first",
            "only",
            "main",
            "largest",
            "oldest",
          ]),
        ),
      ),
    ];
    const k = Math.min(topK(params, 5), words.length);
    const scores = softmaxScores(rand, words.length);
    return json(
      200,
      words.slice(0, k).map((w, i) => ({
        score: round(scores[i]),
        token: 2000 + (hashString(w) % 28000),
        token_str: w,
        sequence: text.replace(mask, w).replace(/\s+/g, " ").trim(),
      })),
    );
  },
  summarization: (ctx) => {
    const { text, params } = textInputs(ctx);
    const maxLength = intParam(params, "max_length", 1, 4096) ?? 60;
    const firstSentence = text.match(/[^.!?]+[.!?]?/)?.[0]?.trim() ?? text;
    return json(200, [{ summary_text: firstSentence.split(/\s+/).slice(0, maxLength).join(" ") }]);
  },
  translation: (ctx) => {
    const body = jsonBody(ctx);
    const inputs = body.inputs;
    const list =
      typeof inputs === "string"
        ? [inputs]
        : Array.isArray(inputs) && inputs.every((s) => typeof s === "string")
          ? (inputs as string[])
          : undefined;
    if (!list) bad('"inputs" must be a string or an array of strings');
    const translate = (s: string) =>
      s.replace(/\p{L}+/gu, (w) => {
        const t = EN_FR[w.toLowerCase()];
        if (t === undefined) return w;
        return w[0] === w[0].toUpperCase() ? t[0].toUpperCase() + t.slice(1) : t;
      });
    return json(
      200,
      list.map((s) => ({ translation_text: translate(s) })),
    );
  },
  "zero-shot-classification": (ctx) => {
    const body = jsonBody(ctx);
    const params = parameters(body);
    let labels = params.candidate_labels;
    if (typeof labels === "string")
      labels = labels
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
    if (!Array.isArray(labels) || labels.length === 0 || !labels.every((l) => typeof l === "string")) {
      bad('"parameters.candidate_labels" is required: a non-empty array of strings');
    }
    const inputs = typeof body.inputs === "string" ? [body.inputs] : body.inputs;
    if (!Array.isArray(inputs) || !inputs.every((s) => typeof s === "string"))
      bad('"inputs" must be a string or an array of strings');
    return json(
      200,
      inputs.map((sequence: string) => {
        const scored = labelScores(hashString(sequence), labels as string[], (labels as string[]).length);
        return { sequence, labels: scored.map((s) => s.label), scores: scored.map((s) => s.score) };
      }),
    );
  },
  "feature-extraction": (ctx, model) => {
    const body = jsonBody(ctx);
    const dims = model.emulator?.dimensions ?? 384;
    if (typeof body.inputs === "string") return json(200, embed(body.inputs, dims));
    if (
      Array.isArray(body.inputs) &&
      body.inputs.length > 0 &&
      body.inputs.every((s) => typeof s === "string")
    ) {
      return json(
        200,
        (body.inputs as string[]).map((s) => embed(s, dims)),
      );
    }
    bad('"inputs" must be a string or a non-empty array of strings');
  },
  "sentence-similarity": (ctx, model) => {
    const body = jsonBody(ctx);
    const inputs = body.inputs;
    if (
      !isRecord(inputs) ||
      typeof inputs.source_sentence !== "string" ||
      !Array.isArray(inputs.sentences) ||
      !inputs.sentences.every((s) => typeof s === "string")
    ) {
      bad('"inputs" must be {"source_sentence": string, "sentences": string[]}');
    }
    const dims = model.emulator?.dimensions ?? 384;
    const source = embed(inputs.source_sentence, dims);
    return json(
      200,
      (inputs.sentences as string[]).map((s) => round(cosine(source, embed(s, dims)))),
    );
  },
  "table-question-answering": (ctx) => {
    const body = jsonBody(ctx);
    const inputs = body.inputs;
    if (!isRecord(inputs) || typeof inputs.query !== "string" || !isRecord(inputs.table)) {
      bad('"inputs" must be {"query": string, "table": {column: string[]}}');
    }
    const columns = Object.entries(inputs.table);
    if (columns.length === 0) bad('"inputs.table" must have at least one column');
    const rows = Array.isArray(columns[0][1]) ? columns[0][1].length : -1;
    for (const [name, values] of columns) {
      if (!Array.isArray(values) || !values.every((v) => typeof v === "string"))
        bad(`"inputs.table.${name}" must be an array of strings`);
      if (values.length !== rows)
        bad(`All table columns must have the same length ("${name}" has ${values.length}, expected ${rows})`);
    }
    const query = inputs.query.toLowerCase();
    const colIndex = Math.max(
      0,
      columns.findIndex(([name]) => query.includes(name.toLowerCase())),
    );
    const values = columns[colIndex][1] as string[];
    // The row is the first one with a cell the query mentions.
    const rowIndex = Math.max(
      0,
      values.findIndex((_, r) =>
        columns.some(([, vs]) => query.includes(String((vs as string[])[r]).toLowerCase())),
      ),
    );
    const aggregate = /\b(how many|total|sum)\b/.test(query);
    if (aggregate && /\bhow many\b/.test(query)) {
      return json(200, {
        answer: `COUNT > ${values.join(", ")}`,
        coordinates: values.map((_, r) => [r, colIndex]),
        cells: values,
        aggregator: "COUNT",
      });
    }
    if (aggregate) {
      return json(200, {
        answer: `SUM > ${values.join(", ")}`,
        coordinates: values.map((_, r) => [r, colIndex]),
        cells: values,
        aggregator: "SUM",
      });
    }
    const cell = values[rowIndex] ?? "";
    return json(200, {
      answer: cell,
      coordinates: [[rowIndex, colIndex]],
      cells: [cell],
      aggregator: "NONE",
    });
  },
  "tabular-classification": (ctx) => tabular(ctx, "classification"),
  "tabular-regression": (ctx) => tabular(ctx, "regression"),
  "image-classification": (ctx, model) => {
    const image = binaryInput(ctx, "image");
    const params = isRecord(ctx.body) ? parameters(ctx.body) : {};
    return json(
      200,
      labelScores(
        hashString(model.id) ^ hashValue(image.toString("base64").slice(0, 4096)),
        model.emulator?.labels ?? IMAGE_LABELS,
        topK(params, 5),
      ),
    );
  },
  "object-detection": (ctx) => {
    const image = binaryInput(ctx, "image");
    const { width, height } = imageSize(image) ?? { width: 640, height: 480 };
    const rand = mulberry32(hashValue(image.length) ^ hashString(image.subarray(0, 2048).toString("base64")));
    const count = 1 + Math.floor(rand() * 3);
    return json(
      200,
      Array.from({ length: count }, () => {
        const xmin = Math.floor(rand() * width * 0.6);
        const ymin = Math.floor(rand() * height * 0.6);
        return {
          score: round(0.7 + rand() * 0.29),
          label: pick(rand, DETECTION_LABELS),
          box: {
            xmin,
            ymin,
            xmax: Math.min(width, xmin + Math.ceil((0.2 + rand() * 0.4) * width)),
            ymax: Math.min(height, ymin + Math.ceil((0.2 + rand() * 0.4) * height)),
          },
        };
      }),
    );
  },
  "image-segmentation": (ctx) => {
    const image = binaryInput(ctx, "image");
    const size = imageSize(image) ?? { width: 256, height: 256 };
    // Masks keep the input's aspect ratio, capped at 512 px on the long side.
    const scale = Math.min(1, 512 / Math.max(size.width, size.height));
    const w = Math.max(1, Math.round(size.width * scale));
    const h = Math.max(1, Math.round(size.height * scale));
    const seed = hashString(image.subarray(0, 2048).toString("base64"));
    const rand = mulberry32(seed);
    return json(
      200,
      [0, 1, 2].map((i) => ({
        score: round(0.8 + rand() * 0.19),
        label: SEGMENTATION_LABELS[(seed + i) % SEGMENTATION_LABELS.length],
        mask: renderMask(seed + i, w, h).toString("base64"),
      })),
    );
  },
  "image-to-text": (ctx, model) => {
    const image = binaryInput(ctx, "image");
    const rand = mulberry32(hashString(model.id) ^ hashString(image.subarray(0, 2048).toString("base64")));
    const subject = pick(rand, IMAGE_LABELS).split(",")[0];
    return json(200, [
      {
        generated_text: `a picture of a ${subject} ${pick(rand, ["on a table", "in a garden", "near a window", "on the street", "at sunset"])}`,
      },
    ]);
  },
  "image-to-image": (ctx) => {
    let image: Buffer;
    let params: Record<string, unknown> = {};
    if (isRecord(ctx.body)) {
      params = parameters(ctx.body);
      image = binaryInput(ctx, "image", ctx.body.inputs);
    } else {
      image = binaryInput(ctx, "image");
    }
    const size = imageSize(image) ?? { width: 512, height: 512 };
    const w = intParam(params, "width", 16, 2048) ?? Math.min(size.width, 1024);
    const h = intParam(params, "height", 16, 2048) ?? Math.min(size.height, 1024);
    return bytes(
      renderImage(hashString(image.subarray(0, 4096).toString("base64") + JSON.stringify(params)), w, h),
      "image/png",
    );
  },
  "zero-shot-image-classification": (ctx) => {
    const body = jsonBody(ctx);
    const params = parameters(body);
    const labels = params.candidate_labels;
    if (!Array.isArray(labels) || labels.length === 0 || !labels.every((l) => typeof l === "string")) {
      bad('"parameters.candidate_labels" is required: a non-empty array of strings');
    }
    const source = isRecord(body.inputs) ? body.inputs.image : body.inputs;
    const image = binaryInput(ctx, "image", source ?? null);
    return json(
      200,
      labelScores(hashString(image.subarray(0, 2048).toString("base64")), labels as string[], labels.length),
    );
  },
  "document-question-answering": (ctx) => visualQa(ctx, true),
  "visual-question-answering": (ctx) => visualQa(ctx, false),
  "text-to-image": (ctx, model) => {
    const { text, params } = textInputs(ctx);
    if (text.trim() === "") bad('"inputs" (the prompt) must not be empty');
    const w = intParam(params, "width", 64, 2048) ?? 512;
    const h = intParam(params, "height", 64, 2048) ?? 512;
    intParam(params, "num_inference_steps", 1, 500);
    return bytes(
      renderImage(hashString(`${model.id}\n${text}\n${String(params.seed ?? "")}`), w, h),
      "image/png",
    );
  },
  "text-to-speech": (ctx, model) => speech(ctx, model),
  "text-to-audio": (ctx, model) => speech(ctx, model),
  "automatic-speech-recognition": (ctx, model) => {
    const audio = binaryInput(ctx, "audio");
    const gen = generateText(`${model.id}\n${audio.subarray(0, 4096).toString("base64")}`, 14);
    return json(200, { text: " " + gen.text });
  },
  "audio-classification": (ctx, model) => {
    const audio = binaryInput(ctx, "audio");
    const params = isRecord(ctx.body) ? parameters(ctx.body) : {};
    const labels = model.emulator?.labels ?? AUDIO_LABELS;
    return json(
      200,
      labelScores(
        hashString(audio.subarray(0, 4096).toString("base64")),
        labels,
        topK(params, labels.length),
      ),
    );
  },
  "audio-to-audio": (ctx) => {
    const audio = binaryInput(ctx, "audio");
    const seed = hashString(audio.subarray(0, 4096).toString("base64"));
    return json(
      200,
      [0, 1].map((i) => ({
        label: `speech_${i}`,
        "content-type": "audio/wav",
        blob: renderWav(seed + i, 1).toString("base64"),
      })),
    );
  },
};

function tabular(ctx: Ctx, kind: "classification" | "regression"): Reply {
  const body = jsonBody(ctx);
  const inputs = body.inputs;
  if (!isRecord(inputs) || !isRecord(inputs.data)) bad('"inputs" must be {"data": {column: values[]}}');
  const columns = Object.entries(inputs.data);
  if (columns.length === 0) bad('"inputs.data" must have at least one column');
  const rows = Array.isArray(columns[0][1]) ? columns[0][1].length : -1;
  for (const [name, values] of columns) {
    if (!Array.isArray(values)) bad(`"inputs.data.${name}" must be an array`);
    if (values.length !== rows)
      bad(`All columns must have the same length ("${name}" has ${values.length}, expected ${rows})`);
  }
  return json(
    200,
    Array.from({ length: rows }, (_, r) => {
      const h = hashString(columns.map(([, vs]) => String((vs as unknown[])[r])).join("|"));
      return kind === "classification" ? 3 + (h % 6) : Math.round((50 + (h % 100000) / 100) * 100) / 100;
    }),
  );
}

function visualQa(ctx: Ctx, document: boolean): Reply {
  const body = jsonBody(ctx);
  const inputs = body.inputs;
  if (!isRecord(inputs) || typeof inputs.question !== "string" || inputs.image === undefined) {
    bad('"inputs" must be {"image": base64 string, "question": string}');
  }
  const image = binaryInput(ctx, "image", inputs.image);
  const rand = mulberry32(
    hashString(inputs.question) ^ hashString(image.subarray(0, 2048).toString("base64")),
  );
  const words = keywords(inputs.question, 1);
  if (document) {
    const answer = pick(rand, ["us-001", "$1,000.00", "15/02/2025", "Acme Corp", words[0] ?? "invoice"]);
    const start = Math.floor(rand() * 40);
    return json(200, [
      { answer, score: round(0.5 + rand() * 0.49), start, end: start + countTokens(answer) - 1 },
    ]);
  }
  return json(
    200,
    ["yes", "no", "2", pick(rand, DETECTION_LABELS)].map((answer, i, all) => ({
      answer,
      score: round((all.length - i) / (all.length * 2) + rand() * 0.05),
    })),
  );
}

function speech(ctx: Ctx, model: EmulatedModel): Reply {
  const { text } = textInputs(ctx);
  if (text.trim() === "") bad('"inputs" must not be empty');
  const seconds = Math.min(10, Math.max(1, Math.ceil(countTokens(text) / 3)));
  return bytes(renderWav(hashString(`${model.id}\n${text}`), seconds), "audio/wav");
}
