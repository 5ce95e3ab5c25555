// Provider jobs that are polled (wavespeed predictions, zai-org image jobs) through the hub's /router
// proxy to the in-process emulator, as the browser's Try it calls them: submit, poll under the router,
// download the result through the server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InferenceClient, clearHubCache } from "@hubkit/inference";
import { startTestHub, type TestHub } from "./support/hub.js";

let server: TestHub;

beforeAll(async () => {
  server = await startTestHub("hub-jobs");
});
afterAll(() => server?.close());
beforeEach(() => clearHubCache());

const client = () =>
  new InferenceClient("hf_hubkitJobsTest", { hubUrl: server.url, routerUrl: `${server.url}/router` });

/** A 2×2 PNG, enough for the emulator's image check. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47];

async function magic(blob: Blob, length = 4): Promise<number[]> {
  return [...new Uint8Array(await blob.arrayBuffer()).slice(0, length)];
}

describe("polled provider jobs through the hub's /router proxy", () => {
  it("wavespeed: the prediction's urls.get reaches the browser unchanged, so it is polled under /router/wavespeed", async () => {
    // The submit reply as the browser sees it: the poll URL still names wavespeed's own host (as the
    // real router passes it); clients take only its path.
    const submit = await fetch(`${server.url}/router/wavespeed/api/v3/wavespeed-ai/qwen-image/edit`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ prompt: "make it blue", image: PNG.toString("base64") }),
    });
    expect(submit.status).toBe(200);
    const get = ((await submit.json()) as { data: { urls: { get: string } } }).data.urls.get;
    expect(get).not.toContain(server.url);
    const poll = await fetch(`${server.url}/router/wavespeed${new URL(get).pathname}`);
    expect(poll.status).toBe(200);
    expect(((await poll.json()) as { data: { status: string } }).data.status).toMatch(/created|processing/);
  });

  it("wavespeed image-to-image: submit, poll and download end to end", async () => {
    const states: string[] = [];
    const out = await client().imageToImage(
      {
        provider: "wavespeed",
        model: "Qwen/Qwen-Image-Edit",
        inputs: new Blob([PNG], { type: "image/png" }),
        parameters: { prompt: "make it blue" },
      },
      { onProgress: (progress: { providerStatus?: string }) => states.push(String(progress.providerStatus)) },
    );
    expect(await magic(out)).toEqual(PNG_MAGIC);
    expect(states).toContain("completed");
  });

  it("wavespeed image-to-video: the job's MP4 comes back through the server", async () => {
    const out = await client().imageToVideo({
      provider: "wavespeed",
      model: "Wan-AI/Wan2.2-I2V-A14B",
      inputs: new Blob([PNG], { type: "image/png" }),
      parameters: { prompt: "the camera pans left" },
    });
    // ISO BMFF: bytes 4..8 are "ftyp".
    expect(Buffer.from((await magic(out, 8)).slice(4)).toString("latin1")).toBe("ftyp");
  });

  it("zai-org text-to-image: the async image job is polled and its image downloaded", async () => {
    // Z.ai's own 5 s poll interval, shortened: the emulator's job is done after two polls.
    const out = await client().textToImage(
      {
        provider: "zai-org",
        model: "zai-org/CogView4-6B",
        inputs: "A lighthouse on a cliff at sunset, watercolour",
      },
      { poll: { intervalMs: 100 } },
    );
    expect(await magic(out)).toEqual(PNG_MAGIC);
  });
});
