// POST /router/v1/responses: the OpenAI Responses API over chat completions, for providers that only
// speak the latter. The request becomes a chat call to this hub's own /router/v1/chat/completions
// (so the gateway admits, routes, limits and records it as any other), and the reply becomes a
// Responses object, or, streamed, the Responses API's events (created, item and part added, text
// deltas, done events, completed).
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { FastifyInstance, FastifyReply } from "fastify";
import { HttpError } from "../http/errors.js";
import { checkSameOrigin, SECURITY_HEADERS } from "../http/request-guard.js";

export const RESPONSES_PATH = "/router/v1/responses";
/** Request headers passed on to the chat call. */
const PASSED_HEADERS = ["authorization", "x-hf-bill-to", "user-agent"];

type Json = Record<string, unknown>;

const newId = (prefix: string) => `${prefix}_${randomBytes(16).toString("hex")}`;

/** One input item's text: a string, or the text parts of a content list. */
function textOf(content: unknown, where: string): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((part, index) => {
        const text = (part as Json | null)?.text;
        if (typeof text !== "string") {
          throw new HttpError(
            400,
            `${where}[${index}] must be a text part ({"type": "input_text", "text": …})`,
          );
        }
        return text;
      })
      .join("");
  }
  throw new HttpError(400, `${where} must be a string or a list of text parts`);
}

/** The chat completions request a Responses request stands for. */
export function chatRequestOf(body: unknown): Json {
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw new HttpError(400, "The request body must be a JSON object");
  }
  const request = body as Json;
  if (typeof request.model !== "string" || request.model === "")
    throw new HttpError(400, "'model' is a required property");
  const messages: { role: string; content: string }[] = [];
  if (request.instructions !== undefined && request.instructions !== null) {
    if (typeof request.instructions !== "string") throw new HttpError(400, "'instructions' must be a string");
    messages.push({ role: "system", content: request.instructions });
  }
  const input = request.input;
  if (typeof input === "string") messages.push({ role: "user", content: input });
  else if (Array.isArray(input)) {
    input.forEach((item, index) => {
      const entry = item as Json | null;
      const role = entry?.role;
      if (entry?.type !== undefined && entry.type !== "message") {
        throw new HttpError(
          400,
          `input[${index}] has type "${String(entry.type).slice(0, 40)}": only messages are translated`,
        );
      }
      if (role !== "user" && role !== "assistant" && role !== "system" && role !== "developer") {
        throw new HttpError(400, `input[${index}].role must be user, assistant, system or developer`);
      }
      messages.push({
        role: role === "developer" ? "system" : role,
        content: textOf(entry!.content, `input[${index}].content`),
      });
    });
  } else throw new HttpError(400, "'input' is a required property: a string or a list of messages");
  const chat: Json = { model: request.model, messages };
  if (request.max_output_tokens !== undefined) chat.max_tokens = request.max_output_tokens;
  for (const key of ["temperature", "top_p", "stream"] as const)
    if (request[key] !== undefined) chat[key] = request[key];
  if (request.stream === true) chat.stream_options = { include_usage: true };
  return chat;
}

interface Usage {
  prompt_tokens?: number;
  completion_tokens?: number;
}

function responseObject(
  id: string,
  model: string,
  created: number,
  status: string,
  message: Json | undefined,
  usage?: Usage,
): Json {
  return {
    id,
    object: "response",
    created_at: created,
    status,
    error: null,
    incomplete_details: null,
    model,
    output: message ? [message] : [],
    parallel_tool_calls: false,
    tool_choice: "auto",
    tools: [],
    usage: usage
      ? {
          input_tokens: usage.prompt_tokens ?? 0,
          output_tokens: usage.completion_tokens ?? 0,
          total_tokens: (usage.prompt_tokens ?? 0) + (usage.completion_tokens ?? 0),
          input_tokens_details: { cached_tokens: 0 },
          output_tokens_details: { reasoning_tokens: 0 },
        }
      : null,
  };
}

const messageItem = (id: string, text: string, status: string): Json => ({
  type: "message",
  id,
  status,
  role: "assistant",
  content: [{ type: "output_text", text, annotations: [] }],
});

/** Relays an upstream error as it came (status and JSON body). */
async function relayError(reply: FastifyReply, upstream: Response): Promise<FastifyReply> {
  const text = await upstream.text();
  const retryAfter = upstream.headers.get("retry-after");
  if (retryAfter) reply.header("retry-after", retryAfter);
  return reply
    .code(upstream.status)
    .type(upstream.headers.get("content-type") ?? "application/json")
    .send(text);
}

/** The data of each event of an SSE body, as it arrives. */
async function* eventData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffered = "";
  for await (const chunk of body) {
    buffered += decoder.decode(chunk, { stream: true });
    for (let end = buffered.indexOf("\n\n"); end !== -1; end = buffered.indexOf("\n\n")) {
      const event = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const data = event
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).trimStart())
        .join("\n");
      if (data) yield data;
    }
  }
}

export function registerResponsesRoute(app: FastifyInstance): void {
  app.post(RESPONSES_PATH, { config: { compress: false } }, async (request, reply) => {
    // As on the rest of /router: another site's page must not get the server's credentials spent.
    const refusal = checkSameOrigin(request);
    if (refusal) throw new HttpError(403, refusal);
    const chat = chatRequestOf(request.body);
    const address = app.server.address() as AddressInfo;
    const headers: Record<string, string> = { "content-type": "application/json" };
    for (const name of PASSED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    // A caller that hangs up mid-stream ends the chat call too.
    const abort = new AbortController();
    reply.raw.on("close", () => {
      if (!reply.raw.writableFinished) abort.abort();
    });
    const upstream = await fetch(`http://127.0.0.1:${address.port}/router/v1/chat/completions`, {
      method: "POST",
      signal: abort.signal,
      headers: { ...headers, host: request.headers.host ?? "127.0.0.1" },
      body: JSON.stringify(chat),
    });
    if (!upstream.ok) return relayError(reply, upstream);
    const id = newId("resp");
    const itemId = newId("msg");
    const model = String(chat.model);
    const created = Math.floor(Date.now() / 1000);
    if (chat.stream !== true) {
      const completion = (await upstream.json()) as {
        choices?: { message?: { content?: string } }[];
        usage?: Usage;
      };
      const text = completion.choices?.[0]?.message?.content ?? "";
      return responseObject(
        id,
        model,
        created,
        "completed",
        messageItem(itemId, text, "completed"),
        completion.usage,
      );
    }

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      "x-accel-buffering": "no",
    });
    let sequence = 0;
    const send = (type: string, payload: Json) =>
      res.write(
        `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...payload })}\n\n`,
      );
    const where = { item_id: itemId, output_index: 0, content_index: 0 };
    send("response.created", { response: responseObject(id, model, created, "in_progress", undefined) });
    send("response.in_progress", { response: responseObject(id, model, created, "in_progress", undefined) });
    send("response.output_item.added", {
      output_index: 0,
      item: { ...messageItem(itemId, "", "in_progress"), content: [] },
    });
    send("response.content_part.added", {
      ...where,
      part: { type: "output_text", text: "", annotations: [] },
    });
    let text = "";
    let usage: Usage | undefined;
    try {
      for await (const data of eventData(upstream.body!)) {
        if (data === "[DONE]") break;
        const chunk = JSON.parse(data) as {
          choices?: { delta?: { content?: string } }[];
          usage?: Usage;
          error?: unknown;
        };
        if (chunk.error !== undefined)
          throw new Error(typeof chunk.error === "string" ? chunk.error : "the provider failed");
        if (chunk.usage) usage = chunk.usage;
        const delta = chunk.choices?.[0]?.delta?.content;
        if (delta) {
          text += delta;
          send("response.output_text.delta", { ...where, delta, logprobs: [] });
        }
      }
    } catch (error) {
      if (abort.signal.aborted) return reply;
      send("error", { code: "provider_error", message: (error as Error).message, param: null });
      res.end();
      return reply;
    }
    send("response.output_text.done", { ...where, text, logprobs: [] });
    send("response.content_part.done", { ...where, part: { type: "output_text", text, annotations: [] } });
    const item = messageItem(itemId, text, "completed");
    send("response.output_item.done", { output_index: 0, item });
    send("response.completed", { response: responseObject(id, model, created, "completed", item, usage) });
    res.end();
    return reply;
  });
}
