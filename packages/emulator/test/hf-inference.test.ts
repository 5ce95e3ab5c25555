import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { inflateSync } from "node:zlib";
import { startEmulator, renderImage, renderWav } from "@hubkit/emulator";
import type { Emulator } from "@hubkit/emulator";
import { postJson } from "./helpers.js";
import type { Json } from "./helpers.js";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(async () => {
  await emu.close();
});

const model = (id: string) => `${emu.routerUrl}/hf-inference/models/${id}`;
const PNG = renderImage(7, 64, 48);
const WAV = renderWav(3, 1);

async function postBytes(
  url: string,
  data: Uint8Array,
  contentType?: string,
): Promise<{ status: number; json: Json; res: Response }> {
  const res = await fetch(url, {
    method: "POST",
    body: new Uint8Array(data),
    headers: contentType ? { "Content-Type": contentType } : {},
  });
  const text = await res.clone().text();
  let json: Json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, res };
}

function isLabelScores(v: Json): boolean {
  return (
    Array.isArray(v) &&
    v.length > 0 &&
    v.every((x) => typeof x.label === "string" && typeof x.score === "number")
  );
}

/** Decodes a greyscale PNG's size and the set of pixel values (filter type 0 rows only, as we write them). */
function decodeGreyPng(b64: string): { width: number; height: number; values: Set<number> } {
  const buf = Buffer.from(b64, "base64");
  expect(buf.subarray(1, 4).toString("latin1")).toBe("PNG");
  const width = buf.readUInt32BE(16);
  const height = buf.readUInt32BE(20);
  expect(buf[25]).toBe(0); // colour type: greyscale
  let offset = 8;
  const idat: Buffer[] = [];
  while (offset < buf.length) {
    const len = buf.readUInt32BE(offset);
    const type = buf.subarray(offset + 4, offset + 8).toString("latin1");
    if (type === "IDAT") idat.push(buf.subarray(offset + 8, offset + 8 + len));
    offset += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  expect(raw.length).toBe((width + 1) * height);
  const values = new Set<number>();
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) values.add(raw[y * (width + 1) + 1 + x]);
  return { width, height, values };
}

describe("hf-inference text tasks", () => {
  it("text-classification: nested label/score list using the model's labels", async () => {
    const r = await postJson(model("cardiffnlp/twitter-roberta-base-sentiment-latest"), {
      inputs: "I like you",
    });
    expect(r.status).toBe(200);
    expect(Array.isArray(r.json[0])).toBe(true);
    expect(isLabelScores(r.json[0])).toBe(true);
    expect(r.json[0].map((x: Json) => x.label).sort()).toEqual(["negative", "neutral", "positive"]);
    const total = r.json[0].reduce((s: number, x: Json) => s + x.score, 0);
    expect(total).toBeCloseTo(1, 3);
    const top1 = await postJson(model("cardiffnlp/twitter-roberta-base-sentiment-latest"), {
      inputs: "I like you",
      parameters: { top_k: 1 },
    });
    expect(top1.json[0]).toHaveLength(1);
  });

  it("token-classification: entity offsets point at the words", async () => {
    const text = "My name is Sarah Jessica Parker and I live in New York";
    const r = await postJson(model("dslim/bert-base-NER"), { inputs: text });
    expect(r.json.length).toBe(2);
    for (const e of r.json) {
      expect(text.slice(e.start, e.end)).toBe(e.word);
      expect(["PER", "LOC", "ORG", "MISC"]).toContain(e.entity_group);
    }
    expect(r.json.map((e: Json) => e.word)).toEqual(["Sarah Jessica Parker", "New York"]);
  });

  it("question-answering: the answer is a span of the context", async () => {
    const context = "The Eiffel Tower was completed in 1889. It stands in Paris, the capital of France.";
    const r = await postJson(model("deepset/roberta-base-squad2"), {
      inputs: { question: "Where does it stand?", context },
    });
    expect(context.slice(r.json.start, r.json.end)).toBe(r.json.answer);
    expect(r.json.answer).toBe("Paris");
    expect(r.json.score).toBeGreaterThan(0);
    expect((await postJson(model("deepset/roberta-base-squad2"), { inputs: "no" })).status).toBe(400);
  });

  it("fill-mask: sequences replace the model's own mask token", async () => {
    const r = await postJson(model("FacebookAI/roberta-base"), { inputs: "Paris is the <mask> of France." });
    expect(r.json.length).toBe(5);
    for (const c of r.json) {
      expect(c.sequence).toBe(`Paris is the ${c.token_str} of France.`);
      expect(Number.isInteger(c.token)).toBe(true);
    }
    const noMask = await postJson(model("google-bert/bert-base-uncased"), {
      inputs: "Paris is the <mask> of France.",
    });
    expect(noMask.status).toBe(400);
    expect(noMask.json.error).toContain("[MASK]");
  });

  it("summarization, translation, text2text-style outputs", async () => {
    const s = await postJson(model("facebook/bart-large-cnn"), {
      inputs: "The tower is 324 metres tall. It was the tallest structure for 41 years.",
    });
    expect(s.json).toEqual([{ summary_text: "The tower is 324 metres tall." }]);
    const t = await postJson(model("Helsinki-NLP/opus-mt-en-fr"), {
      inputs: ["Hello world", "My name is Ada"],
    });
    expect(t.json).toEqual([{ translation_text: "Bonjour monde" }, { translation_text: "Mon nom est Ada" }]);
  });

  it("zero-shot-classification: every candidate label scored, one result per input", async () => {
    const r = await postJson(model("facebook/bart-large-mnli"), {
      inputs: "I have a problem with my iphone",
      parameters: { candidate_labels: ["urgent", "not urgent", "phone"] },
    });
    expect(r.json).toHaveLength(1);
    expect(r.json[0].sequence).toBe("I have a problem with my iphone");
    expect([...r.json[0].labels].sort()).toEqual(["not urgent", "phone", "urgent"]);
    expect(r.json[0].scores).toHaveLength(3);
    const missing = await postJson(model("facebook/bart-large-mnli"), { inputs: "x" });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toMatch(/candidate_labels/);
  });

  it("feature-extraction: unit vectors of the model's size", async () => {
    const one = await postJson(
      `${emu.routerUrl}/hf-inference/pipeline/feature-extraction/BAAI/bge-small-en-v1.5`,
      { inputs: "Today is a sunny day" },
    );
    expect(one.json).toHaveLength(384);
    expect(Math.hypot(...one.json)).toBeCloseTo(1, 3);
    const two = await postJson(model("intfloat/multilingual-e5-large"), { inputs: ["a", "b"] });
    expect(two.json.map((v: number[]) => v.length)).toEqual([1024, 1024]);
  });

  it("sentence-similarity: a sentence sharing words scores higher", async () => {
    const r = await postJson(
      `${emu.routerUrl}/hf-inference/pipeline/sentence-similarity/sentence-transformers/all-MiniLM-L6-v2`,
      {
        inputs: {
          source_sentence: "That is a happy person",
          sentences: ["That is a happy dog", "Quantum chromodynamics lecture", "That is a happy person"],
        },
      },
    );
    expect(r.json).toHaveLength(3);
    expect(r.json[2]).toBeCloseTo(1, 3);
    expect(r.json[0]).toBeGreaterThan(r.json[1]);
  });

  it("table-question-answering: the answer is a cell of the table", async () => {
    const table = {
      Repository: ["Transformers", "Datasets", "Tokenizers"],
      Stars: ["36542", "4512", "3934"],
    };
    const r = await postJson(model("google/tapas-base-finetuned-wtq"), {
      inputs: { query: "How many stars does the Datasets repository have?", table },
    });
    expect(r.json.aggregator).toBe("COUNT");
    const one = await postJson(model("google/tapas-base-finetuned-wtq"), {
      inputs: { query: "Stars of Datasets?", table },
    });
    expect(one.json).toEqual({ answer: "4512", coordinates: [[1, 1]], cells: ["4512"], aggregator: "NONE" });
    const ragged = await postJson(model("google/tapas-base-finetuned-wtq"), {
      inputs: { query: "x", table: { a: ["1"], b: ["1", "2"] } },
    });
    expect(ragged.status).toBe(400);
  });

  it("tabular classification and regression: one number per row", async () => {
    const data = { fixed_acidity: ["7.4", "7.8", "10.3"], alcohol: ["9.4", "9.8", "12.1"] };
    const c = await postJson(model("julien-c/wine-quality"), { inputs: { data } });
    expect(c.json).toHaveLength(3);
    for (const v of c.json) expect(Number.isInteger(v)).toBe(true);
    const r = await postJson(model("scikit-learn/Fish-Weight"), { inputs: { data } });
    expect(r.json).toHaveLength(3);
    for (const v of r.json) expect(typeof v).toBe("number");
  });

  it("text-generation default model of a task page is served", async () => {
    const tasks = await (await fetch(`${emu.hubUrl}/api/tasks`)).json();
    for (const task of ["text-classification", "summarization", "feature-extraction"]) {
      const id = tasks[task].models[0].id;
      const r = await postJson(model(id), { inputs: "Some text about rivers." });
      expect(r.status, `${task} ${id}`).toBe(200);
    }
  });

  it("unknown models are 404 with a clear error", async () => {
    const r = await postJson(model("nobody/nothing"), { inputs: "x" });
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ error: "Model nobody/nothing does not exist" });
  });
});

describe("hf-inference vision and audio tasks", () => {
  it("image-classification from raw bytes and from JSON base64", async () => {
    const raw = await postBytes(model("google/vit-base-patch16-224"), PNG);
    expect(isLabelScores(raw.json)).toBe(true);
    const viaJson = await postJson(model("google/vit-base-patch16-224"), { inputs: PNG.toString("base64") });
    expect(viaJson.json).toEqual(raw.json);
    const notImage = await postBytes(
      model("google/vit-base-patch16-224"),
      Buffer.from("hello world, not an image"),
    );
    expect(notImage.status).toBe(400);
    expect(notImage.json.error).toMatch(/image/);
  });

  it("object-detection: boxes inside the image", async () => {
    const r = await postBytes(model("facebook/detr-resnet-50"), PNG);
    expect(r.json.length).toBeGreaterThan(0);
    for (const d of r.json) {
      expect(typeof d.label).toBe("string");
      expect(d.box.xmin).toBeGreaterThanOrEqual(0);
      expect(d.box.xmax).toBeLessThanOrEqual(64);
      expect(d.box.ymax).toBeLessThanOrEqual(48);
      expect(d.box.xmin).toBeLessThan(d.box.xmax);
    }
  });

  it("image-segmentation: masks are binary PNGs of the image size", async () => {
    const r = await postBytes(model("nvidia/segformer-b0-finetuned-ade-512-512"), PNG);
    expect(r.json.length).toBe(3);
    for (const s of r.json) {
      const mask = decodeGreyPng(s.mask);
      expect([mask.width, mask.height]).toEqual([64, 48]);
      for (const v of mask.values) expect([0, 255]).toContain(v);
    }
  });

  it("image-to-text, image-to-image, zero-shot image classification", async () => {
    const caption = await postBytes(model("Salesforce/blip-image-captioning-large"), PNG);
    expect(typeof caption.json[0].generated_text).toBe("string");
    const img = await postBytes(model("timbrooks/instruct-pix2pix"), PNG);
    expect(img.res.headers.get("content-type")).toBe("image/png");
    const out = Buffer.from(await img.res.arrayBuffer());
    expect(out.subarray(1, 4).toString("latin1")).toBe("PNG");
    const withParams = await fetch(model("timbrooks/instruct-pix2pix"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        inputs: PNG.toString("base64"),
        parameters: { prompt: "make it blue", width: 32, height: 32 },
      }),
    });
    const sized = Buffer.from(await withParams.arrayBuffer());
    expect([sized.readUInt32BE(16), sized.readUInt32BE(20)]).toEqual([32, 32]);
    const zs = await postJson(model("openai/clip-vit-large-patch14"), {
      inputs: { image: PNG.toString("base64") },
      parameters: { candidate_labels: ["cat", "dog"] },
    });
    expect(zs.json.map((x: Json) => x.label).sort()).toEqual(["cat", "dog"]);
  });

  it("document and visual question answering", async () => {
    const doc = await postJson(model("impira/layoutlm-document-qa"), {
      inputs: { image: PNG.toString("base64"), question: "What is the invoice number?" },
    });
    expect(typeof doc.json[0].answer).toBe("string");
    expect(typeof doc.json[0].start).toBe("number");
    const vqa = await postJson(model("dandelin/vilt-b32-finetuned-vqa"), {
      inputs: { image: PNG.toString("base64"), question: "Is there a cat?" },
    });
    expect(vqa.json.every((a: Json) => typeof a.answer === "string" && typeof a.score === "number")).toBe(
      true,
    );
    const noImage = await postJson(model("dandelin/vilt-b32-finetuned-vqa"), {
      inputs: { image: "bm90IGFuIGltYWdl", question: "?" },
    });
    expect(noImage.status).toBe(400);
  });

  it("text-to-image, text-to-speech, text-to-audio return real media", async () => {
    const img = await fetch(model("black-forest-labs/FLUX.1-dev"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ inputs: "a fox", parameters: { width: 128, height: 64 } }),
    });
    expect(img.headers.get("content-type")).toBe("image/png");
    const png = Buffer.from(await img.arrayBuffer());
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([128, 64]);
    for (const id of ["facebook/mms-tts-eng", "facebook/musicgen-small"]) {
      const audio = await fetch(model(id), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ inputs: "Hello there" }),
      });
      expect(audio.headers.get("content-type")).toBe("audio/wav");
      const wav = Buffer.from(await audio.arrayBuffer());
      expect(wav.subarray(0, 4).toString("latin1")).toBe("RIFF");
      expect(wav.subarray(8, 12).toString("latin1")).toBe("WAVE");
    }
  });

  it("speech recognition, audio classification, audio-to-audio", async () => {
    const asr = await postBytes(model("openai/whisper-large-v3"), WAV);
    expect(typeof asr.json.text).toBe("string");
    expect(asr.json.text.length).toBeGreaterThan(0);
    const cls = await postBytes(model("MIT/ast-finetuned-audioset-10-10-0.4593"), WAV);
    expect(isLabelScores(cls.json)).toBe(true);
    const a2a = await postBytes(model("speechbrain/sepformer-wham"), WAV);
    for (const item of a2a.json) {
      expect(item["content-type"]).toBe("audio/wav");
      expect(Buffer.from(item.blob, "base64").subarray(8, 12).toString("latin1")).toBe("WAVE");
    }
    const notAudio = await postBytes(model("openai/whisper-large-v3"), PNG);
    expect(notAudio.status).toBe(400);
    expect(notAudio.json.error).toMatch(/audio/);
  });
});
