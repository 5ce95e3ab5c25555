// Issue 15, the hub side: the proxy serves only the app (same origin, allowed Host), malformed
// requests get a clear 4xx with the security headers, upstreams that stall are cut off, and no
// credential in an upstream's error body reaches the browser.
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "@hubkit/emulator";
import { Writable } from "node:stream";
import { runCommand } from "../src/commands.js";
import { parseAllowedHosts } from "../src/http/request-guard.js";
import { scrubSecrets } from "../src/router/proxy.js";
import { missingSecurityHeaders, rawExchange, send } from "./helpers.js";
import { removeFolder, startTestHub, tempFolder, type TestHub } from "./support/hub.js";

const SERVER_TOKEN = "hf_serverSecretToken123456";
let offline: TestHub;
let online: TestHub;
let upstream: Emulator;

beforeAll(async () => {
  offline = await startTestHub("hub-safety", { emulatorStreamIntervalMs: 0 });
  upstream = await startEmulator();
  online = await startTestHub("hub-safety", {
    hfToken: SERVER_TOKEN,
    onlineRouterUrl: upstream.routerUrl,
    upstreamIdleTimeoutMs: 400,
    requestTimeoutMs: 600,
    headersTimeoutMs: 400,
  });
});

afterAll(async () => {
  await offline?.close();
  await online?.close();
  await upstream?.close();
});

const chat = (model = "meta-llama/Llama-3.3-70B-Instruct-Turbo", stream = false) =>
  JSON.stringify({ model, messages: [{ role: "user", content: "Say hello" }], max_tokens: 8, stream });
const CHAT_PATH = "/router/together/v1/chat/completions";
const hostOf = (server: TestHub) => new URL(server.url).host;
const portOf = (server: TestHub) => new URL(server.url).port;

describe("the proxy serves only the app (item 3)", () => {
  it("refuses a cross-origin text/plain POST before it reaches the upstream", async () => {
    upstream.clearRequests();
    const res = await send(online.url, {
      method: "POST",
      path: CHAT_PATH,
      headers: {
        "content-type": "text/plain",
        origin: "https://attacker.example",
        "sec-fetch-site": "cross-site",
      },
      body: chat(),
    });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).error).toMatch(/Cross-origin request refused/);
    expect(missingSecurityHeaders(res.headers)).toEqual([]);
    expect(upstream.requests.length).toBe(0);
  });

  it("refuses by Origin alone (older browsers) and an opaque Origin", async () => {
    for (const origin of ["https://attacker.example", "null", `http://${hostOf(online)}.attacker.example`]) {
      const res = await send(online.url, {
        method: "POST",
        path: CHAT_PATH,
        headers: { "content-type": "text/plain", origin },
        body: chat(),
      });
      expect(res.status, origin).toBe(403);
      expect(JSON.parse(res.body).error).toMatch(/Cross-origin request refused/);
    }
    const sameSite = await send(online.url, {
      path: "/router/together/v1/models",
      headers: { "sec-fetch-site": "same-site" },
    });
    expect(sameSite.status).toBe(403);
  });

  it("serves the app's own pages and non-browser clients", async () => {
    const sameOrigin = await send(online.url, {
      method: "POST",
      path: CHAT_PATH,
      headers: {
        "content-type": "application/json",
        origin: online.url,
        "sec-fetch-site": "same-origin",
      },
      body: chat(),
    });
    expect(sameOrigin.status).toBe(200);
    // The openai SDK, curl, huggingface_hub: no Origin, no Sec-Fetch-Site.
    const sdk = await send(online.url, {
      method: "POST",
      path: CHAT_PATH,
      headers: { "content-type": "application/json", authorization: "Bearer hf_callerOwnToken12" },
      body: chat(),
    });
    expect(sdk.status).toBe(200);
    // ... also by the name localhost, which the default allow-list holds.
    const byName = await send(online.url, {
      method: "POST",
      path: CHAT_PATH,
      headers: { host: `localhost:${portOf(online)}`, "content-type": "application/json" },
      body: chat(),
    });
    expect(byName.status).toBe(200);
  });

  it("routes /router/v1/chat/completions to a provider under {router}, and unknown models to {router}/v1", async () => {
    upstream.clearRequests();
    await send(online.url, {
      method: "POST",
      path: "/router/v1/chat/completions",
      headers: { "content-type": "application/json" },
      body: chat("meta-llama/Llama-3.3-70B-Instruct:together"),
    });
    // The gateway chose the provider (the catalogue's mapping): the router's routed path, its model id.
    expect(upstream.lastRequest()?.path).toBe("/together/v1/chat/completions");
    expect(upstream.lastRequest()?.model).toBe("meta-llama/Llama-3.3-70B-Instruct-Turbo");
    expect(upstream.lastRequest()?.headers.authorization).toBe(`Bearer ${SERVER_TOKEN}`);
    await send(online.url, {
      method: "POST",
      path: "/router/v1/chat/completions",
      headers: { "content-type": "application/json" },
      body: chat("someone/not-in-this-catalogue"),
    });
    expect(upstream.lastRequest()?.path).toBe("/v1/chat/completions");
  });

  it("fails DNS rebinding: a Host that is not this server's gets 403, on the proxy and the API", async () => {
    upstream.clearRequests();
    for (const pathname of [CHAT_PATH, "/api/models?limit=1", "/"]) {
      const res = await send(online.url, {
        method: pathname === CHAT_PATH ? "POST" : "GET",
        path: pathname,
        headers: { host: `rebind.attacker.example:${portOf(online)}`, "content-type": "application/json" },
        body: pathname === CHAT_PATH ? chat() : undefined,
      });
      expect(res.status, pathname).toBe(403);
      expect(JSON.parse(res.body).error).toMatch(/HUBKIT_ALLOWED_HOSTS/);
      expect(missingSecurityHeaders(res.headers)).toEqual([]);
    }
    expect(upstream.requests.length).toBe(0);
  });

  it("takes an allow-list of hosts (names: any port; name:port: that port)", async () => {
    expect(parseAllowedHosts(" hub.example , 10.0.0.7:8080,[::1]")).toEqual([
      "hub.example",
      "10.0.0.7:8080",
      "[::1]",
    ]);
    expect(parseAllowedHosts("")).toBeUndefined();
    expect(() => parseAllowedHosts("hub.example,https://x")).toThrow(/HUBKIT_ALLOWED_HOSTS: "https:\/\/x"/);
    const server = await startTestHub("hub-safety", { allowedHosts: ["hub.example", "other.example:81"] });
    try {
      const status = async (host: string) =>
        (await send(server.url, { path: "/api/tasks/text-classification", headers: { host } })).status;
      expect(await status("hub.example")).toBe(200);
      expect(await status("HUB.example.:4000")).toBe(200);
      expect(await status("other.example:81")).toBe(200);
      expect(await status("other.example:82")).toBe(403);
      expect(await status(`127.0.0.1:${portOf(server)}`)).toBe(403);
    } finally {
      await server.close();
    }
  });
});

describe("malformed input gets a 4xx, never a 500 (item 5)", () => {
  it("answers a NUL byte in search, or any query value, with 400", async () => {
    for (const query of [
      "search=llama%00",
      "search=%00",
      "author=a%00b",
      "expand[]=%00",
      "cursor=%00",
      "x%00=1",
    ]) {
      const res = await send(offline.url, { path: `/api/models?${query}` });
      expect(res.status, query).toBe(400);
      expect(JSON.parse(res.body).error).toMatch(/NUL or control character/);
    }
    expect(
      (await send(offline.url, { path: "/api/models/meta-llama/Llama-3.3-70B-Instruct/usage?file=%00" }))
        .status,
    ).toBe(400);
  });

  it("answers a malformed or missing Host with 400 and never copies it into the Link header", async () => {
    const port = portOf(offline);
    for (const host of ["exa mple", "a>b", "<evil>", "x:99999", "x:", "[::1", "a/b", "a@b", "a,b"]) {
      const res = await rawExchange(
        offline.url,
        `GET /api/models?limit=1 HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      expect([400, 403], host).toContain(res.status);
      expect(res.headers.link).toBeUndefined();
      expect(missingSecurityHeaders(res.headers), host).toEqual([]);
    }
    // HTTP/1.1 without Host: Node refuses it; HTTP/1.0 without Host reaches the hooks.
    for (const version of ["1.1", "1.0"]) {
      const res = await rawExchange(
        offline.url,
        `GET /api/models?limit=1 HTTP/${version}\r\nConnection: close\r\n\r\n`,
      );
      expect(res.status, version).toBe(400);
      expect(JSON.parse(res.body).error).toMatch(/Host/);
      expect(missingSecurityHeaders(res.headers)).toEqual([]);
    }
    const good = await send(offline.url, {
      path: "/api/models?limit=1",
      headers: { host: `localhost:${port}` },
    });
    expect(good.status).toBe(200);
    expect(good.headers.link).toMatch(
      new RegExp(`^<http://localhost:${port}/api/models\\?limit=1&cursor=[\\w-]+>; rel="next"$`),
    );
  });

  it("answers prototype keys with 404 wherever the API looks a name up", async () => {
    const keys = ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf", "prototype"];
    for (const key of keys) {
      for (const route of ["/api/tasks/", "/api/libraries/", "/api/models/"]) {
        const res = await send(offline.url, { path: `${route}${key}` });
        // Not a task or library: 404. As a model id, "__proto__" is invalid (ids start with a letter
        // or digit) and gets the API's 400 for invalid ids; the others are unknown ids: 404.
        const expected = route === "/api/models/" && key === "__proto__" ? 400 : 404;
        expect(res.status, `${route}${key}`).toBe(expected);
        expect(JSON.parse(res.body).error).toBeTruthy();
      }
      const usage = await send(offline.url, {
        path: `/api/models/meta-llama/Llama-3.3-70B-Instruct/usage?file=${key}`,
      });
      expect(usage.status, `usage?file=${key}`).toBeLessThan(500);
      const listed = await send(offline.url, { path: `/api/models?${key}=1&expand[]=${key}` });
      expect(listed.status, `?${key}`).toBe(400);
      // The server-rendered task page looks the task up too (the fuzz test found /tasks/__proto__/.).
      for (const page of [`/tasks/${key}`, `/tasks/${key}/.`]) {
        expect((await send(offline.url, { path: page })).status, page).toBeLessThan(500);
      }
    }
  });

  it("gives Fastify's and Node's own 400s JSON, a clear message and the security headers", async () => {
    const badUrl = await send(offline.url, { path: "/api/models/%E0%A4%A" });
    expect(badUrl.status).toBe(400);
    expect(missingSecurityHeaders(badUrl.headers)).toEqual([]);
    expect(JSON.parse(badUrl.body).error).toMatch(/malformed/i);

    const badLine = await rawExchange(offline.url, "GET /a b c HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    expect(badLine.status).toBe(400);
    expect(missingSecurityHeaders(badLine.headers)).toEqual([]);
    expect(JSON.parse(badLine.body).error).toMatch(/malformed/);

    const badHeader = await rawExchange(
      offline.url,
      "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header: x\r\n\r\n",
    );
    expect(badHeader.status).toBe(400);
    expect(missingSecurityHeaders(badHeader.headers)).toEqual([]);

    const huge = await rawExchange(
      offline.url,
      `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    expect(huge.status).toBe(431);
    expect(missingSecurityHeaders(huge.headers)).toEqual([]);
  });
});

describe("timeouts (item 8)", () => {
  it("answers 504 when the upstream sends nothing within the idle timeout", async () => {
    const started = Date.now();
    const res = await send(online.url, {
      method: "POST",
      path: CHAT_PATH,
      headers: { "content-type": "application/json" },
      body: chat("hubkit-faults/never-completes"),
    });
    const elapsed = Date.now() - started;
    expect(res.status).toBe(504);
    expect(JSON.parse(res.body).error).toBe("The inference upstream sent no response for 400 ms");
    expect(elapsed).toBeLessThan(5000);
    expect(missingSecurityHeaders(res.headers)).toEqual([]);
  });

  it("ends a stream that falls silent mid-way with an error event (no [DONE])", async () => {
    const fault = upstream.fault({ match: { model: /Llama-3\.3/ }, eventDelayMs: 5000, times: 1 });
    const started = Date.now();
    const response = await fetch(`${online.url}${CHAT_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: chat(undefined, true),
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(fault.hits).toBe(1);
    expect(text).not.toContain("[DONE]");
    expect(
      text.endsWith('data: {"error":"The inference upstream sent nothing for 400 ms of the stream"}\n\n'),
    ).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("ends a stream the upstream cuts with an error event", async () => {
    const response = await fetch(`${online.url}${CHAT_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: chat("hubkit-faults/stream-cut", true),
    });
    const text = await response.text();
    const events = text.split("\n\n").filter(Boolean);
    expect(events.length).toBe(4);
    expect(events.at(-1)).toBe(
      'data: {"error":"The inference upstream closed the connection before the end of the stream"}',
    );
  });

  it("answers 504 when the upstream does not finish connecting within the connect timeout", async () => {
    // A TCP listener that accepts and says nothing: the TLS handshake to it never completes.
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => {
      sockets.add(socket);
      socket.on("error", () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const address = silent.address() as { port: number };
    const server = await startTestHub("hub-safety", {
      hfToken: SERVER_TOKEN,
      onlineRouterUrl: `https://127.0.0.1:${address.port}`,
      upstreamConnectTimeoutMs: 300,
    });
    try {
      const started = Date.now();
      const res = await send(server.url, {
        method: "POST",
        path: CHAT_PATH,
        headers: { "content-type": "application/json" },
        body: chat(),
      });
      expect(res.status).toBe(504);
      expect(JSON.parse(res.body).error).toBe(
        "The inference upstream did not accept a connection within 300 ms",
      );
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await server.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("times out a request whose body never finishes, and one whose headers never finish", async () => {
    const host = hostOf(online);
    const body = await rawExchange(
      online.url,
      `POST ${CHAT_PATH} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"model":`,
      8000,
    );
    expect(body.status).toBe(408);
    expect(body.closedByServer).toBe(true);
    expect(body.elapsedMs).toBeLessThan(5000);
    expect(missingSecurityHeaders(body.headers)).toEqual([]);
    expect(JSON.parse(body.body).error).toMatch(/did not arrive in time/);

    const headers = await rawExchange(
      online.url,
      `GET /api/tasks HTTP/1.1\r\nHost: ${host}\r\nX-Slow: `,
      8000,
    );
    expect(headers.status).toBe(408);
    expect(headers.closedByServer).toBe(true);
    expect(headers.elapsedMs).toBeLessThan(5000);
  });

  it("rejects a timeout setting that is not a whole number of milliseconds", async () => {
    process.env.HUBKIT_UPSTREAM_IDLE_TIMEOUT_MS = "soon";
    try {
      await expect(startTestHub("hub-safety")).rejects.toThrow(
        /HUBKIT_UPSTREAM_IDLE_TIMEOUT_MS must be a whole number of milliseconds/,
      );
    } finally {
      delete process.env.HUBKIT_UPSTREAM_IDLE_TIMEOUT_MS;
    }
  });
});

describe("hubkit-hub serve settings", () => {
  it("stops with a message naming the variable when a setting is malformed", async () => {
    for (const [name, value, message] of [
      [
        "HUBKIT_ALLOWED_HOSTS",
        "hub.example,http://x",
        /HUBKIT_ALLOWED_HOSTS: "http:\/\/x" is not a host name/,
      ],
      [
        "HUBKIT_UPSTREAM_CONNECT_TIMEOUT_MS",
        "10s",
        /HUBKIT_UPSTREAM_CONNECT_TIMEOUT_MS must be a whole number/,
      ],
      ["HUBKIT_REQUEST_TIMEOUT_MS", "0", /HUBKIT_REQUEST_TIMEOUT_MS must be a whole number/],
      ["HUBKIT_HEADERS_TIMEOUT_MS", "-5", /HUBKIT_HEADERS_TIMEOUT_MS must be a whole number/],
    ] as const) {
      let stderr = "";
      const sink = (write: (text: string) => void) =>
        new Writable({
          write(chunk, _encoding, done) {
            write(String(chunk));
            done();
          },
        });
      const dataDir = tempFolder("hub-safety");
      const result = await runCommand(["serve", "--port", "0", "--data-dir", dataDir], {
        stdout: sink(() => {}),
        stderr: sink((text) => (stderr += text)),
        env: { [name]: value },
      }).finally(() => removeFolder(dataDir));
      expect(result.exitCode, name).toBe(2);
      expect(result.server).toBeUndefined();
      expect(stderr).toMatch(message);
    }
  });
});

describe("no credential from an upstream reaches the browser (item 9)", () => {
  it("scrubs token-shaped text from upstream error bodies, JSON, text and bytes alike", async () => {
    const echoed = [
      `Authorization: Bearer ${SERVER_TOKEN}`,
      "x-api-key: sk-proj-abcdefghijklmnop1234",
      "replicate r8_ABCDEFGHIJKLMNOPQRSTUV",
      "fal Key 0f8fad5b-d9cb-469f-a165-70867728950e:0123456789abcdef0123456789abcdef",
      "hub hf_AnotherLeakedToken99",
    ].join("; ");
    const cases = [
      { status: 401, body: { error: `unauthorized (${echoed})` } },
      { status: 500, body: `upstream said ${echoed}`, contentType: "text/plain; charset=utf-8" },
      {
        status: 502,
        body: new TextEncoder().encode(`\u0000\u0001${echoed}`),
        contentType: "application/octet-stream",
      },
    ];
    for (const fault of cases) {
      upstream.fault({ ...fault, times: 1, match: { path: "/together" } });
      const res = await send(online.url, {
        method: "POST",
        path: CHAT_PATH,
        headers: { "content-type": "application/json" },
        body: chat(),
      });
      expect(res.status).toBe(fault.status);
      for (const secret of [
        SERVER_TOKEN,
        "sk-proj-abcdefghijklmnop1234",
        "r8_ABCDEFGHIJKLMNOPQRSTUV",
        "0123456789abcdef0123456789abcdef",
        "hf_AnotherLeakedToken99",
      ]) {
        expect(res.body).not.toContain(secret);
      }
      expect(res.body).toContain("Bearer [redacted]");
    }
    upstream.clearFaults();
  });

  it("leaves ordinary error text alone", () => {
    const text = '{"error":"Model hubkit-faults/always-503 is currently loading","estimated_time":20}';
    expect(scrubSecrets(text)).toBe(text);
    expect(scrubSecrets("Rate limit reached. You reached the free usage limit (reset hourly).")).toBe(
      "Rate limit reached. You reached the free usage limit (reset hourly).",
    );
  });
});
