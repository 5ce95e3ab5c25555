// OpenAI-compatible chat completions and text completions (JSON and SSE), shared by every
// provider that speaks that protocol, including hf-inference's /v1/chat/completions.
import type { Ctx } from "../context.js";
import { isRecord } from "../context.js";
import { fail } from "../errors.js";
import type { ErrorStyle } from "../errors.js";
import { json, sse } from "../reply.js";
import type { Reply } from "../reply.js";
import { countTokens, generateText, hashString, idFromSeed, mulberry32, pick } from "../text.js";
import { VOCABULARY } from "../data/words.js";

const ROLES = new Set(["system", "user", "assistant", "tool", "developer", "function"]);

interface ChatRequest {
  model: string;
  messages: Record<string, unknown>[];
  maxTokens?: number;
  n: number;
  stream: boolean;
  includeUsage: boolean;
  seed?: number;
  stop: string[];
  tools?: Record<string, unknown>[];
  toolChoice?: unknown;
  responseFormat?: Record<string, unknown>;
}

function checkOptionalNumber(
  body: Record<string, unknown>,
  key: string,
  style: ErrorStyle,
  status: number,
  opts: { min?: number; max?: number; integer?: boolean },
): number | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  const kind = opts.integer ? "an integer" : "a number";
  if (typeof v !== "number" || !Number.isFinite(v) || (opts.integer && !Number.isInteger(v))) {
    fail(style, status, `'${key}' must be ${kind}, got ${JSON.stringify(v)}`, key);
  }
  if ((opts.min !== undefined && v < opts.min) || (opts.max !== undefined && v > opts.max)) {
    const range = opts.max === undefined ? `>= ${opts.min}` : `between ${opts.min} and ${opts.max}`;
    fail(style, status, `'${key}' must be ${range}, got ${v}`, key);
  }
  return v;
}

function requireModel(body: Record<string, unknown>, style: ErrorStyle, status: number): string {
  if (body.model === undefined) fail(style, status, "you must provide a model parameter", "model");
  if (typeof body.model !== "string" || body.model.trim() === "") {
    fail(style, status, `'model' must be a non-empty string, got ${JSON.stringify(body.model)}`, "model");
  }
  return body.model;
}

function requireObjectBody(ctx: Ctx, style: ErrorStyle, status: number): Record<string, unknown> {
  if (!isRecord(ctx.body)) {
    fail(
      style,
      status,
      ctx.bodyBytes.length === 0
        ? "Request body is empty: expected a JSON object"
        : "Request body must be a JSON object",
    );
  }
  return ctx.body;
}

function validateChat(ctx: Ctx, style: ErrorStyle, status: number, modelFromPath?: string): ChatRequest {
  const body = requireObjectBody(ctx, style, status);
  const model =
    modelFromPath !== undefined && body.model === undefined
      ? modelFromPath
      : requireModel(body, style, status);
  const messages = body.messages;
  if (messages === undefined) fail(style, status, "'messages' is a required property", "messages");
  if (!Array.isArray(messages))
    fail(style, status, "'messages' must be an array of message objects", "messages");
  if (messages.length === 0) fail(style, status, "'messages' must contain at least one message", "messages");
  messages.forEach((m, i) => {
    if (!isRecord(m)) fail(style, status, `messages[${i}] must be an object`, `messages.${i}`);
    if (typeof m.role !== "string" || !ROLES.has(m.role)) {
      fail(
        style,
        status,
        `messages[${i}].role must be one of ${[...ROLES].join(", ")}; got ${JSON.stringify(m.role)}`,
        `messages.${i}.role`,
      );
    }
    const c = m.content;
    const toolCallOnly =
      m.role === "assistant" && Array.isArray(m.tool_calls) && (c === null || c === undefined);
    if (toolCallOnly) return;
    if (typeof c === "string") return;
    if (!Array.isArray(c))
      fail(
        style,
        status,
        `messages[${i}].content must be a string or an array of content parts`,
        `messages.${i}.content`,
      );
    c.forEach((part, j) => {
      const where = `messages[${i}].content[${j}]`;
      if (!isRecord(part)) fail(style, status, `${where} must be an object`, where);
      if (part.type === "text") {
        if (typeof part.text !== "string") fail(style, status, `${where}.text must be a string`, where);
      } else if (part.type === "image_url") {
        if (!isRecord(part.image_url) || typeof part.image_url.url !== "string") {
          fail(style, status, `${where}.image_url.url must be a string (an http(s) or data: URL)`, where);
        }
      } else {
        fail(
          style,
          status,
          `${where}.type must be "text" or "image_url", got ${JSON.stringify(part.type)}`,
          where,
        );
      }
    });
  });
  const maxTokens =
    checkOptionalNumber(body, "max_tokens", style, status, { min: 1, integer: true }) ??
    checkOptionalNumber(body, "max_completion_tokens", style, status, { min: 1, integer: true });
  checkOptionalNumber(body, "temperature", style, status, { min: 0, max: 2 });
  checkOptionalNumber(body, "top_p", style, status, { min: 0, max: 1 });
  checkOptionalNumber(body, "frequency_penalty", style, status, { min: -2, max: 2 });
  checkOptionalNumber(body, "presence_penalty", style, status, { min: -2, max: 2 });
  const n = checkOptionalNumber(body, "n", style, status, { min: 1, max: 8, integer: true }) ?? 1;
  const seed = checkOptionalNumber(body, "seed", style, status, { integer: true });
  if (body.stream !== undefined && body.stream !== null && typeof body.stream !== "boolean") {
    fail(style, status, `'stream' must be a boolean, got ${JSON.stringify(body.stream)}`, "stream");
  }
  let stop: string[] = [];
  if (typeof body.stop === "string") stop = [body.stop];
  else if (Array.isArray(body.stop) && body.stop.every((s) => typeof s === "string"))
    stop = body.stop as string[];
  else if (body.stop !== undefined && body.stop !== null)
    fail(style, status, "'stop' must be a string or an array of strings", "stop");
  let tools: Record<string, unknown>[] | undefined;
  if (body.tools !== undefined && body.tools !== null) {
    if (!Array.isArray(body.tools)) fail(style, status, "'tools' must be an array", "tools");
    body.tools.forEach((t, i) => {
      if (
        !isRecord(t) ||
        t.type !== "function" ||
        !isRecord(t.function) ||
        typeof t.function.name !== "string"
      ) {
        fail(
          style,
          status,
          `tools[${i}] must be {type: "function", function: {name, parameters?}}`,
          `tools.${i}`,
        );
      }
    });
    tools = body.tools as Record<string, unknown>[];
  }
  let responseFormat: Record<string, unknown> | undefined;
  if (body.response_format !== undefined && body.response_format !== null) {
    const rf = body.response_format;
    if (
      !isRecord(rf) ||
      !["text", "json_object", "json_schema", "json", "regex"].includes(rf.type as string)
    ) {
      fail(
        style,
        status,
        "'response_format.type' must be one of text, json_object, json_schema",
        "response_format",
      );
    }
    responseFormat = rf;
  }
  const streamOptions = isRecord(body.stream_options) ? body.stream_options : {};
  return {
    model,
    messages: messages as Record<string, unknown>[],
    maxTokens,
    n,
    stream: body.stream === true,
    includeUsage: streamOptions.include_usage === true,
    seed,
    stop,
    tools,
    toolChoice: body.tool_choice,
    responseFormat,
  };
}

function messageText(m: Record<string, unknown>): string {
  if (typeof m.content === "string") return m.content;
  if (Array.isArray(m.content)) {
    return m.content
      .map((p) =>
        isRecord(p) && p.type === "text"
          ? String(p.text)
          : isRecord(p) && p.type === "image_url"
            ? "[image]"
            : "",
      )
      .join(" ");
  }
  return "";
}

/** A value conforming (loosely) to a JSON schema, for tool arguments and json_schema replies. */
function sampleFromSchema(schema: unknown, rand: () => number, depth = 0): unknown {
  if (!isRecord(schema) || depth > 4) return pick(rand, VOCABULARY);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  switch (schema.type) {
    case "object": {
      const props = isRecord(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : Object.keys(props);
      return Object.fromEntries(required.map((k) => [k, sampleFromSchema(props[k], rand, depth + 1)]));
    }
    case "array":
      return [sampleFromSchema(schema.items, rand, depth + 1)];
    case "integer":
      return Math.floor(rand() * 100);
    case "number":
      return Math.round(rand() * 10000) / 100;
    case "boolean":
      return rand() < 0.5;
    default:
      return pick(rand, VOCABULARY);
  }
}

interface ChoicePlan {
  content: string | null;
  tokens: string[];
  toolCalls?: { id: string; type: "function"; function: { name: string; arguments: string } }[];
  finishReason: string;
}

function planChoice(chat: ChatRequest, index: number, provider = ""): ChoicePlan {
  const prompt = chat.messages.map(messageText).join("\n");
  const seed = hashString(`${chat.model}\n${prompt}`) ^ ((chat.seed ?? 0) * 31 + index);
  const rand = mulberry32(seed);
  const wantsTool =
    chat.tools !== undefined &&
    chat.tools.length > 0 &&
    chat.toolChoice !== "none" &&
    chat.messages[chat.messages.length - 1]?.role !== "tool";
  if (wantsTool) {
    let tool = chat.tools![0].function as Record<string, unknown>;
    if (isRecord(chat.toolChoice) && isRecord(chat.toolChoice.function)) {
      const wanted = chat.toolChoice.function.name;
      tool =
        chat.tools!.map((t) => t.function as Record<string, unknown>).find((f) => f.name === wanted) ?? tool;
    }
    const args = JSON.stringify(
      sampleFromSchema(tool.parameters ?? { type: "object", properties: {} }, rand),
    );
    return {
      content: null,
      tokens: [],
      toolCalls: [
        {
          id: `call_${idFromSeed(seed, 24)}`,
          type: "function",
          function: { name: String(tool.name), arguments: args },
        },
      ],
      finishReason: "tool_calls",
    };
  }
  const rf = chat.responseFormat;
  if (rf && rf.type !== "text") {
    const schema = isRecord(rf.json_schema) ? rf.json_schema.schema : (rf.value ?? rf.schema);
    const value = schema ? sampleFromSchema(schema, rand) : { answer: generateText(prompt, 12, seed).text };
    const text = JSON.stringify(value);
    const tokens = text.match(/.{1,8}/gs) ?? [text];
    return { content: text, tokens, finishReason: "stop" };
  }
  // Seeded by the model and the provider too: two models, or one model on two providers, answer the
  // same prompt differently, as real ones do (the Compare view shows two replies).
  const gen = generateText(
    prompt,
    chat.maxTokens,
    hashString(`${provider}\n${chat.model}`) ^ ((chat.seed ?? 0) * 31 + index),
  );
  let tokens = gen.tokens;
  let finishReason: string = gen.finishReason;
  for (const s of chat.stop) {
    const at = gen.text.indexOf(s);
    if (at >= 0) {
      let acc = "";
      tokens = [];
      for (const t of gen.tokens) {
        if ((acc + t).length > at) break;
        acc += t;
        tokens.push(t);
      }
      finishReason = "stop";
    }
  }
  return { content: tokens.join(""), tokens, finishReason };
}

export interface ChatFlavor {
  style: ErrorStyle;
  /** Status of validation errors (400 for most, 422 for TGI). */
  invalidStatus: number;
  /** hf-inference takes the model from the URL when the body has none. */
  modelFromPath?: string;
  systemFingerprint?: string | null;
}

export function chatCompletion(ctx: Ctx, flavor: ChatFlavor): Reply {
  const chat = validateChat(ctx, flavor.style, flavor.invalidStatus, flavor.modelFromPath);
  const created = Math.floor(ctx.env.now() / 1000);
  const promptTokens = chat.messages.reduce((sum, m) => sum + countTokens(messageText(m)) + 4, 0);
  const plans = Array.from({ length: chat.n }, (_, i) => planChoice(chat, i, ctx.provider ?? ctx.host));
  const completionTokens = plans.reduce(
    (s, p) => s + (p.toolCalls ? countTokens(p.toolCalls[0].function.arguments) : p.tokens.length),
    0,
  );
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
  const id = `chatcmpl-${idFromSeed(hashString(JSON.stringify(ctx.body)), 29)}`;
  const fingerprint = flavor.systemFingerprint === undefined ? null : flavor.systemFingerprint;
  if (!chat.stream) {
    return json(200, {
      id,
      object: "chat.completion",
      created,
      model: chat.model,
      system_fingerprint: fingerprint,
      choices: plans.map((p, index) => ({
        index,
        message: {
          role: "assistant",
          content: p.content,
          ...(p.toolCalls ? { tool_calls: p.toolCalls } : {}),
        },
        logprobs: null,
        finish_reason: p.finishReason,
      })),
      usage,
    });
  }
  const chunk = (index: number, delta: Record<string, unknown>, finishReason: string | null) => ({
    id,
    object: "chat.completion.chunk",
    created,
    model: chat.model,
    system_fingerprint: fingerprint,
    choices: [{ index, delta, logprobs: null, finish_reason: finishReason }],
  });
  const events: unknown[] = [];
  plans.forEach((p, index) => {
    events.push(chunk(index, { role: "assistant", content: "" }, null));
    if (p.toolCalls) {
      const call = p.toolCalls[0];
      events.push(
        chunk(
          index,
          {
            tool_calls: [
              {
                index: 0,
                id: call.id,
                type: "function",
                function: { name: call.function.name, arguments: "" },
              },
            ],
          },
          null,
        ),
      );
      events.push(
        chunk(index, { tool_calls: [{ index: 0, function: { arguments: call.function.arguments } }] }, null),
      );
    } else {
      for (const t of p.tokens) events.push(chunk(index, { content: t }, null));
    }
    events.push(chunk(index, {}, p.finishReason));
  });
  if (chat.includeUsage)
    events.push({ id, object: "chat.completion.chunk", created, model: chat.model, choices: [], usage });
  events.push("[DONE]");
  return sse(events);
}

/** POST …/completions: OpenAI legacy text completions. */
export function textCompletion(ctx: Ctx, style: ErrorStyle, invalidStatus = 400): Reply {
  const body = requireObjectBody(ctx, style, invalidStatus);
  const model = requireModel(body, style, invalidStatus);
  const prompt = body.prompt;
  if (prompt === undefined) fail(style, invalidStatus, "'prompt' is a required property", "prompt");
  if (typeof prompt !== "string" && !(Array.isArray(prompt) && prompt.every((p) => typeof p === "string"))) {
    fail(style, invalidStatus, "'prompt' must be a string or an array of strings", "prompt");
  }
  const maxTokens = checkOptionalNumber(body, "max_tokens", style, invalidStatus, { min: 1, integer: true });
  checkOptionalNumber(body, "temperature", style, invalidStatus, { min: 0, max: 2 });
  const seed = checkOptionalNumber(body, "seed", style, invalidStatus, { integer: true }) ?? 0;
  const prompts = typeof prompt === "string" ? [prompt] : (prompt as string[]);
  const created = Math.floor(ctx.env.now() / 1000);
  const id = `cmpl-${idFromSeed(hashString(JSON.stringify(body)), 29)}`;
  const gens = prompts.map((p, i) => generateText(`${model}\n${p}`, maxTokens ?? 16, seed * 31 + i));
  const promptTokens = prompts.reduce((s, p) => s + countTokens(p), 0);
  const completionTokens = gens.reduce((s, g) => s + g.tokens.length, 0);
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
  if (body.stream !== true) {
    return json(200, {
      id,
      object: "text_completion",
      created,
      model,
      choices: gens.map((g, index) => ({
        index,
        text: " " + g.text,
        logprobs: null,
        finish_reason: g.finishReason,
      })),
      usage,
    });
  }
  const events: unknown[] = [];
  gens.forEach((g, index) => {
    g.tokens.forEach((t, k) => {
      const last = k === g.tokens.length - 1;
      events.push({
        id,
        object: "text_completion",
        created,
        model,
        choices: [
          { index, text: k === 0 ? " " + t : t, logprobs: null, finish_reason: last ? g.finishReason : null },
        ],
      });
    });
  });
  events.push("[DONE]");
  return sse(events);
}
