// The router as a team gateway, who calls: hub tokens identify callers; provider keys stored with the
// hub's CLI (sealed with HUBKIT_SECRET_KEY) are used for the hub's own calls and, with X-HF-Bill-To,
// for an organisation's, only by its members; offline callers with any other token are served as
// before. A key never shows in a reply, a header, the usage API, a log line or the CLI's output (all
// collected and searched), nor in plain text in the database file.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InferenceClient } from "@hubkit/inference";
import { runCommand } from "../src/commands.js";
import { startHubServer, type HubServer } from "../src/index.js";

const SECRET_KEY = "3f".repeat(32);
const ORG_GROQ_KEY = "gsk_orgAcmeSecretKey0123456789abcdef";
const HUB_TOGETHER_KEY = "tgp_v1_hubOwnSecretKey0123456789abcd";
const KEYS = [ORG_GROQ_KEY, HUB_TOGETHER_KEY];
const MODEL = "meta-llama/Llama-3.3-70B-Instruct";
const messages = [{ role: "user" as const, content: "Say hello" }];

let hub: HubServer;
let strict: HubServer;
let work: string;
let alice: string;
let bob: string;
/** Everything the hub and its CLI said: replies, headers, warnings, command output. */
const said: string[] = [];

function sink(): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      said.push(chunk.toString());
      done();
    },
  });
}

async function cli(args: string[], stdin = ""): Promise<number> {
  const { exitCode } = await runCommand(["provider-key", ...args, "--data-dir", path.join(work, "data")], {
    stdout: sink(),
    stderr: sink(),
    env: { HUBKIT_SECRET_KEY: SECRET_KEY },
    stdin: Readable.from([stdin]),
  });
  return exitCode;
}

async function chat(token: string | undefined, model: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${hub.url}/router/v1/chat/completions`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: JSON.stringify({ model, messages, max_tokens: 8 }),
  });
  const text = await response.text();
  said.push(text, JSON.stringify([...response.headers]));
  return { status: response.status, text, headers: response.headers };
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "hubkit-gateway-access-"));
  expect(await cli(["set", "--provider", "groq", "--org", "acme"], `${ORG_GROQ_KEY}\n`)).toBe(0);
  expect(await cli(["set", "--provider", "together"], HUB_TOGETHER_KEY)).toBe(0);
  const warn = (message: string) => said.push(message);
  hub = await startHubServer({
    port: 0,
    dataDir: path.join(work, "data"),
    hfToken: "",
    gateway: { secretKey: SECRET_KEY },
    onWarning: warn,
  });
  alice = await hub.repos.access.createToken("alice", { orgs: ["acme"] });
  bob = await hub.repos.access.createToken("bob");
  strict = await startHubServer({
    port: 0,
    dataDir: path.join(work, "strict"),
    hfToken: "",
    gateway: { requireTokens: true, secretKey: SECRET_KEY },
    onWarning: warn,
  });
}, 60_000);

afterAll(async () => {
  await hub?.close();
  await strict?.close();
  rmSync(work, { recursive: true, force: true });
});

describe("who calls the router", () => {
  it("bills an org's calls with the org's key, for its members only", async () => {
    const emulator = hub.emulator!;
    emulator.clearRequests();
    const billed = await chat(alice, `${MODEL}:groq`, { "x-hf-bill-to": "acme" });
    expect(billed.status).toBe(200);
    expect(billed.headers.get("x-inference-provider")).toBe("groq");
    const upstream = emulator.lastRequest((request) => request.host === "groq");
    expect(upstream?.headers.authorization).toBe(`Bearer ${ORG_GROQ_KEY}`);
    expect(upstream?.headers["x-hf-bill-to"]).toBeUndefined();

    const refused = await chat(bob, `${MODEL}:groq`, { "x-hf-bill-to": "acme" });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text).error).toMatch(/not a member of that organisation/);
    const anonymous = await chat("hf_offlinedemo", `${MODEL}:groq`, { "x-hf-bill-to": "acme" });
    expect(anonymous.status).toBe(403);
    expect(JSON.parse(anonymous.text).error).toMatch(/hub token of one of its members/);
  });

  it("uses the hub's own key for its callers, and the router otherwise", async () => {
    const emulator = hub.emulator!;
    emulator.clearRequests();
    const own = await chat(bob, `${MODEL}:together`);
    expect(own.status).toBe(200);
    expect(emulator.lastRequest((request) => request.host === "together")?.headers.authorization).toBe(
      `Bearer ${HUB_TOGETHER_KEY}`,
    );
    // The org's groq key is not the hub's: bob's groq call goes through the router with the hub's token.
    const routed = await chat(bob, `${MODEL}:groq`);
    expect(routed.status).toBe(200);
    const viaRouter = emulator.lastRequest((request) => request.host === "router");
    expect(viaRouter?.path).toBe("/groq/openai/v1/chat/completions");
    expect(viaRouter?.headers.authorization).not.toContain(bob);
  });

  it("serves offline callers with any token, or none, as before", async () => {
    for (const token of ["hf_offlinedemo", `hf_${"z".repeat(34)}`, undefined]) {
      const reply = await chat(token, MODEL);
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.text).choices[0].message.content).toBeTruthy();
    }
    const openai = new OpenAI({ baseURL: `${hub.url}/router/v1`, apiKey: "hf_offlinedemo", maxRetries: 0 });
    const reply = await openai.chat.completions.create({
      model: `${MODEL}:cheapest`,
      messages,
      max_tokens: 8,
    });
    expect(reply.choices[0].message.content).toBeTruthy();
    const client = new InferenceClient(alice, { endpointUrl: `${hub.url}/router/v1` });
    const billed = await client.chatCompletion(
      { model: `${MODEL}:groq`, messages, max_tokens: 8 },
      { billTo: "acme" },
    );
    expect(billed.choices[0].message.content).toBeTruthy();
  });

  it("refuses callers without a hub token when tokens are required", async () => {
    const token = await strict.repos.access.createToken("carol");
    const call = (authorization?: string) =>
      fetch(`${strict.url}/router/v1/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ model: MODEL, messages }),
      });
    for (const authorization of [undefined, "Bearer hf_offlinedemo"]) {
      const refused = await call(authorization);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { error: string }).error).toMatch(/hub token of this hub/);
    }
    expect((await call(`Bearer ${token}`)).status).toBe(200);
  });

  it("never shows a key: replies, usage, model list, CLI output, logs, the database file", async () => {
    expect(await cli(["list"])).toBe(0);
    expect(said.join("\n")).toMatch(/groq\tacme\t/);
    expect(await cli(["remove", "--provider", "nobody"])).toBe(1);
    expect(await cli(["set", "--provider", "Bad Name"], "x")).toBe(2);
    for (const url of ["/api/hubkit/usage", "/router/v1/models", "/api/hubkit/config"]) {
      said.push(await (await fetch(`${hub.url}${url}`)).text());
    }
    const everything = said.join("\n");
    for (const key of KEYS) expect(everything).not.toContain(key);
    const dataDir = path.join(work, "data");
    for (const file of readdirSync(dataDir).filter((name) => name.startsWith("gateway.sqlite"))) {
      const bytes = readFileSync(path.join(dataDir, file)).toString("latin1");
      for (const key of KEYS) expect(bytes).not.toContain(key);
    }
  });
});
