// One streamed chat completion with its timings: time to first token, total time and tokens per
// second, as shown under each reply and in compare mode.
import type { InferenceClient } from "@hubkit/inference";

export interface Usage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
}

export interface ReplyMetrics {
  /** milliseconds from sending to the first content token */
  firstTokenMs?: number;
  /** milliseconds from sending to the end of the stream */
  totalMs: number;
  /** completion tokens: the usage event's count, else the number of content chunks */
  tokens: number;
  /** whether `tokens` comes from the provider's usage event */
  counted: boolean;
}

export type ApiContent =
  string | ({ type: "text"; text: string } | { type: "image_url"; image_url: { url: string } })[];
export interface ApiMessage {
  role: "system" | "user" | "assistant";
  content: ApiContent;
}

export interface ChatRequest {
  model: string;
  provider: string;
  /** an OpenAI-compatible base the call goes to instead (the hub router's /v1, for policies) */
  endpointUrl?: string;
  messages: ApiMessage[];
  temperature: number;
  max_tokens: number;
  top_p: number;
}

export interface StreamOutcome {
  text: string;
  usage?: Usage;
  metrics: ReplyMetrics;
  aborted: boolean;
}

/**
 * Streams one reply, calling `onText` with the text so far. Resolves with what arrived also when
 * stopped; rejects on a failed call, with `partial` on the error holding the text so far.
 */
export async function streamChat(
  client: InferenceClient,
  request: ChatRequest,
  signal: AbortSignal,
  onText: (text: string) => void,
): Promise<StreamOutcome> {
  const started = performance.now();
  let firstTokenMs: number | undefined;
  let text = "";
  let chunks = 0;
  let usage: Usage | undefined;
  const outcome = (): StreamOutcome => {
    const counted = typeof usage?.completion_tokens === "number";
    return {
      text,
      usage,
      aborted: signal.aborted,
      metrics: {
        firstTokenMs,
        totalMs: performance.now() - started,
        tokens: counted ? usage!.completion_tokens! : chunks,
        counted,
      },
    };
  };
  try {
    const stream = client.chatCompletionStream(
      {
        model: request.model,
        ...(request.endpointUrl
          ? { endpointUrl: request.endpointUrl }
          : { provider: request.provider as never }),
        messages: request.messages as never,
        temperature: request.temperature,
        max_tokens: request.max_tokens,
        top_p: request.top_p,
        stream_options: { include_usage: true },
      },
      { signal },
    );
    for await (const chunk of stream) {
      const delta = chunk.choices?.[0]?.delta?.content ?? "";
      if (delta) {
        firstTokenMs ??= performance.now() - started;
        chunks++;
        text += delta;
        onText(text);
      }
      if (chunk.usage) usage = chunk.usage as Usage;
    }
  } catch (error) {
    if (signal.aborted) return outcome();
    throw Object.assign(error as Error, { partial: outcome() });
  }
  return outcome();
}

/** Tokens per second of generation (after the first token), when it can be told. */
export function tokensPerSecond(metrics: ReplyMetrics): number | undefined {
  if (metrics.firstTokenMs === undefined || metrics.tokens < 2) return undefined;
  const seconds = (metrics.totalMs - metrics.firstTokenMs) / 1000;
  return seconds > 0 ? (metrics.tokens - 1) / seconds : undefined;
}

export function formatSeconds(ms: number | undefined): string {
  return ms === undefined ? "–" : `${(ms / 1000).toFixed(2)} s`;
}
