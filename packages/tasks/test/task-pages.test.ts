import { describe, it, expect } from "vitest";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import {
  PIPELINE_DATA,
  PIPELINE_TYPES,
  TASKS_DATA,
  TASKS_MODEL_LIBRARIES,
  TASK_DEMO_ASSET_DIR,
  isTaskDemoAsset,
  taskDemoAssetFilenames,
  taskDemoAssetMimeType,
  taskDemoAssetPath,
} from "@hubkit/tasks";
import type { ExampleRepo, PipelineType, TaskData, TaskDemoEntry } from "@hubkit/tasks";

const packageDir = fileURLToPath(new URL("..", import.meta.url));

/*
 * The reference catalogue's facts (ids, labels, file names) at tasks 0.18.7 and at a later HEAD, copied from
 * the compatibility contract. `<field>_0_18_7` holds the 0.18.7 value wherever it differs from HEAD.
 */
interface DemoFact {
  type: string;
  label?: string;
  filename?: string;
}
interface PageFacts {
  label: string;
  isPlaceholder: boolean;
  canonicalId: string | null;
  datasets: string[];
  models: string[];
  spaces: string[];
  metrics: string[];
  widgetModels: string[];
  youtubeId: string | null;
  libraries: string[];
  demo: { inputs: DemoFact[]; outputs: DemoFact[] };
  revisions: string[];
  [field: string]: unknown;
}
const FACTS: Record<string, PageFacts> = JSON.parse(
  readFileSync(join(packageDir, "test/fixtures/task-pages-facts.json"), "utf8"),
);

// Root entries follow the newest reference: pages are checked against its facts (the main fields).
const PAGES = Object.keys(FACTS).filter((task) => FACTS[task].revisions.includes("head"));
const at = <K extends keyof PageFacts>(task: string, field: K): PageFacts[K] => FACTS[task][field];
// Pipeline types the reference leaves without a page (TASKS_DATA[type] === undefined); we give them a placeholder page.
const UNDEFINED_IN_REFERENCE = [
  "graph-ml",
  "multiple-choice",
  "other",
  "robotics",
  "table-to-text",
  "tabular-to-text",
  "text-retrieval",
  "text-to-audio",
  "text2text-generation",
  "time-series-forecasting",
  "voice-activity-detection",
];
const EXEMPLARY = [
  "unconditional-image-generation",
  "video-text-to-text",
  "visual-question-answering",
  "zero-shot-classification",
  "zero-shot-image-classification",
  "zero-shot-object-detection",
  "text-to-3d",
  "image-to-3d",
];
// Dataset ids from before namespaced datasets, which the hub still serves under their bare names.
const LEGACY_DATASETS = new Set([
  "wikipedia",
  "c4",
  "cifar100",
  "fashion_mnist",
  "imagenet-1k",
  "scene_parse_150",
  "VIDIT",
  "red_caps",
  "kinetics400",
  "squad_v2",
  "natural_questions",
  "mlsum",
  "samsum",
  "wikitablequestions",
  "wikisql",
  "conceptual_captions",
  "CelebA",
]);
// Real ids we added beyond the contract's facts, each checked against public sources when added.
const VERIFIED_EXTRA_IDS = new Set([
  "google/ddpm-church-256",
  "CompVis/ldm-celebahq-256",
  "huggan/butterfly-gan",
  "huggan/projected_gan_art",
  "joeddav/zero-shot-demo",
  "knowledgator/GLiClass_SandBox",
  "Xenova/zero-shot-classification-demo",
  "clip-benchmark/wds_imagenet1k",
  "clip-benchmark/wds_imagenetv2",
  "merve/multilingual-zero-shot-image-clf",
  "ashawkey/mvdream-sd2.1-diffusers",
  "HorizonRobotics/EmbodiedGen-Text-to-3D",
]);
const REPO_ID = /^[\w.-]+\/[\w.-]+$/;
// We ship PNG where the reference shipped JPEG (we have no JPEG encoder); the base names are unchanged.
const ourFilename = (name: string) => name.replace(/\.jpe?g$/, ".png");

const page = (task: string): TaskData => {
  const data = TASKS_DATA[task as PipelineType];
  if (!data) throw new Error(`no page for ${task}`);
  return data;
};
const ids = (repos: ExampleRepo[]) => repos.map((r) => r.id);
const allFactIds = new Set(
  Object.values(FACTS).flatMap((f) =>
    Object.entries(f)
      .filter(([k]) => /^(datasets|models|spaces|widgetModels)(_0_18_7)?$/.test(k))
      .flatMap(([, v]) => v as string[]),
  ),
);
const demoSummary = (entries: TaskDemoEntry[]): DemoFact[] =>
  entries.map((e) => ({
    type: e.type,
    ...("label" in e ? { label: e.label } : {}),
    ...("filename" in e ? { filename: e.filename } : {}),
  }));

describe("TASKS_DATA structure", () => {
  it("has a page for every pipeline type, and no other keys", () => {
    expect(Object.keys(TASKS_DATA).sort()).toEqual([...PIPELINE_TYPES].sort());
    for (const type of PIPELINE_TYPES) expect(TASKS_DATA[type], type).toBeDefined();
    // Insertion order follows the reference catalogue.
    expect(Object.keys(TASKS_DATA).slice(0, 3)).toEqual([
      "any-to-any",
      "audio-classification",
      "audio-to-audio",
    ]);
  });

  it("fills id, label and libraries from the pipeline tables", () => {
    for (const [key, data] of Object.entries(TASKS_DATA)) {
      expect(data?.id).toBe(key);
      expect(data?.label).toBe(PIPELINE_DATA[key as PipelineType].name);
      expect(data?.libraries).toBe(TASKS_MODEL_LIBRARIES[key as PipelineType]);
    }
  });

  // The pages are JSON (src/tasks/<task>/data.json), which tsc reads with widened types, so this is
  // where a page is held to the TaskData type: every field of the right kind, no other field.
  it("gives every page the TaskData shape", () => {
    const isString = (value: unknown) => typeof value === "string";
    const isRepo = (value: unknown) =>
      typeof value === "object" &&
      value !== null &&
      Object.keys(value).sort().join() === "description,id" &&
      Object.values(value).every(isString);
    const DEMO_ENTRY_FIELDS: Record<TaskDemoEntry["type"], string> = {
      audio: "filename,type",
      chart: "data,type",
      img: "filename,type",
      tabular: "table,type",
      text: "content,label,type",
      "text-with-tokens": "text,tokens,type",
    };
    const isDemoEntry = (entry: TaskDemoEntry) => {
      if (Object.keys(entry).sort().join() !== DEMO_ENTRY_FIELDS[entry.type]) return false;
      switch (entry.type) {
        case "chart":
          return entry.data.every((bar) => isString(bar.label) && typeof bar.score === "number");
        case "tabular":
          return entry.table.every((row) => row.every(isString));
        case "text-with-tokens":
          return entry.tokens.every(
            (token) => isString(token.type) && Number.isInteger(token.start) && Number.isInteger(token.end),
          );
        default:
          return Object.values(entry).every(isString);
      }
    };
    const FIELDS = new Set([
      "datasets",
      "demo",
      "id",
      "canonicalId",
      "isPlaceholder",
      "label",
      "libraries",
      "metrics",
      "models",
      "spaces",
      "summary",
      "widgetModels",
      "youtubeId",
    ]);
    for (const type of PIPELINE_TYPES) {
      const data = page(type);
      expect(
        Object.keys(data).filter((field) => !FIELDS.has(field)),
        type,
      ).toEqual([]);
      for (const kind of ["datasets", "metrics", "models", "spaces"] as const)
        expect(data[kind].every(isRepo), `${type} ${kind}`).toBe(true);
      expect(Object.keys(data.demo).sort(), type).toEqual(["inputs", "outputs"]);
      expect([...data.demo.inputs, ...data.demo.outputs].every(isDemoEntry), `${type} demo`).toBe(true);
      expect(isString(data.summary) && data.widgetModels.every(isString), type).toBe(true);
      expect(data.youtubeId === undefined || isString(data.youtubeId), type).toBe(true);
      expect(data.isPlaceholder === undefined || typeof data.isPlaceholder === "boolean", type).toBe(true);
      if (data.canonicalId !== undefined) expect(PIPELINE_TYPES, type).toContain(data.canonicalId);
    }
  });

  it("lists the reference's libraries per task", () => {
    expect(Object.keys(TASKS_MODEL_LIBRARIES).sort()).toEqual([...PIPELINE_TYPES].sort());
    for (const task of PAGES)
      expect(TASKS_MODEL_LIBRARIES[task as PipelineType], task).toEqual(at(task, "libraries"));
    expect(TASKS_MODEL_LIBRARIES["voice-activity-detection"]).toEqual([]);
    expect(TASKS_MODEL_LIBRARIES["graph-ml"]).toEqual(["transformers"]);
  });

  it("marks exactly the pages nobody has written as placeholders", () => {
    const placeholders = Object.values(TASKS_DATA)
      .filter((d) => d?.isPlaceholder === true)
      .map((d) => d?.id)
      .sort();
    expect(placeholders).toEqual([...UNDEFINED_IN_REFERENCE].sort());
    for (const task of placeholders) {
      const data = page(task as string);
      expect([data.datasets, data.models, data.spaces, data.metrics, data.widgetModels].flat()).toEqual([]);
      expect(data.demo).toEqual({ inputs: [], outputs: [] });
    }
    expect(PAGES).toHaveLength(47);
  });

  it("gives every page a summary of whole sentences", () => {
    for (const data of Object.values(TASKS_DATA)) {
      const sentences = data?.summary.split(/(?<=\.)\s+/) ?? [];
      expect(data?.summary.length, data?.id).toBeGreaterThan(80);
      expect(data?.summary.trim().endsWith("."), data?.id).toBe(true);
      expect(sentences.length, data?.id).toBeGreaterThanOrEqual(2);
      expect(sentences.length, data?.id).toBeLessThanOrEqual(4);
    }
  });
});

describe("example repos", () => {
  const everyRepo = Object.values(TASKS_DATA).flatMap((d) =>
    d
      ? (["datasets", "models", "spaces", "metrics"] as const).flatMap((kind) =>
          d[kind].map((r) => ({ task: d.id, kind, r })),
        )
      : [],
  );

  it("all have a non-empty description of their own", () => {
    expect(everyRepo.length).toBeGreaterThan(300);
    for (const { task, kind, r } of everyRepo) {
      expect(r.description.trim().length, `${task} ${kind} ${r.id}`).toBeGreaterThan(15);
      expect(r.description, `${task} ${kind} ${r.id}`).not.toBe(r.id);
    }
  });

  it("use owner/name ids, except the legacy bare dataset names", () => {
    for (const { task, kind, r } of everyRepo) {
      if (kind === "metrics") expect(r.id.trim(), `${task} metric`).not.toBe("");
      else if (kind === "datasets" && LEGACY_DATASETS.has(r.id)) continue;
      else expect(r.id, `${task} ${kind}`).toMatch(REPO_ID);
    }
  });

  it("are never listed twice on one page", () => {
    for (const d of Object.values(TASKS_DATA))
      for (const kind of ["datasets", "models", "spaces", "metrics"] as const)
        expect(new Set(ids(d?.[kind] ?? [])).size, `${d?.id} ${kind}`).toBe(d?.[kind].length);
  });

  it("only use ids from the contract's facts or ids we verified", () => {
    for (const { task, kind, r } of everyRepo) {
      if (kind === "metrics") continue;
      expect(allFactIds.has(r.id) || VERIFIED_EXTRA_IDS.has(r.id), `${task} ${kind} ${r.id}`).toBe(true);
    }
    for (const d of Object.values(TASKS_DATA))
      for (const id of d?.widgetModels ?? [])
        expect(allFactIds.has(id) || VERIFIED_EXTRA_IDS.has(id), id).toBe(true);
  });
});

describe("facts match the reference pages of the newest tasks", () => {
  const regular = PAGES.filter((t) => !EXEMPLARY.includes(t));

  it.each(regular)("%s: ids, widget models, video and canonical id", (task) => {
    const data = page(task);
    expect(ids(data.datasets)).toEqual(at(task, "datasets"));
    expect(ids(data.models)).toEqual(at(task, "models"));
    expect(ids(data.spaces)).toEqual(at(task, "spaces"));
    expect(ids(data.metrics)).toEqual(at(task, "metrics"));
    expect(data.widgetModels).toEqual(at(task, "widgetModels"));
    expect(data.youtubeId ?? null).toBe(at(task, "youtubeId"));
    expect(data.canonicalId ?? null).toBe(at(task, "canonicalId"));
    expect(data.isPlaceholder === true).toBe(at(task, "isPlaceholder"));
  });

  it.each(PAGES)("%s: demo entry types, labels and file names", (task) => {
    const expected = at(task, "demo");
    const rename = (entries: DemoFact[]) =>
      entries.map((e) => (e.filename ? { ...e, filename: ourFilename(e.filename) } : e));
    expect(demoSummary(page(task).demo.inputs)).toEqual(rename(expected.inputs));
    expect(demoSummary(page(task).demo.outputs)).toEqual(rename(expected.outputs));
  });

  it("keeps the youtubeId key absent where the reference omits it", () => {
    for (const task of [
      "feature-extraction",
      "image-feature-extraction",
      "table-question-answering",
      "zero-shot-classification",
    ])
      expect(Object.hasOwn(page(task), "youtubeId"), task).toBe(false);
  });

  it.each(EXEMPLARY)("%s keeps every reference id, in order, before its additions", (task) => {
    const data = page(task);
    for (const kind of ["datasets", "models", "spaces", "metrics"] as const) {
      const reference = (at(task, kind) as string[]).filter((id) => id !== "");
      expect(ids(data[kind]).slice(0, reference.length), `${task} ${kind}`).toEqual(reference);
    }
    const widgets = at(task, "widgetModels").filter((id) => id !== "");
    if (widgets.length > 0) expect(data.widgetModels).toEqual(widgets);
    expect(data.canonicalId ?? null).toBe(at(task, "canonicalId"));
  });
});

describe("the eight exemplary pages", () => {
  it.each(EXEMPLARY)("%s is complete", (task) => {
    const data = page(task);
    expect(data.isPlaceholder).not.toBe(true);
    expect(data.datasets.length).toBeGreaterThanOrEqual(2);
    expect(data.models.length).toBeGreaterThanOrEqual(3);
    expect(data.spaces.length).toBeGreaterThanOrEqual(3);
    if (at(task, "metrics").length > 0)
      expect(data.metrics.length).toBeGreaterThanOrEqual(at(task, "metrics").length);
    for (const repo of [...data.datasets, ...data.models, ...data.spaces, ...data.metrics]) {
      expect(repo.id.trim(), task).not.toBe("");
      expect(repo.description.trim(), `${task} ${repo.id}`).not.toBe("");
    }
    for (const repo of [...data.models, ...data.spaces]) expect(repo.id).toMatch(REPO_ID);
    expect(data.widgetModels).not.toContain("");
    expect(data.demo.inputs.length).toBeGreaterThan(0);
    expect(data.demo.outputs.length).toBeGreaterThan(0);
    for (const entry of [...data.demo.inputs, ...data.demo.outputs]) {
      if (entry.type === "text") {
        expect(entry.label.trim(), task).not.toBe("");
        expect(entry.content.trim(), task).not.toBe("");
      }
      if (entry.type === "img" || entry.type === "audio") expect(isTaskDemoAsset(entry.filename)).toBe(true);
      if (entry.type === "chart") {
        expect(entry.data.length).toBeGreaterThanOrEqual(2);
        const scores = entry.data.map((d) => d.score);
        expect(scores).toEqual([...scores].sort((a, b) => b - a));
        for (const s of scores) expect(s >= 0 && s <= 1).toBe(true);
      }
    }
  });

  it("has the image/text → chart shape for the zero-shot classifiers, with the candidate labels charted", () => {
    for (const task of ["zero-shot-classification", "zero-shot-image-classification"]) {
      const { inputs, outputs } = page(task).demo;
      const labelsEntry = inputs.find((e) => e.type === "text" && /labels|classes/i.test(e.label));
      const chart = outputs.find((e) => e.type === "chart");
      if (labelsEntry?.type !== "text" || chart?.type !== "chart") throw new Error(`${task}: demo shape`);
      const candidates = labelsEntry.content.split(",").map((s) => s.trim().toLowerCase());
      expect(chart.data.map((d) => d.label.toLowerCase()).sort()).toEqual([...candidates].sort());
      const total = chart.data.reduce((s, d) => s + d.score, 0);
      expect(total).toBeCloseTo(1, 2);
    }
  });

  it("shows a .glb result for the 3D tasks", () => {
    for (const task of ["text-to-3d", "image-to-3d"]) {
      const result = page(task).demo.outputs[0];
      if (result.type !== "text") throw new Error(`${task}: result is not a text entry`);
      expect(result.content).toMatch(/\.glb$/);
      expect(isTaskDemoAsset(result.content)).toBe(true);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// Demo files on disk

const assetDir = join(packageDir, TASK_DEMO_ASSET_DIR);
const readAsset = (name: string) => readFileSync(join(packageDir, taskDemoAssetPath(name)));

// Minimal GIF reader: walks the blocks and LZW-decodes each frame, to prove the files are decodable.
function decodeGifFrames(bytes: Buffer): { width: number; height: number; frames: number } {
  const width = bytes.readUInt16LE(6);
  const height = bytes.readUInt16LE(8);
  let pos = 13 + (bytes[10] & 0x80 ? 3 * 2 ** ((bytes[10] & 7) + 1) : 0);
  let frames = 0;
  const subBlocks = () => {
    const parts: Buffer[] = [];
    while (bytes[pos] !== 0) {
      parts.push(bytes.subarray(pos + 1, pos + 1 + bytes[pos]));
      pos += bytes[pos] + 1;
    }
    pos++;
    return Buffer.concat(parts);
  };
  while (pos < bytes.length) {
    const marker = bytes[pos];
    if (marker === 0x3b) return { width, height, frames };
    if (marker === 0x21) {
      pos += 2;
      subBlocks();
    } else if (marker === 0x2c) {
      const w = bytes.readUInt16LE(pos + 5);
      const h = bytes.readUInt16LE(pos + 7);
      if (bytes[pos + 9] & 0x80) throw new Error("local colour tables are not expected");
      const minCodeSize = bytes[pos + 10];
      pos += 11;
      const data = subBlocks();
      const clear = 1 << minCodeSize;
      let codeSize = minCodeSize + 1;
      let table: number[][] = [];
      const reset = () => {
        table = Array.from({ length: clear + 2 }, (_, i) => [i]);
        codeSize = minCodeSize + 1;
      };
      reset();
      let bit = 0;
      let previous: number[] | undefined;
      let pixels = 0;
      for (;;) {
        let code = 0;
        for (let i = 0; i < codeSize; i++, bit++) code |= ((data[bit >> 3] >> (bit & 7)) & 1) << i;
        if (bit > data.length * 8) throw new Error("LZW data ran out before the end code");
        if (code === clear) {
          reset();
          previous = undefined;
          continue;
        }
        if (code === clear + 1) break;
        let entry: number[];
        if (code < table.length) entry = table[code];
        else if (code === table.length && previous) entry = [...previous, previous[0]];
        else throw new Error(`invalid LZW code ${code}`);
        pixels += entry.length;
        if (previous && table.length < 4096) table.push([...previous, entry[0]]);
        if (table.length === 1 << codeSize && codeSize < 12) codeSize++;
        previous = entry;
      }
      if (pixels !== w * h) throw new Error(`frame ${frames} decodes to ${pixels} pixels, expected ${w * h}`);
      frames++;
    } else throw new Error(`unexpected GIF block 0x${marker.toString(16)}`);
  }
  throw new Error("GIF has no trailer");
}

describe("demo asset files", () => {
  const referenced = taskDemoAssetFilenames();

  it("exist for every file a demo names, and nothing else is shipped", () => {
    expect(referenced.length).toBeGreaterThanOrEqual(30);
    for (const name of referenced) expect(existsSync(join(assetDir, name)), name).toBe(true);
    expect(readdirSync(assetDir).sort()).toEqual(referenced);
  });

  it("are small", () => {
    for (const name of referenced) expect(statSync(join(assetDir, name)).size, name).toBeLessThan(60 * 1024);
  });

  it("PNG files have the PNG signature and IDAT data that inflates to the declared size", () => {
    const pngs = referenced.filter((n) => n.endsWith(".png"));
    expect(pngs.length).toBeGreaterThanOrEqual(20);
    for (const name of pngs) {
      const bytes = readAsset(name);
      expect([...bytes.subarray(0, 8)], name).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(bytes.toString("ascii", 12, 16)).toBe("IHDR");
      const width = bytes.readUInt32BE(16);
      const height = bytes.readUInt32BE(20);
      expect(bytes[24]).toBe(8);
      expect(bytes[25]).toBe(2);
      const idat: Buffer[] = [];
      for (let pos = 8; pos < bytes.length;) {
        const length = bytes.readUInt32BE(pos);
        if (bytes.toString("ascii", pos + 4, pos + 8) === "IDAT")
          idat.push(bytes.subarray(pos + 8, pos + 8 + length));
        pos += 12 + length;
      }
      const raw = inflateSync(Buffer.concat(idat));
      expect(raw.length, name).toBe(height * (1 + width * 3));
      for (let y = 0; y < height; y++) expect(raw[y * (1 + width * 3)]).toBeLessThanOrEqual(4);
    }
  });

  it("GIF files are animated GIF89a whose every frame decodes to the full picture", () => {
    const gifs = referenced.filter((n) => n.endsWith(".gif"));
    expect(gifs).toHaveLength(7);
    for (const name of gifs) {
      const bytes = readAsset(name);
      expect(bytes.toString("ascii", 0, 6), name).toBe("GIF89a");
      const { width, height, frames } = decodeGifFrames(bytes);
      expect(width * height).toBeGreaterThan(0);
      expect(frames, name).toBeGreaterThan(1);
    }
  });

  it("WAV files are 16-bit PCM RIFF/WAVE with consistent chunk sizes", () => {
    const wavs = referenced.filter((n) => n.endsWith(".wav"));
    expect(wavs.sort()).toEqual([
      "any-to-any-output.wav",
      "audio.wav",
      "input.wav",
      "label-0.wav",
      "label-1.wav",
    ]);
    for (const name of wavs) {
      const bytes = readAsset(name);
      expect(bytes.toString("ascii", 0, 4), name).toBe("RIFF");
      expect(bytes.toString("ascii", 8, 12)).toBe("WAVE");
      expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8);
      expect(bytes.readUInt16LE(20)).toBe(1);
      expect(bytes.readUInt16LE(34)).toBe(16);
      expect(bytes.toString("ascii", 36, 40)).toBe("data");
      expect(bytes.readUInt32LE(40)).toBe(bytes.length - 44);
      // Not silence: the clip carries a signal.
      let peak = 0;
      for (let i = 44; i < bytes.length; i += 2) peak = Math.max(peak, Math.abs(bytes.readInt16LE(i)));
      expect(peak, name).toBeGreaterThan(8000);
    }
  });

  it("the FLAC file starts with a STREAMINFO block describing its frames", () => {
    const bytes = readAsset("input.flac");
    expect(bytes.toString("ascii", 0, 4)).toBe("fLaC");
    expect(bytes[4] & 0x7f).toBe(0); // STREAMINFO
    const packed = bytes.readBigUInt64BE(8 + 10);
    const sampleRate = Number(packed >> 44n);
    const bitsPerSample = Number((packed >> 36n) & 0x1fn) + 1;
    const totalSamples = Number(packed & 0xfffffffffn);
    expect(sampleRate).toBe(16000);
    expect(bitsPerSample).toBe(16);
    expect(totalSamples / sampleRate).toBeGreaterThan(1);
    expect(bytes.readUInt16BE(42) & 0xfffe).toBe(0xfff8); // first frame's sync code
  });

  it("GLB files are glTF 2.0 binaries whose accessors fit in the binary chunk", () => {
    const glbs = referenced.filter((n) => n.endsWith(".glb"));
    expect(glbs.sort()).toEqual(["image-to-3d-3d-output-filename.glb", "text-to-3d-3d-output-filename.glb"]);
    for (const name of glbs) {
      const bytes = readAsset(name);
      expect(bytes.toString("ascii", 0, 4)).toBe("glTF");
      expect(bytes.readUInt32LE(4)).toBe(2);
      expect(bytes.readUInt32LE(8)).toBe(bytes.length);
      const jsonLength = bytes.readUInt32LE(12);
      expect(bytes.toString("ascii", 16, 20)).toBe("JSON");
      const gltf = JSON.parse(bytes.toString("utf8", 20, 20 + jsonLength));
      const binStart = 20 + jsonLength;
      const binLength = bytes.readUInt32LE(binStart);
      expect(bytes.toString("ascii", binStart + 4, binStart + 8)).toBe("BIN\0");
      expect(gltf.asset.version).toBe("2.0");
      expect(gltf.buffers[0].byteLength).toBeLessThanOrEqual(binLength);
      const componentBytes: Record<number, number> = { 5126: 4, 5123: 2 };
      const typeSize: Record<string, number> = { VEC3: 3, SCALAR: 1 };
      for (const accessor of gltf.accessors) {
        const view = gltf.bufferViews[accessor.bufferView];
        expect(accessor.count * componentBytes[accessor.componentType] * typeSize[accessor.type]).toBe(
          view.byteLength,
        );
        expect(view.byteOffset + view.byteLength).toBeLessThanOrEqual(binLength);
      }
      for (const mesh of gltf.meshes) {
        const { attributes, indices } = mesh.primitives[0];
        const positions = gltf.accessors[attributes.POSITION];
        expect(positions.min).toHaveLength(3);
        expect(positions.max).toHaveLength(3);
        // Every index points at an existing vertex.
        const view = gltf.bufferViews[gltf.accessors[indices].bufferView];
        for (let i = 0; i < gltf.accessors[indices].count; i++)
          expect(bytes.readUInt16LE(binStart + 8 + view.byteOffset + i * 2)).toBeLessThan(positions.count);
      }
    }
  });
});

describe("taskDemoAssetPath", () => {
  it("maps a demo file name to its path inside the package", () => {
    expect(taskDemoAssetPath("elephant.png")).toBe("assets/demo/elephant.png");
    expect(taskDemoAssetMimeType("elephant.png")).toBe("image/png");
    expect(taskDemoAssetMimeType("input.flac")).toBe("audio/flac");
    expect(taskDemoAssetMimeType("text-to-3d-3d-output-filename.glb")).toBe("model/gltf-binary");
  });

  it("rejects paths and unknown names with a message naming the input", () => {
    expect(() => taskDemoAssetPath("../package.json")).toThrow(
      /Invalid demo file name "\.\.\/package\.json"/,
    );
    expect(() => taskDemoAssetPath("demo/elephant.png")).toThrow(/Invalid demo file name/);
    expect(() => taskDemoAssetPath("")).toThrow(/Invalid demo file name/);
    expect(() => taskDemoAssetPath("elephant.jpeg")).toThrow(/Unknown demo file "elephant\.jpeg"/);
    expect(() => taskDemoAssetMimeType("notes.txt")).toThrow(/Unsupported demo file type "\.txt"/);
    expect(isTaskDemoAsset("audio.wav")).toBe(true);
    expect(isTaskDemoAsset("nope.wav")).toBe(false);
  });
});
