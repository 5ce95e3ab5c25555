// The 4.x media routes of fal-ai, together, replicate and novita, spoken over raw HTTP: request
// validation, reply shapes, queue and job states (with fal's queue positions), real media bytes,
// faults and token safety.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startEmulator, renderImage, renderWav } from "@hubkit/emulator";
import type { Emulator } from "@hubkit/emulator";
import { HUB_TOKEN, PROVIDER_KEY, bearer, getJson, postJson } from "./helpers.js";
import type { Json } from "./helpers.js";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ pollSteps: 4 });
});
afterAll(async () => {
  await emu.close();
});

const FAL_KEY = { Authorization: `Key ${PROVIDER_KEY}` };
const pngUrl = `data:image/png;base64,${renderImage(3, 16, 16).toString("base64")}`;
const wavUrl = (label: string) => `data:${label};base64,${renderWav(5, 0.25).toString("base64")}`;

async function bytesOf(url: string): Promise<{ type: string | null; bytes: Buffer }> {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  return { type: res.headers.get("content-type"), bytes: Buffer.from(await res.arrayBuffer()) };
}
const isPng = (b: Buffer) => b.subarray(1, 4).toString("latin1") === "PNG";
const isWav = (b: Buffer) => b.subarray(0, 4).toString("latin1") === "RIFF";
const isMp4 = (b: Buffer) => b.subarray(4, 8).toString("latin1") === "ftyp";

/** Submits to fal's queue and polls until COMPLETED; returns the statuses seen and the result. */
async function runFalJob(app: string, body: unknown): Promise<{ statuses: Json[]; result: Json }> {
  const submit = await postJson(`${emu.providerUrls["fal-ai-queue"]}/${app}`, body, FAL_KEY);
  expect(submit.status, submit.text).toBe(200);
  const statuses: Json[] = [submit.json];
  for (let i = 0; i < 20 && statuses.at(-1).status !== "COMPLETED"; i++) {
    const res = await fetch(emu.rewriteUrl(submit.json.status_url), { headers: FAL_KEY });
    statuses.push(await res.json());
  }
  const result = await getJson(emu.rewriteUrl(submit.json.response_url), FAL_KEY);
  expect(result.status).toBe(200);
  return { statuses, result: result.json };
}

describe("fal-ai queue: the 4.x tasks", () => {
  it("drains the queue one position per poll, then runs, then completes", async () => {
    const { statuses } = await runFalJob("fal-ai/stable-audio", { prompt: "rain" });
    expect(statuses.map((s) => [s.status, s.queue_position])).toEqual([
      ["IN_QUEUE", 2],
      ["IN_QUEUE", 1],
      ["IN_QUEUE", 0],
      ["IN_PROGRESS", undefined],
      ["IN_PROGRESS", undefined],
      ["COMPLETED", undefined],
    ]);
  });

  it.each([
    ["fal-ai/flux-kontext/dev", { prompt: "blue", image_url: pngUrl, image_urls: [pngUrl] }, "images", isPng],
    ["fal-ai/flux-2/edit", { prompt: "a hat", image_url: pngUrl }, "images", isPng],
    ["fal-ai/wan-i2v", { image_url: pngUrl, prompt: "waves" }, "video", isMp4],
    ["fal-ai/wan/v2.2-5b/image-to-video", { image_url: pngUrl }, "video", isMp4],
    ["fal-ai/birefnet", { image_url: pngUrl, sync_mode: true }, "image", isPng],
    ["fal-ai/stable-audio", { prompt: "birds" }, "audio_file", isWav],
    ["fal-ai/resemble-enhance", { audio_url: wavUrl("audio/x-wav") }, "audio", isWav],
  ] as const)("%s answers real media", async (app, body, key, check) => {
    const { result } = await runFalJob(app, body);
    const file = key === "images" ? result.images[0] : result[key];
    const { bytes } = await bytesOf(emu.rewriteUrl(file.url));
    expect(check(bytes)).toBe(true);
  });

  it("the mask matches the input image's size", async () => {
    const { result } = await runFalJob("fal-ai/birefnet", { image_url: pngUrl });
    expect([result.image.width, result.image.height]).toEqual([16, 16]);
  });

  it.each([
    ["fal-ai/wan-i2v", { image_url: "data:image/png;base64,AAAA" }, "image_url"],
    ["fal-ai/flux-kontext/dev", { prompt: "x" }, "image_url"],
    ["fal-ai/resemble-enhance", { audio_url: wavUrl("audio/wav") }, "audio_url"],
    ["fal-ai/flux/dev", { prompt: "x", loras: [{ path: "not a url" }] }, "loras"],
    [
      "fal-ai/lora",
      { prompt: "x", loras: [{ path: "https://huggingface.co/a/b/resolve/main/l.safetensors" }] },
      "model_name",
    ],
  ])("%s rejects a bad input with a 422 naming the field", async (app, body, field) => {
    const res = await postJson(`${emu.providerUrls["fal-ai-queue"]}/${app}`, body, FAL_KEY);
    expect(res.status).toBe(422);
    expect(res.json.detail[0].loc).toEqual(["body", field]);
  });
});

describe("together: video jobs, embeddings, speech, transcription", () => {
  const together = () => emu.providerUrls.together;

  it("a video job goes queued → in_progress → completed with an MP4", async () => {
    const submit = await postJson(
      `${together()}/v2/videos`,
      { model: "Wan-AI/Wan2.2-T2V-A14B", prompt: "x" },
      bearer(PROVIDER_KEY),
    );
    expect(submit.json).toMatchObject({ object: "video", status: "queued" });
    const seen: string[] = [];
    let job: Json = submit.json;
    while (job.status !== "completed") {
      job = (await getJson(`${together()}/v2/videos/${submit.json.id}`, bearer(PROVIDER_KEY))).json;
      seen.push(job.status);
    }
    expect(seen).toEqual(["queued", "queued", "in_progress", "in_progress", "completed"]);
    expect(isMp4((await bytesOf(emu.rewriteUrl(job.outputs.video_url))).bytes)).toBe(true);
  });

  it("image-to-video needs frame images that hold images", async () => {
    const res = await postJson(
      `${together()}/v2/videos`,
      {
        model: "Wan-AI/Wan2.2-I2V-A14B",
        frame_images: [{ input_image: "data:image/png;base64,AAAA", frame: "first" }],
      },
      bearer(PROVIDER_KEY),
    );
    expect(res.status).toBe(400);
    expect(res.json.error.param).toBe("frame_images");
  });

  it("embeddings: one unit vector per input, of the model's size", async () => {
    const res = await postJson(
      `${together()}/v1/embeddings`,
      { model: "BAAI/bge-base-en-v1.5", input: ["a", "b c"] },
      bearer(PROVIDER_KEY),
    );
    expect(res.json.data).toHaveLength(2);
    expect(res.json.data[0].embedding).toHaveLength(768);
    expect(Math.hypot(...res.json.data[1].embedding)).toBeCloseTo(1, 4);
  });

  it("speech needs a voice and answers WAV bytes", async () => {
    const missing = await postJson(
      `${together()}/v1/audio/speech`,
      { model: "hexgrad/Kokoro-82M", input: "hi" },
      bearer(PROVIDER_KEY),
    );
    expect(missing.status).toBe(400);
    const res = await fetch(`${together()}/v1/audio/speech`, {
      method: "POST",
      headers: { ...bearer(PROVIDER_KEY), "Content-Type": "application/json" },
      body: JSON.stringify({ model: "hexgrad/Kokoro-82M", input: "hi", voice: "af_alloy" }),
    });
    expect(res.headers.get("content-type")).toBe("audio/wav");
    expect(isWav(Buffer.from(await res.arrayBuffer()))).toBe(true);
  });

  it("transcription reads a multipart upload and refuses a file that is not audio", async () => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(renderWav(1, 0.25))], { type: "audio/wav" }), "audio.wav");
    form.append("model", "openai/whisper-large-v3");
    form.append("response_format", "verbose_json");
    const ok = await fetch(`${together()}/v1/audio/transcriptions`, {
      method: "POST",
      headers: bearer(PROVIDER_KEY),
      body: form,
    });
    const json = (await ok.json()) as Json;
    expect(typeof json.text).toBe("string");
    expect(json.segments[0]).toMatchObject({ start: 0, end: 2.5 });
    const bad = new FormData();
    bad.append("file", new Blob(["not audio"]), "audio.wav");
    bad.append("model", "openai/whisper-large-v3");
    const refused = await fetch(`${together()}/v1/audio/transcriptions`, {
      method: "POST",
      headers: bearer(PROVIDER_KEY),
      body: bad,
    });
    expect(refused.status).toBe(400);
  });
});

describe("replicate: image-to-image and speech recognition", () => {
  it("image-to-image answers a PNG; a data URI without an image is refused", async () => {
    const base = `${emu.providerUrls.replicate}/v1/models/black-forest-labs/flux-kontext-dev/predictions`;
    const ok = await postJson(
      base,
      { input: { prompt: "blue", image: pngUrl } },
      { ...bearer(PROVIDER_KEY), Prefer: "wait" },
    );
    expect(ok.json.status).toBe("succeeded");
    expect(isPng((await bytesOf(emu.rewriteUrl(ok.json.output[0]))).bytes)).toBe(true);
    const bad = await postJson(
      base,
      { input: { prompt: "blue", image: "data:image/png;base64,AAAA" } },
      bearer(PROVIDER_KEY),
    );
    expect(bad.status).toBe(422);
  });

  it("whisper (a pinned version) answers a transcription with segments", async () => {
    const res = await postJson(
      `${emu.providerUrls.replicate}/v1/predictions`,
      {
        version: "8099696689d249cf8b122d833c36ac3f75505c666a395ca40ef26f68e7d3d16e",
        input: { audio: wavUrl("audio/wav") },
      },
      { ...bearer(PROVIDER_KEY), Prefer: "wait" },
    );
    expect(typeof res.json.output.transcription).toBe("string");
    expect(res.json.output.segments).toHaveLength(1);
  });
});

describe("novita: asynchronous video", () => {
  it("text-to-video: TASK_STATUS_QUEUED → PROCESSING → SUCCEED with a video URL", async () => {
    const submit = await postJson(
      `${emu.providerUrls.novita}/v3/async/wan-t2v`,
      { prompt: "x", steps: 20 },
      bearer(PROVIDER_KEY),
    );
    const seen: string[] = [];
    let reply: Json;
    do {
      reply = (
        await getJson(
          `${emu.providerUrls.novita}/v3/async/task-result?task_id=${submit.json.task_id}`,
          bearer(PROVIDER_KEY),
        )
      ).json;
      seen.push(reply.task.status);
    } while (reply.task.status !== "TASK_STATUS_SUCCEED");
    expect(seen).toEqual([
      "TASK_STATUS_QUEUED",
      "TASK_STATUS_QUEUED",
      "TASK_STATUS_PROCESSING",
      "TASK_STATUS_PROCESSING",
      "TASK_STATUS_SUCCEED",
    ]);
    expect(isMp4((await bytesOf(emu.rewriteUrl(reply.videos[0].video_url))).bytes)).toBe(true);
  });

  it("the synchronous /v3/hf/{model} route (huggingface_hub 2.0.0) answers a video URL at once", async () => {
    const url = `${emu.providerUrls.novita}/v3/hf/wan-t2v`;
    const res = await postJson(url, { prompt: "x" }, bearer(PROVIDER_KEY));
    expect(res.status).toBe(200);
    expect(isMp4((await bytesOf(emu.rewriteUrl(res.json.video.video_url))).bytes)).toBe(true);
    expect((await postJson(url, { prompt: "" }, bearer(PROVIDER_KEY))).status).toBe(400);
  });

  it("MiniMax H3 checks its content, duration and resolution", async () => {
    const url = `${emu.providerUrls.novita}/v3/minimax/v2/video_generation`;
    const good = {
      model: "MiniMax-H3",
      content: [{ type: "text", text: "x" }],
      duration: 4,
      resolution: "768P",
      ratio: "16:9",
    };
    expect((await postJson(url, good, bearer(PROVIDER_KEY))).status).toBe(200);
    expect((await postJson(url, { ...good, duration: 60 }, bearer(PROVIDER_KEY))).status).toBe(400);
    expect((await postJson(url, { ...good, content: [] }, bearer(PROVIDER_KEY))).status).toBe(400);
  });
});

describe("faults and token safety on the new routes", () => {
  it("a fault can target a novita async model named in the path", async () => {
    const fault = emu.fault({ match: { model: "wan-t2v" }, status: 503, times: 1 });
    try {
      const res = await postJson(
        `${emu.providerUrls.novita}/v3/async/wan-t2v`,
        { prompt: "x" },
        bearer(PROVIDER_KEY),
      );
      expect(res.status).toBe(503);
      expect(emu.lastRequest()?.model).toBe("wan-t2v");
    } finally {
      fault.remove();
    }
  });

  it("neverComplete keeps a job running; a hub token is refused directly and routed fine", async () => {
    const fault = emu.fault({ match: { provider: "together" }, neverComplete: true });
    try {
      const submit = await postJson(
        `${emu.routerUrl}/together/v2/videos`,
        { model: "m", prompt: "x" },
        bearer(HUB_TOKEN),
      );
      expect(submit.status).toBe(200);
      for (let i = 0; i < 8; i++) {
        const job = await getJson(`${emu.routerUrl}/together/v2/videos/${submit.json.id}`, bearer(HUB_TOKEN));
        expect(job.json.status).toBe("in_progress");
      }
    } finally {
      fault.remove();
    }
    const direct = await postJson(
      `${emu.providerUrls.novita}/v3/async/wan-t2v`,
      { prompt: "x" },
      bearer(HUB_TOKEN),
    );
    expect(direct.status).toBe(401);
    expect(emu.tokenLeaks.length).toBeGreaterThan(0);
    emu.clearRequests();
  });
});
