// Hosted repositories: the parameter counts read from weight headers (safetensors, GGUF) in the
// catalogue record, and the dataset preview route (CSV, JSON Lines, Parquet), over real HTTP on a
// hub with SQLite.
import path from "node:path";
import { parquetWriteBuffer } from "hyparquet-writer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commitFiles, createRepo, ggufFile, safetensorsFile } from "./support/repo-files.js";
import { startTestHub, type TestHub } from "./support/hub.js";
import { clientEnv, runPython } from "./support/python.js";

let hub: TestHub;
let token: string;
let otherToken: string;

beforeAll(async () => {
  hub = await startTestHub("repo-facts", { seed: false });
  token = await hub.repos.access.createToken("alice", { write: true });
  otherToken = await hub.repos.access.createToken("bob", { write: true });
});

afterAll(() => hub?.close());

async function getJson(
  url: string,
  auth?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${hub.url}${url}`, {
    headers: auth ? { authorization: `Bearer ${auth}` } : {},
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("parameter counts from weight headers", () => {
  it("sums every safetensors shard by dtype, as huggingface.co's `safetensors` field", async () => {
    await createRepo(hub.url, token, "sharded");
    await commitFiles(hub.url, token, "alice/sharded", {
      "README.md": "---\nlibrary_name: transformers\n---\n# Sharded\n",
      "model-00001-of-00002.safetensors": safetensorsFile({
        "a.weight": { dtype: "F16", shape: [4, 8] },
        "a.bias": { dtype: "F32", shape: [8] },
      }),
      "model-00002-of-00002.safetensors": safetensorsFile({ "c.weight": { dtype: "F16", shape: [2, 3, 5] } }),
    });
    const { status, body } = await getJson("/api/models/alice/sharded?expand[]=safetensors");
    expect(status).toBe(200);
    expect(body.safetensors).toEqual({ parameters: { F16: 62, F32: 8 }, total: 70 });
    // The catalogue's list carries it too (it is what the models list filters by).
    const listed = await getJson("/api/models?search=sharded&expand[]=safetensors");
    expect((listed.body as unknown as { id: string; safetensors?: unknown }[])[0]).toMatchObject({
      id: "alice/sharded",
      safetensors: { total: 70 },
    });
  });

  it("huggingface_hub's model_info reads it as SafeTensorsInfo", async () => {
    const info = await runPython(
      `import json
from huggingface_hub import HfApi
info = HfApi().model_info("alice/sharded")
print(json.dumps({"parameters": info.safetensors.parameters, "total": info.safetensors.total}))`,
      clientEnv(hub.url, path.join(hub.folder, "py")),
    );
    expect(info).toEqual({
      parameters: { F16: 62, F32: 8 },
      total: 70,
    });
  });

  it("reads the GGUF header: total parameters, architecture and context length", async () => {
    await createRepo(hub.url, token, "tiny-gguf");
    await commitFiles(hub.url, token, "alice/tiny-gguf", {
      "tiny-Q4_K_M.gguf": ggufFile("llama", 2048, [[16, 4], [16], [3, 5, 7]]),
    });
    const { body } = await getJson("/api/models/alice/tiny-gguf?expand[]=gguf&expand[]=library_name");
    expect(body.gguf).toEqual({ total: 64 + 16 + 105, architecture: "llama", context_length: 2048 });
    expect(body.library_name).toBe("gguf");
  });

  it("leaves out a file whose header is not safetensors, and the commit still lands", async () => {
    await createRepo(hub.url, token, "broken");
    const bogus = Buffer.alloc(32);
    bogus.writeBigUInt64LE(10n ** 12n);
    await commitFiles(hub.url, token, "alice/broken", { "model.safetensors": bogus });
    const { status, body } = await getJson("/api/models/alice/broken?expand[]=safetensors");
    expect(status).toBe(200);
    expect(body.safetensors).toBeUndefined();
  });
});

describe("dataset previews", () => {
  const csv =
    'id,text,label\n1,"hello, world",pos\n2,"two\nlines",neg\n3,"say ""hi""",pos\n' +
    Array.from({ length: 50 }, (_, i) => `${i + 4},row ${i + 4},neg`).join("\n") +
    "\n";
  const jsonl = Array.from({ length: 30 }, (_, i) =>
    JSON.stringify({ id: i, text: `line ${i}`, ...(i === 1 ? { extra: { nested: true } } : {}) }),
  ).join("\n");
  const rowCount = 100_000;
  const parquet = Buffer.from(
    parquetWriteBuffer({
      columnData: [
        { name: "id", data: Int32Array.from({ length: rowCount }, (_, i) => i), type: "INT32" },
        {
          name: "text",
          data: Array.from({ length: rowCount }, (_, i) => `example ${i} ${(i * 2654435761) % 4294967296}`),
          type: "STRING",
        },
      ],
      rowGroupSize: 5000,
    }),
  );

  beforeAll(async () => {
    await createRepo(hub.url, token, "corpus", { type: "dataset" });
    await commitFiles(
      hub.url,
      token,
      "alice/corpus",
      { "data/train.csv": csv, "data/train.jsonl": jsonl, "data/train.parquet": parquet, "notes.txt": "x" },
      { type: "dataset" },
    );
    await createRepo(hub.url, token, "secret-corpus", { type: "dataset", private: true });
    await commitFiles(hub.url, token, "alice/secret-corpus", { "a.csv": "x,y\n1,2\n" }, { type: "dataset" });
  });

  it("CSV: header, quoted commas, quotes and line breaks, the first rows only", async () => {
    const { status, body } = await getJson("/api/datasets/alice/corpus/preview/main/data/train.csv?rows=5");
    expect(status).toBe(200);
    expect(body).toMatchObject({ format: "csv", columns: ["id", "text", "label"], truncated: true });
    expect(body.rows).toEqual([
      ["1", "hello, world", "pos"],
      ["2", "two\nlines", "neg"],
      ["3", 'say "hi"', "pos"],
      ["4", "row 4", "neg"],
      ["5", "row 5", "neg"],
    ]);
  });

  it("JSON Lines: the columns are the union of the rows' keys", async () => {
    const { body } = await getJson("/api/datasets/alice/corpus/preview/main/data/train.jsonl?rows=3");
    expect(body.columns).toEqual(["id", "text", "extra"]);
    expect(body.rows).toEqual([
      [0, "line 0", null],
      [1, "line 1", { nested: true }],
      [2, "line 2", null],
    ]);
    expect(body.truncated).toBe(true);
  });

  it("Parquet: the first rows, the row count, and only the footer and the first row group read", async () => {
    const { status, body } = await getJson("/api/datasets/alice/corpus/preview/main/data/train.parquet");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      format: "parquet",
      columns: ["id", "text"],
      numRows: rowCount,
      truncated: true,
    });
    const rows = body.rows as unknown[][];
    expect(rows).toHaveLength(20);
    expect(rows[19]).toEqual([19, `example 19 ${(19 * 2654435761) % 4294967296}`]);
    expect(body.size).toBe(parquet.length);
    // 20 row groups: the first 20 rows need the footer and the first group, about a twentieth.
    expect(body.bytesRead as number).toBeLessThan(parquet.length / 5);
    console.log(`parquet preview: read ${String(body.bytesRead)} of ${parquet.length} bytes`);
  });

  it("refuses what it cannot preview, with a reason", async () => {
    const rows = await getJson("/api/datasets/alice/corpus/preview/main/data/train.csv?rows=0");
    expect(rows.status).toBe(400);
    expect(rows.body.error).toMatch(/"rows" must be a whole number from 1 to 100/);
    const text = await getJson("/api/datasets/alice/corpus/preview/main/notes.txt");
    expect(text.status).toBe(400);
    expect(text.body.error).toMatch(/only \.csv, \.tsv, \.jsonl/);
    const missing = await getJson("/api/datasets/alice/corpus/preview/main/nope.csv");
    expect(missing.status).toBe(404);
    const branch = await getJson("/api/datasets/alice/corpus/preview/v9/data/train.csv");
    expect(branch.status).toBe(404);
  });

  it("a private dataset's preview answers only its owner", async () => {
    const url = "/api/datasets/alice/secret-corpus/preview/main/a.csv";
    expect((await getJson(url)).status).toBe(401);
    expect((await getJson(url, otherToken)).status).toBe(404);
    const own = await getJson(url, token);
    expect(own.status).toBe(200);
    expect(own.body.rows).toEqual([["1", "2"]]);
  });
});
