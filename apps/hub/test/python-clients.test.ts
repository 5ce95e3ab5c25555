// Python users can use a hubkit hub as their endpoint: the real huggingface_hub (2.0.0) and openai
// (3.22.1) clients, pointed at the hub server's router proxy, complete a chat (streaming too) and a
// text-to-image call. The interpreter comes from HUBKIT_PYTHON (npm test makes it from the machine's
// wheel folder, see scripts/lib.mjs); without it these tests fail and say how to get it.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestHub, type TestHub } from "./support/hub.js";
import { clientEnv, runPython } from "./support/python.js";

const CHAT_MODEL = "meta-llama/Llama-3.3-70B-Instruct";
const IMAGE_MODEL = "black-forest-labs/FLUX.1-dev";

let hub: TestHub;

beforeAll(async () => {
  hub = await startTestHub("hub-python");
});

afterAll(() => hub?.close());

/** Runs a Python script with the hub's URL in HUB; returns its last stdout line parsed as JSON. */
function py(script: string): Promise<Record<string, unknown>> {
  return runPython(
    script,
    clientEnv(hub.url, path.join(hub.folder, "py"), {
      HUB: hub.url,
      HF_HUB_OFFLINE: "0",
      // any hub-shaped token: the offline hub forwards it to its emulator, which checks the shape
      HF_TOKEN: "hf_hubkitPythonClientTest",
    }),
  );
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
