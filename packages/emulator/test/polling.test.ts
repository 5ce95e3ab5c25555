import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startEmulator, renderWav } from "@hubkit/emulator";
import type { Emulator } from "@hubkit/emulator";
import { HUB_TOKEN, PROVIDER_KEY, bearer, getJson, postJson } from "./helpers.js";
import type { Json } from "./helpers.js";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ pollSteps: 2 });
});
afterAll(async () => {
  await emu.close();
});

const FAL_KEY = { Authorization: `Key ${PROVIDER_KEY}` };

async function download(url: string): Promise<{ type: string | null; bytes: Buffer }> {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  return { type: res.headers.get("content-type"), bytes: Buffer.from(await res.arrayBuffer()) };
}

const isPng = (b: Buffer) => b[0] === 0x89 && b.subarray(1, 4).toString("latin1") === "PNG";
const isWav = (b: Buffer) =>
  b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WAVE";
const isMp4 = (b: Buffer) => b.subarray(4, 8).toString("latin1") === "ftyp";

/** Walks top-level ISO BMFF boxes and returns their types, checking that sizes tile the file. */
function mp4Boxes(b: Buffer): string[] {
  const types: string[] = [];
  let offset = 0;
  while (offset < b.length) {
    const size = b.readUInt32BE(offset);
    expect(size).toBeGreaterThanOrEqual(8);
    types.push(b.subarray(offset + 4, offset + 8).toString("latin1"));
    offset += size;
  }
  expect(offset).toBe(b.length);
  return types;
}

describe("black-forest-labs", () => {
  it("submit → Pending × pollSteps → Ready with a downloadable PNG sample", async () => {
    const submit = await postJson(
      `${emu.providerUrls["black-forest-labs"]}/v1/flux-dev`,
      { prompt: "a lighthouse", width: 512, height: 256 },
      { "x-key": PROVIDER_KEY },
    );
    expect(submit.status).toBe(200);
    expect(Object.keys(submit.json).sort()).toEqual(["id", "polling_url"]);
    const statuses: string[] = [];
    let last: Json;
    for (let i = 0; i < 4; i++) {
      // The polling URL is fetched with no credentials, like the client does.
      last = (await getJson(`${submit.json.polling_url}&attempt=${i}`)).json;
      statuses.push(last.status);
    }
    expect(statuses).toEqual(["Pending", "Pending", "Ready", "Ready"]);
    expect(last.result.prompt).toBe("a lighthouse");
    const file = await download(last.result.sample);
    expect(file.type).toBe("image/png");
    expect(isPng(file.bytes)).toBe(true);
    expect([file.bytes.readUInt32BE(16), file.bytes.readUInt32BE(20)]).toEqual([512, 256]);
    expect(new URL(last.result.sample).origin).toBe(emu.hosts["https://delivery-us1.bfl.ai"]);
  });

  it("works through the router with a hub token", async () => {
    const submit = await postJson(
      `${emu.routerUrl}/black-forest-labs/v1/flux-dev`,
      { prompt: "a fox", num_inference_steps: 4 },
      bearer(HUB_TOKEN),
    );
    expect(submit.status).toBe(200);
    expect((await getJson(submit.json.polling_url)).json.status).toBe("Pending");
  });

  it("validates like pydantic (422) and reports unknown ids", async () => {
    const missing = await postJson(
      `${emu.providerUrls["black-forest-labs"]}/v1/flux-dev`,
      { width: 512 },
      { "x-key": PROVIDER_KEY },
    );
    expect(missing.status).toBe(422);
    expect(missing.json.detail[0]).toMatchObject({ loc: ["body", "prompt"], type: "missing" });
    const odd = await postJson(
      `${emu.providerUrls["black-forest-labs"]}/v1/flux-dev`,
      { prompt: "x", width: 500 },
      { "x-key": PROVIDER_KEY },
    );
    expect(odd.status).toBe(422);
    expect(odd.json.detail[0].loc).toEqual(["body", "width"]);
    const unknown = await getJson(`${emu.providerUrls["black-forest-labs"]}/v1/get_result?id=nope`);
    expect(unknown.json.status).toBe("Task not found");
  });
});

describe("fal-ai", () => {
  it("text-to-image: images with URLs to real PNGs of the requested size", async () => {
    const r = await postJson(
      `${emu.providerUrls["fal-ai"]}/fal-ai/flux/dev`,
      { prompt: "a fox", sync_mode: true, image_size: "square" },
      FAL_KEY,
    );
    expect(r.json.images).toHaveLength(1);
    expect(r.json.images[0]).toMatchObject({ width: 512, height: 512, content_type: "image/png" });
    const file = await download(r.json.images[0].url);
    expect(isPng(file.bytes)).toBe(true);
    expect(file.bytes.readUInt32BE(16)).toBe(512);
  });

  it("text-to-speech: {audio: {url}} to a WAV; ASR: {text} from a data URL", async () => {
    const tts = await postJson(
      `${emu.routerUrl}/fal-ai/fal-ai/diffrhythm`,
      { lyrics: "[00:10.00]Hello world" },
      bearer(HUB_TOKEN),
    );
    expect(tts.status).toBe(200);
    expect(isWav((await download(tts.json.audio.url)).bytes)).toBe(true);
    const audioUrl = `data:audio/wav;base64,${renderWav(1, 1).toString("base64")}`;
    const asr = await postJson(
      `${emu.providerUrls["fal-ai"]}/fal-ai/whisper`,
      { audio_url: audioUrl },
      FAL_KEY,
    );
    expect(typeof asr.json.text).toBe("string");
    const bad = await postJson(
      `${emu.providerUrls["fal-ai"]}/fal-ai/whisper`,
      { audio_url: "data:audio/wav;base64,aGVsbG8=" },
      FAL_KEY,
    );
    expect(bad.status).toBe(422);
    expect(bad.json.detail[0].loc).toEqual(["body", "audio_url"]);
    const missing = await postJson(
      `${emu.providerUrls["fal-ai"]}/fal-ai/flux/dev`,
      { image_size: "square" },
      FAL_KEY,
    );
    expect(missing.status).toBe(422);
    expect(missing.json.detail[0].loc).toEqual(["body", "prompt"]);
  });

  it("queue: IN_QUEUE → IN_PROGRESS → COMPLETED, then a video result with a real MP4", async () => {
    const submit = await postJson(
      `${emu.providerUrls["fal-ai-queue"]}/fal-ai/ltx-video`,
      { prompt: "waves" },
      FAL_KEY,
    );
    expect(submit.json.status).toBe("IN_QUEUE");
    expect(submit.json.status_url).toBe(`${submit.json.response_url}/status`);
    const early = await fetch(submit.json.response_url, { headers: FAL_KEY });
    expect(early.status).toBe(400);
    const statuses: string[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await getJson(submit.json.status_url, FAL_KEY)).json.status);
    expect(statuses).toEqual(["IN_QUEUE", "IN_PROGRESS", "COMPLETED"]);
    const result = await getJson(submit.json.response_url, FAL_KEY);
    expect(result.json.video.content_type).toBe("video/mp4");
    const file = await download(result.json.video.url);
    expect(file.type).toBe("video/mp4");
    expect(isMp4(file.bytes)).toBe(true);
    // A real H.264 clip, "fast start" (moov before mdat) so browsers play it while it loads.
    expect(mp4Boxes(file.bytes).filter((type) => type !== "free")).toEqual(["ftyp", "moov", "mdat"]);
    expect(file.bytes.includes(Buffer.from("avc1", "latin1"))).toBe(true);
  });

  it("queue through the router: ?_subdomain=queue and polling under /fal-ai", async () => {
    const submit = await postJson(
      `${emu.routerUrl}/fal-ai/fal-ai/mochi-v1?_subdomain=queue`,
      { prompt: "waves" },
      bearer(HUB_TOKEN),
    );
    expect(submit.status).toBe(200);
    // The client rebuilds the polling URLs from response_url's path on the router.
    const path = new URL(submit.json.response_url).pathname;
    const statusUrl = `${emu.routerUrl}/fal-ai${path}/status?_subdomain=queue`;
    let status = "";
    for (let i = 0; i < 5 && status !== "COMPLETED"; i++)
      status = (await getJson(statusUrl, bearer(HUB_TOKEN))).json.status;
    expect(status).toBe("COMPLETED");
    const result = await getJson(`${emu.routerUrl}/fal-ai${path}?_subdomain=queue`, bearer(HUB_TOKEN));
    expect(isMp4((await download(result.json.video.url)).bytes)).toBe(true);
    expect(
      (
        await getJson(
          `${emu.routerUrl}/fal-ai/fal-ai/mochi-v1/requests/unknown/status?_subdomain=queue`,
          bearer(HUB_TOKEN),
        )
      ).status,
    ).toBe(404);
  });
});

describe("replicate", () => {
  const url = () => `${emu.providerUrls.replicate}/v1/models/black-forest-labs/flux-schnell/predictions`;

  it("Prefer: wait answers a succeeded prediction with output URLs", async () => {
    const r = await postJson(
      url(),
      { input: { prompt: "a fox" } },
      { ...bearer(PROVIDER_KEY), Prefer: "wait" },
    );
    expect(r.status).toBe(201);
    expect(r.json.status).toBe("succeeded");
    expect(r.json.model).toBe("black-forest-labs/flux-schnell");
    expect(r.json.output).toHaveLength(1);
    expect(isPng((await download(r.json.output[0])).bytes)).toBe(true);
  });

  it("the outputWhileProcessing fault: Prefer: wait answers the output with status processing", async () => {
    const fault = emu.fault({ match: { provider: "replicate" }, outputWhileProcessing: true, times: 1 });
    const r = await postJson(
      url(),
      { input: { prompt: "a fox" } },
      { ...bearer(PROVIDER_KEY), Prefer: "wait" },
    );
    expect(fault.hits).toBe(1);
    expect(r.status).toBe(201);
    expect(r.json.status).toBe("processing");
    expect(isPng((await download(r.json.output[0])).bytes)).toBe(true);
    // A later poll sees it finished, with the same output.
    let last: Json = r.json;
    for (let i = 0; i < 3 && last.status !== "succeeded"; i++)
      last = (await getJson(r.json.urls.get, bearer(PROVIDER_KEY))).json;
    expect(last.status).toBe("succeeded");
    expect(last.output).toEqual(r.json.output);
  });

  it("without Prefer: starting, then processing, then succeeded on GET", async () => {
    const r = await postJson(url(), { input: { prompt: "a fox" } }, bearer(PROVIDER_KEY));
    expect(r.json.status).toBe("starting");
    expect(r.json.output).toBeNull();
    const statuses: string[] = [];
    let last: Json;
    for (let i = 0; i < 3; i++) {
      last = (await getJson(r.json.urls.get, bearer(PROVIDER_KEY))).json;
      statuses.push(last.status);
    }
    expect(statuses).toEqual(["processing", "processing", "succeeded"]);
    expect(last.output).toHaveLength(1);
  });

  it("speech (version id, input.text) and video outputs are single URLs", async () => {
    const tts = await postJson(
      `${emu.routerUrl}/replicate/v1/predictions`,
      {
        input: { text: "Hello there" },
        version: "f559560eb822dc509045f3921a1921234918b91739db4bf3daab2169b71c7a13",
      },
      { ...bearer(HUB_TOKEN), Prefer: "wait" },
    );
    expect(tts.status).toBe(201);
    expect(typeof tts.json.output).toBe("string");
    expect(isWav((await download(tts.json.output)).bytes)).toBe(true);
    const video = await postJson(
      `${emu.routerUrl}/replicate/v1/models/genmoai/mochi-1/predictions`,
      { input: { prompt: "waves" } },
      { ...bearer(HUB_TOKEN), Prefer: "wait" },
    );
    expect(isMp4((await download(video.json.output)).bytes)).toBe(true);
  });

  it("validates input (422 problem+json)", async () => {
    const r = await postJson(url(), { prompt: "forgot input" }, bearer(PROVIDER_KEY));
    expect(r.status).toBe(422);
    expect(r.headers.get("content-type")).toMatch(/application\/problem\+json/);
    expect(r.json.detail).toMatch(/input/);
    const noPrompt = await postJson(url(), { input: {} }, bearer(PROVIDER_KEY));
    expect(noPrompt.json.detail).toMatch(/prompt/);
    const badVersion = await postJson(
      `${emu.providerUrls.replicate}/v1/predictions`,
      { input: { prompt: "x" }, version: "nope" },
      bearer(PROVIDER_KEY),
    );
    expect(badVersion.status).toBe(422);
  });
});

describe("together, nebius and hyperbolic images", () => {
  it("b64_json or url per response_format", async () => {
    const b64 = await postJson(
      `${emu.routerUrl}/together/v1/images/generations`,
      {
        prompt: "a fox",
        model: "black-forest-labs/FLUX.1-schnell",
        response_format: "base64",
        width: 256,
        height: 128,
      },
      bearer(HUB_TOKEN),
    );
    const png = Buffer.from(b64.json.data[0].b64_json, "base64");
    expect(isPng(png)).toBe(true);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([256, 128]);
    const url = await postJson(
      `${emu.routerUrl}/nebius/v1/images/generations`,
      { prompt: "a fox", model: "black-forest-labs/flux-schnell", response_format: "url" },
      bearer(HUB_TOKEN),
    );
    expect(isPng((await download(url.json.data[0].url)).bytes)).toBe(true);
    const hyper = await postJson(
      `${emu.routerUrl}/hyperbolic/v1/images/generations`,
      { prompt: "a fox", model_name: "SDXL1.0-base" },
      bearer(HUB_TOKEN),
    );
    expect(isPng(Buffer.from(hyper.json.images[0].image, "base64"))).toBe(true);
  });

  it("rejects a missing prompt and a bad response_format", async () => {
    const noPrompt = await postJson(
      `${emu.routerUrl}/together/v1/images/generations`,
      { model: "m" },
      bearer(HUB_TOKEN),
    );
    expect(noPrompt.status).toBe(400);
    expect(noPrompt.json.error.message).toMatch(/prompt/);
    const badFormat = await postJson(
      `${emu.routerUrl}/nebius/v1/images/generations`,
      { model: "m", prompt: "p", response_format: "gif" },
      bearer(HUB_TOKEN),
    );
    expect(badFormat.status).toBe(400);
    expect(badFormat.json.detail).toMatch(/response_format/);
  });
});

describe("downloads", () => {
  it("serve deterministic bytes and 404 for unknown kinds", async () => {
    const base = emu.hosts["https://replicate.delivery"];
    const a = await download(`${base}/xezq/abc/out-0-64x32.png`);
    const b = await download(`${base}/xezq/abc/out-0-64x32.png`);
    expect(a.bytes.equals(b.bytes)).toBe(true);
    expect(a.bytes.readUInt32BE(16)).toBe(64);
    expect((await fetch(`${base}/xezq/abc/out.exe`)).status).toBe(404);
  });
});
