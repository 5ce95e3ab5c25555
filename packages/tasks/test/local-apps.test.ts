import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, it, expect } from "vitest";
import { LOCAL_APPS, type LocalApp, type LocalAppKey, type LocalAppSnippet } from "../src/local-apps.js";
import type { ModelData } from "../src/model-data.js";
import * as tasksPackage from "../src/index.js";

function readTsv(name: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8")
    .trimEnd()
    .split("\n");
  const columns = header.split("\t");
  return lines.map((line) => {
    const cells = line.split("\t");
    return Object.fromEntries(columns.map((column, i) => [column, cells[i]]));
  });
}

const TOOL_TEMPLATE =
  "{% if tools %}{{ tools | tojson }}{% endif %}{% for m in messages %}{{ m.content }}{% endfor %}";

// The hub's GGUF summary also carries the chat template read from the weights (not in ModelData's type).
const QWEN3_GGUF_SUMMARY = {
  total: 4_022_468_096,
  architecture: "qwen3",
  context_length: 40_960,
  chat_template: TOOL_TEMPLATE,
};

// Realistic model metadata, as the hub API returns it for these repos.
const models = {
  ggufChat: {
    id: "bartowski/Llama-3.2-3B-Instruct-GGUF",
    inference: "",
    tags: ["gguf", "llama", "conversational"],
    gguf: { total: 3_212_749_888, architecture: "llama", context_length: 131_072 },
  },
  ggufChatWithTools: {
    id: "unsloth/Qwen3-4B-GGUF",
    inference: "",
    tags: ["gguf", "qwen3", "conversational"],
    gguf: QWEN3_GGUF_SUMMARY,
  },
  ggufBase: {
    id: "mlabonne/gemma-2b-GGUF",
    inference: "",
    tags: ["gguf", "gemma"],
    gguf: { total: 2_506_172_416, architecture: "gemma", context_length: 8192 },
  },
  chatLlm: {
    id: "meta-llama/Llama-3.2-3B-Instruct",
    inference: "",
    pipeline_tag: "text-generation",
    tags: [
      "transformers",
      "safetensors",
      "llama",
      "text-generation",
      "conversational",
      "text-generation-inference",
    ],
  },
  baseLlm: {
    id: "meta-llama/Llama-3.2-3B",
    inference: "",
    pipeline_tag: "text-generation",
    tags: ["transformers", "safetensors", "llama", "text-generation"],
  },
  vlm: {
    id: "meta-llama/Llama-3.2-11B-Vision-Instruct",
    inference: "",
    pipeline_tag: "image-text-to-text",
    tags: ["transformers", "mllama", "image-text-to-text", "conversational"],
  },
  awq: {
    id: "TheBloke/Mistral-7B-Instruct-v0.2-AWQ",
    inference: "",
    pipeline_tag: "text-generation",
    tags: ["mistral", "conversational"],
    config: { quantization_config: { quant_method: "awq", bits: 4 } },
  },
  mistralCommon: {
    id: "mistralai/Mistral-Small-3.1-24B-Instruct-2503",
    inference: "",
    pipeline_tag: "image-text-to-text",
    tags: ["vllm", "mistral-common", "conversational"],
    config: { quantization_config: { quant_method: "gptq" } },
  },
  mlxChat: {
    id: "mlx-community/Qwen3-4B-4bit",
    inference: "",
    pipeline_tag: "text-generation",
    library_name: "mlx",
    tags: ["mlx", "safetensors", "qwen3", "text-generation", "conversational"],
    config: { tokenizer_config: { chat_template: TOOL_TEMPLATE } },
  },
  mlxBase: {
    id: "mlx-community/Llama-3.2-1B-4bit",
    inference: "",
    pipeline_tag: "text-generation",
    library_name: "mlx",
    tags: ["mlx", "llama", "text-generation"],
  },
  textToImage: {
    id: "stabilityai/stable-diffusion-xl-base-1.0",
    inference: "",
    pipeline_tag: "text-to-image",
    library_name: "diffusers",
    tags: ["diffusers", "safetensors", "text-to-image"],
  },
  lora: {
    id: "nerijs/pixel-art-xl",
    inference: "",
    pipeline_tag: "text-to-image",
    library_name: "diffusers",
    tags: ["diffusers", "safetensors", "text-to-image", "lora"],
  },
  coreml: {
    id: "joyfusion/sd-coreml",
    inference: "",
    pipeline_tag: "text-to-image",
    tags: ["coreml", "joyfusion"],
  },
  ryzenAi: {
    id: "amd/Llama-3.2-3B-Instruct-awq-g128-int4-asym-fp16-onnx-hybrid",
    inference: "",
    tags: ["onnx", "ryzenai-hybrid"],
  },
  unslothFinetune: {
    id: "unsloth/Llama-3.2-1B-Instruct",
    inference: "",
    pipeline_tag: "text-generation",
    tags: ["unsloth", "transformers", "llama", "conversational"],
  },
} satisfies Record<string, ModelData>;

const APP_KEYS = Object.keys(LOCAL_APPS) as LocalAppKey[];
const app = (key: LocalAppKey): LocalApp => LOCAL_APPS[key];
const shownFor = (model: ModelData): LocalAppKey[] =>
  APP_KEYS.filter((key) => app(key).displayOnModelPage(model));

/** Every snippet an app produces, normalised to LocalAppSnippet[]. */
function snippetsOf(key: LocalAppKey, model: ModelData, filepath?: string): LocalAppSnippet[] {
  const local = app(key);
  if (!("snippet" in local)) throw new Error(`${key} has no snippet`);
  const produced = local.snippet(model, filepath);
  const list = Array.isArray(produced) ? produced : [produced];
  return list.map((item) => (typeof item === "string" ? { title: key, content: item } : item));
}

const contentText = (snippet: LocalAppSnippet): string =>
  Array.isArray(snippet.content) ? snippet.content.join("\n") : snippet.content;
const allText = (snippets: LocalAppSnippet[]): string =>
  snippets.map((snippet) => `${snippet.setup ?? ""}\n${contentText(snippet)}`).join("\n");

/** Runs a shell script with `curl` replaced by a function that prints the value of its --data. */
function curlBodies(script: string): unknown[] {
  const stub = `curl() { while [ $# -gt 0 ]; do if [ "$1" = --data ]; then printf '%s\\0' "$2"; fi; shift; done; }\n`;
  const curlPart = script.slice(script.indexOf("curl -X POST"));
  const result = spawnSync("bash", ["-c", stub + curlPart], { encoding: "utf8", timeout: 5000 });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout
    .split("\0")
    .filter(Boolean)
    .map((body) => JSON.parse(body));
}

describe("LOCAL_APPS", () => {
  const table = readTsv("local-apps-head.tsv");

  it("lists the 25 apps of the fact table in order, with their label, docs, task and platform", () => {
    expect(table).toHaveLength(25);
    expect(APP_KEYS).toEqual(table.map((row) => row.id));
    for (const row of table) {
      const local = app(row.id as LocalAppKey);
      expect(local.prettyLabel, row.id).toBe(row.prettyLabel);
      expect(local.docsUrl, row.id).toBe(row.docsUrl);
      expect(local.mainTask, row.id).toBe(row.mainTask);
      expect(local.macOSOnly ?? false, row.id).toBe(row.macOSOnly === "true");
      expect(row.kind in local, row.id).toBe(true);
      expect("snippet" in local !== "deeplink" in local, row.id).toBe(true);
    }
  });

  it("is exported from the package entry point", () => {
    expect(tasksPackage.LOCAL_APPS).toBe(LOCAL_APPS);
  });
});

describe("which apps a model page offers", () => {
  const ggufApps: LocalAppKey[] = [
    "llama.cpp",
    "node-llama-cpp",
    "lmstudio",
    "localai",
    "jan",
    "atomic-chat",
    "backyard",
    "sanctum",
    "jellybox",
    "msty",
    "recursechat",
    "ollama",
    "unsloth",
    "docker-model-runner",
    "lemonade",
  ];

  it("offers the GGUF runners for a GGUF repo without a pipeline tag", () => {
    expect(shownFor(models.ggufChat)).toEqual(ggufApps);
    expect(shownFor(models.ggufBase)).toEqual(ggufApps);
  });

  it("adds the coding agents when the chat template handles tools", () => {
    expect(shownFor(models.ggufChatWithTools)).toEqual([...ggufApps, "pi", "hermes-agent", "openclaw"]);
  });

  it("offers the serving engines for transformers LLMs and VLMs", () => {
    expect(shownFor(models.chatLlm)).toEqual(["vllm", "sglang", "tgi", "docker-model-runner"]);
    expect(shownFor(models.baseLlm)).toEqual(["vllm", "sglang", "docker-model-runner"]);
    expect(shownFor(models.vlm)).toEqual(["vllm", "sglang", "docker-model-runner"]);
    expect(shownFor(models.awq)).toEqual(["vllm", "sglang", "docker-model-runner"]);
  });

  it("offers the MLX apps for MLX models", () => {
    expect(shownFor(models.mlxBase)).toEqual(["mlx-lm", "lmstudio", "atomic-chat"]);
    expect(shownFor(models.mlxChat)).toEqual([
      "mlx-lm",
      "lmstudio",
      "atomic-chat",
      "pi",
      "hermes-agent",
      "openclaw",
    ]);
  });

  it("offers the image apps for diffusers text-to-image models and LoRAs", () => {
    expect(shownFor(models.textToImage)).toEqual(["jellybox", "drawthings", "diffusionbee"]);
    expect(shownFor(models.lora)).toEqual(["jellybox", "drawthings", "diffusionbee"]);
    expect(shownFor(models.coreml)).toEqual(["joyfusion"]);
  });

  it("offers Unsloth Studio for unsloth-tagged models and Lemonade for Ryzen AI models", () => {
    expect(shownFor(models.unslothFinetune)).toEqual(["vllm", "sglang", "unsloth", "docker-model-runner"]);
    expect(shownFor(models.ryzenAi)).toEqual(["lemonade"]);
  });

  it("offers nothing for a model no app runs", () => {
    expect(
      shownFor({ id: "google-bert/bert-base-uncased", inference: "", tags: ["transformers", "fill-mask"] }),
    ).toEqual([]);
  });
});

const snippetApps = APP_KEYS.filter((key) => "snippet" in app(key));
const deeplinkApps = APP_KEYS.filter((key) => "deeplink" in app(key));

describe("snippets", () => {
  it("fill in the quant label of the chosen GGUF file", () => {
    const file = "Llama-3.2-3B-Instruct-Q4_K_M.gguf";
    const apps = snippetApps.filter((k) => app(k).displayOnModelPage(models.ggufChatWithTools));
    expect(apps).toHaveLength(9);
    for (const key of apps) {
      const text = allText(snippetsOf(key, models.ggufChatWithTools, file));
      expect(text, key).toContain(
        `unsloth/Qwen3-4B-GGUF${key === "localai" ? "/" : ":"}${key === "localai" ? file : "Q4_K_M"}`,
      );
      expect(text, key).not.toMatch(/\{\{\w+\}\}/);
    }
    // the quant of a file in a folder comes from the file name
    expect(allText(snippetsOf("ollama", models.ggufChat, "Q8_0/model-Q8_0-00001-of-00002.gguf"))).toBe(
      "\nollama run hf.co/bartowski/Llama-3.2-3B-Instruct-GGUF:Q8_0",
    );
  });

  it("leave a placeholder for the page when no file is chosen, and no tag when the file has no label", () => {
    for (const key of ["llama.cpp", "node-llama-cpp", "ollama", "lemonade", "docker-model-runner"] as const) {
      expect(allText(snippetsOf(key, models.ggufChat)), key).toContain("{{OLLAMA_TAG}}");
      expect(allText(snippetsOf(key, models.ggufChat, "model.gguf")), key).not.toMatch(/\{\{|GGUF:/);
    }
    expect(allText(snippetsOf("localai", models.ggufChat))).toContain(
      "huggingface://bartowski/Llama-3.2-3B-Instruct-GGUF/{{GGUF_FILE}}",
    );
  });

  it("name the Lemonade model after the repo and the quant", () => {
    const text = allText(snippetsOf("lemonade", models.ggufChat, "Llama-3.2-3B-Instruct-IQ4_XS.gguf"));
    expect(text).toContain(
      "lemonade-server pull user.Llama-3.2-3B-Instruct-GGUF-IQ4_XS --checkpoint bartowski/Llama-3.2-3B-Instruct-GGUF:IQ4_XS --recipe llamacpp",
    );
    expect(text).toContain("lemonade-server run user.Llama-3.2-3B-Instruct-GGUF-IQ4_XS");
    expect(allText(snippetsOf("lemonade", models.ryzenAi))).toMatch(
      /--recipe oga-hybrid[\s\S]*XDNA 2 NPU|XDNA 2 NPU[\s\S]*--recipe oga-hybrid/,
    );
  });

  it("give llama.cpp base models a prompt to continue and chat models an interactive session", () => {
    const base = snippetsOf("llama.cpp", models.ggufBase);
    const chat = snippetsOf("llama.cpp", models.ggufChat);
    const withCli = (snippets: LocalAppSnippet[]) =>
      snippets.map(contentText).filter((text) => /llama[- ]cli/.test(text));
    expect(withCli(base)).toHaveLength(4);
    expect(withCli(chat)).toHaveLength(4);
    for (const text of withCli(base))
      expect(text).toMatch(/llama[- ]cli -hf \S+ \\\n {2}-p "Once upon a time,"/);
    // As 0.21.54: the install script and WinGet give the `llama` command, the others the binaries.
    expect(
      snippetsOf("llama.cpp", models.ggufChat).map((s) => [
        s.setup?.split("\n")[0],
        contentText(s).match(/llama[- ]server|llama serve/)?.[0],
      ]),
    ).toEqual([
      ["curl -LsSf https://llama.app/install.sh | sh", "llama serve"],
      ["winget install llama.cpp", "llama serve"],
      [expect.any(String), "llama-server"],
      [expect.any(String), "llama-server"],
      [undefined, undefined],
    ]);
    for (const text of withCli(chat)) expect(text).not.toContain("-p ");
  });

  it("send chat models' example conversation and base models a prompt, as valid JSON through the shell", () => {
    const [chatBody] = curlBodies(contentText(snippetsOf("vllm", models.chatLlm)[0]));
    expect(chatBody).toEqual({
      model: "meta-llama/Llama-3.2-3B-Instruct",
      messages: [{ role: "user", content: "What is the capital of France?" }],
    });
    const [baseBody] = curlBodies(contentText(snippetsOf("vllm", models.baseLlm)[0]));
    expect(baseBody).toEqual({
      model: "meta-llama/Llama-3.2-3B",
      prompt: "Once upon a time,",
      max_tokens: 512,
      temperature: 0.5,
    });
    const [vlmBody] = curlBodies(contentText(snippetsOf("sglang", models.vlm)[0])) as {
      messages: { content: { type: string }[] }[];
    }[];
    expect(vlmBody.messages[0].content.map((part) => part.type)).toEqual(["text", "image_url"]);
    const [tgiBody] = curlBodies(contentText(snippetsOf("tgi", models.chatLlm)[0]));
    expect(tgiBody).toMatchObject({ model: "meta-llama/Llama-3.2-3B-Instruct" });
  });

  it("serve mistral-common models with the mistral formats and GGUF repos from the downloaded file", () => {
    const mistral = contentText(snippetsOf("vllm", models.mistralCommon)[0]);
    expect(mistral).toContain("--tokenizer-mode mistral");
    expect(mistral).toContain("--tool-call-parser mistral");
    const gguf = contentText(
      snippetsOf("vllm", { ...models.ggufChat, pipeline_tag: "text-generation" }, "x-Q4_0.gguf")[0],
    );
    expect(gguf).toContain("hf download bartowski/Llama-3.2-3B-Instruct-GGUF x-Q4_0.gguf --local-dir .");
    expect(gguf).toContain(
      "vllm serve ./x-Q4_0.gguf --served-model-name bartowski/Llama-3.2-3B-Instruct-GGUF",
    );
  });

  it("are all valid bash for every model an app is shown for", () => {
    const seen = new Set<string>();
    for (const [name, model] of Object.entries(models)) {
      for (const key of snippetApps.filter((k) => app(k).displayOnModelPage(model))) {
        for (const filepath of [undefined, "sub folder/it's-Q5_K_S.gguf"]) {
          for (const snippet of snippetsOf(key, model, filepath)) {
            for (const script of [snippet.setup ?? "", contentText(snippet)]) {
              if (seen.has(script)) continue;
              seen.add(script);
              const result = spawnSync("bash", ["-n"], { input: script, encoding: "utf8", timeout: 5000 });
              expect(
                result.status,
                `${key} for ${name} (${snippet.title}):\n${script}\n${result.stderr}`,
              ).toBe(0);
            }
          }
        }
      }
    }
    expect(seen.size).toBeGreaterThan(100);
  });

  it("quote a chosen file name that the shell would otherwise split", () => {
    const text = allText(snippetsOf("localai", models.ggufChat, "sub folder/it's-Q5_K_S.gguf"));
    expect(text).toContain(
      `'huggingface://bartowski/Llama-3.2-3B-Instruct-GGUF/sub folder/it'\\''s-Q5_K_S.gguf'`,
    );
  });
});

describe("deeplinks", () => {
  it("open the repo in each app", () => {
    const links = Object.fromEntries(
      deeplinkApps
        .filter((key) => app(key).displayOnModelPage(models.ggufChat))
        .map((key) => {
          const local = app(key);
          return [key, "deeplink" in local ? local.deeplink(models.ggufChat).href : ""];
        }),
    );
    const id = "bartowski/Llama-3.2-3B-Instruct-GGUF";
    const encoded = encodeURIComponent(id);
    expect(links).toEqual({
      lmstudio: `lmstudio://open_from_hf?model=${encoded}`,
      jan: `jan://models/huggingface/${id}`,
      "atomic-chat": `atomic-chat://models/huggingface/${id}`,
      backyard: `https://backyard.ai/hf/model/${id}`,
      sanctum: `sanctum://open_from_hf?model=${encoded}`,
      unsloth: `unsloth://open_from_hf?model=${encoded}`,
      jellybox: `jellybox://llm/models/huggingface/LLM/${id}`,
      msty: `msty://models/search/hf/${id}`,
      recursechat: `recursechat://new-hf-gguf-model?hf-model-id=${encoded}`,
    });
  });

  it("pass the chosen file to LM Studio and the model kind to the image apps", () => {
    const lmstudio = LOCAL_APPS.lmstudio.deeplink(models.ggufChat, "Llama-3.2-3B-Instruct-Q4_K_M.gguf");
    expect(lmstudio.searchParams.get("model")).toBe(models.ggufChat.id);
    expect(lmstudio.searchParams.get("file")).toBe("Llama-3.2-3B-Instruct-Q4_K_M.gguf");
    expect(LOCAL_APPS.jellybox.deeplink(models.lora).href).toBe(
      "jellybox://image/models/huggingface/ImageLora/nerijs/pixel-art-xl",
    );
    expect(LOCAL_APPS.jellybox.deeplink(models.textToImage).href).toBe(
      "jellybox://image/models/huggingface/Image/stabilityai/stable-diffusion-xl-base-1.0",
    );
    const drawLora = LOCAL_APPS.drawthings.deeplink(models.lora);
    expect(drawLora.pathname).toBe("/import/diffusers/pipeline.load_lora_weights");
    expect(drawLora.searchParams.get("repo_id")).toBe("nerijs/pixel-art-xl");
    expect(LOCAL_APPS.drawthings.deeplink(models.textToImage).pathname).toBe(
      "/import/diffusers/pipeline.from_pretrained",
    );
    expect(LOCAL_APPS.diffusionbee.deeplink(models.textToImage).searchParams.get("model_id")).toBe(
      models.textToImage.id,
    );
    expect(LOCAL_APPS.joyfusion.deeplink(models.coreml).searchParams.get("repo_id")).toBe(models.coreml.id);
  });
});

describe("bad input", () => {
  it("rejects a model without a valid repo id, naming the value", () => {
    expect(() => LOCAL_APPS.ollama.snippet({ ...models.ggufChat, id: "" })).toThrow(
      /repo id \("owner\/name"\), got ""/,
    );
    expect(() => LOCAL_APPS.jan.deeplink({ ...models.ggufChat, id: "a/b; rm -rf ~" })).toThrow(
      /got "a\/b; rm -rf ~"/,
    );
    expect(() =>
      LOCAL_APPS["llama.cpp"].snippet({ ...models.ggufChat, id: undefined as unknown as string }),
    ).toThrow(/got undefined/);
  });
});
