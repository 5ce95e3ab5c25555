// The same-origin inference proxy: offline to the in-process emulator, online (simulated by pointing
// the "real" router at a second emulator) with the server's token, which never reaches the browser.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "@hubkit/emulator";
import { startTestHub, type TestHub } from "./support/hub.js";

let offline: TestHub;
let online: TestHub;
let upstream: Awaited<ReturnType<typeof startEmulator>>;
const SERVER_TOKEN = "hf_serverSecretToken123";

beforeAll(async () => {
  offline = await startTestHub("hub-proxy");
  upstream = await startEmulator();
  online = await startTestHub("hub-proxy", {
    hfToken: SERVER_TOKEN,
    onlineRouterUrl: upstream.routerUrl,
  });
});

afterAll(async () => {
  await offline?.close();
  await online?.close();
  await upstream?.close();
});

const chatBody = (stream: boolean) =>
  JSON.stringify({
    model: "meta-llama/Llama-3.3-70B-Instruct-Turbo",
    messages: [{ role: "user", content: "Say hello" }],
    max_tokens: 16,
    stream,
  });

describe("offline proxy to the emulator", () => {
  it("passes a chat completion through", async () => {
    const res = await fetch(`${offline.url}/router/together/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: chatBody(false),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { object: string; choices: { message: { content: string } }[] };
    expect(body.object).toBe("chat.completion");
    expect(body.choices[0].message.content.length).toBeGreaterThan(0);
  });

  it("streams server-sent events through, ending with [DONE]", async () => {
    const res = await fetch(`${offline.url}/router/together/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: chatBody(true),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("content-encoding")).toBeNull();
    const text = await res.text();
    const events = text.split("\n\n").filter((chunk) => chunk.startsWith("data: "));
    expect(events.length).toBeGreaterThan(2);
    expect(events.at(-1)).toBe("data: [DONE]");
    const first = JSON.parse(events[0].slice(6)) as { object: string };
    expect(first.object).toBe("chat.completion.chunk");
  });

  it("rewrites emulator download URLs so a browser can fetch them through the server", async () => {
    const res = await fetch(`${offline.url}/router/fal-ai/fal-ai/flux/dev`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ prompt: "a lighthouse at dusk" }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { images: { url: string }[] };
    const url = body.images[0].url;
    expect(url.startsWith(`${offline.url}/`)).toBe(true);
    const image = await fetch(url);
    expect(image.status).toBe(200);
    const bytes = new Uint8Array(await image.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]); // PNG magic
  });

  it("passes upstream errors through and rejects paths without a provider", async () => {
    const res = await fetch(`${offline.url}/router/together/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        model: "hubkit-faults/error-json",
        messages: [{ role: "user", content: "hi" }],
      }),
    });
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: string }).error).toMatch(/failed on purpose/);
    expect((await fetch(`${offline.url}/router/`)).status).toBe(404);
  });
});

describe("online proxy with the server's token", () => {
  it("adds the server token upstream, never exposes it, and prefers the browser's own token", async () => {
    const config = await (await fetch(`${online.url}/api/hubkit/config`)).text();
    expect(JSON.parse(config)).toMatchObject({ mode: "online", router: upstream.routerUrl });
    expect(config).not.toContain(SERVER_TOKEN);

    upstream.clearRequests();
    const res = await fetch(`${online.url}/router/together/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: chatBody(false),
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(SERVER_TOKEN);
    for (const value of res.headers.values()) expect(value).not.toContain(SERVER_TOKEN);
    expect(upstream.lastRequest()?.headers.authorization).toBe(`Bearer ${SERVER_TOKEN}`);

    await fetch(`${online.url}/router/together/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer hf_browserOwnToken" },
      body: chatBody(false),
    });
    expect(upstream.lastRequest()?.headers.authorization).toBe("Bearer hf_browserOwnToken");
  });
});
