// The snippet generator's contract: entry point, ordering, tokens, options and errors; literals
// that round-trip through Python and JavaScript; and a chat-only bundle free of snippet code.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import * as acorn from "acorn";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MODELS as EMULATOR_MODELS } from "@hubkit/emulator";
import { setLogger, snippets } from "@hubkit/inference";
import type { InferenceSnippet, ModelDataMinimal } from "@hubkit/tasks";
import { makeRequestOptionsFromResolvedModel } from "../src/lib/makeRequestOptions.js";
import { getProviderHelper } from "../src/lib/providerRegistry.js";
import { jsLiteral, pythonLiteral, shellQuote } from "../src/snippets/literals.js";

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
const { getInferenceSnippets } = snippets;

/** Hub model metadata with only what snippets read. */
const model = (
  id: string,
  pipeline_tag?: ModelDataMinimal["pipeline_tag"],
  tags: string[] = [],
): ModelDataMinimal => ({
  id,
  pipeline_tag,
  tags,
  inference: "",
});

const CHAT = model("meta-llama/Llama-3.3-70B-Instruct", "text-generation", ["conversational"]);
const FLUX = model("black-forest-labs/FLUX.1-dev", "text-to-image");
const CLASSIFIER = model("distilbert/distilbert-base-uncased-finetuned-sst-2-english", "text-classification");
const HUB_TOKEN = "hf_unit0test0token";

const clients = (list: InferenceSnippet[]) => list.map((s) => `${s.language}/${s.client}`);
const find = (list: InferenceSnippet[], key: string) => {
  const found = list.find((s) => `${s.language}/${s.client}` === key);
  if (!found) throw new Error(`no ${key} snippet among ${clients(list).join(", ")}`);
  return found.content;
};
const entry = (provider: string, providerId: string, task: string) => ({
  provider,
  providerId,
  hfModelId: "x",
  status: "live" as const,
  task: task as never,
});

/** The JSON a curl snippet sends, read back from its single-quoted `-d` argument. */
function curlBody(content: string): unknown {
  const match = /-d '((?:[^']|'\\'')*)'/.exec(content);
  if (!match) throw new Error(`no -d argument in\n${content}`);
  return JSON.parse(match[1].replaceAll(`'\\''`, "'"));
}

/** Log lines the generator writes while `fn` runs. */
function logged(fn: () => void): string[] {
  const lines: string[] = [];
  const record = (message: string) => void lines.push(message);
  setLogger({ debug: () => undefined, info: record, warn: record, error: record });
  try {
    fn();
  } finally {
    setLogger(console);
  }
  return lines;
}

describe("getInferenceSnippets: 4.x call form and client order", () => {
  it("returns chat clients in 4.x's order: openai first, fetch only without streaming", () => {
    const list = getInferenceSnippets(CHAT, "together", entry("together", "pid", "conversational"));
    expect(clients(list)).toEqual([
      "python/openai",
      "python/huggingface_hub",
      "python/requests",
      "js/openai",
      "js/huggingface.js",
      "js/fetch",
      "sh/curl",
    ]);
    for (const s of list) expect(Object.keys(s).sort()).toEqual(["client", "content", "language"]);
    const streamed = getInferenceSnippets(CHAT, "together", undefined, { streaming: true });
    expect(clients(streamed)).not.toContain("js/fetch");
    // hubkit's extra clients (here fetch with an SSE loop) come with allClients.
    const all = getInferenceSnippets(CHAT, "together", undefined, { streaming: true, allClients: true });
    expect(find(all, "js/fetch")).toContain("response.body");
  });

  it("accepts the 3.x form (model, accessToken, provider, providerModelId, opts) too", () => {
    const old = getInferenceSnippets(CHAT, HUB_TOKEN, "together", "pid", { billTo: "acme" });
    const current = getInferenceSnippets(CHAT, "together", entry("together", "pid", "conversational"), {
      accessToken: HUB_TOKEN,
      billTo: "acme",
    });
    expect(old).toEqual(current);
    // A provider key in the 3.x form calls the provider directly, as 3.x did.
    const direct = getInferenceSnippets(FLUX, "fal-key-1", "fal-ai", "fal-ai/flux/dev");
    expect(find(direct, "python/fal_client")).toContain('fal_client.SyncClient(key="fal-key-1")');
    expect(find(direct, "python/fal_client")).toContain('"fal-ai/flux/dev"');
  });

  it("offers only the client libraries for a non-chat task under auto", () => {
    const list = getInferenceSnippets(FLUX, "auto");
    expect(clients(list)).toEqual(["python/huggingface_hub", "js/huggingface.js"]);
    expect(find(list, "python/huggingface_hub")).toContain('provider="auto"');
    expect(find(list, "js/huggingface.js")).toContain('provider: "auto"');
  });
});

describe("getInferenceSnippets: 4.x conventions", () => {
  it("sends chat through the router's /v1 with model id:provider (bare id under auto)", () => {
    const list = getInferenceSnippets(
      CHAT,
      "cohere",
      entry("cohere", "command-r7b-12-2024", "conversational"),
    );
    expect(find(list, "python/openai")).toContain('base_url="https://router.huggingface.co/v1"');
    expect(find(list, "python/openai")).toContain(`model="${CHAT.id}:cohere"`);
    expect(find(list, "js/openai")).toContain('baseURL: "https://router.huggingface.co/v1"');
    expect(find(list, "python/huggingface_hub")).not.toContain("provider=");
    expect(find(list, "js/huggingface.js")).toContain(`model: "${CHAT.id}:cohere"`);
    expect(find(list, "js/huggingface.js")).not.toContain("provider:");
    expect(find(list, "sh/curl")).toContain("https://router.huggingface.co/v1/chat/completions");
    const auto = getInferenceSnippets(CHAT, "auto");
    expect(curlBody(find(auto, "sh/curl"))).toMatchObject({ model: CHAT.id });
  });

  it("reads HF_TOKEN without a token, {PROVIDER}_API_KEY for direct requests, API_TOKEN for endpoints", () => {
    const routed = getInferenceSnippets(FLUX, "together", entry("together", "pid", "text-to-image"));
    expect(find(routed, "python/huggingface_hub")).toContain('api_key=os.environ["HF_TOKEN"]');
    expect(find(routed, "js/fetch")).toContain("Authorization: `Bearer ${process.env.HF_TOKEN}`");
    expect(find(routed, "js/fetch")).toContain(
      "https://router.huggingface.co/together/v1/images/generations",
    );
    for (const s of routed) expect(s.content).not.toMatch(/placeholder|undefined|api_token/i);

    const direct = getInferenceSnippets(
      CHAT,
      "fireworks-ai",
      entry("fireworks-ai", "pid", "conversational"),
      {
        directRequest: true,
      },
    );
    expect(find(direct, "sh/curl")).toContain('-H "Authorization: Bearer $FIREWORKS_AI_API_KEY"');
    expect(find(direct, "sh/curl")).toContain("https://api.fireworks.ai/inference/v1/chat/completions");
    expect(find(direct, "python/openai")).toContain('model="pid"');
    const fal = getInferenceSnippets(FLUX, "fal-ai", entry("fal-ai", "fal-ai/flux/dev", "text-to-image"), {
      directRequest: true,
    });
    // fal.ai's text-to-image is a queue job (as 4.13.30 calls it): fetch submits it to fal's queue
    // host with the key, polls its status there and fetches the result; fal_client reads the key.
    const falFetch = find(fal, "js/fetch");
    expect(falFetch).toContain('fetch("https://queue.fal.run/fal-ai/flux/dev", {');
    expect(falFetch).toContain("Authorization: `Key ${process.env.FAL_AI_API_KEY}`");
    expect(falFetch).toContain("const requestUrl = `https://queue.fal.run/${");
    expect(falFetch).toContain('while (status !== "COMPLETED")');
    expect(falFetch).toContain('await writeFile("image.png"');
    expect(fal.map((s) => s.client)).not.toContain("curl");
    expect(find(fal, "python/fal_client")).toContain('key=os.environ["FAL_AI_API_KEY"]');
    expect(find(fal, "python/fal_client")).toContain(
      'urllib.request.urlretrieve(result["images"][0]["url"], "image.png")',
    );

    const endpoint = getInferenceSnippets(CHAT, "hf-inference", undefined, {
      endpointUrl: "http://localhost:8080/v1",
    });
    expect(find(endpoint, "python/openai")).toContain('base_url="http://localhost:8080/v1"');
    expect(find(endpoint, "python/openai")).toContain('api_key=os.environ["API_TOKEN"]');
    expect(find(endpoint, "python/huggingface_hub")).toContain('base_url="http://localhost:8080/v1"');
    expect(find(endpoint, "js/huggingface.js")).toContain('endpointUrl: "http://localhost:8080/v1"');
    expect(find(endpoint, "sh/curl")).toContain("http://localhost:8080/v1/chat/completions");
  });

  it("adds X-HF-Bill-To when billTo is given", () => {
    const list = getInferenceSnippets(CHAT, "together", undefined, {
      accessToken: HUB_TOKEN,
      billTo: "acme",
    });
    expect(find(list, "python/requests")).toContain('"X-HF-Bill-To": "acme"');
    expect(find(list, "python/huggingface_hub")).toContain('bill_to="acme"');
    expect(find(list, "js/huggingface.js")).toContain('{ billTo: "acme" }');
    expect(find(list, "js/openai")).toContain('defaultHeaders: { "X-HF-Bill-To": "acme" }');
    expect(find(list, "sh/curl")).toContain("-H 'X-HF-Bill-To: acme'");
    const without = getInferenceSnippets(CHAT, "together", undefined, { accessToken: HUB_TOKEN });
    for (const s of without) expect(s.content).not.toMatch(/bill/i);
  });

  it("never prints a hub token into a call to a third-party host", () => {
    let list: InferenceSnippet[] = [];
    const lines = logged(() => {
      list = getInferenceSnippets(CHAT, "together", undefined, {
        accessToken: HUB_TOKEN,
        directRequest: true,
      });
    });
    expect(list).toEqual([]);
    expect(lines.join("\n")).toMatch(/hub token cannot call together's own API/);
    expect(lines.join("\n")).not.toContain(HUB_TOKEN);
  });
});

describe("getInferenceSnippets: request bodies", () => {
  it("labels a posted file with its type in requests, fetch and cURL alike (as 4.x's snippets)", () => {
    const cases = [
      [model("openai/whisper-large-v3", "automatic-speech-recognition"), "audio/flac"],
      [model("google/vit-base-patch16-224", "image-classification"), "image/jpeg"],
    ] as const;
    for (const [m, type] of cases) {
      const list = getInferenceSnippets(m, "hf-inference", undefined, { accessToken: HUB_TOKEN });
      expect(find(list, "python/requests")).toContain(`"Content-Type": "${type}"`);
      expect(find(list, "js/fetch")).toContain(`"Content-Type": "${type}"`);
      expect(find(list, "sh/curl")).toContain(`Content-Type: ${type}`);
    }
  });

  it("sends exactly the client's request body, streaming or not", () => {
    for (const streaming of [false, true]) {
      const list = getInferenceSnippets(CHAT, "together", entry("together", "pid", "conversational"), {
        streaming,
        temperature: 0.5,
        top_p: 0.9,
        directRequest: true,
      });
      const { info } = makeRequestOptionsFromResolvedModel(
        "pid",
        getProviderHelper("together", "conversational"),
        {
          accessToken: "key",
          provider: "together",
          messages: [{ role: "user", content: "What is the capital of France?" }],
          temperature: 0.5,
          top_p: 0.9,
          ...(streaming ? { stream: true } : {}),
        },
        undefined,
        { task: "conversational" },
      );
      expect(curlBody(find(list, "sh/curl"))).toEqual(JSON.parse(String(info.body)));
    }
  });

  it("writes only the chat settings the caller chose (no default max_tokens), and the caller's messages", () => {
    const messages = [
      { role: "system", content: "Answer in French." },
      { role: "user", content: "It's raining; what's a good \"indoor\" plan?" },
    ];
    const body = curlBody(
      find(getInferenceSnippets(CHAT, "auto", undefined, { messages, max_tokens: 64 }), "sh/curl"),
    );
    expect(body).toEqual({ model: CHAT.id, messages, max_tokens: 64 });
    const defaults = curlBody(find(getInferenceSnippets(CHAT, "auto"), "sh/curl")) as Record<string, unknown>;
    expect(Object.keys(defaults).sort()).toEqual(["messages", "model"]);
  });

  it("passes the mapping entry (LoRA fields included) to the provider's payload, fal_client's arguments too", () => {
    const lora = {
      ...entry("fal-ai", "fal-ai/flux-lora", "text-to-image"),
      hfModelId: "someone/flux-lora",
      adapter: "lora",
      adapterWeightsPath: "lora.safetensors",
    };
    const list = getInferenceSnippets(FLUX, "fal-ai", lora, { accessToken: "fal-key-1" });
    const { info } = makeRequestOptionsFromResolvedModel(
      "fal-ai/flux-lora",
      getProviderHelper("fal-ai", "text-to-image"),
      { accessToken: "fal-key-1", inputs: "A red fox reading a book under an oak tree, watercolour" },
      lora,
      { task: "text-to-image" },
    );
    const body = JSON.parse(String(info.body)) as Record<string, unknown>;
    const falClient = find(list, "python/fal_client");
    expect(falClient).toContain('"fal-ai/flux-lora"');
    // Every field of the body, with every text in it (the LoRA weights' URL, once the provider sends one).
    for (const [name, value] of Object.entries(body)) {
      expect(falClient, name).toContain(`"${name}": `);
      for (const text of JSON.stringify(value).match(/"(?:[^"\\]|\\.)*"/g) ?? [])
        expect(falClient, name).toContain(text);
    }
  });

  it("takes the caller's inputs instead of the task's example", () => {
    const list = getInferenceSnippets(CLASSIFIER, "hf-inference", undefined, { inputs: { text: "great" } });
    expect(curlBody(find(list, "sh/curl"))).toEqual({ inputs: { text: "great" } });
  });

  it("rejects malformed options with a message naming the option", () => {
    expect(() => getInferenceSnippets(CHAT, "auto", undefined, { temperature: "hot" as never })).toThrow(
      /temperature must be a finite number/,
    );
    expect(() => getInferenceSnippets(CHAT, "auto", undefined, { messages: "hi" as never })).toThrow(
      /messages must be an array/,
    );
  });
});

describe("getInferenceSnippets: routerUrl (another router, e.g. a hubkit hub's /router)", () => {
  const ROUTER = "https://router.huggingface.co";
  const HUB_ROUTER = "http://127.0.0.1:5173/router";
  /** Every provider and task the emulator's models are mapped to (live), chat streamed and not. */
  const calls = () => {
    const seen = new Set<string>();
    const out: {
      m: ModelDataMinimal;
      provider: string;
      mapping: ReturnType<typeof entry>;
      streaming: boolean;
    }[] = [];
    for (const m of EMULATOR_MODELS) {
      for (const [provider, e] of Object.entries(
        m.inferenceProviderMapping as Record<string, { providerId: string; task: string; status: string }>,
      )) {
        const key = `${provider}|${e.task}|${m.pipeline_tag}`;
        if (e.status !== "live" || seen.has(key)) continue;
        seen.add(key);
        const hub = model(m.id, m.pipeline_tag as ModelDataMinimal["pipeline_tag"], m.tags);
        for (const streaming of e.task === "conversational" ? [false, true] : [false])
          out.push({ m: hub, provider, mapping: entry(provider, e.providerId, e.task), streaming });
      }
    }
    return out;
  };

  it("names the given router wherever the real one was, and writes only clients that can be pointed at it", () => {
    let compared = 0;
    for (const { m, provider, mapping, streaming } of calls()) {
      const label = `${m.id} on ${provider}${streaming ? " streamed" : ""}`;
      const opts = { allClients: true, streaming };
      const real = getInferenceSnippets(m, provider as never, { ...mapping, hfModelId: m.id }, opts);
      const pointed = getInferenceSnippets(
        m,
        provider as never,
        { ...mapping, hfModelId: m.id },
        {
          ...opts,
          routerUrl: `${HUB_ROUTER}/`,
        },
      );
      // Models of a chat pipeline get chat snippets whatever their mapping's task (as in 4.x).
      const chat = ["text-generation", "image-text-to-text"].includes(m.pipeline_tag ?? "");
      // Chat through the router's /v1 (not the providers the router does not serve, called directly).
      const routedChat = chat && real.some((snippet) => snippet.content.includes(`${ROUTER}/v1`));
      for (const snippet of pointed) {
        const key = `${snippet.language}/${snippet.client}`;
        expect(snippet.content, `${label}: ${key}`).not.toContain(ROUTER);
        const before = find(real, key);
        if (key === "python/huggingface_hub" && routedChat) {
          // Chat: the client takes the router as its base_url; the call is the same.
          expect(snippet.content, label).toContain(`base_url="${HUB_ROUTER}/v1"`);
          expect(snippet.content.replace(`    base_url="${HUB_ROUTER}/v1",\n`, ""), label).toBe(before);
        } else if (key === "js/huggingface.js" && routedChat) {
          // Chat: the router's /v1 as the call's endpoint; the call is otherwise the same.
          expect(snippet.content, label).toContain(`endpointUrl: "${HUB_ROUTER}/v1"`);
          expect(snippet.content.replace(`    endpointUrl: "${HUB_ROUTER}/v1",\n`, ""), label).toBe(before);
        } else {
          // The same code with the other router's address: request paths are the same on both.
          expect(snippet.content, `${label}: ${key}`).toBe(before.replaceAll(ROUTER, HUB_ROUTER));
        }
        compared++;
      }
      // Left out: the clients that build the router's address themselves, and only those.
      const left = clients(real).filter((key) => !clients(pointed).includes(key));
      for (const key of left) {
        expect(find(real, key), `${label}: ${key} was left out`).not.toContain(HUB_ROUTER);
        expect(
          !routedChat && (key === "js/huggingface.js" || key === "python/huggingface_hub"),
          `${label}: ${key} was left out`,
        ).toBe(true);
      }
    }
    expect(compared).toBeGreaterThan(200);
  });

  it("leaves calls that do not go through the router as they are", () => {
    const direct = { allClients: true, directRequest: true, routerUrl: HUB_ROUTER };
    const list = getInferenceSnippets(
      FLUX,
      "fal-ai",
      entry("fal-ai", "fal-ai/flux/dev", "text-to-image"),
      direct,
    );
    expect(clients(list)).toEqual(
      clients(
        getInferenceSnippets(FLUX, "fal-ai", entry("fal-ai", "fal-ai/flux/dev", "text-to-image"), {
          allClients: true,
          directRequest: true,
        }),
      ),
    );
    expect(list.map((s) => s.content).join("\n")).not.toContain(HUB_ROUTER);
  });

  it("writes the usual snippets when routerUrl is the real router", () => {
    const usual = getInferenceSnippets(CHAT, "together", undefined, { allClients: true });
    expect(
      getInferenceSnippets(CHAT, "together", undefined, { allClients: true, routerUrl: `${ROUTER}/` }),
    ).toEqual(usual);
  });

  it("rejects a routerUrl that is not an http(s) URL, naming the option", () => {
    for (const bad of ["ftp://hub/router", "hub:5173/router", "", 42, "http://hub/ router"]) {
      expect(() => getInferenceSnippets(CHAT, "together", undefined, { routerUrl: bad as never })).toThrow(
        /Snippet option routerUrl must be an http\(s\) URL/,
      );
    }
  });
});

describe("getInferenceSnippets: unsupported calls give [] and a log line", () => {
  it("an unknown provider, a provider without the task, a model without a pipeline", () => {
    for (const [m, provider, reason] of [
      [CHAT, "acme", /unknown provider 'acme'/],
      [CLASSIFIER, "together", /provider 'together' does not serve text-classification/],
      [model("a/b"), "hf-inference", /has no pipeline_tag/],
      [model("a/b", "depth-estimation"), "hf-inference", /no provider serves depth-estimation/],
    ] as const) {
      let list: InferenceSnippet[] | undefined;
      const lines = logged(() => {
        list = getInferenceSnippets(m, provider as never);
      });
      expect(list).toEqual([]);
      expect(lines.join("\n")).toMatch(reason);
    }
  });

  it("rejects a model without an id and arguments of the wrong type", () => {
    expect(() => getInferenceSnippets({} as ModelDataMinimal, "hf-inference")).toThrow(/non-empty string id/);
    expect(() => getInferenceSnippets(CHAT, 42 as never)).toThrow(/provider must be a string/);
    expect(() => getInferenceSnippets(CHAT, "together", "x" as never, 3 as never)).toThrow(
      /providerModelId must be a string/,
    );
  });
});

describe("snippet code", () => {
  it("every JavaScript snippet is a valid ES module and imports come first", () => {
    const cases: [ModelDataMinimal, string, string | undefined][] = [
      [CHAT, "together", "x"],
      [FLUX, "replicate", "black-forest-labs/flux-dev"],
      [model("impira/layoutlm-document-qa", "document-question-answering"), "hf-inference", undefined],
      [model("openai/whisper-large-v3", "automatic-speech-recognition"), "fal-ai", "fal-ai/whisper"],
    ];
    for (const [m, provider, id] of cases) {
      for (const token of ["", HUB_TOKEN, "key-1"]) {
        for (const s of getInferenceSnippets(m, token, provider as never, id, { allClients: true })) {
          if (s.language !== "js") continue;
          const program = acorn.parse(s.content, { ecmaVersion: "latest", sourceType: "module" });
          const firstCode = program.body.findIndex((node) => node.type !== "ImportDeclaration");
          const lastImport = program.body.findLastIndex((node) => node.type === "ImportDeclaration");
          expect(lastImport, `${s.client}: imports at the top`).toBeLessThan(firstCode);
        }
      }
    }
  });

  it("Python and JavaScript literals read back as the value they were made from", async () => {
    const values = fc.sample(fc.jsonValue({ maxDepth: 3 }), { numRuns: 150, seed: 7 });
    for (const value of values) {
      // JSON.stringify drops -0; the literal of a JSON value must equal its JSON reading.
      const expected = JSON.parse(JSON.stringify(value)) as unknown;
      expect(new Function(`return ${jsLiteral(value)};`)()).toEqual(expected);
    }
    const script =
      "import ast, json, sys\n" +
      "for line in sys.stdin.read().split('\\x1e'):\n" +
      "    print(json.dumps(ast.literal_eval(line)))\n";
    const child = execFile("python3", ["-c", script]);
    const output = new Promise<string>((resolve, reject) => {
      let text = "";
      child.stdout?.on("data", (chunk: Buffer) => (text += chunk.toString()));
      child.on("close", (code) =>
        code === 0 ? resolve(text) : reject(new Error(`python3 exited with ${code}`)),
      );
    });
    child.stdin?.end(values.map((v) => pythonLiteral(v)).join("\x1e"));
    const lines = (await output).trim().split("\n");
    expect(lines.length).toBe(values.length);
    lines.forEach((line, i) => expect(JSON.parse(line)).toEqual(JSON.parse(JSON.stringify(values[i]))));
  });

  it("shell quoting survives bash", async () => {
    const words = ["plain", "it's", 'say "hi"', "$HOME `id` \\ ;|&", "multi\nline", ""];
    const { stdout } = await run("bash", ["-c", `printf '%s\\0' ${words.map(shellQuote).join(" ")}`]);
    expect(stdout.split("\0").slice(0, -1)).toEqual(words);
  });
});

describe("bundle", () => {
  it("a chat-only bundle of the client carries no snippet code or example inputs", async () => {
    const { rolldown } = await import("rolldown");
    const bundle = await rolldown({
      input: "virtual:entry",
      plugins: [
        {
          name: "entry",
          resolveId: (id) => (id === "virtual:entry" ? id : undefined),
          load: (id) =>
            id === "virtual:entry"
              ? `export { chatCompletion } from ${JSON.stringify(join(repoRoot, "packages/inference/src/index.ts"))};`
              : undefined,
        },
      ],
      resolve: {
        alias: { "@hubkit/tasks": join(repoRoot, "packages/tasks/src/index.ts") },
        extensionAlias: { ".js": [".ts", ".js"] },
      },
      logLevel: "silent",
    });
    const { output } = await bundle.generate({ format: "esm" });
    await bundle.close();
    const code = output.map((chunk) => ("code" in chunk ? chunk.code : "")).join("\n");
    expect(code).toContain("chat/completions");
    expect(code).not.toContain("huggingface_hub");
    expect(code).not.toContain("What is the capital of France?");
  }, 60_000);
});
