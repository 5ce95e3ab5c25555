// The proxy's upstream over TLS, as online against the real router (https): an HTTPS upstream on
// 127.0.0.1 with a throwaway self-signed certificate. A hub that trusts it (NODE_EXTRA_CA_CERTS)
// streams through one kept-alive TLS connection and sends the hub token to its own router; a hub
// that does not trust it refuses the upstream instead of sending the token.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeHubCli, startHubProcess, type HubProcess } from "./support/hub-process.js";

const TOKEN = "hf_tlsTestToken000000000000";
const EVENTS = ['data: {"n":1,"t":"é"}\n\n', "data: two\n\n", "data: [DONE]\n\n"];
const onlineHub = path.join(path.dirname(fileURLToPath(import.meta.url)), "support", "online-hub.ts");

let dir: string;
let upstream: Server;
let routerUrl: string;
let trusting: HubProcess | undefined;
let distrusting: HubProcess | undefined;
let tlsConnections = 0;
const authorizations: (string | undefined)[] = [];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "hubkit-proxy-tls-"));
  const key = path.join(dir, "key.pem");
  const cert = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
  upstream = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, async (req, res) => {
    authorizations.push(req.headers.authorization);
    for await (const _ of req); // the request body
    res.writeHead(200, { "content-type": "text/event-stream" });
    for (const event of EVENTS) {
      res.write(event);
      await wait(10);
    }
    res.end();
  });
  upstream.on("secureConnection", () => tlsConnections++);
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  routerUrl = `https://127.0.0.1:${(upstream.address() as { port: number }).port}`;
  const env = { HF_TOKEN: TOKEN, TEST_ROUTER_URL: routerUrl };
  [trusting, distrusting] = await Promise.all([
    startHubProcess(
      { ...env, HUBKIT_DATA_DIR: path.join(dir, "a"), NODE_EXTRA_CA_CERTS: cert },
      60_000,
      onlineHub,
    ),
    startHubProcess(
      { ...env, HUBKIT_DATA_DIR: path.join(dir, "b"), NODE_EXTRA_CA_CERTS: "" },
      60_000,
      onlineHub,
    ),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([trusting?.stop(), distrusting?.stop()]);
  await new Promise((resolve) => upstream?.close(resolve));
  await removeHubCli();
  rmSync(dir, { recursive: true, force: true });
});

describe("the /router proxy over TLS", () => {
  it("streams every event through one kept-alive TLS connection, with the hub token for the router", async () => {
    const before = tlsConnections;
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${trusting!.url}/router/v1/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "hi" }], stream: true }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(await response.text()).toBe(EVENTS.join(""));
    }
    expect(tlsConnections - before).toBe(1);
    expect(authorizations.at(-1)).toBe(`Bearer ${TOKEN}`);
  });

  it("refuses an upstream whose certificate it does not trust, and says so without the token", async () => {
    const seen = authorizations.length;
    const response = await fetch(`${distrusting!.url}/router/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "hi" }] }),
    });
    const body = await response.text();
    expect(response.status).toBe(502);
    expect(body).toMatch(/certificate/i);
    expect(body).not.toContain(TOKEN);
    expect(authorizations.length).toBe(seen);
    expect(distrusting!.output()).not.toContain(TOKEN);
  });
});
