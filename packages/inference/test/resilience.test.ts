// Retries with backoff, polling, abort and timeout (mid-request, mid-stream, mid-poll), and the
// caller's fetch being used for every request, download and poll.
import { describe, expect, it } from "vitest";
import type { InferenceClientProviderApiError } from "@hubkit/inference";
import {
  InferenceClientProviderOutputError,
  InferenceClientTimeoutError,
  chatCompletion,
  chatCompletionStream,
  textToImage,
  textToVideo,
} from "@hubkit/inference";
import { HUB_TOKEN, PROVIDER_KEY, modelFor, rejection, useEmulator } from "./helpers.js";

const emu = useEmulator({ slowDelayMs: 2000 });
const messages = [{ role: "user", content: "hi" }];
const fastRetry = { maxRetries: 3, baseDelayMs: 5, maxDelayMs: 50 };
// Chat under auto goes to the router's /v1/chat/completions: the model is in the body.
const routerPosts = (model: string) =>
  emu().requests.filter(
    (r) =>
      r.method === "POST" &&
      (r.path.includes(model) || String((r.body as { model?: string })?.model).includes(model)),
  );
const isAbort = (error: Error) => error.name === "AbortError";

/** Runs `body` while black-forest-labs jobs never reach "Ready". */
async function withStuckBfl<T>(body: (model: string) => Promise<T>): Promise<T> {
  const fault = emu().fault({ match: { provider: "black-forest-labs" }, neverComplete: true });
  try {
    return await body(modelFor("black-forest-labs", "text-to-image").id);
  } finally {
    fault.remove();
  }
}

describe("retries", () => {
  it("retries 503 replies and succeeds (bounded, with backoff)", async () => {
    emu().clearRequests();
    const out = await chatCompletion(
      { model: "hubkit-faults/flaky-503", messages, accessToken: HUB_TOKEN },
      { ...emu().clientOptions, retry: fastRetry },
    );
    expect(out.choices.length).toBeGreaterThan(0);
    const attempts = routerPosts("flaky-503");
    expect(attempts.length).toBeGreaterThan(1);
    expect(attempts.length).toBeLessThanOrEqual(4);
    expect(attempts.slice(0, -1).every((r) => r.status === 503)).toBe(true);
  });

  it("gives up after maxRetries and reports the last error", async () => {
    emu().clearRequests();
    const error = await rejection(
      chatCompletion(
        { model: "hubkit-faults/always-503", messages, accessToken: HUB_TOKEN },
        // Retry-After: 1 s from the server is capped by maxDelayMs.
        { ...emu().clientOptions, retry: { maxRetries: 2, baseDelayMs: 5, maxDelayMs: 20 } },
      ),
    );
    expect(routerPosts("always-503")).toHaveLength(3);
    expect((error as InferenceClientProviderApiError).httpResponse.status).toBe(503);
  });

  it("honours Retry-After", async () => {
    const e = emu();
    const fault = e.fault({
      match: { host: "router" },
      status: 429,
      retryAfter: 1,
      body: { error: "slow down" },
      times: 1,
    });
    try {
      const { id } = modelFor("together", "conversational");
      const started = Date.now();
      await chatCompletion(
        { model: id, provider: "together", messages, accessToken: HUB_TOKEN },
        e.clientOptions,
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
      expect(fault.hits).toBe(1);
    } finally {
      fault.remove();
    }
  });

  it("does not retry with retry_on_error: false", async () => {
    emu().clearRequests();
    await rejection(
      chatCompletion(
        { model: "hubkit-faults/always-503", messages, accessToken: HUB_TOKEN },
        { ...emu().clientOptions, retry_on_error: false },
      ),
    );
    expect(routerPosts("always-503")).toHaveLength(1);
  });
});

describe("polling", () => {
  it("black-forest-labs: polls with attempt=0,1,… until Ready, then downloads", async () => {
    const e = emu();
    const { id } = modelFor("black-forest-labs", "text-to-image");
    e.clearRequests();
    const url = await textToImage(
      { model: id, provider: "black-forest-labs", inputs: "a fox", accessToken: PROVIDER_KEY },
      { ...e.clientOptions, outputType: "url", poll: { intervalMs: 5 } },
    );
    // The emulator hands out loopback stand-ins of BFL's delivery host.
    expect(url.startsWith(e.hosts["https://delivery-us1.bfl.ai"])).toBe(true);
    const polls = e.requests.filter((r) => r.method === "GET" && r.host === "black-forest-labs");
    expect(polls.map((p) => p.query.attempt)).toEqual(polls.map((_, i) => String(i)));
    expect(polls.every((p) => p.headers.authorization === undefined)).toBe(true);
  });

  it("black-forest-labs: stops after 5 polls by default with the reference's message", async () => {
    const e = emu();
    e.clearRequests();
    const error = await withStuckBfl((model) =>
      rejection(
        textToImage(
          { model, provider: "black-forest-labs", inputs: "x", accessToken: PROVIDER_KEY },
          { ...e.clientOptions, poll: { intervalMs: 5 } },
        ),
      ),
    );
    expect(error).toBeInstanceOf(InferenceClientProviderOutputError);
    expect(error.message).toBe("Failed to fetch result from black forest labs API");
    expect(e.requests.filter((r) => r.method === "GET" && r.host === "black-forest-labs")).toHaveLength(5);
  });

  it("fal-ai queue: polls status through the router, then fetches the result and the video", async () => {
    const e = emu();
    const { id, providerId } = modelFor("fal-ai", "text-to-video");
    e.clearRequests();
    const video = await textToVideo(
      { model: id, provider: "fal-ai", inputs: "waves", accessToken: HUB_TOKEN },
      { ...e.clientOptions, poll: { intervalMs: 5 } },
    );
    expect(video.type).toMatch(/^video\//);
    const statusPolls = e.requests.filter((r) => r.method === "GET" && r.path.endsWith("/status"));
    expect(statusPolls.length).toBeGreaterThan(0);
    for (const poll of statusPolls) {
      expect(poll.host).toBe("router");
      expect(poll.path.startsWith(`/fal-ai/${providerId}/requests/`)).toBe(true);
      expect(poll.search).toBe("?_subdomain=queue");
    }
  });

  it("fal-ai queue: a polling deadline ends a job that never completes", async () => {
    const e = emu();
    const { id } = modelFor("fal-ai", "text-to-video");
    const fault = e.fault({ match: { provider: "fal-ai" }, neverComplete: true });
    try {
      const started = Date.now();
      const error = await rejection(
        textToVideo(
          { model: id, provider: "fal-ai", inputs: "x", accessToken: PROVIDER_KEY },
          { ...e.clientOptions, poll: { intervalMs: 10, timeoutMs: 200 } },
        ),
      );
      expect(error).toBeInstanceOf(InferenceClientTimeoutError);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      fault.remove();
    }
  });
});

describe("abort and timeout", () => {
  it("aborts mid-request", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const error = await rejection(
      chatCompletion(
        { model: "hubkit-faults/slow", messages, accessToken: HUB_TOKEN },
        { ...emu().clientOptions, signal: controller.signal },
      ),
    );
    expect(isAbort(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("times out mid-request with the timeout option", async () => {
    const started = Date.now();
    const error = await rejection(
      chatCompletion(
        { model: "hubkit-faults/slow", messages, accessToken: HUB_TOKEN },
        { ...emu().clientOptions, timeout: 100 },
      ),
    );
    expect(error).toBeInstanceOf(InferenceClientTimeoutError);
    expect(error.message).toBe("The call did not complete within the 100 ms timeout.");
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("aborts mid-stream", async () => {
    const controller = new AbortController();
    let received = 0;
    const error = await rejection(
      (async () => {
        for await (const _chunk of chatCompletionStream(
          { model: "hubkit-faults/slow-stream", messages, accessToken: HUB_TOKEN },
          { ...emu().clientOptions, signal: controller.signal },
        )) {
          if (++received === 1) controller.abort();
        }
      })(),
    );
    expect(isAbort(error)).toBe(true);
    expect(received).toBe(1);
  });

  it("times out mid-stream", async () => {
    let received = 0;
    const error = await rejection(
      (async () => {
        for await (const _chunk of chatCompletionStream(
          { model: "hubkit-faults/slow-stream", messages, accessToken: HUB_TOKEN },
          { ...emu().clientOptions, timeout: 400 },
        )) {
          received++;
        }
      })(),
    );
    expect(error).toBeInstanceOf(InferenceClientTimeoutError);
    expect(received).toBeGreaterThan(0);
  });

  it("aborts mid-poll", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 80);
    const started = Date.now();
    const error = await withStuckBfl((model) =>
      rejection(
        textToImage(
          { model, provider: "black-forest-labs", inputs: "x", accessToken: PROVIDER_KEY },
          { ...emu().clientOptions, signal: controller.signal, poll: { intervalMs: 1000 } },
        ),
      ),
    );
    expect(isAbort(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it("times out mid-poll", async () => {
    const error = await withStuckBfl((model) =>
      rejection(
        textToImage(
          { model, provider: "black-forest-labs", inputs: "x", accessToken: PROVIDER_KEY },
          { ...emu().clientOptions, timeout: 150, poll: { intervalMs: 40, maxAttempts: 100 } },
        ),
      ),
    );
    expect(error).toBeInstanceOf(InferenceClientTimeoutError);
  });
});

describe("the caller's fetch", () => {
  it("is used for the mapping, the request, every poll and the download", async () => {
    const e = emu();
    const { id } = modelFor("black-forest-labs", "text-to-image");
    const seen: string[] = [];
    const countingFetch: typeof fetch = (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    };
    e.clearRequests();
    const image = await textToImage(
      { model: id, provider: "black-forest-labs", inputs: "x", accessToken: PROVIDER_KEY },
      { ...e.clientOptions, fetch: countingFetch, poll: { intervalMs: 5 } },
    );
    expect(image).toBeInstanceOf(Blob);
    expect(seen.length).toBe(e.requests.length);
    expect(seen.length).toBeGreaterThanOrEqual(4); // mapping (unless cached), POST, ≥1 poll, download
  });

  it("is called as a plain function, as browsers require of window.fetch", async () => {
    const e = emu();
    // Browsers throw "Illegal invocation" when their fetch runs with another object as `this`.
    const browserLikeFetch = function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
      if (this !== undefined && this !== globalThis) throw new TypeError("Illegal invocation");
      return fetch(input, init);
    } as typeof fetch;
    const options = { ...e.clientOptions, fetch: browserLikeFetch, poll: { intervalMs: 5 } };
    for (const provider of ["black-forest-labs", "fal-ai", "replicate"] as const) {
      const { id } = modelFor(provider, "text-to-image");
      // black-forest-labs is no longer on the router: its own key, directly.
      const accessToken = provider === "black-forest-labs" ? PROVIDER_KEY : HUB_TOKEN;
      const image = await textToImage({ model: id, provider, inputs: "x", accessToken }, options);
      expect(image, provider).toBeInstanceOf(Blob);
    }
    const video = await textToVideo(
      {
        model: modelFor("fal-ai", "text-to-video").id,
        provider: "fal-ai",
        inputs: "x",
        accessToken: HUB_TOKEN,
      },
      options,
    );
    expect(video).toBeInstanceOf(Blob);
  });
});
