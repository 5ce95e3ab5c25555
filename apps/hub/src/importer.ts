// Loading JSON-lines model files into the catalogue: each line is validated on its own, bad lines are
// reported with their number and reason, and every good line is kept (upsert by id).
import { createHash } from "node:crypto";
import { createReadStream, readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { BULK_THRESHOLD, type CatalogueStore } from "./catalogue-store.js";
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
}

const KEPT_PROBLEMS = 1000;
const MAX_LINE_CHARS = 4 * 1024 * 1024;

export async function importJsonl(
  store: CatalogueStore,
  input: string | Readable,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const batchSize = options.batchSize ?? 5000;
  const report: ImportReport = { lines: 0, inserted: 0, updated: 0, invalid: 0, duplicates: 0, problems: [] };
  const firstLineOfId = new Map<string, number>();
  const now = new Date().toISOString();
  let batch: HubModel[] = [];
  let bulk = false;

  const problem = (entry: ImportProblem) => {
    if (entry.kind === "invalid") report.invalid++;
    else report.duplicates++;
    if (report.problems.length < KEPT_PROBLEMS) report.problems.push(entry);
    options.onProblem?.(entry);
  };
  const flush = () => {
    if (batch.length === 0) return;
    const summary = store.upsertBatch(batch, bulk);
    report.inserted += summary.inserted;
    report.updated += summary.updated;
    batch = [];
    if (!bulk && report.inserted > BULK_THRESHOLD) {
      // A big load: drop the secondary indexes now and rebuild them (and the FTS index) once at the end.
      bulk = true;
      store.startBulk();
    }
  };

  const stream = typeof input === "string" ? createReadStream(input, { encoding: "utf8" }) : input;
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  try {
    for await (const text of lines) {
      const lineNumber = ++report.lines;
      const trimmed = text.trim();
      if (trimmed === "") continue;
      if (trimmed.length > MAX_LINE_CHARS) {
        problem({ line: lineNumber, kind: "invalid", reason: "line is longer than 4 MiB" });
        continue;
      }
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
      const parsed = parseModelRecord(value, now);
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
      if (batch.length >= (bulk ? batchSize * 10 : batchSize)) flush();
    }
    flush();
  } finally {
    if (bulk) store.finishBulk();
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
  store: CatalogueStore,
  cataloguePath: string,
): Promise<{ seeded: boolean; report?: ImportReport }> {
  const digest = createHash("sha256").update(readFileSync(cataloguePath)).digest("hex");
  if (store.getMeta("embedded_catalogue_sha256") === digest) return { seeded: false };
  const report = await importJsonl(store, cataloguePath);
  if (report.invalid > 0) {
    const first = report.problems.find((entry) => entry.kind === "invalid");
    throw new Error(
      `the embedded catalogue ${cataloguePath} is invalid: ${first ? describeProblem(first) : ""}`,
    );
  }
  store.setMeta("embedded_catalogue_sha256", digest);
  return { seeded: true, report };
}
