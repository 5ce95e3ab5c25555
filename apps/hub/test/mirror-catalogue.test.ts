// `mirror --catalogue` between two hubs on loopback. Hub A's catalogue holds models with their files'
// sizes and safetensors parameters; B's data folder imports A's model list through a loopback front
// that answers the list as huggingface.co does (file names only, no parameters: the details must
// come from each model's own info) and fails one model's info. Then B's API and model page show each
// model's files, sizes and parameters; the failed model is reported, counted, and imported from its
// list record alone; the model infos are asked for a few at a time.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importJsonl } from "../src/catalogue/importer.js";
import { runCommand } from "../src/commands.js";
import type { HubServer } from "../src/index.js";
import { DEFAULT_DETAIL_CONCURRENCY } from "../src/mirror/catalogue-import.js";
import { capturedOutput, startPlainHub } from "./support/mirror.js";

const LLAMA = {
  id: "acme/llama-mini",
  pipeline_tag: "text-generation",
  library_name: "transformers",
  tags: ["transformers", "safetensors", "text-generation"],
  siblings: [
    { rfilename: "README.md", size: 1_204 },
    { rfilename: "config.json", size: 653 },
    { rfilename: "model-00001-of-00002.safetensors", size: 4_976_698_672 },
    { rfilename: "model-00002-of-00002.safetensors", size: 1_459_729_952 },
  ],
  safetensors: { parameters: { BF16: 3_212_749_824 }, total: 3_212_749_824 },
};
const BROKEN = {
  id: "acme/broken",
  siblings: [{ rfilename: "model.safetensors", size: 1_000_000 }],
  safetensors: { parameters: { F32: 250_000 }, total: 250_000 },
};
// Enough models for several infos to be asked for at once.
const SMALL = Array.from({ length: 30 }, (_, i) => ({
  id: `acme/small-${i}`,
  siblings: [{ rfilename: "model.safetensors", size: 4_000 + i }],
  safetensors: { parameters: { F16: 1_000 + i, F32: 10 }, total: 1_010 + i },
}));
const MODELS = [LLAMA, BROKEN, ...SMALL];

interface Front {
  url: string;
  /** model infos asked for, by model id */
  infos: Map<string, number>;
  /** most model infos in flight at once */
  mostInFlight: number;
  close(): Promise<void>;
}

/** A loopback front for hub A: the list without sizes or parameters, `acme/broken`'s info a 500. */
async function startFront(target: string): Promise<Front> {
  const front: Front = { url: "", infos: new Map(), mostInFlight: 0, close: async () => {} };
  let inFlight = 0;
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", target);
    const info = /^\/api\/models\/(.+)$/.exec(url.pathname)?.[1];
    if (info) {
      front.infos.set(info, (front.infos.get(info) ?? 0) + 1);
      front.mostInFlight = Math.max(front.mostInFlight, ++inFlight);
    }
    try {
      if (info === BROKEN.id) {
        response.writeHead(500, { "content-type": "application/json" }).end('{"error":"internal error"}');
        return;
      }
      const answer = await fetch(new URL(url.pathname + url.search, target));
      const body = (await answer.json()) as unknown;
      const shown =
        url.pathname === "/api/models" && Array.isArray(body)
          ? body.map(({ safetensors: _, siblings, ...model }) => ({
              ...model,
              siblings: (siblings as { rfilename: string }[]).map(({ rfilename }) => ({ rfilename })),
            }))
          : body;
      // Link headers name A; the front is where the next page is asked for.
      const link = answer.headers.get("link")?.replaceAll(target, front.url);
      response
        .writeHead(answer.status, { "content-type": "application/json", ...(link ? { link } : {}) })
        .end(JSON.stringify(shown));
    } finally {
      if (info) inFlight--;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  front.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  front.close = () => new Promise((resolve) => server.close(() => resolve()));
  return front;
}

let work: string;
let hubA: HubServer;
let hubB: HubServer | undefined;
let front: Front;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "hubkit-mirror-catalogue-"));
  hubA = await startPlainHub(path.join(work, "a"));
  const lines = MODELS.map((model) => `${JSON.stringify(model)}\n`);
  const imported = await importJsonl(hubA.store, Readable.from(lines));
  expect(imported.inserted).toBe(MODELS.length);
  front = await startFront(hubA.url);
}, 60_000);

afterAll(async () => {
  await hubB?.close();
  await front?.close();
  await hubA?.close();
  rmSync(work, { recursive: true, force: true });
});

describe("mirror --catalogue with each model's files and parameters", () => {
  it("hub A answers blobs=true and expand[]=safetensors as huggingface.co does", async () => {
    const full = (await (
      await fetch(`${hubA.url}/api/models/${LLAMA.id}?blobs=true`)
    ).json()) as typeof LLAMA;
    expect(full.siblings).toEqual(LLAMA.siblings);
    expect(full.safetensors).toEqual(LLAMA.safetensors);
    const expanded = (await (
      await fetch(`${hubA.url}/api/models/${LLAMA.id}?expand[]=safetensors`)
    ).json()) as Record<string, unknown>;
    expect(expanded).toEqual({ _id: expect.any(String), id: LLAMA.id, safetensors: LLAMA.safetensors });
  });

  it("imports every model, with sizes and parameters, reporting the one whose info failed", async () => {
    const stdout = capturedOutput(false);
    const stderr = capturedOutput(false);
    const dataDir = path.join(work, "b");
    const result = await runCommand(
      ["mirror", "--catalogue", "--upstream", front.url, "--data-dir", dataDir],
      {
        stdout: stdout.stream,
        stderr: stderr.stream,
        env: {},
      },
    );
    // Everything that could be had is imported; exit code 1 says one model lacks its details.
    expect(result.exitCode, stderr.text()).toBe(1);
    expect(stdout.text()).toMatch(
      new RegExp(
        `imported ${MODELS.length} new and 0 updated models .*\\(0 rejected, 1 without files and parameters\\)`,
      ),
    );
    expect(stderr.text()).toMatch(/acme\/broken: files and parameters not fetched: .*500/);
    expect(stderr.text()).toMatch(
      new RegExp(`files and parameters of ${MODELS.length} models \\(1 failed\\)`),
    );
    // One info per model, a bounded few at a time.
    expect([...front.infos.keys()].sort()).toEqual(MODELS.map((model) => model.id).sort());
    expect([...front.infos.values()].every((count) => count === 1)).toBe(true);
    expect(front.mostInFlight).toBeLessThanOrEqual(DEFAULT_DETAIL_CONCURRENCY);

    hubB = await startPlainHub(dataDir);
    const api = async (id: string, query: string) =>
      (await (await fetch(`${hubB!.url}/api/models/${id}?${query}`)).json()) as Record<string, unknown>;
    const llama = await api(LLAMA.id, "blobs=true");
    expect(llama.siblings).toEqual(LLAMA.siblings);
    expect(llama.safetensors).toEqual(LLAMA.safetensors);
    expect(await api(SMALL[7].id, "expand[]=safetensors&expand[]=siblings")).toMatchObject({
      siblings: SMALL[7].siblings,
      safetensors: SMALL[7].safetensors,
    });
    // The model whose info failed keeps what the list said: its file names.
    const broken = await api(BROKEN.id, "blobs=true");
    expect(broken.siblings).toEqual([{ rfilename: "model.safetensors" }]);
    expect(broken.safetensors).toBeUndefined();

    const page = await (await fetch(`${hubB.url}/${LLAMA.id}`, { headers: { accept: "text/html" } })).text();
    // (React separates text parts with <!-- --> in server-rendered HTML)
    expect(page).toMatch(/model-00001-of-00002\.safetensors<\/td><td class="file-size">5\.0 GB/);
    expect(page).toMatch(/Known sizes total (<!-- -->)?6\.4 GB/);
    expect(page).toContain('data-fact="Parameters">3.21B params');
    expect(page).toContain('data-fact="Tensor type">BF16');
  });
});
