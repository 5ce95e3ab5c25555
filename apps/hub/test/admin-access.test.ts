// Provider keys and the storage report over HTTP, for the web app's settings page: the access matrix
// (anonymous 401; a plain user 403; an org admin manages that org's keys only; a hub admin, named in
// HUBKIT_ADMINS, everything), the key stored sealed and used for calls billed to the org, and never
// in any reply — a malformed body holding it included.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminKeysReply } from "../src/contract/api.js";
import { startTestHub, type TestHub } from "./support/hub.js";

const SECRET_KEY = "5a".repeat(32);
const ORG_KEY = "gsk_orgsecretvalue0123456789";
const HUB_KEY = "gsk_hubsecretvalue9876543210";
const MODEL = "meta-llama/Llama-3.3-70B-Instruct";
let hub: TestHub;
const tokens: Record<"olga" | "ulla" | "root", string> = { olga: "", ulla: "", root: "" };
/** every reply body seen, checked for the keys at the end */
const seen: string[] = [];

beforeAll(async () => {
  hub = await startTestHub("admin-access", {
    emulatorStreamIntervalMs: 0,
    admins: ["Root"],
    gateway: { secretKey: SECRET_KEY },
  });
  // The first member of a new org is its admin; later ones get write.
  tokens.olga = await hub.repos.access.createToken("olga", { orgs: ["acme"] });
  tokens.ulla = await hub.repos.access.createToken("ulla", { orgs: ["acme"] });
  tokens.root = await hub.repos.access.createToken("root");
  await hub.repos.access.createToken("otto", { orgs: ["other"] });
}, 60_000);

afterAll(() => hub?.close());

type Who = "anonymous" | keyof typeof tokens;
async function call(who: Who, method: string, url: string, body?: string) {
  const response = await fetch(`${hub.url}${url}`, {
    method,
    headers: {
      ...(who === "anonymous" ? {} : { authorization: `Bearer ${tokens[who]}` }),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body,
  });
  const text = await response.text();
  seen.push(text, JSON.stringify([...response.headers]));
  return { status: response.status, text };
}
const put = (who: Who, provider: string, key: string, org?: string) =>
  call(
    who,
    "PUT",
    `/api/hubkit/provider-keys/${provider}${org ? `?org=${org}` : ""}`,
    JSON.stringify({ key }),
  );
const remove = (who: Who, provider: string, org?: string) =>
  call(who, "DELETE", `/api/hubkit/provider-keys/${provider}${org ? `?org=${org}` : ""}`);

describe("provider keys over HTTP", () => {
  it("follows the access matrix for setting keys", async () => {
    const matrix: [Who, number, number, number][] = [
      // who, hub key, acme's key, other's key
      ["anonymous", 401, 401, 401],
      ["ulla", 403, 403, 403],
      ["olga", 403, 204, 403],
      ["root", 204, 204, 204],
    ];
    for (const [who, hubStatus, acmeStatus, otherStatus] of matrix) {
      expect([who, (await put(who, "groq", HUB_KEY)).status]).toEqual([who, hubStatus]);
      expect([who, (await put(who, "groq", ORG_KEY, "acme")).status]).toEqual([who, acmeStatus]);
      expect([who, (await put(who, "together", ORG_KEY, "other")).status]).toEqual([who, otherStatus]);
    }
  });

  it("lists where keys are, never what they are, to those who may see them", async () => {
    expect((await call("anonymous", "GET", "/api/hubkit/provider-keys")).status).toBe(401);
    expect((await call("ulla", "GET", "/api/hubkit/provider-keys")).status).toBe(403);
    const olga = JSON.parse((await call("olga", "GET", "/api/hubkit/provider-keys")).text) as AdminKeysReply;
    expect(olga).toMatchObject({ hubAdmin: false, orgs: ["acme"] });
    expect(olga.keys.map((key) => [key.provider, key.org])).toEqual([["groq", "acme"]]);
    const root = JSON.parse((await call("root", "GET", "/api/hubkit/provider-keys")).text) as AdminKeysReply;
    expect(root.hubAdmin).toBe(true);
    expect(root.keys.map((key) => `${key.provider}@${key.org ?? "hub"}`).sort()).toEqual([
      "groq@acme",
      "groq@hub",
      "together@other",
    ]);
    expect(Object.keys(root.keys[0]).sort()).toEqual(["org", "provider", "updatedAt"]);
  });

  it("uses a key set over HTTP for calls billed to the org", async () => {
    const emulator = hub.emulator!;
    const before = emulator.requests.length;
    const response = await fetch(`${hub.url}/router/v1/chat/completions`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${tokens.ulla}`,
        "x-hf-bill-to": "acme",
      },
      body: JSON.stringify({ model: `${MODEL}:groq`, messages: [{ role: "user", content: "Hi" }] }),
    });
    seen.push(await response.text());
    expect(response.status).toBe(200);
    const sent = emulator.requests.slice(before).filter((request) => request.provider === "groq");
    expect(sent.map((request) => request.headers.authorization)).toEqual([`Bearer ${ORG_KEY}`]);
  });

  it("refuses bad input without echoing it, and removes keys by the same rules", async () => {
    const malformed = await call("root", "PUT", "/api/hubkit/provider-keys/groq", `{"key": "${HUB_KEY}"`);
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.text)).toEqual({
      error: 'The body must be JSON: {"key": "<the provider key>"}',
    });
    expect((await put("root", "Not A Provider", HUB_KEY)).status).toBe(400);
    expect((await put("root", "groq", "x y")).status).toBe(400);

    expect((await remove("anonymous", "groq", "acme")).status).toBe(401);
    expect((await remove("ulla", "groq", "acme")).status).toBe(403);
    expect((await remove("olga", "groq")).status).toBe(403);
    expect((await remove("olga", "groq", "acme")).status).toBe(204);
    expect((await remove("olga", "groq", "acme")).status).toBe(404);
    expect((await remove("root", "groq")).status).toBe(204);
  });

  it("shows the storage report to hub admins only", async () => {
    expect((await call("anonymous", "GET", "/api/hubkit/storage")).status).toBe(401);
    expect((await call("ulla", "GET", "/api/hubkit/storage")).status).toBe(403);
    expect((await call("olga", "GET", "/api/hubkit/storage")).status).toBe(403);
    const root = await call("root", "GET", "/api/hubkit/storage");
    expect(root.status).toBe(200);
    expect(JSON.parse(root.text)).toMatchObject({ repos: [], storedBytes: expect.any(Number) });
  });

  it("never put a key in any reply", () => {
    const all = seen.join("\n");
    expect(all).not.toContain(ORG_KEY);
    expect(all).not.toContain(HUB_KEY);
    expect(all).not.toContain("orgsecretvalue");
  });
});
