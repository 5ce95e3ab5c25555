// Usage per call through the router gateway: after calls by two users (one billing some to an org),
// plain and streamed, the usage API's figures equal what the emulator answered (tokens in and out per
// token and per org), with the provider, calls counted by the emulator, and cost at the price table.
// A token sees its own calls and its orgs'. gateway-usage.postgres.test.ts runs it on PostgreSQL, where
// the provider keys and usage rows live in the replicas' database.
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UsageReply } from "../src/contract/api.js";
import { startTestHub, type TestHub } from "./support/hub.js";
import { storeKind } from "./support/store-under-test.js";

const MODEL = "meta-llama/Llama-3.3-70B-Instruct";
let hub: TestHub;
let frank: string;
let gina: string;

beforeAll(async () => {
  hub = await startTestHub("gateway-usage", { store: "chosen", emulatorStreamIntervalMs: 0 });
  expect(hub.gateway.store.kind).toBe(storeKind());
  frank = await hub.repos.access.createToken("frank", { orgs: ["studio"] });
  gina = await hub.repos.access.createToken("gina");
}, 60_000);

afterAll(() => hub?.close());

type Counted = { tokensIn: number; tokensOut: number; calls: number };
const add = (into: Counted, tokensIn: number, tokensOut: number) => {
  into.tokensIn += tokensIn;
  into.tokensOut += tokensOut;
  into.calls++;
};

/** Calls as `token`, adding what the emulator answered as usage to `counted`. */
async function calls(
  token: string,
  provider: string,
  counted: Counted,
  headers: Record<string, string> = {},
) {
  const openai = new OpenAI({
    baseURL: `${hub.url}/router/v1`,
    apiKey: token,
    maxRetries: 0,
    defaultHeaders: headers,
  });
  const messages = [{ role: "user" as const, content: `Tell ${provider} a short story` }];
  for (const max_tokens of [5, 9]) {
    const reply = await openai.chat.completions.create({
      model: `${MODEL}:${provider}`,
      messages,
      max_tokens,
    });
    add(counted, reply.usage!.prompt_tokens, reply.usage!.completion_tokens);
  }
  const stream = await openai.chat.completions.create({
    model: `${MODEL}:${provider}`,
    messages,
    max_tokens: 7,
    stream: true,
    stream_options: { include_usage: true },
  });
  for await (const chunk of stream)
    if (chunk.usage) add(counted, chunk.usage.prompt_tokens, chunk.usage.completion_tokens);
}

async function usage(token: string): Promise<UsageReply> {
  const response = await fetch(`${hub.url}/api/hubkit/usage`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as UsageReply;
}

const sum = (rows: UsageReply["rows"]) =>
  rows.reduce(
    (total, row) => ({
      tokensIn: total.tokensIn + row.tokensIn,
      tokensOut: total.tokensOut + row.tokensOut,
      calls: total.calls + row.calls,
    }),
    { tokensIn: 0, tokensOut: 0, calls: 0 },
  );

describe("usage per call", () => {
  it("records what the emulator answered, per token and per org, with provider and cost", async () => {
    const emulator = hub.emulator!;
    emulator.clearRequests();
    const frankOwn: Counted = { tokensIn: 0, tokensOut: 0, calls: 0 };
    const studio: Counted = { tokensIn: 0, tokensOut: 0, calls: 0 };
    const ginaOwn: Counted = { tokensIn: 0, tokensOut: 0, calls: 0 };
    await calls(frank, "groq", frankOwn);
    await calls(frank, "groq", studio, { "x-hf-bill-to": "studio" });
    await calls(gina, "together", ginaOwn);

    const seenByFrank = await usage(frank);
    const own = seenByFrank.rows.filter((row) => row.user === "frank" && row.org === null);
    const billed = seenByFrank.rows.filter((row) => row.org === "studio");
    expect(sum(own)).toEqual(frankOwn);
    expect(sum(billed)).toEqual(studio);
    expect(seenByFrank.rows.some((row) => row.user === "gina")).toBe(false);
    for (const row of [...own, ...billed]) {
      expect(row).toMatchObject({ model: MODEL, provider: "groq", errors: 0 });
      expect(row.costUsd).toBeCloseTo((row.tokensIn * 0.59 + row.tokensOut * 0.79) / 1e6, 12);
      expect(row.day).toBe(new Date().toISOString().slice(0, 10));
    }
    const seenByGina = await usage(gina);
    expect(sum(seenByGina.rows)).toEqual(ginaOwn);
    expect(seenByGina.rows.every((row) => row.provider === "together")).toBe(true);
    // Calls recorded = chat calls the emulator received for each provider.
    const received = (provider: string) =>
      emulator.requests.filter(
        (request) => request.provider === provider && request.path.endsWith("/chat/completions"),
      ).length;
    expect(received("groq")).toBe(frankOwn.calls + studio.calls);
    expect(received("together")).toBe(ginaOwn.calls);
  });

  it("refuses a bad period with a clear error", async () => {
    const response = await fetch(`${hub.url}/api/hubkit/usage?days=0`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/"days"/);
  });
});
