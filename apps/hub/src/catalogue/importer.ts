// Loading JSON-lines model files into the catalogue: each line is validated on its own, bad lines are
// reported with their number and reason, and every good line is kept (upsert by id).
import { createHash } from "node:crypto";
import { createReadStream, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import type { Readable } from "node:stream";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import type { ImportSession } from "../store/sqlite.js";
import { CopyRowWriter } from "../store/copy-format.js";
import type { HubStore } from "../store/hub-store.js";
import { parseModelRecord, type HubModel, type ParseResult } from "./model-record.js";

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
  /**
   * worker threads that parse and encode lines when the target takes encoded rows (PostgreSQL): a
   * number to start (default: one per core, at most 2; 0: the lines are handled on this thread), or
   * workers started ahead by startImportWorkers (the caller closes them)
   */
  workers?: number | ImportWorkers;
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
 * Deepest nesting of arrays and objects a record may have. A record nested thousands deep overflowed
 * the stack further on (SQLite: the whole import failed with "Maximum call stack size exceeded", no
 * line number; PostgreSQL: stored, then the model's API and list pages answered 500); real records
 * nest a few levels.
 */
export const MAX_RECORD_DEPTH = 64;

/** Whether JSON text nests arrays and objects deeper than `limit` (a scan, without recursion). */
export function jsonDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** One line's text: the validated model, or why the line is rejected; undefined for a blank line. */
function parseLine(text: string, now: string): ParseResult | { reason: string } | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  if (jsonDeeperThan(trimmed, MAX_RECORD_DEPTH)) {
    return { reason: `nests arrays and objects deeper than ${MAX_RECORD_DEPTH} levels; skipped` };
  }
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (error) {
    return { reason: `not valid JSON (${(error as Error).message})` };
  }
  return parseModelRecord(value, now, trimmed);
}

function tooLongReason(maxLineBytes: number, length: number): string {
  return `line is longer than ${mebibytes(maxLineBytes)} (${mebibytes(length)}); skipped`;
}

/** What a worker makes of a block of whole lines (line offsets count from 0 at the block's first line). */
interface BlockResult {
  lines: number;
  /** rejected lines, in order: their offsets and reasons */
  problemLines: number[];
  problemReasons: string[];
  /** the good records in order: ids, line offsets, and their binary COPY rows (see EncodedRows) */
  ids: string[];
  idLines: number[];
  body: Uint8Array;
  ends: Uint32Array;
}

/**
 * Parses, validates and encodes a block of lines (as readLines and the loop of importJsonl would:
 * the same line numbers, reasons and records). The block ends with a newline, or at the end of input.
 */
export function encodeBlock(bytes: Uint8Array, maxLineBytes: number, now: string): BlockResult {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const result: BlockResult = {
    lines: 0,
    problemLines: [],
    problemReasons: [],
    ids: [],
    idLines: [],
    body: new Uint8Array(0),
    ends: new Uint32Array(0),
  };
  const ends: number[] = [];
  const rows = new CopyRowWriter(Math.max(65_536, buffer.length * 3));
  for (let start = 0; start < buffer.length;) {
    const newline = buffer.indexOf(10, start);
    const stop = newline === -1 ? buffer.length : newline;
    const offset = result.lines++;
    if (stop - start > maxLineBytes) {
      result.problemLines.push(offset);
      result.problemReasons.push(tooLongReason(maxLineBytes, stop - start));
    } else {
      const line = parseLine(buffer.toString("utf8", start, stop), now);
      if (line && "reason" in line) {
        result.problemLines.push(offset);
        result.problemReasons.push(line.reason);
      } else if (line) {
        rows.row(line.model, 0, line.createdTime, line.modifiedTime);
        ends.push(rows.length);
        result.ids.push(line.model.id);
        result.idLines.push(offset);
      }
    }
    if (newline === -1) break;
    start = newline + 1;
  }
  result.body = new Uint8Array(rows.buffer.buffer, 0, rows.length);
  result.ends = Uint32Array.from(ends);
  return result;
}

/** Blocks handed to a worker hold whole lines, about this many bytes. */
const BLOCK_BYTES = 1 << 20;

interface EncodeJob {
  bytes: Uint8Array;
  maxLineBytes: number;
  now: string;
}

const WORKER_MARK = "hubkit-import-worker";

// The worker's side: blocks in, results out (their buffers transferred, not copied).
if (!isMainThread && workerData === WORKER_MARK) {
  parentPort!.on("message", ({ bytes, maxLineBytes, now }: EncodeJob) => {
    const result = encodeBlock(bytes, maxLineBytes, now);
    parentPort!.postMessage(result, [result.body.buffer as ArrayBuffer, result.ends.buffer as ArrayBuffer]);
  });
}

/**
 * The module to run as an import worker: this one, once built to JavaScript (the hub's dist, or a
 * bundle holding it). Under a TypeScript runner (the tests) there is none, and lines are handled on
 * the calling thread.
 */
function workerEntry(): URL | undefined {
  const url = new URL(import.meta.url);
  return url.protocol === "file:" && /\.(m?js|cjs)$/.test(url.pathname) ? url : undefined;
}

/** Worker threads for one import at a time; results come back in the order the blocks were given. */
export class ImportWorkers {
  private readonly workers: { worker: Worker; waiting: ((result: BlockResult | Error) => void)[] }[] = [];
  private next = 0;
  private failure?: Error;

  constructor(count: number, entry: URL) {
    for (let i = 0; i < count; i++) {
      const worker = new Worker(entry, { workerData: WORKER_MARK });
      const slot = { worker, waiting: [] as ((result: BlockResult | Error) => void)[] };
      worker.on("message", (result: BlockResult) => slot.waiting.shift()?.(result));
      const fail = (error: Error) => {
        this.failure ??= error;
        for (const waiter of slot.waiting.splice(0)) waiter(error);
      };
      worker.on("error", fail);
      worker.on("exit", (code) => fail(new Error(`an import worker stopped (exit code ${code})`)));
      this.workers.push(slot);
    }
  }

  get size(): number {
    return this.workers.length;
  }

  encode(job: EncodeJob): Promise<BlockResult> {
    if (this.failure) return Promise.reject(this.failure);
    const slot = this.workers[this.next++ % this.workers.length];
    return new Promise<BlockResult>((resolve, reject) => {
      slot.waiting.push((result) => (result instanceof Error ? reject(result) : resolve(result)));
      slot.worker.postMessage(job, [job.bytes.buffer as ArrayBuffer]);
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map(({ worker }) => worker.terminate()));
  }
}

/** The default number of import workers: one per core, at most 2. */
function defaultWorkerCount(): number {
  return Math.min(2, availableParallelism());
}

/**
 * Starts import workers ahead of an import into PostgreSQL (their start-up, ~0.1 s of module loading,
 * then overlaps with opening the store); undefined when there is no built worker module. The caller
 * passes them to importJsonl (options.workers) and closes them.
 */
export function startImportWorkers(count = defaultWorkerCount()): ImportWorkers | undefined {
  const entry = workerEntry();
  return entry && count > 0 ? new ImportWorkers(count, entry) : undefined;
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
  /** Reports a repeated id (true) or notes where it first appeared (false). */
  const checkDuplicate = (id: string, lineNumber: number): boolean => {
    const firstLine = firstLineOfId.get(id);
    if (firstLine !== undefined) {
      problem({
        line: lineNumber,
        kind: "duplicate",
        reason: `duplicate id "${id}" (first seen on line ${firstLine}); this later record replaces it`,
      });
      return true;
    }
    firstLineOfId.set(id, lineNumber);
    return false;
  };

  const stream = typeof input === "string" ? createReadStream(input, { highWaterMark: BLOCK_BYTES }) : input;
  const session = await target.beginImport();
  try {
    if (session.writeCopyRows) {
      await importBlocks(stream, session as Required<ImportSession>, {
        maxLineBytes,
        now,
        workers: options.workers ?? defaultWorkerCount(),
        report,
        problem,
        checkDuplicate,
      });
    } else {
      for await (const line of readLines(stream, maxLineBytes)) {
        const lineNumber = ++report.lines;
        if (line.tooLong !== undefined) {
          problem({ line: lineNumber, kind: "invalid", reason: tooLongReason(maxLineBytes, line.tooLong) });
          continue;
        }
        const parsed = parseLine(line.text, now);
        if (parsed === undefined) continue;
        if ("reason" in parsed) {
          problem({ line: lineNumber, kind: "invalid", reason: parsed.reason });
          continue;
        }
        checkDuplicate(parsed.model.id, lineNumber);
        batch.push(parsed.model);
        if (batch.length >= batchSize) {
          await session.write(batch);
          batch = [];
        }
      }
      if (batch.length > 0) await session.write(batch);
    }
    const summary = await session.commit();
    report.inserted = summary.inserted;
    report.updated = summary.updated;
  } catch (error) {
    await session.abort();
    throw error;
  }
  return report;
}

/**
 * The input cut into blocks of whole lines, encoded by worker threads (or on this thread for an
 * input of one block, or without a built worker module), and the results applied in input order:
 * the same problems, line numbers and records as the line-by-line loop. A line longer than
 * maxLineBytes is never held whole: past the limit its bytes are counted and dropped.
 */
async function importBlocks(
  stream: Readable,
  session: Required<ImportSession>,
  context: {
    maxLineBytes: number;
    now: string;
    workers: number | ImportWorkers;
    report: ImportReport;
    problem: (entry: ImportProblem) => void;
    checkDuplicate: (id: string, lineNumber: number) => boolean;
  },
): Promise<void> {
  const { maxLineBytes, now, report, problem, checkDuplicate } = context;
  const given = typeof context.workers === "number" ? undefined : context.workers;
  const count = given ? given.size : (context.workers as number);
  let encoders = given;
  const results: Promise<BlockResult>[] = [];
  const apply = async (result: BlockResult) => {
    const base = report.lines;
    let p = 0;
    let repeated = false;
    for (let i = 0; i < result.ids.length; i++) {
      const lineNumber = base + result.idLines[i] + 1;
      for (; p < result.problemLines.length && base + result.problemLines[p] + 1 < lineNumber; p++)
        problem({
          line: base + result.problemLines[p] + 1,
          kind: "invalid",
          reason: result.problemReasons[p],
        });
      if (checkDuplicate(result.ids[i], lineNumber)) repeated = true;
    }
    for (; p < result.problemLines.length; p++)
      problem({ line: base + result.problemLines[p] + 1, kind: "invalid", reason: result.problemReasons[p] });
    report.lines += result.lines;
    if (result.ids.length > 0)
      await session.writeCopyRows({ body: result.body, ends: result.ends, repeated });
  };
  const dispatch = async (parts: Buffer[], length: number, last: boolean) => {
    if (length === 0) return;
    const bytes = new Uint8Array(length);
    let at = 0;
    for (const part of parts) {
      bytes.set(part, at);
      at += part.length;
    }
    // Workers are started for an input of more than one block.
    if (!encoders && !(last && results.length === 0)) encoders = startImportWorkers(count);
    results.push(
      encoders
        ? encoders.encode({ bytes, maxLineBytes, now })
        : Promise.resolve(encodeBlock(bytes, maxLineBytes, now)),
    );
    // A few blocks in flight per worker keep them busy; memory stays bounded.
    while (results.length > 2 * (encoders?.size ?? 0)) await apply(await results.shift()!);
  };
  const tooLong = (length: number) => {
    results.push(
      Promise.resolve({
        lines: 1,
        problemLines: [0],
        problemReasons: [tooLongReason(maxLineBytes, length)],
        ids: [],
        idLines: [],
        body: new Uint8Array(0),
        ends: new Uint32Array(0),
      }),
    );
  };
  try {
    let block: Buffer[] = [];
    let blockLength = 0;
    /** the unfinished line at the end of what was read */
    let tail: Buffer[] = [];
    let tailLength = 0;
    /** bytes of an overlong line dropped so far, while looking for its end */
    let skipped = -1;
    for await (const chunk of stream) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : (chunk as Buffer);
      let start = 0;
      if (skipped >= 0) {
        const newline = bytes.indexOf(10);
        if (newline === -1) {
          skipped += bytes.length;
          continue;
        }
        tooLong(skipped + newline);
        skipped = -1;
        start = newline + 1;
      }
      const last = bytes.lastIndexOf(10);
      if (last >= start) {
        block.push(...tail, bytes.subarray(start, last + 1));
        blockLength += tailLength + last + 1 - start;
        tail = [];
        tailLength = 0;
        if (last + 1 < bytes.length) {
          tail.push(bytes.subarray(last + 1));
          tailLength = bytes.length - last - 1;
        }
        if (blockLength >= BLOCK_BYTES / 2) {
          await dispatch(block, blockLength, false);
          block = [];
          blockLength = 0;
        }
      } else if (start < bytes.length) {
        tail.push(bytes.subarray(start));
        tailLength += bytes.length - start;
      }
      if (tailLength > maxLineBytes) {
        // The lines before it first, then the overlong line, which is dropped from here on.
        await dispatch(block, blockLength, false);
        block = [];
        blockLength = 0;
        skipped = tailLength;
        tail = [];
        tailLength = 0;
      }
    }
    if (skipped >= 0) {
      await dispatch(block, blockLength, true);
      tooLong(skipped);
    } else {
      block.push(...tail);
      await dispatch(block, blockLength + tailLength, true);
    }
    while (results.length > 0) await apply(await results.shift()!);
  } finally {
    // Results not applied (after a failure) are dropped with the workers.
    for (const pending of results) pending.catch(() => {});
    if (encoders !== given) await encoders?.close();
  }
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
