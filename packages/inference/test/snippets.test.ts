// The snippet generator's contract: entry point, ordering, tokens, options and errors; literals
// that round-trip through Python and JavaScript; and a chat-only bundle free of snippet code.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import * as acorn from "acorn";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { snippets } from "@hubkit/inference";
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
const GPT4O = model("openai/gpt-4o", "text-generation", ["conversational"]);
const HUB_TOKEN = "hf_unit0test0token";

const clients = (list: InferenceSnippet[]) => list.map((s) => `${s.language}/${s.client}`);
const find = (list: InferenceSnippet[], key: string) => {
  const found = list.find((s) => `${s.language}/${s.client}` === key);
  if (!found) throw new Error(`no ${key} snippet among ${clients(list).join(", ")}`);
  return found.content;
};

/** The JSON a curl snippet sends, read back from its single-quoted `-d` argument. */
function curlBody(content: string): unknown {
  const match = /-d '((?:[^']|'\\'')*)'/.exec(content);
  if (!match) throw new Error(`no -d argument in\n${content}`);
  return JSON.parse(match[1].replaceAll(`'\\''`, "'"));
}

describe("getInferenceSnippets: entry point and ordering", () => {
  it("returns languages python, js, sh and each language's clients in the reference order", () => {
    const list = getInferenceSnippets(CHAT, HUB_TOKEN, "hf-inference");
    expect(clients(list)).toEqual([
      "python/huggingface_hub",
      "python/requests",
      "python/openai",
      "js/fetch",
      "js/huggingface.js",
      "js/openai",
      "sh/curl",
    ]);
    for (const s of list) expect(Object.keys(s).sort()).toEqual(["client", "content", "language"]);
  });

  it("offers fal_client only for fal-ai text-to-image", () => {
    expect(clients(getInferenceSnippets(FLUX, "fal-key-1", "fal-ai", "fal-ai/flux/dev"))).toContain(
      "python/fal_client",
    );
    expect(
      clients(getInferenceSnippets(FLUX, "fal-key-1", "replicate", "black-forest-labs/flux-dev")),
    ).not.toContain("python/fal_client");
  });

  it("returns [] without a pipeline, or for a pipeline no provider serves", () => {
    expect(getInferenceSnippets(model("a/b"), HUB_TOKEN, "hf-inference")).toEqual([]);
    expect(getInferenceSnippets(model("a/b", "depth-estimation"), HUB_TOKEN, "hf-inference")).toEqual([]);
    expect(getInferenceSnippets(model("a/b", "text2text-generation"), "", "hf-inference")).toEqual([]);
  });

  it("sends OpenAI clients to the request URL without /chat/completions", () => {
    const list = getInferenceSnippets(CHAT, HUB_TOKEN, "cohere", "command-r7b-12-2024");
    expect(find(list, "python/openai")).toContain(
      'base_url="https://router.huggingface.co/cohere/compatibility/v1"',
    );
    expect(find(list, "js/openai")).toContain(
      'baseURL: "https://router.huggingface.co/cohere/compatibility/v1"',
    );
    expect(find(list, "js/openai")).toContain('model: "command-r7b-12-2024"');
    // Client libraries take the hub id and resolve the provider's id themselves.
    expect(find(list, "js/huggingface.js")).toContain(`model: "${CHAT.id}"`);
  });
});

describe("getInferenceSnippets: URLs and credentials", () => {
  it("routes an hf_ token through the router with Bearer", () => {
    const content = find(
      getInferenceSnippets(FLUX, HUB_TOKEN, "together", "black-forest-labs/FLUX.1-dev"),
      "python/requests",
    );
    expect(content).toContain('API_URL = "https://router.huggingface.co/together/v1/images/generations"');
    expect(content).toContain(`"Authorization": "Bearer ${HUB_TOKEN}"`);
  });

  it("calls the provider directly with its own auth form for a provider key", () => {
    const fal = getInferenceSnippets(FLUX, "fal-key-1", "fal-ai", "fal-ai/flux/dev");
    // fal.ai images go through its queue: a raw HTTP snippet would only submit the job.
    expect(fal.map((x) => `${x.language}/${x.client}`)).not.toContain("js/fetch");
    expect(find(fal, "js/huggingface.js")).toContain('provider: "fal-ai"');
    expect(find(fal, "python/fal_client")).toContain('fal_client.SyncClient(key="fal-key-1")');
    const bfl = getInferenceSnippets(FLUX, "bfl-key-1", "black-forest-labs", "flux-dev");
    expect(find(bfl, "python/requests")).toContain('API_URL = "https://api.us1.bfl.ai/v1/flux-dev"');
    expect(find(bfl, "python/requests")).toContain('"Authorization": "X-Key bfl-key-1"');
  });

  it("writes no snippets (rather than broken ones) for the 4.x media pairs it does not cover yet", () => {
    const kontext = model("black-forest-labs/FLUX.1-Kontext-dev", "image-to-image");
    for (const provider of ["fal-ai", "together", "replicate"] as const) {
      expect(getInferenceSnippets(kontext, HUB_TOKEN, provider, "some/id")).toEqual([]);
    }
    // hf-inference's image-to-image keeps its snippets.
    expect(getInferenceSnippets(kontext, HUB_TOKEN, "hf-inference").length).toBeGreaterThan(0);
  });

  it("reads the token from the environment when none is given", () => {
    const list = getInferenceSnippets(CHAT, "", "together", "meta-llama/Llama-3.3-70B-Instruct-Turbo");
    expect(find(list, "python/huggingface_hub")).toContain('api_key=os.environ["HF_TOKEN"]');
    expect(find(list, "python/huggingface_hub")).toMatch(/^import os\n/);
    expect(find(list, "python/requests")).toContain(`f"Bearer {os.environ['HF_TOKEN']}"`);
    expect(find(list, "js/huggingface.js")).toContain("new InferenceClient(process.env.HF_TOKEN)");
    expect(find(list, "js/fetch")).toContain("Authorization: `Bearer ${process.env.HF_TOKEN}`");
    expect(find(list, "sh/curl")).toContain('-H "Authorization: Bearer $HF_TOKEN"');
    expect(find(list, "sh/curl")).toContain("https://router.huggingface.co/together/v1/chat/completions");
    for (const s of list) expect(s.content).not.toMatch(/placeholder|undefined|api_token/);
  });

  it("reads the provider's usual key variable for a direct call without a token", () => {
    const together = getInferenceSnippets(CHAT, "", "together", "meta-llama/Llama-3.3-70B-Instruct-Turbo", {
      directRequest: true,
    });
    expect(find(together, "sh/curl")).toContain('-H "Authorization: Bearer $TOGETHER_API_KEY"');
    expect(find(together, "sh/curl")).toContain("https://api.together.xyz/v1/chat/completions");
    const replicate = getInferenceSnippets(FLUX, "", "replicate", "black-forest-labs/flux-dev", {
      directRequest: true,
    });
    expect(find(replicate, "js/fetch")).toContain("process.env.REPLICATE_API_TOKEN");
    const openai = getInferenceSnippets(GPT4O, "", "openai", "gpt-4o");
    expect(find(openai, "python/openai")).toContain('api_key=os.environ["OPENAI_API_KEY"]');
    expect(find(openai, "python/openai")).toContain('base_url="https://api.openai.com/v1"');
  });

  it("adds X-HF-Bill-To when billTo is given", () => {
    const list = getInferenceSnippets(CHAT, HUB_TOKEN, "sambanova", "Meta-Llama-3.3-70B-Instruct", {
      billTo: "acme",
    });
    expect(find(list, "python/requests")).toContain('"X-HF-Bill-To": "acme"');
    expect(find(list, "python/huggingface_hub")).toContain('bill_to="acme"');
    expect(find(list, "js/huggingface.js")).toContain('{ billTo: "acme" }');
    expect(find(list, "js/openai")).toContain('defaultHeaders: { "X-HF-Bill-To": "acme" }');
    expect(find(list, "sh/curl")).toContain("-H 'X-HF-Bill-To: acme'");
    const without = getInferenceSnippets(CHAT, HUB_TOKEN, "sambanova", "Meta-Llama-3.3-70B-Instruct");
    for (const s of without) expect(s.content).not.toMatch(/bill/i);
  });
});

describe("getInferenceSnippets: request bodies", () => {
  it("sends exactly the client's request body, streaming or not", () => {
    for (const streaming of [false, true]) {
      const list = getInferenceSnippets(CHAT, HUB_TOKEN, "nebius", "meta-llama/Llama-3.3-70B-Instruct", {
        streaming,
        temperature: 0,
        top_p: 0.9,
      });
      const { info } = makeRequestOptionsFromResolvedModel(
        "meta-llama/Llama-3.3-70B-Instruct",
        getProviderHelper("nebius", "conversational"),
        {
          accessToken: HUB_TOKEN,
          provider: "nebius",
          messages: [{ role: "user", content: "What is the capital of France?" }],
          temperature: 0,
          max_tokens: 512,
          top_p: 0.9,
          ...(streaming ? { stream: true } : {}),
        },
        undefined,
        { task: "conversational" },
      );
      expect(curlBody(find(list, "sh/curl"))).toEqual(JSON.parse(String(info.body)));
    }
  });

  it("uses the caller's messages and settings, with max_tokens 512 by default", () => {
    const messages = [
      { role: "system", content: "Answer in French." },
      { role: "user", content: "It's raining; what's a good \"indoor\" plan?" },
    ];
    const body = curlBody(
      find(
        getInferenceSnippets(CHAT, HUB_TOKEN, "hf-inference", undefined, { messages, max_tokens: 64 }),
        "sh/curl",
      ),
    );
    expect(body).toEqual({ messages, max_tokens: 64, model: CHAT.id });
    const defaults = curlBody(find(getInferenceSnippets(CHAT, HUB_TOKEN, "hf-inference"), "sh/curl")) as {
      max_tokens: number;
    };
    expect(defaults.max_tokens).toBe(512);
  });

  it("rejects malformed options with a message naming the option", () => {
    expect(() =>
      getInferenceSnippets(CHAT, HUB_TOKEN, "hf-inference", undefined, { temperature: "hot" }),
    ).toThrow(/temperature must be a finite number/);
    expect(() =>
      getInferenceSnippets(CHAT, HUB_TOKEN, "hf-inference", undefined, { messages: "hi" }),
    ).toThrow(/messages must be an array/);
  });
});

describe("getInferenceSnippets: errors", () => {
  it("names an unknown provider", () => {
    expect(() => getInferenceSnippets(CHAT, HUB_TOKEN, "acme" as never)).toThrow(
      /Provider 'acme' not supported/,
    );
  });

  it("names a provider that does not serve the task", () => {
    expect(() => getInferenceSnippets(CLASSIFIER, HUB_TOKEN, "together")).toThrow(
      /Task 'text-classification' not supported for provider 'together'/,
    );
  });

  it("refuses an hf_ token for openai, which only takes its own keys", () => {
    expect(() => getInferenceSnippets(GPT4O, HUB_TOKEN, "openai", "gpt-4o")).toThrow(
      /closed-source and does not support HF tokens/,
    );
  });

  it("rejects a model without an id and a token that is not a string", () => {
    expect(() => getInferenceSnippets({} as ModelDataMinimal, HUB_TOKEN, "hf-inference")).toThrow(
      /non-empty string id/,
    );
    expect(() => getInferenceSnippets(CHAT, undefined as never, "hf-inference")).toThrow(
      /accessToken must be a string/,
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
        for (const s of getInferenceSnippets(m, token, provider as never, id)) {
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
