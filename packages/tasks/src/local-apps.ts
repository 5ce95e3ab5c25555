// Local apps: desktop apps and serving engines a model page offers under "Use this model". Each app
// says which models it can run and gives either a deeplink or shell commands that run the model.
import { sh } from "./escape.js";
import { parseGGUFQuantLabel } from "./gguf.js";
import type { ModelData } from "./model-data.js";
import type { PipelineType } from "./pipelines.js";
import { getModelInputExample } from "./snippets/inputs.js";

/** One way to run a model: commands to paste into a terminal. */
export interface LocalAppSnippet {
  /** What this way is, e.g. "Install from pip". */
  title: string;
  /** One-time setup commands. */
  setup?: string;
  /** The commands that run the model. */
  content: string | string[];
}

/** A local app, as offered on a model page. */
export type LocalApp = {
  /** Name shown on the app's button. */
  prettyLabel: string;
  /** Where to learn about the app. */
  docsUrl: string;
  /** Up to two more links shown with the app (fixed, or depending on the model). */
  links?: { label: string; url: string }[] | ((model: ModelData) => { label: string; url: string }[]);
  /** The task the app is mainly for. */
  mainTask: PipelineType;
  /** Shows a "macOS only" pill. */
  macOSOnly?: boolean;
  comingSoon?: boolean;
  /** Whether the app can run this model, and so whether its button shows on the model page. */
  displayOnModelPage: (model: ModelData) => boolean;
} & (
  | {
      /** The URL that opens the model in the app. */
      deeplink: (model: ModelData, filepath?: string) => URL;
    }
  | {
      /**
       * Commands that run the model. Without a `filepath`, two placeholders are left for the page to
       * fill in: `{{GGUF_FILE}}` (a GGUF file of the repo) and `{{OLLAMA_TAG}}` (":" and a quant
       * label, or nothing when the repo has a single quantisation).
       */
      snippet: (
        model: ModelData,
        filepath?: string,
      ) => string | string[] | LocalAppSnippet | LocalAppSnippet[];
    }
);

const GGUF_FILE_PLACEHOLDER = "{{GGUF_FILE}}";
const QUANT_TAG_PLACEHOLDER = "{{OLLAMA_TAG}}";

// The model predicates the apps are built from.
const hasTag = (model: ModelData, tag: string): boolean => model.tags?.includes(tag) ?? false;
const quantMethod = (model: ModelData): string | undefined => model.config?.quantization_config?.quant_method;
/** A GGUF repo llama.cpp can load: the hub could read the context length from its weights. */
const isGgufModel = (model: ModelData): boolean => !!model.gguf?.context_length;
const isMlxModel = (model: ModelData): boolean => hasTag(model, "mlx");
const isConversational = (model: ModelData): boolean => hasTag(model, "conversational");
const isLlmTask = (model: ModelData): boolean =>
  model.pipeline_tag === "text-generation" || model.pipeline_tag === "image-text-to-text";
/** Weights in a format GPU serving engines load directly. */
const isServableQuantization = (model: ModelData): boolean =>
  ["awq", "gptq", "aqlm", "marlin"].includes(quantMethod(model) ?? "");
const isDiffusersModel = (model: ModelData): boolean => model.library_name === "diffusers";
const isTextToImage = (model: ModelData): boolean => model.pipeline_tag === "text-to-image";
const isVllmModel = (model: ModelData): boolean =>
  (isServableQuantization(model) || isGgufModel(model) || hasTag(model, "transformers")) && isLlmTask(model);
const isSglangModel = (model: ModelData): boolean =>
  (isServableQuantization(model) || hasTag(model, "transformers")) && isLlmTask(model);

/** The chat templates of a model, from its tokenizer config and, for GGUF repos, its weights. */
function chatTemplates(model: ModelData): string[] {
  const templates: string[] = [];
  const fromTokenizer = model.config?.tokenizer_config?.chat_template;
  if (typeof fromTokenizer === "string") templates.push(fromTokenizer);
  else if (Array.isArray(fromTokenizer)) templates.push(...fromTokenizer.map((entry) => entry.template));
  // The hub's GGUF summary carries the template embedded in the weights, when there is one.
  const fromGguf = (model.gguf as { chat_template?: unknown } | undefined)?.chat_template;
  if (typeof fromGguf === "string") templates.push(fromGguf);
  return templates;
}

/** A chat model whose template can render tool definitions: what coding agents need. */
const isLocalAgentModel = (model: ModelData): boolean =>
  isConversational(model) &&
  (isGgufModel(model) || isMlxModel(model)) &&
  chatTemplates(model).some((template) => template.includes("tools"));

// Hub repo ids: "name" or "owner/name", letters, digits, "-", "_" and ".". Checking this once lets
// every command and URL below use the id as is.
const REPO_ID = /^[\w.-]+(\/[\w.-]+)?$/;

function repoId(model: ModelData): string {
  const id: unknown = model?.id;
  if (typeof id !== "string" || !REPO_ID.test(id)) {
    throw new TypeError(`A local app needs the model's repo id ("owner/name"), got ${JSON.stringify(id)}`);
  }
  return id;
}

/**
 * ":" and the quant label of the chosen GGUF file, nothing when its name carries no label, or the
 * placeholder the page fills in when no file was chosen.
 */
function quantTag(filepath: string | undefined): string {
  if (filepath === undefined) return QUANT_TAG_PLACEHOLDER;
  const label = parseGGUFQuantLabel(filepath);
  return label ? `:${label}` : "";
}

/** The repo reference llama.cpp, Ollama and Docker take: "owner/name:QUANT". */
const ggufRef = (model: ModelData, filepath?: string): string => `${repoId(model)}${quantTag(filepath)}`;

const withQuery = (base: string, params: Record<string, string | undefined>): URL => {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return url;
};

/** A `curl` call to an OpenAI-compatible server, with the model's example input as the request. */
function openAiCurl(model: ModelData, baseUrl: string, servedModel = repoId(model)): string {
  let path: string;
  let body: Record<string, unknown>;
  const example = isConversational(model) ? getModelInputExample(model) : undefined;
  if (example?.type === "messages") {
    path = "/v1/chat/completions";
    body = { model: servedModel, messages: example.messages };
  } else {
    path = "/v1/completions";
    body = { model: servedModel, prompt: "Once upon a time,", max_tokens: 512, temperature: 0.5 };
  }
  return [
    "# Call the server using curl:",
    `curl -X POST "${baseUrl}${path}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  --data ${sh(JSON.stringify(body, null, 2))}`,
  ].join("\n");
}

function llamaCppSnippets(model: ModelData, filepath?: string): LocalAppSnippet[] {
  const ref = ggufRef(model, filepath);
  const run = (server: string, cli: string): string => {
    const lines = [
      "# Start a local OpenAI-compatible server with a web UI on http://localhost:8080:",
      `${server} -hf ${ref}`,
      "",
      "# Or run the model in the terminal:",
    ];
    // Base models do not chat: give them a prompt to continue instead.
    lines.push(
      isConversational(model)
        ? `${cli} -hf ${ref}`
        : `${cli} -hf ${ref} \\\n  -p "Once upon a time," -n 128 -no-cnv`,
    );
    return lines.join("\n");
  };
  return [
    {
      // The installer and WinGet package give one `llama` command (`llama serve`, `llama cli`).
      title: "Install with the install script (macOS, Linux)",
      setup: "curl -LsSf https://llama.app/install.sh | sh",
      content: run("llama serve", "llama cli"),
    },
    {
      title: "Install with WinGet (Windows)",
      setup: "winget install llama.cpp",
      content: run("llama serve", "llama cli"),
    },
    {
      title: "Use a pre-built binary",
      setup: [
        "# Download the archive for your platform from",
        "# https://github.com/ggml-org/llama.cpp/releases and unpack it here.",
      ].join("\n"),
      content: run("./llama-server", "./llama-cli"),
    },
    {
      title: "Build from source",
      setup: [
        "git clone https://github.com/ggml-org/llama.cpp.git",
        "cd llama.cpp",
        "cmake -B build",
        "cmake --build build --config Release -j --target llama-server llama-cli",
      ].join("\n"),
      content: run("./build/bin/llama-server", "./build/bin/llama-cli"),
    },
    {
      title: "Use Docker Model Runner",
      content: `docker model run hf.co/${ref}`,
    },
  ];
}

function vllmSnippets(model: ModelData, filepath?: string): LocalAppSnippet[] {
  const id = repoId(model);
  const mistralFlags = hasTag(model, "mistral-common")
    ? " \\\n  --tokenizer-mode mistral --config-format mistral --load-format mistral \\\n  --tool-call-parser mistral --enable-auto-tool-choice"
    : "";
  let serve: string;
  if (isGgufModel(model) && !hasTag(model, "transformers") && !isServableQuantization(model)) {
    // vLLM loads a single GGUF file from disk; serve it under the repo id so requests look the same.
    const file = filepath ?? GGUF_FILE_PLACEHOLDER;
    serve = [
      "# Download the GGUF file, then serve it:",
      `hf download ${sh(id)} ${sh(file)} --local-dir .`,
      `vllm serve ${sh(`./${file}`)} --served-model-name ${sh(id)}`,
    ].join("\n");
  } else {
    serve = `# Start the OpenAI-compatible server on http://localhost:8000:\nvllm serve ${sh(id)}${mistralFlags}`;
  }
  return [
    {
      title: "Install from pip",
      setup: ["# Install vLLM from pip:", "pip install vllm"].join("\n"),
      content: [serve, openAiCurl(model, "http://localhost:8000")],
    },
    {
      title: "Use Docker Model Runner",
      setup: "# Docker Desktop with Model Runner enabled, or docker-model-plugin on Linux",
      content: `docker model run hf.co/${isGgufModel(model) ? ggufRef(model, filepath) : id}`,
    },
  ];
}

function sglangSnippets(model: ModelData): LocalAppSnippet[] {
  const id = repoId(model);
  const launch = `python3 -m sglang.launch_server \\\n  --model-path ${sh(id)} \\\n  --host 0.0.0.0 \\\n  --port 30000`;
  return [
    {
      title: "Install from pip",
      setup: ["# Install SGLang from pip:", 'pip install "sglang[all]"'].join("\n"),
      content: [
        `# Start the OpenAI-compatible server:\n${launch}`,
        openAiCurl(model, "http://localhost:30000"),
      ],
    },
    {
      title: "Use Docker images",
      setup: [
        "# Runs on NVIDIA GPUs; the Hugging Face cache is shared with the container.",
        "docker run --gpus all \\",
        "  --shm-size 32g \\",
        "  -p 30000:30000 \\",
        "  -v ~/.cache/huggingface:/root/.cache/huggingface \\",
        '  --env "HF_TOKEN=$HF_TOKEN" \\',
        "  --ipc=host \\",
        "  lmsysorg/sglang:latest \\",
        `  ${launch.replace(/\n/g, "\n  ")}`,
      ].join("\n"),
      content: openAiCurl(model, "http://localhost:30000"),
    },
  ];
}

function mlxLmSnippets(model: ModelData): LocalAppSnippet[] {
  const id = sh(repoId(model));
  const setup = ["# Install the mlx-lm command-line tools:", "uv tool install mlx-lm"].join("\n");
  if (!isConversational(model)) {
    return [
      {
        title: "Generate text",
        setup,
        content: `mlx_lm.generate --model ${id} --prompt "Once upon a time," --max-tokens 256`,
      },
    ];
  }
  return [
    { title: "Chat in the terminal", setup, content: `mlx_lm.chat --model ${id}` },
    {
      title: "Start an OpenAI-compatible server",
      setup,
      content: [
        `# Serve on http://localhost:8080:\nmlx_lm.server --model ${id} --port 8080`,
        openAiCurl(model, "http://localhost:8080"),
      ],
    },
  ];
}

function tgiSnippets(model: ModelData): LocalAppSnippet[] {
  const id = repoId(model);
  const chat = {
    model: id,
    messages: [{ role: "user", content: "What is the capital of France?" }],
  };
  return [
    {
      title: "Use Docker images",
      setup: [
        "# Deploy with docker on Linux (NVIDIA GPUs):",
        "docker run --gpus all \\",
        "  --shm-size 1g \\",
        "  -v ~/.cache/huggingface:/data \\",
        '  -e HF_TOKEN="$HF_TOKEN" \\',
        "  -p 8000:80 \\",
        "  ghcr.io/huggingface/text-generation-inference:latest \\",
        `  --model-id ${sh(id)}`,
      ].join("\n"),
      content: [
        "# Call the server using curl:",
        'curl -X POST "http://localhost:8000/v1/chat/completions" \\',
        '  -H "Content-Type: application/json" \\',
        `  --data ${sh(JSON.stringify(chat, null, 2))}`,
      ].join("\n"),
    },
  ];
}

function localAiSnippets(model: ModelData, filepath?: string): LocalAppSnippet[] {
  const uri = sh(`huggingface://${repoId(model)}/${filepath ?? GGUF_FILE_PLACEHOLDER}`);
  return [
    {
      title: "Install from binary",
      setup: "curl https://localai.io/install.sh | sh",
      content: `# Load and run the model (API on http://localhost:8080):\nlocal-ai run ${uri}`,
    },
    {
      title: "Use Docker images",
      setup: ["# Pull the CPU image:", "docker pull localai/localai:latest-cpu"].join("\n"),
      content: [
        "# Load and run the model (API on http://localhost:8080):",
        "docker run -ti -p 8080:8080 --name local-ai \\",
        "  -v $PWD/models:/models \\",
        `  localai/localai:latest-cpu ${uri}`,
      ].join("\n"),
    },
  ];
}

function ollamaSnippet(model: ModelData, filepath?: string): string {
  return `ollama run hf.co/${ggufRef(model, filepath)}`;
}

function nodeLlamaCppSnippets(model: ModelData, filepath?: string): LocalAppSnippet[] {
  const ref = `hf:${ggufRef(model, filepath)}`;
  return [
    { title: "Chat with the model", content: `npx -y node-llama-cpp chat ${ref}` },
    {
      title: "Estimate the model compatibility with your hardware",
      content: `npx -y node-llama-cpp inspect estimate ${ref}`,
    },
  ];
}

function dockerModelRunnerSnippet(model: ModelData, filepath?: string): LocalAppSnippet {
  const ref = isGgufModel(model) ? ggufRef(model, filepath) : repoId(model);
  return { title: "Run the model", content: `docker model run hf.co/${ref}` };
}

function lemonadeSnippets(model: ModelData, filepath?: string): LocalAppSnippet[] {
  const id = repoId(model);
  const repoName = id.slice(id.indexOf("/") + 1);
  const ryzenRecipe = hasTag(model, "ryzenai-hybrid")
    ? "oga-hybrid"
    : hasTag(model, "ryzenai-npu")
      ? "oga-npu"
      : undefined;
  let name: string;
  let pull: string;
  if (ryzenRecipe && !isGgufModel(model)) {
    name = `user.${repoName}`;
    pull = `lemonade-server pull ${sh(name)} --checkpoint ${sh(id)} --recipe ${ryzenRecipe}`;
  } else {
    const label = filepath === undefined ? undefined : parseGGUFQuantLabel(filepath);
    name = `user.${repoName}${label ? `-${label}` : ""}`;
    pull = `lemonade-server pull ${sh(name)} --checkpoint ${sh(ggufRef(model, filepath))} --recipe llamacpp`;
  }
  const setup = [
    "# Download and install Lemonade from https://lemonade-server.ai",
    ...(ryzenRecipe && !isGgufModel(model) ? ["# This model needs a Ryzen AI PC with an XDNA 2 NPU."] : []),
  ].join("\n");
  return [
    {
      title: "Pull and run the model",
      setup,
      content: [
        `# Download the model:\n${pull}`,
        `# Run it and chat in the browser:\nlemonade-server run ${sh(name)}`,
        "# List the installed models:\nlemonade-server list",
      ],
    },
  ];
}

/** The local OpenAI-compatible server coding agents talk to, at http://localhost:8080/v1. */
function localAgentServer(model: ModelData, filepath?: string): LocalAppSnippet {
  if (isGgufModel(model)) {
    return {
      title: "Start a local server",
      setup: "brew install llama.cpp",
      // `llama serve` listens on port 8080 and renders the model's own chat template (tool calls).
      content: `llama serve -hf ${ggufRef(model, filepath)}`,
    };
  }
  return {
    title: "Start a local server",
    setup: "uv tool install mlx-lm",
    content: `mlx_lm.server --model ${sh(repoId(model))} --port 8080`,
  };
}

const LOCAL_SERVER_URL = "http://localhost:8080/v1";

function piSnippets(model: ModelData, filepath?: string): LocalAppSnippet[] {
  const providers = {
    providers: {
      local: {
        baseUrl: LOCAL_SERVER_URL,
        api: "openai-completions",
        apiKey: "local",
        models: [{ id: repoId(model) }],
      },
    },
  };
  return [
    localAgentServer(model, filepath),
    {
      title: "Run Pi on the local model",
      setup: "npm install -g @earendil-works/pi-coding-agent",
      content: [
        "# Register the local server (kept as is if you already have a models.json):",
        "mkdir -p ~/.pi/agent",
        "[ -e ~/.pi/agent/models.json ] || cat > ~/.pi/agent/models.json <<'JSON'",
        JSON.stringify(providers, null, 2),
        "JSON",
        `pi --provider local --model ${sh(repoId(model))}`,
      ].join("\n"),
    },
  ];
}

function hermesSnippets(model: ModelData, filepath?: string): LocalAppSnippet[] {
  return [
    localAgentServer(model, filepath),
    {
      title: "Run Hermes Agent on the local model",
      setup: "curl -fsSL https://hermes-agent.nousresearch.com/install.sh | bash",
      content: [
        "hermes config set model.provider custom",
        `hermes config set model.base_url ${LOCAL_SERVER_URL}`,
        `hermes config set model.default ${sh(repoId(model))}`,
        "hermes",
      ].join("\n"),
    },
  ];
}

function openClawSnippets(model: ModelData, filepath?: string): LocalAppSnippet[] {
  return [
    localAgentServer(model, filepath),
    {
      title: "Run OpenClaw on the local model",
      setup: "npm install -g openclaw@latest",
      content: [
        "openclaw onboard --non-interactive \\",
        "  --auth-choice custom-api-key \\",
        `  --custom-base-url ${LOCAL_SERVER_URL} \\`,
        `  --custom-model-id ${sh(repoId(model))} \\`,
        "  --custom-api-key local \\",
        "  --secret-input-mode plaintext \\",
        "  --custom-compatibility openai",
        'openclaw agent --agent main --message "Hello! Which model are you?"',
      ].join("\n"),
    },
  ];
}

// Path segments of a deeplink keep the repo id's slash readable; anything else is escaped.
const idPath = (model: ModelData): string => repoId(model).split("/").map(encodeURIComponent).join("/");

/**
 * The local apps, in the order a model page lists them. To add one: prefer a deeplink, run on as
 * many platforms as possible, and show the button only for models the app really runs.
 */
export const LOCAL_APPS = {
  "llama.cpp": {
    prettyLabel: "llama.cpp",
    docsUrl: "https://github.com/ggerganov/llama.cpp",
    mainTask: "text-generation",
    displayOnModelPage: isGgufModel,
    snippet: llamaCppSnippets,
  },
  "node-llama-cpp": {
    prettyLabel: "node-llama-cpp",
    docsUrl: "https://node-llama-cpp.withcat.ai",
    mainTask: "text-generation",
    displayOnModelPage: isGgufModel,
    snippet: nodeLlamaCppSnippets,
  },
  vllm: {
    prettyLabel: "vLLM",
    docsUrl: "https://docs.vllm.ai",
    mainTask: "text-generation",
    displayOnModelPage: isVllmModel,
    snippet: vllmSnippets,
  },
  sglang: {
    prettyLabel: "SGLang",
    docsUrl: "https://docs.sglang.io",
    mainTask: "text-generation",
    displayOnModelPage: isSglangModel,
    snippet: sglangSnippets,
  },
  "mlx-lm": {
    prettyLabel: "MLX LM",
    docsUrl: "https://github.com/ml-explore/mlx-lm",
    mainTask: "text-generation",
    displayOnModelPage: (model: ModelData) => isMlxModel(model) && model.pipeline_tag === "text-generation",
    snippet: mlxLmSnippets,
  },
  tgi: {
    prettyLabel: "TGI",
    docsUrl: "https://huggingface.co/docs/text-generation-inference/",
    mainTask: "text-generation",
    displayOnModelPage: (model: ModelData) => hasTag(model, "text-generation-inference"),
    snippet: tgiSnippets,
  },
  lmstudio: {
    prettyLabel: "LM Studio",
    docsUrl: "https://lmstudio.ai",
    mainTask: "text-generation",
    displayOnModelPage: (model: ModelData) => isGgufModel(model) || isMlxModel(model),
    deeplink: (model: ModelData, filepath?: string) =>
      withQuery("lmstudio://open_from_hf", { model: repoId(model), file: filepath }),
  },
  localai: {
    prettyLabel: "LocalAI",
    docsUrl: "https://github.com/mudler/LocalAI",
    mainTask: "text-generation",
    displayOnModelPage: isGgufModel,
    snippet: localAiSnippets,
  },
  jan: {
    prettyLabel: "Jan",
    docsUrl: "https://jan.ai",
    mainTask: "text-generation",
    displayOnModelPage: isGgufModel,
    deeplink: (model: ModelData) => new URL(`jan://models/huggingface/${idPath(model)}`),
  },
  "atomic-chat": {
    prettyLabel: "Atomic Chat",
    docsUrl: "https://atomic.chat",
    mainTask: "text-generation",
    displayOnModelPage: (model: ModelData) => isGgufModel(model) || isMlxModel(model),
    deeplink: (model: ModelData) => new URL(`atomic-chat://models/huggingface/${idPath(model)}`),
  },
  backyard: {
    prettyLabel: "Backyard AI",
    docsUrl: "https://backyard.ai",
    mainTask: "text-generation",
    displayOnModelPage: isGgufModel,
    deeplink: (model: ModelData) => new URL(`https://backyard.ai/hf/model/${idPath(model)}`),
  },
  /** @deprecated no longer listed by the newest reference; kept for code written against 0.18.7. */
  sanctum: {
    prettyLabel: "Sanctum",
    docsUrl: "https://sanctum.ai",
    mainTask: "text-generation",
    displayOnModelPage: isGgufModel,
    deeplink: (model: ModelData) => withQuery("sanctum://open_from_hf", { model: repoId(model) }),
  },
  jellybox: {
    prettyLabel: "Jellybox",
    docsUrl: "https://jellybox.com",
    mainTask: "text-generation",
    displayOnModelPage: (model: ModelData) =>
      isGgufModel(model) ||
      (isDiffusersModel(model) &&
        hasTag(model, "safetensors") &&
        (isTextToImage(model) || hasTag(model, "lora"))),
    deeplink: (model: ModelData) => {
      const kind = isGgufModel(model)
        ? "llm/models/huggingface/LLM"
        : hasTag(model, "lora")
          ? "image/models/huggingface/ImageLora"
          : "image/models/huggingface/Image";
      return new URL(`jellybox://${kind}/${idPath(model)}`);
    },
  },
  msty: {
    prettyLabel: "Msty",
    docsUrl: "https://msty.app",
    mainTask: "text-generation",
    displayOnModelPage: isGgufModel,
    deeplink: (model: ModelData) => new URL(`msty://models/search/hf/${idPath(model)}`),
  },
  recursechat: {
    prettyLabel: "RecurseChat",
    docsUrl: "https://recurse.chat",
    mainTask: "text-generation",
    macOSOnly: true,
    displayOnModelPage: isGgufModel,
    deeplink: (model: ModelData) =>
      withQuery("recursechat://new-hf-gguf-model", { "hf-model-id": repoId(model) }),
  },
  drawthings: {
    prettyLabel: "Draw Things",
    docsUrl: "https://drawthings.ai",
    mainTask: "text-to-image",
    macOSOnly: true,
    displayOnModelPage: (model: ModelData) =>
      isDiffusersModel(model) && (isTextToImage(model) || hasTag(model, "lora")),
    deeplink: (model: ModelData) => {
      const loader = hasTag(model, "lora") ? "pipeline.load_lora_weights" : "pipeline.from_pretrained";
      return withQuery(`https://drawthings.ai/import/diffusers/${loader}`, { repo_id: repoId(model) });
    },
  },
  diffusionbee: {
    prettyLabel: "DiffusionBee",
    docsUrl: "https://diffusionbee.com",
    mainTask: "text-to-image",
    macOSOnly: true,
    displayOnModelPage: (model: ModelData) => isDiffusersModel(model) && isTextToImage(model),
    deeplink: (model: ModelData) =>
      withQuery("https://diffusionbee.com/huggingface_import", { model_id: repoId(model) }),
  },
  joyfusion: {
    prettyLabel: "JoyFusion",
    docsUrl: "https://joyfusion.app",
    mainTask: "text-to-image",
    macOSOnly: true,
    displayOnModelPage: (model: ModelData) =>
      hasTag(model, "coreml") && hasTag(model, "joyfusion") && isTextToImage(model),
    deeplink: (model: ModelData) =>
      withQuery("https://joyfusion.app/import_from_hf", { repo_id: repoId(model) }),
  },
  ollama: {
    prettyLabel: "Ollama",
    docsUrl: "https://ollama.com",
    mainTask: "text-generation",
    displayOnModelPage: isGgufModel,
    snippet: ollamaSnippet,
  },
  unsloth: {
    prettyLabel: "Unsloth Desktop",
    docsUrl: "https://unsloth.ai/docs",
    mainTask: "text-generation",
    displayOnModelPage: (model: ModelData) => isGgufModel(model) || hasTag(model, "unsloth"),
    deeplink: (model: ModelData, filepath?: string) =>
      withQuery("unsloth://open_from_hf", { model: repoId(model), file: filepath }),
  },
  "docker-model-runner": {
    prettyLabel: "Docker Model Runner",
    docsUrl: "https://docs.docker.com/ai/model-runner/",
    mainTask: "text-generation",
    displayOnModelPage: (model: ModelData) => isGgufModel(model) || isVllmModel(model),
    snippet: dockerModelRunnerSnippet,
  },
  lemonade: {
    prettyLabel: "Lemonade",
    docsUrl: "https://lemonade-server.ai",
    mainTask: "text-generation",
    displayOnModelPage: (model: ModelData) =>
      isGgufModel(model) || hasTag(model, "ryzenai-hybrid") || hasTag(model, "ryzenai-npu"),
    snippet: lemonadeSnippets,
  },
  pi: {
    prettyLabel: "Pi",
    docsUrl: "https://github.com/earendil-works/pi",
    mainTask: "text-generation",
    displayOnModelPage: isLocalAgentModel,
    snippet: piSnippets,
  },
  "hermes-agent": {
    prettyLabel: "Hermes Agent",
    docsUrl: "https://hermes-agent.nousresearch.com/",
    mainTask: "text-generation",
    displayOnModelPage: isLocalAgentModel,
    snippet: hermesSnippets,
  },
  openclaw: {
    prettyLabel: "OpenClaw",
    docsUrl: "https://github.com/openclaw/openclaw",
    mainTask: "text-generation",
    displayOnModelPage: isLocalAgentModel,
    snippet: openClawSnippets,
  },
} satisfies Record<string, LocalApp>;

export type LocalAppKey = keyof typeof LOCAL_APPS;
