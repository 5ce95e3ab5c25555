// The block pipeline of PostgreSQL imports (importer.ts: lines cut into blocks, encoded as binary COPY
// rows) against the line-by-line path: the same report, problems, line numbers and records, whatever
// the chunking of the input and wherever an overlong line falls.
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { importJsonl, syntheticCatalogueLines, type HubModel, type ImportReport } from "../src/index.js";
import type { EncodedRows, ImportSession } from "../src/store/sqlite.js";

/** The ids of binary COPY rows: each row is a field count, the ordinal (4 + 8 bytes), then the id. */
function idsOf(rows: EncodedRows): string[] {
  const body = Buffer.from(rows.body.buffer, rows.body.byteOffset, rows.body.byteLength);
  const ids: string[] = [];
  let start = 0;
  for (const end of rows.ends) {
    expect(body.readInt16BE(start)).toBe(12);
    const length = body.readInt32BE(start + 14);
    ids.push(body.toString("utf8", start + 18, start + 18 + length));
    start = end;
  }
  expect(start).toBe(body.length);
  return ids;
}

function lineTarget() {
  const ids: string[] = [];
  const session: ImportSession = {
    write: async (models: HubModel[]) => void ids.push(...models.map((model) => model.id)),
    commit: async () => ({ inserted: ids.length, updated: 0 }),
    abort: async () => {},
  };
  return { ids, target: { beginImport: () => session } };
}

function blockTarget() {
  const ids: string[] = [];
  let repeated = false;
  const session: ImportSession = {
    write: async () => {
      throw new Error("the block path must not call write()");
    },
    writeCopyRows: async (rows) => {
      ids.push(...idsOf(rows));
      repeated ||= rows.repeated;
    },
    commit: async () => ({ inserted: ids.length, updated: 0 }),
    abort: async () => {},
  };
  return { ids, repeated: () => repeated, target: { beginImport: () => session } };
}

/** The text cut into chunks of the given sizes (cycled). */
function chunked(text: string, sizes: number[]): Readable {
  const bytes = Buffer.from(text, "utf8");
  const chunks: Buffer[] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length];
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return Readable.from(chunks);
}

const strip = (report: ImportReport) => ({ ...report, inserted: 0, updated: 0 });

describe("PostgreSQL import blocks", () => {
  const good = [...syntheticCatalogueLines(2500, 5)].map((line) => line.trimEnd());
  const lines: string[] = [];
  for (let i = 0; i < good.length; i++) {
    lines.push(good[i]);
    if (i % 37 === 0) lines.push("");
    if (i % 41 === 0) lines.push("{broken json");
    if (i % 53 === 0) lines.push(JSON.stringify({ id: "not an id!" }));
    if (i % 59 === 0) lines.push(good[Math.max(0, i - 3)]);
    if (i % 61 === 0)
      lines.push(`${JSON.stringify({ id: `uni/code-${i}`, description: "tab\t \\ é 日本 😀" })}\r`);
    if (i % 97 === 0) lines.push("x".repeat(3000 + i));
  }

  for (const [name, text, sizes] of [
    ["with a final newline, large chunks", `${lines.join("\n")}\n`, [1 << 20]],
    ["without a final newline, small chunks", lines.join("\n"), [97, 1, 4096, 13]],
    ["ending in an overlong line", `${lines.join("\n")}\n${"y".repeat(5000)}`, [700, 3]],
    ["ending in an overlong line and a newline", `${lines.join("\n")}\n${"y".repeat(5000)}\n`, [2048]],
  ] as const) {
    it(`report the same lines and records as line by line (${name})`, async () => {
      const options = { maxLineBytes: 2500, workers: 0 };
      const byLine = lineTarget();
      const expected = await importJsonl(byLine.target, chunked(text, [...sizes]), options);
      const byBlock = blockTarget();
      const report = await importJsonl(byBlock.target, chunked(text, [...sizes]), options);
      expect(strip(report)).toEqual(strip(expected));
      expect(byBlock.ids).toEqual(byLine.ids);
      expect(byBlock.repeated()).toBe(expected.duplicates > 0);
      expect(expected.invalid).toBeGreaterThan(20);
      expect(expected.problems.some((problem) => /longer than/.test(problem.reason))).toBe(true);
    });
  }
});
