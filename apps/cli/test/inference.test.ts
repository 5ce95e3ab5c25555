// Inference and catalogue commands through the built hubkit against an offline hub (HF_ENDPOINT at
// it; its /router answers from the provider emulator): `run` for one task of each modality writes a
// file of the right type, text results print as JSON, snippets, models/search, tasks, libraries.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHubServer, type HubServer } from "../../hub/src/index.js";
import { baseEnv, runHubkit } from "./support/cli.js";

let hub: HubServer;
let work: string;
let token: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "hubkit-cli-inference-"));
  hub = await startHubServer({ port: 0, dataDir: path.join(work, "data"), hfToken: "", mode: "offline" });
  token = await hub.repos.access.createToken("gina");
});

afterAll(async () => {
  await hub?.close();
  rmSync(work, { recursive: true, force: true });
});

const env = () => baseEnv({ HF_ENDPOINT: hub.url, HF_TOKEN: token, HF_HOME: path.join(work, "hf-home") });
const hubkit = (args: string[]) => runHubkit(args, { env: env(), cwd: work });
const head = (file: string, bytes: number) => readFileSync(file).subarray(0, bytes);

describe("hubkit run", () => {
  it("writes an image, speech and a video to files of the right type", async () => {
    const image = await hubkit([
      "run",
      "text-to-image",
      "--model",
      "black-forest-labs/FLUX.1-Krea-dev",
      "--input",
      "a red fox",
      "--output",
      "fox.png",
    ]);
    expect(image.stderr).toBe("");
    expect(image.stdout.trim()).toBe(path.join(work, "fox.png"));
    expect(head(path.join(work, "fox.png"), 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );

    const speech = await hubkit([
      "run",
      "text-to-speech",
      "--model",
      "ResembleAI/chatterbox",
      "--input",
      "hello there",
      "--json",
    ]);
    expect(speech.code).toBe(0);
    const audio = JSON.parse(speech.stdout) as { path: string; type: string; bytes: number };
    expect(audio.type).toMatch(/^audio\//);
    expect(audio.bytes).toBeGreaterThan(0);
    expect(path.dirname(audio.path)).toBe(work);
    const magic = head(audio.path, 4).toString("latin1");
    expect(
      ["RIFF", "fLaC", "OggS", "ID3\u0003", "ID3\u0004"].some((m) => magic.startsWith(m.slice(0, 3))),
    ).toBe(true);

    const video = await hubkit([
      "run",
      "text-to-video",
      "--model",
      "Lightricks/LTX-Video",
      "--input",
      "waves",
      "--output",
      "waves.mp4",
    ]);
    expect(video.code).toBe(0);
    expect(head(path.join(work, "waves.mp4"), 8).subarray(4).toString("latin1")).toBe("ftyp");

    // Audio in, text out: the speech file goes as a Blob.
    const heard = await hubkit([
      "run",
      "automatic-speech-recognition",
      "--model",
      "openai/whisper-large-v3",
      "--input",
      audio.path,
    ]);
    expect(heard.code).toBe(0);
    expect(JSON.parse(heard.stdout)).toMatchObject({ text: expect.any(String) });
  });

  it("prints a text task's result as JSON and refuses an unknown task with exit 2", async () => {
    const run = await hubkit([
      "run",
      "text-classification",
      "--model",
      "distilbert/distilbert-base-uncased-finetuned-sst-2-english",
      "--input",
      "a lovely day",
    ]);
    expect(run.code).toBe(0);
    const labels = JSON.parse(run.stdout) as { label: string; score: number }[];
    expect(labels[0]).toMatchObject({ label: expect.any(String), score: expect.any(Number) });
    const missing = await hubkit([
      "run",
      "image-classification",
      "--model",
      "google/vit-base-patch16-224",
      "--input",
      "nothere.png",
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim()).toBe("hubkit: --input: no such file nothere.png");
    const bad = await hubkit(["run", "mind-reading", "--model", "a/b", "--input", "x"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toMatch(/^hubkit: TASK "mind-reading"/);
  });
});

describe("snippets and the catalogue", () => {
  it("snippet prints code for a language, and --json parses", async () => {
    const python = await hubkit([
      "snippet",
      "meta-llama/Llama-3.3-70B-Instruct",
      "--lang",
      "python",
      "--client",
      "huggingface_hub",
    ]);
    expect(python.code).toBe(0);
    expect(python.stdout).toContain("InferenceClient");
    const sh = await hubkit([
      "snippet",
      "meta-llama/Llama-3.3-70B-Instruct:together",
      "--lang",
      "sh",
      "--json",
    ]);
    const snippets = JSON.parse(sh.stdout) as { language: string; client: string; content: string }[];
    expect(snippets[0]).toMatchObject({ language: "sh", client: "curl" });
    expect(snippets[0].content).toContain("curl");
  });

  it("models/search, tasks and libraries print tables, or JSON with --json", async () => {
    const models = await hubkit(["models", "--task", "text-to-image", "--limit", "5", "--json"]);
    const rows = JSON.parse(models.stdout) as { id: string; pipeline_tag: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.pipeline_tag === "text-to-image")).toBe(true);
    const search = await hubkit(["search", "llama", "--limit", "3"]);
    expect(search.stdout.split("\n")[0]).toMatch(/^MODEL\s+TASK\s+LIBRARY\s+DOWNLOADS\s+LIKES$/);
    expect(search.stdout.toLowerCase()).toContain("llama");
    const tasks = JSON.parse((await hubkit(["tasks", "--json"])).stdout) as { id: string }[];
    expect(tasks.map((t) => t.id)).toContain("text-to-image");
    const libraries = JSON.parse((await hubkit(["libraries", "--json"])).stdout) as { id: string }[];
    expect(libraries.map((l) => l.id)).toContain("transformers");
  });
});
