// @hubkit/tasks against the newest published catalogue, @huggingface/tasks@0.21.54, export by export
// and fact by fact. The reference is installed in bench/ as the npm alias `hf-tasks-021` (scripts/test.mjs
// installs bench/'s packages when they are missing); it is read here and never by product code.
// Every difference must be gone or be a deliberate superset entry of superset-0.21.json, with its reason.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import * as ours from "@hubkit/tasks";
import type { ModelData, PipelineType } from "@hubkit/tasks";
import {
  compareBehaviour,
  compareCatalogues,
  explain,
  type Comparison,
  type SupersetEntry,
} from "./compare.js";

const REFERENCE_ENTRY = fileURLToPath(
  new URL("../../../../bench/node_modules/hf-tasks-021/dist/esm/index.js", import.meta.url),
);
const SUPERSET: SupersetEntry[] = JSON.parse(
  readFileSync(new URL("./superset-0.21.json", import.meta.url), "utf8"),
) as SupersetEntry[];

type Catalogue = Record<string, unknown>;
let reference: Catalogue;

beforeAll(async () => {
  if (!existsSync(REFERENCE_ENTRY)) {
    throw new Error(
      `the reference catalogue is not installed (${REFERENCE_ENTRY}); run \`npm install --prefix bench\``,
    );
  }
  reference = (await import(pathToFileURL(REFERENCE_ENTRY).href)) as Catalogue;
});

// Models that exercise the local apps' display rules: GGUF, MLX, ONNX, safetensors LLMs, diffusion…
const MODELS: ModelData[] = [
  { id: "org/llm", pipeline_tag: "text-generation", tags: ["conversational", "transformers", "safetensors"] },
  {
    id: "org/llm-gguf",
    pipeline_tag: "text-generation",
    tags: ["gguf", "conversational"],
    gguf: { total: 1, context_length: 4096 },
  },
  {
    id: "org/llm-mlx",
    pipeline_tag: "text-generation",
    tags: ["mlx", "conversational"],
    library_name: "mlx",
  },
  { id: "org/vlm", pipeline_tag: "image-text-to-text", tags: ["conversational", "transformers"] },
  { id: "org/sd", pipeline_tag: "text-to-image", tags: ["diffusers"], library_name: "diffusers" },
  { id: "org/onnx", pipeline_tag: "text-classification", tags: ["onnx"], library_name: "transformers.js" },
  { id: "org/asr", pipeline_tag: "automatic-speech-recognition", tags: ["transformers"] },
  { id: "org/empty", tags: [] },
] as ModelData[];

function localAppBehaviour(catalogue: Catalogue, appId: string, model: ModelData): unknown {
  const app = (catalogue.LOCAL_APPS as Record<string, { displayOnModelPage?: (m: ModelData) => boolean }>)[
    appId
  ];
  return app?.displayOnModelPage?.(model);
}

function hasInputExample(catalogue: Catalogue, pipeline: string): boolean {
  const get = catalogue.getModelInputSnippet as (model: ModelData) => unknown;
  const model = {
    id: "org/model",
    pipeline_tag: pipeline as PipelineType,
    tags: [],
    mask_token: "[MASK]",
  } as unknown as ModelData;
  let value: unknown;
  try {
    value = get(model);
  } catch {
    return false;
  }
  return !(typeof value === "string" && (value === "" || value.startsWith("No input example")));
}

function fullComparison(): Comparison {
  const ourCatalogue = ours as unknown as Catalogue;
  const result = compareCatalogues(ourCatalogue, reference);
  const fn = (catalogue: Catalogue, name: string) => catalogue[name] as (...args: never[]) => unknown;

  compareBehaviour(
    "parseGGUFQuantLabel",
    [
      ["Mistral-7B-Instruct-v0.3-Q4_K_M.gguf"],
      ["model-IQ4_XS.gguf"],
      ["Q8_0/model-Q8_0-00001-of-00002.gguf"],
      ["llama-BF16.gguf"],
      ["model-UD-Q4_K_XL.gguf"],
      ["model-TQ1_0.gguf"],
      ["model-MXFP4.gguf"],
      ["model-q5_k_s.gguf"],
      ["no-label.gguf"],
    ],
    fn(ourCatalogue, "parseGGUFQuantLabel"),
    fn(reference, "parseGGUFQuantLabel"),
    result,
  );
  const Q = reference.GGMLFileQuantizationType as Record<string, number>;
  compareBehaviour(
    "findNearestQuantType",
    [
      [Q.Q4_K_M, [Q.Q8_0, Q.Q4_K_M, Q.Q2_K]],
      [Q.Q4_K_M, [Q.Q8_0, Q.Q2_K]],
      [Q.Q5_K_M, [Q.Q8_0, Q.F16]],
      [Q.Q2_K, [Q.Q8_0, Q.Q4_0]],
      [Q.Q4_K_XL, [Q.Q4_K_M, Q.Q6_K, Q.Q3_K_S]],
      [Q.F16, []],
    ],
    fn(ourCatalogue, "findNearestQuantType"),
    fn(reference, "findNearestQuantType"),
    result,
  );
  const messages = [
    { role: "system", content: "Be brief." },
    { role: "user", content: [{ type: "text", text: 'Say "hi"' }] },
  ];
  compareBehaviour(
    "stringifyMessages",
    [
      [messages],
      [messages, { indent: "\t" }],
      [messages, { attributeKeyQuotes: true }],
      [messages, { indent: "    ", attributeKeyQuotes: true }],
    ],
    fn(ourCatalogue, "stringifyMessages"),
    fn(reference, "stringifyMessages"),
    result,
  );
  compareBehaviour(
    "stringifyGenerationConfig",
    [
      [
        { temperature: 0.5, max_tokens: 512 },
        { indent: "\n\t", attributeValueConnector: "=" },
      ],
      [{ top_p: 0.7 }, { indent: " ", attributeValueConnector: ": ", attributeKeyQuotes: true }],
    ],
    fn(ourCatalogue, "stringifyGenerationConfig"),
    fn(reference, "stringifyGenerationConfig"),
    result,
  );
  compareBehaviour(
    "openAIbaseUrl",
    (reference.INFERENCE_PROVIDERS as string[] | undefined)?.map((p) => [p]) ?? [
      ["hf-inference"],
      ["together"],
    ],
    fn(ourCatalogue, "openAIbaseUrl"),
    fn(reference, "openAIbaseUrl"),
    result,
  );
  for (const appId of Object.keys(reference.LOCAL_APPS as object)) {
    compareBehaviour(
      `LOCAL_APPS.${appId}.displayOnModelPage`,
      MODELS.map((model) => [model]),
      (model: never) => localAppBehaviour(ourCatalogue, appId, model),
      (model: never) => localAppBehaviour(reference, appId, model),
      result,
    );
  }
  // Which tasks have an example input is a fact; the example texts are ours by design.
  compareBehaviour(
    "getModelInputSnippet has an example",
    (reference.PIPELINE_TYPES as string[]).map((pipeline) => [pipeline]),
    (pipeline: never) => hasInputExample(ourCatalogue, pipeline),
    (pipeline: never) => hasInputExample(reference, pipeline),
    result,
  );
  return result;
}

describe("@hubkit/tasks against @huggingface/tasks@0.21.54", () => {
  it("has every export and fact of the reference; each difference is a listed superset entry", () => {
    const result = fullComparison();
    const { unexplained, used } = explain(result.differences, SUPERSET);
    const report = unexplained.map((d) => `${d.kind} ${d.path} ${d.detail}`);
    expect(result.checks).toBeGreaterThan(2500);
    expect(report, `${unexplained.length} of ${result.checks} checks differ`).toEqual([]);
    // A superset entry nothing needs any more is stale: remove it.
    expect(SUPERSET.filter((entry) => !used.has(entry)).map((entry) => entry.path)).toEqual([]);
  });

  it("gives a reason for every superset entry", () => {
    for (const entry of SUPERSET) {
      expect(entry.reason.length, entry.path).toBeGreaterThan(20);
      expect(entry.kinds.length, entry.path).toBeGreaterThan(0);
    }
  });
});
