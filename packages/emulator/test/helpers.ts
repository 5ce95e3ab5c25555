// Shared helpers for the emulator tests: plain fetch calls and a minimal SSE reader.

// Test assertions walk response JSON freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export const HUB_TOKEN = "hf_TestTokenAbcdefghijklmnop";
export const PROVIDER_KEY = "sk-test-provider-key-123";

export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Json; headers: Headers; text: string }> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let json: Json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, headers: res.headers, text };
}

export async function getJson(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Json }> {
  const res = await fetch(url, { headers });
  return { status: res.status, json: await res.json() };
}

/** Splits an SSE body into the `data` payloads of its events (spec rules: blank line ends an event). */
export function sseData(body: string): string[] {
  const out: string[] = [];
  for (const block of body.split(/\r?\n\r?\n/)) {
    const data = block
      .split(/\r?\n/)
      .filter((l) => l.startsWith("data:"))
      .map((l) => l.slice(5).replace(/^ /, ""));
    if (data.length > 0) out.push(data.join("\n"));
  }
  return out;
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

export const chatBody = (model: string, extra: Record<string, unknown> = {}) => ({
  messages: [{ role: "user", content: "What is the capital of France?" }],
  max_tokens: 64,
  ...extra,
  model,
});
