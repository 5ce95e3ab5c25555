// Unit tests of the web app's lib/ modules that lib.test.ts does not cover, and of the playground's
// settings as read from the URL: URL state, route revalidation, router policies, example inputs, the
// served-model check, stale-chunk errors, titles, download-rule text, highlighting. Node only, real
// inputs (the catalogue's example inputs, highlight.js itself).
import { describe, expect, it } from "vitest";
import type { HubModel } from "../../src/lib/api.js";
import { downloadRuleText } from "../../src/lib/download-rule.js";
import { exampleInput } from "../../src/lib/examples.js";
import { highlight } from "../../src/lib/highlight.js";
import { policyLabel, policyModelId, policyOf, policyPicks } from "../../src/lib/policies.js";
import { revalidateUnlessOnly } from "../../src/lib/revalidate.js";
import { servesTask } from "../../src/lib/served-model.js";
import { isChunkLoadError } from "../../src/lib/stale-build.js";
import { fullTitle } from "../../src/lib/title.js";
import { withChanges } from "../../src/lib/url-state.js";
import {
  imageParameters,
  paramsForMode,
  readMode,
  readNumber,
  readSettings,
  CHAT_PARAMS,
} from "../../src/playground/settings.js";

const model = (fields: Partial<HubModel>): HubModel => ({ _id: "1", id: "org/model", ...fields });

describe("URL state", () => {
  it("sets, replaces and removes parameters, leaving the original untouched", () => {
    const params = new URLSearchParams("a=1&b=2&c=3");
    const next = withChanges(params, { a: "9", b: undefined, c: "", d: "4" });
    expect(next.toString()).toBe("a=9&d=4");
    expect(params.toString()).toBe("a=1&b=2&c=3");
  });
});

describe("route revalidation", () => {
  const revalidate = revalidateUnlessOnly(["provider", "tab"]);
  const run = (from: string, to: string) =>
    revalidate({
      currentUrl: new URL(from, "http://hub.test"),
      nextUrl: new URL(to, "http://hub.test"),
      defaultShouldRevalidate: true,
    } as Parameters<typeof revalidate>[0]);

  it("skips the loaders when only page-state parameters change", () => {
    expect(run("/models/a?provider=x", "/models/a?provider=y&tab=files")).toBe(false);
  });

  it("runs them for another page, another data parameter, or the same address again", () => {
    expect(run("/models/a?provider=x", "/models/b?provider=x")).toBe(true);
    expect(run("/models/a?provider=x", "/models/a?provider=x&q=llama")).toBe(true);
    expect(run("/models/a?provider=x", "/models/a?provider=x")).toBe(true);
  });
});

describe("router policies", () => {
  const chat = model({
    inferenceProviderMapping: {
      together: { status: "live", providerId: "t", task: "conversational" },
      novita: { status: "live", providerId: "n", task: "conversational" },
      groq: { status: "staging", providerId: "g", task: "conversational" },
      "fal-ai": { status: "live", providerId: "f", task: "text-to-image" },
    },
  });

  it("reads a policy choice and names the model id it calls", () => {
    expect(policyOf(":cheapest")).toBe("cheapest");
    expect(policyOf("cheapest")).toBeUndefined();
    expect(policyOf(":slowest")).toBeUndefined();
    expect(policyOf(undefined)).toBeUndefined();
    expect(policyModelId("org/model", "fastest")).toBe("org/model:fastest");
  });

  it("picks by measured latency and by price among the live chat providers", () => {
    const picks = policyPicks(
      chat,
      {
        novita: { calls: 3, latencyMs: 40, tokensPerSecond: 31 },
        together: { calls: 1, latencyMs: 90, tokensPerSecond: null },
      },
      { together: { input: 0.1, output: 0.2 }, novita: { input: 0.5, output: 0.5 } },
    );
    expect(picks.map((pick) => [pick.policy, pick.provider])).toEqual([
      ["fastest", "novita"],
      ["cheapest", "together"],
      ["preferred", "together"],
    ]);
    expect(policyLabel(picks[0])).toBe(":fastest → novita (40 ms to first token · 31 tok/s)");
    expect(policyLabel(picks[1])).toBe(":cheapest → together ($0.1/$0.2 per M tok)");
  });

  it("falls back to the mapping's first provider without figures, and offers nothing without a chat provider", () => {
    const picks = policyPicks(chat);
    expect(picks.every((pick) => pick.provider === "together")).toBe(true);
    expect(picks[0].why).toMatch(/none measured yet/);
    expect(policyPicks(model({ inferenceProviderMapping: {} }))).toEqual([]);
    expect(policyPicks(undefined)).toEqual([]);
  });
});

describe("example inputs", () => {
  it("gives the catalogue's text example for a text task and the first user message for chat", () => {
    const text = exampleInput(model({ pipeline_tag: "text-classification" }));
    expect(typeof text).toBe("string");
    expect(text!.length).toBeGreaterThan(0);
    const chat = exampleInput(model({ pipeline_tag: "text-generation", tags: ["conversational"] }));
    expect(typeof chat).toBe("string");
  });

  it("gives nothing for a model without a task", () => {
    expect(exampleInput(model({}))).toBeUndefined();
  });
});

describe("served models", () => {
  it("counts a routed provider mapped for the task (chat serves text generation)", () => {
    const served = model({
      inferenceProviderMapping: { together: { status: "live", providerId: "t", task: "conversational" } },
    });
    expect(servesTask(served, "text-generation")).toBe(true);
    expect(servesTask(served, "text-to-image")).toBe(false);
    expect(servesTask(model({}), "text-generation")).toBe(false);
  });
});

describe("stale chunks", () => {
  it("recognises each browser's failed module fetch, and nothing else", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/a.js"))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/a.css"))).toBe(true);
    expect(isChunkLoadError(new Error("HTTP 500"))).toBe(false);
    expect(isChunkLoadError("error loading dynamically imported module")).toBe(true);
  });
});

describe("titles and download rules", () => {
  it("names a page after the site, and the home page by what it holds", () => {
    expect(fullTitle("Tasks")).toBe("Tasks · hubkit");
    expect(fullTitle(undefined)).toBe("hubkit: models, tasks and libraries");
  });

  it("says a library's rule in words, the default when it has none, and why a rule cannot be read", () => {
    expect(downloadRuleText({ countDownloads: 'path:"model.bin"' })).toBe(
      'A download is counted each time someone fetches the file "model.bin".',
    );
    expect(downloadRuleText({})).toMatch(/^No rule of its own, so the hub's default applies/);
    expect(downloadRuleText({ countDownloads: "path:" })).toMatch(/^Rule path: \(/);
  });
});

describe("highlighting", () => {
  it("marks up code in the snippet languages and escapes HTML", () => {
    const html = highlight('import os\nprint("<b>")', "python");
    expect(html).toContain('<span class="hljs-keyword">import</span>');
    expect(html).toContain("&lt;b&gt;");
    expect(highlight("curl https://hub.test", "auto")).toContain("curl");
  });
});

describe("playground settings", () => {
  it("reads the mode, chat by default", () => {
    expect(readMode(new URLSearchParams("mode=image"))).toBe("image");
    expect(readMode(new URLSearchParams("mode=video"))).toBe("chat");
    expect(readMode(new URLSearchParams())).toBe("chat");
  });

  it("reads numbers with their defaults, and names what is wrong", () => {
    const temperature = CHAT_PARAMS[0];
    expect(readNumber(new URLSearchParams(), temperature)).toEqual({ value: 0.7 });
    expect(readNumber(new URLSearchParams("temperature=1.5"), temperature)).toEqual({ value: 1.5 });
    expect(readNumber(new URLSearchParams("temperature=hot"), temperature).error).toBe(
      'Temperature must be a number, got "hot"',
    );
    expect(readNumber(new URLSearchParams("temperature=3"), temperature).error).toBe(
      "Temperature must be between 0 and 2, got 3",
    );
    expect(readNumber(new URLSearchParams("max_tokens=1.5"), CHAT_PARAMS[1]).error).toBe(
      'Max tokens must be a whole number, got "1.5"',
    );
  });

  it("turns the image settings into the client's parameters, unset ones left out", () => {
    const params = new URLSearchParams("size=768x1024&steps=20&seed=7&negative_prompt=blur");
    const reading = readSettings(params, "image");
    expect(reading.errors).toEqual([]);
    expect(imageParameters(params, reading)).toEqual({
      width: 768,
      height: 1024,
      num_inference_steps: 20,
      seed: 7,
      negative_prompt: "blur",
    });
    const odd = new URLSearchParams("size=100x100");
    expect(readSettings(odd, "image").errors[0]).toMatch(/^Size must be one of 512x512, /);
    expect(imageParameters(odd, readSettings(odd, "image"))).toEqual({});
  });

  it("carries the shared settings between chat and compare, none into text to image", () => {
    const params = new URLSearchParams("model=a&temperature=0.2&prompt=cat&size=512x512");
    expect(paramsForMode(params, "chat", "compare").toString()).toBe("mode=compare&temperature=0.2&model=a");
    expect(paramsForMode(params, "compare", "chat").toString()).toBe("temperature=0.2&model=a");
    expect(paramsForMode(params, "chat", "image").toString()).toBe("mode=image");
  });
});
