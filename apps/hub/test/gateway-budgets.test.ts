// Spend budgets through the router gateway: a token with a tiny monthly budget (hubkit-hub limit set
// --budget) gets calls until its recorded cost reaches the budget, then 402 with an error naming the
// budget and the spend; an org's budget likewise for calls billed to it, while the same member's own
// calls go on. The spend is also read back from the store (a restarted or other replica sees it).
// gateway-budgets.postgres.test.ts runs it on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "../src/commands.js";
import type { UsageReply } from "../src/contract/api.js";
import { hashToken } from "../src/repos/access.js";
import { captureIo } from "./support/command-io.js";
import { startTestHub, type TestHub } from "./support/hub.js";
import { storeKind } from "./support/store-under-test.js";

const MODEL = "meta-llama/Llama-3.3-70B-Instruct";
/** About four calls of the emulator's short answers at the price table's rates. */
const BUDGET = 0.00002;
let hub: TestHub;

beforeAll(async () => {
  hub = await startTestHub("gateway-budgets", { store: "chosen", emulatorStreamIntervalMs: 0 });
  expect(hub.gateway.store.kind).toBe(storeKind());
}, 60_000);

afterAll(() => hub?.close());

async function limit(...args: string[]): Promise<{ exitCode: number; out: string; err: string }> {
  const { io, out, err } = captureIo({ HUBKIT_DATABASE_URL: hub.databaseUrl });
  const { exitCode } = await runCommand(["limit", ...args, "--data-dir", hub.folder], io);
  return { exitCode, out: out(), err: err() };
}

async function chat(token: string, headers: Record<string, string> = {}) {
  return fetch(`${hub.url}/router/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify({ model: MODEL, messages: [{ role: "user", content: "Say hello" }], max_tokens: 8 }),
  });
}

/** Calls until one is refused (at most 40), returning the statuses and the refusal's error. */
async function spendUntilRefused(token: string, headers: Record<string, string> = {}) {
  const statuses: number[] = [];
  for (let i = 0; i < 40; i++) {
    const response = await chat(token, headers);
    statuses.push(response.status);
    if (response.status !== 200)
      return { statuses, error: ((await response.json()) as { error: string }).error };
    await response.text();
  }
  return { statuses, error: "" };
}

/** The recorded cost per call (oldest first) of one token, or of an org's calls. */
async function recordedCosts(token: string, filter: (row: UsageReply["rows"][number]) => boolean) {
  await hub.gateway.usage.flush();
  const response = await fetch(`${hub.url}/api/hubkit/usage?days=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const reply = (await response.json()) as UsageReply;
  const rows = reply.rows.filter(filter);
  return {
    calls: rows.reduce((sum, row) => sum + row.calls, 0),
    cost: rows.reduce((sum, row) => sum + row.costUsd, 0),
  };
}

describe(`monthly spend budgets (${storeKind()})`, () => {
  it("lets a token call until its recorded cost reaches its budget, then answers 402", async () => {
    const token = await hub.repos.access.createToken("hana");
    const id = (await hub.repos.meta.tokenByHash(hashToken(token)))!.id;
    expect((await limit("set", "--token", id, "--budget", "abc")).exitCode).toBe(2);
    expect((await limit("set", "--token", id, "--budget", String(BUDGET))).exitCode).toBe(0);
    const listed = await limit("list");
    expect(listed.out).toContain(`token:${id}\trpm -\ttpm -\tbudget $${BUDGET}/month`);
    await hub.gateway.reloadSettings();

    const { statuses, error } = await spendUntilRefused(token);
    expect(statuses.at(-1)).toBe(402);
    const served = statuses.length - 1;
    expect(served).toBeGreaterThanOrEqual(2);
    expect(statuses.slice(0, served).every((status) => status === 200)).toBe(true);
    expect(error).toMatch(
      /^Budget reached for this token: \$0\.0000\d{3} spent in \d{4}-\d{2} of a \$0\.0000200 monthly budget/,
    );

    // What was recorded: the served calls' cost reached the budget, and the last one was needed.
    const recorded = await recordedCosts(token, (row) => row.tokenId === id);
    expect(recorded.calls).toBe(served);
    expect(recorded.cost).toBeGreaterThanOrEqual(BUDGET);
    expect(recorded.cost - recorded.cost / served).toBeLessThan(BUDGET);

    // Read back from the store (as another replica would): still refused; a raised budget lets it on.
    await hub.gateway.reloadSettings();
    expect((await chat(token)).status).toBe(402);
    expect((await limit("set", "--token", id, "--budget", "1")).exitCode).toBe(0);
    await hub.gateway.reloadSettings();
    expect((await chat(token)).status).toBe(200);
  });

  it("refuses calls billed to an org past the org's budget, while its member's own calls go on", async () => {
    const token = await hub.repos.access.createToken("ivan", { orgs: ["guild"] });
    expect((await limit("set", "--org", "Guild", "--budget", String(BUDGET))).exitCode).toBe(0);
    expect((await limit("list")).out).toContain(`org:guild\trpm -\ttpm -\tbudget $${BUDGET}/month`);
    await hub.gateway.reloadSettings();

    const { statuses, error } = await spendUntilRefused(token, { "x-hf-bill-to": "guild" });
    expect(statuses.at(-1)).toBe(402);
    const served = statuses.length - 1;
    expect(error).toMatch(/^Budget reached for the organisation "guild": \$[\d.e-]+ spent in/);
    const recorded = await recordedCosts(token, (row) => row.org === "guild");
    expect(recorded.calls).toBe(served);
    expect(recorded.cost).toBeGreaterThanOrEqual(BUDGET);
    expect(recorded.cost - recorded.cost / served).toBeLessThan(BUDGET);

    expect((await chat(token)).status).toBe(200);
    expect((await chat(token, { "x-hf-bill-to": "guild" })).status).toBe(402);
    expect((await limit("remove", "--org", "guild")).exitCode).toBe(0);
    await hub.gateway.reloadSettings();
    expect((await chat(token, { "x-hf-bill-to": "guild" })).status).toBe(200);
  });
});
