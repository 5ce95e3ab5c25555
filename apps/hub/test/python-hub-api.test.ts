// The real huggingface_hub (2.0.0) pointed at a hubkit hub as its endpoint reads the catalogue: model
// info at a revision, the file list, the model card (README.md) and sorted, filtered listings. The
// interpreter comes from HUBKIT_PYTHON (npm test makes it from the machine's wheel folder, see
// scripts/lib.mjs); without it these tests fail and say how to get it.
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestHub, type TestHub } from "./support/hub.js";
import { clientEnv, runPython } from "./support/python.js";
import { importJsonl } from "../src/index.js";

const CARD = "---\nlicense: mit\n---\n# Our model\n\nTrained by us.\n";
const MODEL = {
  id: "acme-py/tiny-gguf",
  pipeline_tag: "text-generation",
  tags: ["gguf", "text-generation"],
  gguf: { total: 1_100_000_000, context_length: 4096 },
  siblings: [{ rfilename: "tiny-Q4_K_M.gguf", size: 668_000_000 }],
  readme: CARD,
  downloads: 9_000,
  likes: 50,
  createdAt: "2026-11-01T00:00:00.000Z",
  lastModified: "2026-11-02T00:00:00.000Z",
};

let hub: TestHub;

beforeAll(async () => {
  hub = await startTestHub("hub-python-api");
  await importJsonl(hub.store, Readable.from([JSON.stringify(MODEL) + "\n"]));
});

afterAll(() => hub?.close());

function py(script: string): Promise<Record<string, unknown>> {
  return runPython(script, clientEnv(hub.url, path.join(hub.folder, "py")));
}

describe("huggingface_hub against a hubkit hub", () => {
  it("model_info at a revision, list_repo_files, the card, and list_models by trending", async () => {
    const out = await py(`
import json
from huggingface_hub import HfApi, hf_hub_download, ModelCard
api = HfApi()
info = api.model_info("${MODEL.id}", revision="main", files_metadata=False)
files = api.list_repo_files("${MODEL.id}")
card = ModelCard.load("${MODEL.id}")
listed = [m.id for m in api.list_models(sort="trending_score", filter="gguf", limit=3)]
missing = None
try:
    api.model_info("${MODEL.id}", revision="v9")
except Exception as error:
    missing = type(error).__name__
print(json.dumps({"id": info.id, "sha": info.sha, "gguf": info.gguf, "files": files,
  "card_license": card.data.license, "card_text": card.text, "listed": listed, "missing": missing}))
`);
    expect(out.id).toBe(MODEL.id);
    expect(out.gguf).toMatchObject({ total: 1_100_000_000, context_length: 4096 });
    expect(out.files).toEqual(["README.md", "tiny-Q4_K_M.gguf"]);
    expect(out.card_license).toBe("mit");
    expect(out.card_text).toContain("# Our model");
    // The most recent GGUF model with traction leads the trending order.
    expect((out.listed as string[])[0]).toBe(MODEL.id);
    expect(out.missing).toMatch(/RevisionNotFound|NotFound|HTTPError/);
  });
});
