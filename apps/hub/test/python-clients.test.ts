// Python users can use a hubkit hub as their endpoint: the real huggingface_hub (2.0.0) and openai
// (3.22.1) clients, pointed at the hub server's router proxy, complete a chat (streaming too) and a
// text-to-image call. The interpreter comes from HUBKIT_PYTHON (npm test makes it from the machine's
// wheel folder, see scripts/lib.mjs); without it these tests fail and say how to get it.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHubServer, type HubServer } from "../src/index.js";

const run = promisify(execFile);
const repoPython = path.resolve(import.meta.dirname, "../../../.data/py/bin/python");
const python = process.env.HUBKIT_PYTHON ?? (existsSync(repoPython) ? repoPython : undefined);
const CHAT_MODEL = "meta-llama/Llama-3.3-70B-Instruct";
const IMAGE_MODEL = "black-forest-labs/FLUX.1-dev";

let hub: HubServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "hubkit-hub-python-"));
  hub = await startHubServer({ port: 0, dataDir, hfToken: "" });
});

afterAll(async () => {
  await hub?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs a Python script with the hub's URL in HUB; returns its stdout parsed as JSON. */
async function py(script: string): Promise<Record<string, unknown>> {
  if (!python)
    throw new Error("No Python clients: run `npm test` (it sets up .data/py) or set HUBKIT_PYTHON");
  const { stdout } = await run(python, ["-c", script], {
    env: {
      PATH: process.env.PATH,
      HUB: hub.url,
      HF_HUB_OFFLINE: "0",
      HF_HUB_DISABLE_TELEMETRY: "1",
      // any hub-shaped token: the offline hub forwards it to its emulator, which checks the shape
      HF_TOKEN: "hf_hubkitPythonClientTest",
    },
    timeout: 60_000,
  });
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as Record<string, unknown>;
}

describe("the real Python clients against a hubkit hub", () => {
  it("openai: chat and chat stream through /router/v1", async () => {
    const out = await py(`
import json, os
from openai import OpenAI
client = OpenAI(base_url=os.environ["HUB"] + "/router/v1", api_key=os.environ["HF_TOKEN"])
reply = client.chat.completions.create(model="${CHAT_MODEL}:together", messages=[{"role": "user", "content": "Say hello"}])
parts = []
for chunk in client.chat.completions.create(model="${CHAT_MODEL}", messages=[{"role": "user", "content": "Count to three"}], stream=True):
    if chunk.choices and chunk.choices[0].delta.content:
        parts.append(chunk.choices[0].delta.content)
print(json.dumps({"content": reply.choices[0].message.content, "finish": reply.choices[0].finish_reason, "chunks": len(parts), "streamed": "".join(parts)}))
`);
    expect(typeof out.content).toBe("string");
    expect((out.content as string).length).toBeGreaterThan(0);
    expect(out.chunks as number).toBeGreaterThan(1);
    expect((out.streamed as string).length).toBeGreaterThan(0);
  });

  it("huggingface_hub: chat_completion and its stream with base_url", async () => {
    const out = await py(`
import json, os
from huggingface_hub import InferenceClient
client = InferenceClient(base_url=os.environ["HUB"] + "/router/v1", api_key=os.environ["HF_TOKEN"])
reply = client.chat_completion(model="${CHAT_MODEL}:together", messages=[{"role": "user", "content": "Say hello"}])
parts = [c.choices[0].delta.content or "" for c in client.chat_completion(messages=[{"role": "user", "content": "Count to three"}], model="${CHAT_MODEL}", stream=True) if c.choices]
print(json.dumps({"content": reply.choices[0].message.content, "chunks": len(parts), "streamed": "".join(parts)}))
`);
    expect((out.content as string).length).toBeGreaterThan(0);
    expect(out.chunks as number).toBeGreaterThan(1);
    expect((out.streamed as string).length).toBeGreaterThan(0);
  });

  it("huggingface_hub: text_to_image on the hub's hf-inference route gives a decodable image", async () => {
    const out = await py(`
import json, os
from huggingface_hub import InferenceClient
client = InferenceClient(model=os.environ["HUB"] + "/router/hf-inference/models/${IMAGE_MODEL}", api_key=os.environ["HF_TOKEN"])
image = client.text_to_image("An astronaut riding a horse")
print(json.dumps({"format": image.format, "width": image.width, "height": image.height}))
`);
    expect(out.format).toBe("PNG");
    expect(out.width as number).toBeGreaterThan(0);
    expect(out.height as number).toBeGreaterThan(0);
  });
});
