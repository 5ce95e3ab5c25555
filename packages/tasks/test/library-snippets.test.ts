// Every library's usage snippets, generated for realistic model infos and for a bare one, must be
// valid code (Python: ast, JavaScript: acorn, shell: bash -n), must name the model, and must quote it.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse, tokenizer } from "acorn";
import { describe, it, expect, afterAll } from "vitest";
import type { ModelData } from "../src/model-data.js";
import { existsSync } from "node:fs";
import { LIBRARY_SNIPPETS, SNIPPET_FAMILIES } from "../src/library-snippets/index.js";
import { LIBRARY_MODEL_INFOS } from "./fixtures/library-model-infos.js";
import { type Language, languageOf } from "./snippet-language.js";

interface Snippet {
  library: string;
  modelId: string;
  index: number;
  code: string;
  language: Language;
}

/**
 * Libraries whose snippets may legitimately not name the model, because the library loads a fixed
 * foundation model or a model chosen by a name unrelated to the repository id.
 */
const IGNORES_MODEL_ID = new Set([
  "mesh-anything",
  "saelens",
  "seed-story",
  "unity-sentis",
  "whisperkit",
  "vui",
  "supertonic",
  "opendde", // its CLI fetches the checkpoint by name (-n opendde_v1)
]);

const BARE_MODEL: ModelData = { id: "acme-labs/model.v2_test-1", tags: [], inference: "" };

const fixtures = LIBRARY_MODEL_INFOS;

function generateAll(): {
  snippets: Snippet[];
  generations: { library: string; model: ModelData; blocks: string[] }[];
} {
  const snippets: Snippet[] = [];
  const generations: { library: string; model: ModelData; blocks: string[] }[] = [];
  for (const [library, generate] of Object.entries(LIBRARY_SNIPPETS)) {
    if (!generate) continue;
    const models = [...fixtures.filter((model) => model.library_name === library), { ...BARE_MODEL }];
    for (const model of models) {
      const blocks = generate(model);
      generations.push({ library, model, blocks });
      blocks.forEach((code, index) =>
        snippets.push({ library, modelId: model.id, index, code, language: languageOf(code) }),
      );
    }
  }
  return { snippets, generations };
}

const { snippets, generations } = generateAll();
const label = (s: Snippet) => `${s.library} [${s.modelId}] block ${s.index}`;
const tempDir = mkdtempSync(join(tmpdir(), "hubkit-snippets-"));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

// Parses every Python block, then checks with the tokenizer that the model id occurs only inside
// string literals or comments. One interpreter for all blocks.
const PYTHON_CHECKER = `
import ast, io, json, sys, tokenize

def unquoted(code, model_id):
    # Blank out string literals and comments, then look for the id in what is left.
    starts = [0]
    for line in code.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    masked = list(code)
    for token in tokenize.generate_tokens(io.StringIO(code).readline):
        if token.type in (tokenize.STRING, tokenize.COMMENT):
            begin = starts[token.start[0] - 1] + token.start[1]
            end = starts[token.end[0] - 1] + token.end[1]
            masked[begin:end] = " " * (end - begin)
    return model_id in "".join(masked)

failures = []
for item in json.load(sys.stdin):
    try:
        ast.parse(item["code"])
    except SyntaxError as error:
        failures.append({"label": item["label"], "error": f"{error.msg} (line {error.lineno}): {error.text!r}"})
        continue
    if unquoted(item["code"], item["id"]):
        failures.append({"label": item["label"], "error": "model id outside a string literal"})
print(json.dumps(failures))
`;

function checkPython(
  items: { label: string; code: string; id: string }[],
): { label: string; error: string }[] {
  const result = spawnSync("python3", ["-c", PYTHON_CHECKER], {
    input: JSON.stringify(items),
    encoding: "utf8",
    timeout: 30_000,
  });
  if (result.status !== 0) throw new Error(`python3 checker failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as { label: string; error: string }[];
}

/** True when the model id occurs in JavaScript code outside string literals and comments. */
function jsHasUnquotedId(code: string, modelId: string): boolean {
  const masked = code.split("");
  const blank = (start: number, end: number) => masked.fill(" ", start, end);
  for (const token of tokenizer(code, {
    ecmaVersion: "latest",
    sourceType: "module",
    onComment: (_b, _t, start, end) => blank(start, end),
  })) {
    if (token.type.label === "string" || token.type.label === "template") blank(token.start, token.end);
  }
  return masked.join("").includes(modelId);
}

describe("library snippets", () => {
  it("the checkers catch an unquoted id and a syntax error, and accept quoted ids and comments", () => {
    const id = "org/model-name";
    const verdicts = checkPython([
      { label: "bare", code: `model = load(${id})`, id },
      { label: "broken", code: `model = load("${id}"`, id },
      { label: "quoted", code: `# weights: ${id}\nmodel = load("${id}")`, id },
    ]);
    expect(verdicts.map((v) => v.label)).toEqual(["bare", "broken"]);
    expect(jsHasUnquotedId(`const m = load(${id});`, id)).toBe(true);
    expect(jsHasUnquotedId(`// ${id}\nconst m = load("${id}", \`${id}\`);`, id)).toBe(false);
    expect(languageOf("# download\nhf download org/x")).toBe("sh");
    expect(languageOf('import { pipeline } from "@huggingface/transformers";')).toBe("js");
    expect(languageOf("import torch\nmodel = torch.load('x')")).toBe("python");
    expect(languageOf("GIT_LFS_SKIP_SMUDGE=1 git clone https://huggingface.co/org/x")).toBe("sh");
    expect(languageOf("video_id=$(curl -s http://localhost/v1/videos | jq -r .id)")).toBe("sh");
    expect(languageOf("x = 1\nprint(x)")).toBe("python");
  });

  it("are generated for every library with a generator, for each fixture and a bare model", () => {
    const libraries = new Set(generations.map((g) => g.library));
    console.log(
      `library snippets: ${libraries.size} libraries, ${generations.length} generations, ${snippets.length} blocks ` +
        `(python ${snippets.filter((s) => s.language === "python").length}, ` +
        `shell ${snippets.filter((s) => s.language === "sh").length}, ` +
        `js ${snippets.filter((s) => s.language === "js").length}, ` +
        `other ${snippets.filter((s) => s.language === "csharp").length})`,
    );
    expect(libraries.size).toBeGreaterThan(0);
    for (const { library, model, blocks } of generations) {
      expect(Array.isArray(blocks), `${library} [${model.id}]`).toBe(true);
      expect(blocks.length, `${library} [${model.id}] returned no block`).toBeGreaterThan(0);
    }
  });

  it("every Python block parses and quotes the model id", () => {
    const python = snippets.filter((s) => s.language === "python");
    const failures = checkPython(python.map((s) => ({ label: label(s), code: s.code, id: s.modelId })));
    console.log(
      `python: ${python.length - new Set(failures.map((f) => f.label)).size}/${python.length} blocks clean`,
    );
    expect(failures.map((f) => `${f.label}: ${f.error}`)).toEqual([]);
  });

  it("every JavaScript block parses and quotes the model id", () => {
    const failures: string[] = [];
    const js = snippets.filter((s) => s.language === "js");
    for (const snippet of js) {
      try {
        parse(snippet.code, { ecmaVersion: "latest", sourceType: "module" });
        if (jsHasUnquotedId(snippet.code, snippet.modelId))
          failures.push(`${label(snippet)}: unquoted model id`);
      } catch (error) {
        failures.push(`${label(snippet)}: ${(error as Error).message}`);
      }
    }
    console.log(`js: ${js.length - failures.length}/${js.length} blocks clean`);
    expect(failures).toEqual([]);
  });

  // One bash -n per block: slow when the machine is busy, hence the longer timeout.
  it("every shell block passes bash -n", { timeout: 120_000 }, () => {
    const shell = snippets.filter((s) => s.language === "sh");
    shell.forEach((snippet, i) => writeFileSync(join(tempDir, `${i}.sh`), `${snippet.code}\n`));
    // One bash process checks every file; it prints the index of each file that fails.
    const result = spawnSync(
      "bash",
      ["-c", `for f in "$1"/*.sh; do bash -n "$f" 2>/dev/null || basename "$f" .sh; done`, "check", tempDir],
      { encoding: "utf8", timeout: 110_000 },
    );
    expect(result.status, result.stderr).toBe(0);
    const failed = result.stdout
      .split("\n")
      .filter(Boolean)
      .map((i) => {
        const snippet = shell[Number(i)];
        const error = spawnSync("bash", ["-n", join(tempDir, `${i}.sh`)], { encoding: "utf8" }).stderr.trim();
        return `${label(snippet)}: ${error}`;
      });
    console.log(`shell: ${shell.length - failed.length}/${shell.length} blocks clean`);
    expect(failed).toEqual([]);
  });

  it("no block contains undefined, [object Object] or is empty", () => {
    const bad = snippets.filter(
      (s) =>
        s.code.trim() === "" ||
        /\bundefined\b/.test(s.code) ||
        s.code.includes("[object Object]") ||
        /\bNaN\b/.test(s.code),
    );
    expect(bad.map(label)).toEqual([]);
  });

  // Some libraries resolve weights by the repository's name alone (birder, perception-encoder, spacy).
  it("each generation names the model, unless the library deliberately ignores the id", () => {
    const missing = generations
      .filter(({ library }) => !IGNORES_MODEL_ID.has(library))
      .filter(({ model, blocks }) => {
        const name = model.id.slice(model.id.indexOf("/") + 1);
        return !blocks.some((block) => block.includes(model.id) || block.includes(JSON.stringify(name)));
      })
      .map(({ library, model }) => `${library} [${model.id}]`);
    expect(missing).toEqual([]);
  });

  it("every library the registry table marks as having snippets has a generator", () => {
    const [header, ...rows] = readFileSync(new URL("../data/model-libraries.tsv", import.meta.url), "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => line.split("\t"));
    const id = header.indexOf("id");
    const hasSnippets = header.indexOf("hasSnippets");
    const expected = rows.filter((row) => row[hasSnippets] === "true").map((row) => row[id]);
    expect(expected.length).toBeGreaterThan(100);
    expect(expected.filter((library) => !LIBRARY_SNIPPETS[library])).toEqual([]);
  });

  it("keeps each generator in exactly one family file, keyed by a registry id", () => {
    const ids = new Set(
      readFileSync(new URL("../data/model-libraries.tsv", import.meta.url), "utf8")
        .split("\n")
        .slice(1)
        .map((line) => line.split("\t")[0]),
    );
    const seen = new Map<string, string>();
    for (const [family, generators] of Object.entries(SNIPPET_FAMILIES)) {
      expect(existsSync(new URL(`../src/library-snippets/${family}.ts`, import.meta.url)), family).toBe(true);
      expect(Object.keys(generators).length, family).toBeGreaterThanOrEqual(5);
      for (const key of Object.keys(generators)) {
        expect(ids.has(key), key).toBe(true);
        expect(seen.get(key), `${key} in ${family}`).toBeUndefined();
        seen.set(key, family);
      }
    }
    expect(seen.size).toBe(Object.keys(LIBRARY_SNIPPETS).length);
    // The families a newcomer looks for first.
    expect(seen.get("diffusers")).toBe("diffusion");
    expect(seen.get("transformers")).toBe("transformers");
    for (const [a, b] of [
      ["magenta-realtime", "magenta-realtime-2"],
      ["stable-audio-tools", "stable-audio-3"],
      ["sapiens", "sapiens2"],
      ["tirex", "tirex-2"],
    ])
      expect(seen.get(a), `${a} and ${b}`).toBe(seen.get(b));
  });

  it("downloads with `hf download`, never the old huggingface-cli", () => {
    const old = snippets.filter((s) => s.code.includes("huggingface-cli"));
    expect(old.map(label)).toEqual([]);
    expect(snippets.filter((s) => /^hf download /m.test(s.code)).length).toBeGreaterThan(50);
  });

  it("has a real model info for every library, except those with no Hub repo we could confirm", () => {
    const unconfirmed = [
      "aneforge",
      "cortiq",
      "gaussianformer",
      "memra",
      "montreal-forced-aligner",
      "routee-powertrain",
      "zeromodels",
    ];
    const withFixtures = new Set(fixtures.map((model) => model.library_name));
    const without = Object.keys(LIBRARY_SNIPPETS).filter((key) => !withFixtures.has(key));
    expect(without.filter((key) => !unconfirmed.includes(key))).toEqual([]);
  });
});

// Branches and facts of individual generators, checked against the spec (contract tasks.md §4).
describe("snippet branches", () => {
  const run = (library: string, model: Partial<ModelData> & { id: string }): string[] => {
    const generate = LIBRARY_SNIPPETS[library];
    if (!generate) throw new Error(`no generator for ${library}`);
    return generate({ tags: [], inference: "", library_name: library, ...model });
  };
  const joined = (library: string, model: Partial<ModelData> & { id: string }) =>
    run(library, model).join("\n");

  it("diffusionkit uses 4 steps and cfg 0 for flux, 50 steps and cfg 5 otherwise", () => {
    const flux = joined("diffusionkit", { id: "argmaxinc/mlx-FLUX.1-schnell", tags: ["flux"] });
    expect(flux).toMatch(/NUM_STEPS = 4\b/);
    expect(flux).toMatch(/CFG_WEIGHT = 0\b/);
    expect(flux).toContain("FluxPipeline");
    const sd3 = joined("diffusionkit", { id: "argmaxinc/mlx-stable-diffusion-3-medium" });
    expect(sd3).toMatch(/NUM_STEPS = 50\b/);
    expect(sd3).toMatch(/CFG_WEIGHT = 5\b/);
    expect(sd3).not.toContain("FluxPipeline");
  });

  it("audio sample rates: audioseal 16000, chat_tts 24000", () => {
    expect(joined("audioseal", { id: "facebook/audioseal" })).toMatch(/sample_rate = 16000\b/);
    expect(joined("chat_tts", { id: "2Noise/ChatTTS" })).toMatch(/, 24000\)/);
  });

  it("fallbacks carry the fixed notes", () => {
    expect(joined("audiocraft", { id: "facebook/encodec_32khz" })).toContain("Type of model unknown");
    expect(joined("espnet", { id: "espnet/x" })).toContain("Type of model unknown");
    expect(joined("adapter-transformers", { id: "AdapterHub/x" })).toContain("Base model is not found");
    expect(joined("diffusers", { id: "u/lora", tags: ["lora"] })).toContain("Base model is not found");
    expect(joined("depth-anything-v2", { id: "u/custom-depth" })).toContain("Type of model unknown");
    expect(joined("lerobot", { id: "u/policy" })).toContain("Type of model unknown");
  });

  it("tabular snippets use the fish-measurement table", () => {
    const code = joined("flextab", { id: "SAP/flextab-base", pipeline_tag: "tabular-classification" });
    for (const column of ["Species", "Length1", "Length2", "Length3", "Height", "Width"]) {
      expect(code).toContain(`"${column}"`);
    }
  });

  it("diffusers picks the base model, the LoRA and the prompt from the card", () => {
    const lora = joined("diffusers", {
      id: "nerijs/pixel-art-xl",
      tags: ["lora"],
      cardData: {
        base_model: ["stabilityai/stable-diffusion-xl-base-1.0", "other/base"],
        instance_prompt: "pixel art",
      },
    });
    expect(lora).toContain('from_pretrained("stabilityai/stable-diffusion-xl-base-1.0"');
    expect(lora).not.toContain("other/base");
    expect(lora).toContain('load_lora_weights("nerijs/pixel-art-xl")');
    expect(lora).toContain('prompt = "pixel art"');
    const widget = joined("diffusers", { id: "a/b", widgetData: [{ text: 'say "hi"' }] });
    expect(widget).toContain('prompt = "say \\"hi\\""');
    const blocks = run("diffusers", { id: "a/b" });
    expect(blocks[0]).toMatch(/^pip install/);
    const controlnet = joined("diffusers", {
      id: "diffusers/controlnet-canny-sdxl-1.0",
      tags: ["controlnet"],
      cardData: { base_model: "stabilityai/stable-diffusion-xl-base-1.0" },
    });
    expect(controlnet).toContain("StableDiffusionXLControlNetPipeline");
    expect(joined("diffusers", { id: "a/b", pipeline_tag: "text-to-video" })).toContain("export_to_video");
  });

  it("keras-hub emits one block per task plus the backbone, examples first", () => {
    const blocks = run("keras-hub", {
      id: "keras/gemma_2b_en",
      config: { keras_hub: { tasks: ["Preprocessor", "CausalLM"] } },
    });
    expect(blocks).toHaveLength(3);
    expect(blocks[0]).toContain("keras_hub.models.CausalLM");
    expect(blocks[1]).toContain("keras_hub.models.Preprocessor");
    expect(blocks[2]).toContain("keras_hub.models.Backbone");
    expect(run("keras-hub", { id: "keras/x" })).toHaveLength(1);
  });

  it("llama-cpp-python keeps the GGUF placeholder and chats with conversational models", () => {
    const chat = run("llama-cpp-python", {
      id: "bartowski/Llama-3.2-3B-Instruct-GGUF",
      tags: ["conversational"],
      pipeline_tag: "text-generation",
    });
    expect(chat[0]).toContain('filename="{{GGUF_FILE}}"');
    expect(chat[1]).toContain("create_chat_completion");
    expect(chat[1]).toContain("What is the capital of France?");
    const plain = run("llama-cpp-python", { id: "mlabonne/gemma-2b-GGUF" });
    expect(plain[1]).toContain("Once upon a time,");
  });

  it("depth-anything-v2 maps the size in the name to the encoder settings", () => {
    expect(joined("depth-anything-v2", { id: "depth-anything/Depth-Anything-V2-Small" })).toContain(
      'encoder="vits", features=64, out_channels=[48, 96, 192, 384]',
    );
    expect(joined("depth-anything-v2", { id: "depth-anything/Depth-Anything-V2-Large" })).toContain(
      "depth_anything_v2_vitl.pth",
    );
  });

  it("research-repo snippets run each project's documented inference command", () => {
    const text2world = joined("cosmos", { id: "nvidia/Cosmos-1.0-Diffusion-7B-Text2World" });
    expect(text2world).toContain("--model_sizes 7B --model_types Text2World");
    expect(text2world).toContain("inference/text2world.py");
    expect(text2world).toContain("--prompt");
    const video2world = joined("cosmos", { id: "nvidia/Cosmos-1.0-Diffusion-14B-Video2World" });
    expect(video2world).toContain("inference/video2world.py");
    expect(video2world).toContain("--input_image_or_video_path");
    expect(joined("cosmos", { id: "nvidia/Cosmos-1.0-Autoregressive-4B" })).not.toContain("text2world");

    expect(joined("lagernvs", { id: "facebook/lagernvs_general_512" })).toContain("minimal_inference.py");
    const posed = joined("lagernvs", { id: "facebook/lagernvs_re10k_2v_256" });
    expect(posed).toContain("run_eval.py -c config/eval_re10k.yaml");
    expect(posed).not.toContain("minimal_inference.py");

    const avatar15 = joined("longcat-video-avatar-1.5", { id: "meituan-longcat/LongCat-Video-Avatar-1.5" });
    expect(avatar15).toContain("--model_type=avatar-v1.5");
    expect(avatar15).toContain("--local-dir weights/LongCat-Video\n");
    expect(joined("longcat-video-avatar-1.5", { id: "meituan-longcat/LongCat-Video-Avatar" })).not.toContain(
      "avatar-v1.5",
    );

    expect(joined("eupe", { id: "facebook/EUPE-ConvNeXt-T" })).toContain('builder = "eupe_convnext_tiny"');
    expect(joined("eupe", { id: "facebook/EUPE-ViT-S" })).toContain('builder = "eupe_vits16"');
    expect(joined("kronos", { id: "MahmoodLab/KRONOS" })).toContain('"hf_hub:MahmoodLab/KRONOS"');
    expect(joined("hy-world-2", { id: "tencent/HY-World-2.0" })).toContain(
      'WorldMirrorPipeline.from_pretrained("tencent/HY-World-2.0")',
    );
  });

  it("tag-driven branches follow the tags", () => {
    expect(joined("lightning-ir", { id: "w/x", tags: ["cross-encoder"] })).toContain("CrossEncoderModule(");
    expect(joined("lightning-ir", { id: "w/x", tags: ["bi-encoder"] })).not.toContain("CrossEncoderModule");
    expect(joined("allennlp", { id: "allenai/bidaf-elmo", tags: ["question-answering"] })).toContain(
      "predict_json",
    );
    expect(joined("audiocraft", { id: "facebook/audiogen-medium", tags: ["audiogen"] })).toContain(
      "AudioGen",
    );
    expect(joined("espnet", { id: "e/x", tags: ["text-to-speech"] })).toContain("Text2Speech");
    expect(joined("espnet", { id: "e/x", tags: ["text-to-speech"] })).not.toContain("Speech2Text");
    expect(joined("colpali", { id: "vidore/colqwen2-v1.0" })).toContain("ColQwen2Processor");
    expect(joined("lerobot", { id: "lerobot/smolvla_base", tags: ["smolvla"] })).toContain("SmolVLAPolicy");
  });
});

// Branches of generators whose usage was checked against the projects' own READMEs and code.
describe("snippet branches checked against the projects", () => {
  const joined = (library: string, model: Partial<ModelData> & { id: string }): string => {
    const generate = LIBRARY_SNIPPETS[library];
    if (!generate) throw new Error(`no generator for ${library}`);
    return generate({ tags: [], inference: "", library_name: library, ...model }).join("\n");
  };

  it("terratorch builds registered backbones by their registry name, and predicts with fine-tuned tasks", () => {
    expect(joined("terratorch", { id: "ibm-nasa-geospatial/Prithvi-EO-2.0-300M-TL" })).toContain(
      'BACKBONE_REGISTRY.build("prithvi_eo_v2_300_tl", pretrained=True)',
    );
    expect(joined("terratorch", { id: "ibm-nasa-geospatial/Prithvi-EO-1.0-100M" })).toContain(
      '"prithvi_eo_v1_100"',
    );
    expect(joined("terratorch", { id: "ibm-esa-geospatial/TerraMind-1.0-large" })).toContain(
      '"terramind_v1_large"',
    );
    const task = joined("terratorch", { id: "ibm-nasa-geospatial/Prithvi-EO-2.0-300M-BurnScars" });
    expect(task).toContain("terratorch predict -c");
    expect(task).not.toContain("BACKBONE_REGISTRY");
  });

  it("whisperkit downloads by variant name from its own repository and by path from any other", () => {
    const own = joined("whisperkit", { id: "argmaxinc/whisperkit-coreml" });
    expect(own).toContain('--model "large-v3"');
    expect(own).not.toContain("--model-path");
    const other = joined("whisperkit", {
      id: "hyperkit/whisper-large-v3-turbo-cantonese-yue-english-coreml",
    });
    expect(other).toContain("--model-path");
    expect(other).not.toMatch(/--model "/);
  });

  it("reverb runs ASR with the WeNet script and diarization with the pyannote script", () => {
    const asr = joined("reverb", { id: "Revai/reverb-asr" });
    expect(asr).toContain("wenet/bin/recognize_wav.py");
    expect(asr).toContain("--verbatimicity");
    const diarization = joined("reverb", { id: "Revai/reverb-diarization-v2" });
    expect(diarization).toContain("--lstm-model Revai/reverb-diarization-v2");
    expect(diarization).not.toContain("recognize_wav");
  });
});

// Research projects whose entry points were taken from their READMEs and docs: the branches pick the
// documented script, preset or checkpoint for each kind of repository.
describe("research-repository snippets", () => {
  const joined = (library: string, model: Partial<ModelData> & { id: string }): string => {
    const generate = LIBRARY_SNIPPETS[library];
    if (!generate) throw new Error(`no generator for ${library}`);
    return generate({ tags: [], inference: "", library_name: library, ...model }).join("\n");
  };

  it("sapiens2 runs each task's demo script and loads pretrained backbones by size", () => {
    const pose = joined("sapiens2", { id: "facebook/sapiens2-pose-1b" });
    expect(pose).toContain("./scripts/demo/keypoints308.sh");
    expect(pose).toContain("sapiens-pose-bbox-detector");
    const seg = joined("sapiens2", { id: "facebook/sapiens2-seg-0.4b" });
    expect(seg).toContain("cd sapiens/dense");
    expect(seg).toContain("./scripts/demo/seg.sh");
    expect(seg).not.toContain("bbox-detector");
    expect(joined("sapiens2", { id: "facebook/sapiens2-pointmap-5b" })).toContain(
      'pip install -e ".[pointmap]"',
    );
    const backbone = joined("sapiens2", { id: "facebook/sapiens2-pretrain-0.4b" });
    expect(backbone).toContain('arch="sapiens2_0.4b"');
    expect(backbone).not.toContain("use_tokenizer");
    expect(joined("sapiens2", { id: "facebook/sapiens2-pretrain-1b-4k" })).toContain("use_tokenizer=True");
  });

  it("size and preset follow the repository name", () => {
    expect(joined("stable-audio-3", { id: "stabilityai/stable-audio-3-medium" })).toContain(
      'from_pretrained("medium")',
    );
    const small = joined("stable-audio-3", { id: "stabilityai/stable-audio-3-small-music" });
    expect(small).toContain('from_pretrained("small")');
    expect(small).not.toContain("--extra cuda");
    expect(joined("magenta-realtime-2", { id: "google/magenta-realtime-2" })).toContain("--model=mrt2_base");
    expect(joined("magenta-realtime-2", { id: "someone/mrt2-small-finetune" })).toContain(
      "--model=mrt2_small --output",
    );
  });

  it("videox_fun picks the family's predict script, and lists the examples for unknown families", () => {
    const wan = joined("videox_fun", { id: "alibaba-pai/Wan2.1-Fun-V1.1-1.3B-InP" });
    expect(wan).toContain("python examples/wan2.1_fun/predict_i2v.py");
    expect(wan).toContain("--local-dir models/Diffusion_Transformer/Wan2.1-Fun-V1.1-1.3B-InP");
    expect(joined("videox_fun", { id: "alibaba-pai/CogVideoX-Fun-V1.1-5b-Control" })).toContain(
      "python examples/cogvideox_fun/predict_v2v_control.py",
    );
    const other = joined("videox_fun", { id: "alibaba-pai/Wan2.1-T2V-1.3B" });
    expect(other).not.toContain("python examples/");
    expect(other).toContain("ls examples");
  });

  it("robo-orchard-lab loads HoloBrain as a pipeline and stops at the checkpoint otherwise", () => {
    const holobrain = joined("robo-orchard-lab", { id: "HorizonRobotics/HoloBrain_v0.0_GD" });
    expect(holobrain).toContain("HoloBrainInferencePipeline.load_pipeline(");
    expect(holobrain).toContain('pip install ".[holobrain_0]"');
    expect(joined("robo-orchard-lab", { id: "HorizonRobotics/FineGrasp" })).not.toContain("HoloBrain");
  });

  it("the formerly weak snippets now run their documented commands", () => {
    const official = joined("ltx", { id: "Lightricks/LTX-2.3" });
    expect(official).toContain("python -m ltx_pipelines.distilled");
    expect(official).toContain(
      "--distilled-checkpoint-path models/ltx/ltx-2.3-22b-distilled-1.1.safetensors",
    );
    expect(official).not.toContain("--help");
    expect(joined("ltx", { id: "Lightricks/LTX-2" })).toContain("*distilled*.safetensors");
    const encoder = joined("encoderfile", { id: "mozilla-ai/bert-base-uncased-encoderfile" });
    expect(encoder).toContain('"$binary" infer ');
    expect(encoder).toContain("http://localhost:8080/predict");
    expect(encoder).not.toContain("--help");
    const esm2 = joined("bionemo", { id: "nvidia/esm2nv650m" });
    expect(esm2).toContain("infer_esm2 --checkpoint-path checkpoints --data-path sequences.csv");
    expect(joined("bionemo", { id: "nvidia/some-other-model" })).not.toContain("infer_esm2");
  });
});
