// Loading JSON-lines model files into the catalogue: each line is validated on its own, bad lines are
// reported with their number and reason, and every good line is kept (upsert by id).
import { createHash } from "node:crypto";
import { createReadStream, readFileSync } from "node:fs";
import type { Readable } from "node:stream";
import type { ImportSession } from "./catalogue-store.js";
import type { HubStore } from "./store.js";
import { parseModelRecord, type HubModel } from "./model-record.js";

export interface ImportProblem {
  line: number;
  kind: "invalid" | "duplicate";
  reason: string;
}

export interface ImportReport {
  lines: number;
  inserted: number;
  updated: number;
  invalid: number;
  duplicates: number;
  /** the first problems, in file order (all of them are passed to onProblem) */
  problems: ImportProblem[];
}

export interface ImportOptions {
  onProblem?: (problem: ImportProblem) => void;
  batchSize?: number;
  /** longest line accepted, in bytes (default 4 MiB); longer lines are reported and skipped */
  maxLineBytes?: number;
}

/** Anything an import can be applied to: the SQLite catalogue, or a HubStore of either kind. */
export interface ImportTarget {
  beginImport(): ImportSession | Promise<ImportSession>;
}

const KEPT_PROBLEMS = 1000;
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

/** A line of input, or the length of one that was too long to keep (its bytes were skipped unread). */
export type InputLine = { text: string; tooLong?: undefined } | { text?: undefined; tooLong: number };

/**
 * Splits a byte stream into lines without ever holding more than `maxLineBytes` of one line: a longer
 * line is counted and skipped up to its newline, so a line of any size neither exhausts memory nor hits
 * V8's string length limit (~512 MiB), and the lines around it are read as usual.
 */
export async function* readLines(input: Readable, maxLineBytes = MAX_LINE_BYTES): AsyncGenerator<InputLine> {
  let parts: Buffer[] = [];
  let length = 0;
  let skipping = false;
  const end = (): InputLine => {
    const line: InputLine = skipping
      ? { tooLong: length }
      : { text: (parts.length === 1 ? parts[0] : Buffer.concat(parts, length)).toString("utf8") };
    parts = [];
    length = 0;
    skipping = false;
    return line;
  };
  for await (const chunk of input) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : (chunk as Buffer);
    let start = 0;
    while (start < bytes.length) {
      const newline = bytes.indexOf(10, start);
      const stop = newline === -1 ? bytes.length : newline;
      length += stop - start;
      if (!skipping && length > maxLineBytes) {
        skipping = true;
        parts = [];
      }
      if (!skipping && stop > start) parts.push(bytes.subarray(start, stop));
      if (newline === -1) break;
      yield end();
      start = newline + 1;
    }
  }
  if (length > 0 || skipping) yield end();
}

function mebibytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;
}

/**
 * Imports JSON lines in one transaction of the target store (see ImportSession): every good line is
 * kept, every bad one reported with its number. When reading or writing fails the import is rolled
 * back and the error rethrown.
 */
export async function importJsonl(
  target: ImportTarget,
  input: string | Readable,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const batchSize = options.batchSize ?? 5000;
  const maxLineBytes = options.maxLineBytes ?? MAX_LINE_BYTES;
  const report: ImportReport = { lines: 0, inserted: 0, updated: 0, invalid: 0, duplicates: 0, problems: [] };
  const firstLineOfId = new Map<string, number>();
  const now = new Date().toISOString();
  let batch: HubModel[] = [];

  const problem = (entry: ImportProblem) => {
    if (entry.kind === "invalid") report.invalid++;
    else report.duplicates++;
    if (report.problems.length < KEPT_PROBLEMS) report.problems.push(entry);
    options.onProblem?.(entry);
  };

  const stream = typeof input === "string" ? createReadStream(input) : input;
  const session = await target.beginImport();
  try {
    for await (const line of readLines(stream, maxLineBytes)) {
      const lineNumber = ++report.lines;
      if (line.tooLong !== undefined) {
        problem({
          line: lineNumber,
          kind: "invalid",
          reason: `line is longer than ${mebibytes(maxLineBytes)} (${mebibytes(line.tooLong)}); skipped`,
        });
        continue;
      }
      const trimmed = line.text.trim();
      if (trimmed === "") continue;
      let value: unknown;
      try {
        value = JSON.parse(trimmed);
      } catch (error) {
        problem({
          line: lineNumber,
          kind: "invalid",
          reason: `not valid JSON (${(error as Error).message})`,
        });
        continue;
      }
      const parsed = parseModelRecord(value, now, trimmed);
      if (!parsed.ok) {
        problem({ line: lineNumber, kind: "invalid", reason: parsed.reason });
        continue;
      }
      const firstLine = firstLineOfId.get(parsed.model.id);
      if (firstLine !== undefined) {
        problem({
          line: lineNumber,
          kind: "duplicate",
          reason: `duplicate id "${parsed.model.id}" (first seen on line ${firstLine}); this later record replaces it`,
        });
      } else {
        firstLineOfId.set(parsed.model.id, lineNumber);
      }
      batch.push(parsed.model);
      if (batch.length >= batchSize) {
        await session.write(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await session.write(batch);
    const summary = await session.commit();
    report.inserted = summary.inserted;
    report.updated = summary.updated;
  } catch (error) {
    await session.abort();
    throw error;
  }
  return report;
}

export function describeProblem(problem: ImportProblem): string {
  return `line ${problem.line}: ${problem.reason}`;
}

/**
 * Seeds the embedded catalogue into the store when it has never been loaded or has changed since.
 * Models imported by the user are kept (the seed only upserts).
 */
export async function seedEmbeddedCatalogue(
  store: HubStore,
  cataloguePath: string,
): Promise<{ seeded: boolean; report?: ImportReport }> {
  const digest = createHash("sha256").update(readFileSync(cataloguePath)).digest("hex");
  if ((await store.getMeta("embedded_catalogue_sha256")) === digest) return { seeded: false };
  const report = await importJsonl(store, cataloguePath);
  if (report.invalid > 0) {
    const first = report.problems.find((entry) => entry.kind === "invalid");
    throw new Error(
      `the embedded catalogue ${cataloguePath} is invalid: ${first ? describeProblem(first) : ""}`,
    );
  }
  await store.setMeta("embedded_catalogue_sha256", digest);
  return { seeded: true, report };
}
