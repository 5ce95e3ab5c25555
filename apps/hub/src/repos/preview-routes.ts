// GET /api/datasets/{owner}/{name}/preview/{revision}/{path}?rows=20: the first rows of a dataset
// file, for the dataset page. CSV and TSV, JSON Lines and Parquet. Each reads only what it needs:
// text files from the start until enough rows (at most MAX_TEXT_BYTES), Parquet its footer and then
// the column chunks of the row groups that hold the rows asked for (hyparquet, through positional
// reads of the stored blob). The answer says how many bytes were read.
import { open } from "node:fs/promises";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { parquetMetadataAsync, parquetReadObjects, parquetSchema, toJson, type AsyncBuffer } from "hyparquet";
import { HttpError } from "../http/errors.js";
import type { TreeEntry } from "./model.js";
import type { RepoService } from "./service.js";

export const DEFAULT_PREVIEW_ROWS = 20;
export const MAX_PREVIEW_ROWS = 100;
/** Most bytes of a CSV or JSON Lines file read for a preview. */
export const MAX_TEXT_BYTES = 1024 * 1024;
/** Bytes read from a Parquet file's end for its footer at first (more when the footer is larger). */
const PARQUET_FOOTER_FETCH = 64 * 1024;
/** Longest text of one cell sent (longer ones are cut, and end with "…"). */
const MAX_CELL_CHARS = 2000;

export type PreviewFormat = "csv" | "tsv" | "jsonl" | "parquet";

export interface Preview {
  path: string;
  format: PreviewFormat;
  columns: string[];
  rows: unknown[][];
  /** true when the file has more rows than those sent (or may have: a text file read in part) */
  truncated: boolean;
  /** the file's row count, when its format says it (Parquet) */
  numRows?: number;
  /** bytes of the file read to answer */
  bytesRead: number;
  size: number;
}

const FORMATS: [RegExp, PreviewFormat][] = [
  [/\.csv$/i, "csv"],
  [/\.tsv$/i, "tsv"],
  [/\.(jsonl|ndjson)$/i, "jsonl"],
  [/\.parquet$/i, "parquet"],
];

export function previewFormat(path: string): PreviewFormat | undefined {
  return FORMATS.find(([re]) => re.test(path))?.[1];
}

function cell(value: unknown): unknown {
  const json = toJson(value) as unknown;
  if (typeof json === "string")
    return json.length > MAX_CELL_CHARS ? `${json.slice(0, MAX_CELL_CHARS)}…` : json;
  if (json !== null && typeof json === "object") {
    const text = JSON.stringify(json);
    return text.length > MAX_CELL_CHARS ? `${text.slice(0, MAX_CELL_CHARS)}…` : json;
  }
  return json;
}

/**
 * Records of delimited text (RFC 4180: quoted fields may hold the delimiter, quotes doubled, and line
 * breaks). Stops after `max` records; `complete` is false when the text ended inside the last one.
 */
export function parseDelimited(
  text: string,
  delimiter: string,
  max: number,
  final: boolean,
): { records: string[][]; complete: boolean } {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let i = 0;
  let started = false;
  while (i < text.length && records.length < max) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === "") {
      quoted = true;
      started = true;
    } else if (ch === delimiter) {
      record.push(field);
      field = "";
      started = true;
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      started = false;
    } else {
      field += ch;
      started = true;
    }
    i++;
  }
  if (records.length < max && started && final && !quoted) {
    record.push(field);
    records.push(record);
  }
  return { records, complete: records.length >= max || (final && !quoted) };
}

async function readTextPrefix(
  path: string,
  enough: (text: string, final: boolean) => boolean,
): Promise<{ text: string; bytesRead: number; final: boolean }> {
  const handle = await open(path, "r");
  try {
    const { size } = await handle.stat();
    const chunks: Buffer[] = [];
    let bytesRead = 0;
    const chunkSize = 64 * 1024;
    for (;;) {
      const want = Math.min(chunkSize, MAX_TEXT_BYTES - bytesRead, size - bytesRead);
      if (want <= 0) break;
      const chunk = Buffer.alloc(want);
      const { bytesRead: got } = await handle.read(chunk, 0, want, bytesRead);
      if (got === 0) break;
      chunks.push(chunk.subarray(0, got));
      bytesRead += got;
      const final = bytesRead >= size;
      if (enough(Buffer.concat(chunks).toString("utf8"), final)) break;
    }
    const text = Buffer.concat(chunks).toString("utf8");
    return { text, bytesRead, final: bytesRead >= size };
  } finally {
    await handle.close();
  }
}

async function previewDelimited(path: string, entry: TreeEntry, format: "csv" | "tsv", rows: number) {
  const delimiter = format === "csv" ? "," : "\t";
  const want = rows + 2; // header, the rows, and one more to know whether there are more
  const { text, bytesRead, final } = await readTextPrefix(
    path,
    (prefix, last) => parseDelimited(prefix, delimiter, want, last).records.length >= want,
  );
  // Unless the whole file was read, the last line may be cut: only complete lines count.
  const usable = final ? text : text.slice(0, Math.max(text.lastIndexOf("\n") + 1, 0));
  const { records } = parseDelimited(usable.replace(/^\uFEFF/, ""), delimiter, want, true);
  const [header = [], ...body] = records;
  return {
    columns: header,
    rows: body.slice(0, rows).map((record) => record.map(cell)),
    truncated: body.length > rows || !final,
    bytesRead,
    size: entry.size,
  };
}

async function previewJsonLines(path: string, entry: TreeEntry, rows: number) {
  const countLines = (text: string) => text.split("\n").filter((line) => line.trim()).length;
  const { text, bytesRead, final } = await readTextPrefix(
    path,
    (prefix) => countLines(prefix.slice(0, prefix.lastIndexOf("\n") + 1)) > rows,
  );
  const usable = final ? text : text.slice(0, text.lastIndexOf("\n") + 1);
  const lines = usable.split("\n").filter((line) => line.trim());
  const objects: Record<string, unknown>[] = [];
  for (const [index, line] of lines.slice(0, rows).entries()) {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new HttpError(422, `Line ${index + 1} of ${entry.path} is not valid JSON`);
    }
    objects.push(
      typeof value === "object" && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : { value },
    );
  }
  const columns = [...new Set(objects.flatMap((object) => Object.keys(object)))];
  return {
    columns,
    rows: objects.map((object) => columns.map((column) => cell(object[column] ?? null))),
    truncated: lines.length > rows || !final,
    bytesRead,
    size: entry.size,
  };
}

async function previewParquet(path: string, entry: TreeEntry, rows: number) {
  const handle = await open(path, "r");
  let bytesRead = 0;
  try {
    const file: AsyncBuffer = {
      byteLength: entry.size,
      async slice(start: number, end = entry.size) {
        const length = Math.max(0, Math.min(end, entry.size) - start);
        const bytes = new Uint8Array(length);
        const { bytesRead: got } = await handle.read(bytes, 0, length, start);
        bytesRead += got;
        return bytes.buffer.slice(0, got);
      },
    };
    let metadata;
    try {
      metadata = await parquetMetadataAsync(file, { initialFetchSize: PARQUET_FOOTER_FETCH });
    } catch (error) {
      throw new HttpError(422, `${entry.path} could not be read as Parquet: ${(error as Error).message}`);
    }
    const columns = parquetSchema(metadata).children.map((child) => child.element.name);
    const numRows = Number(metadata.num_rows);
    let objects: Record<string, unknown>[];
    try {
      objects = (await parquetReadObjects({
        file,
        metadata,
        rowStart: 0,
        rowEnd: Math.min(rows, numRows),
      })) as Record<string, unknown>[];
    } catch (error) {
      throw new HttpError(422, `The rows of ${entry.path} could not be read: ${(error as Error).message}`);
    }
    return {
      columns,
      rows: objects.map((object) => columns.map((column) => cell(object[column] ?? null))),
      truncated: numRows > objects.length,
      numRows,
      bytesRead,
      size: entry.size,
    };
  } finally {
    await handle.close();
  }
}

function rowsParameter(value: unknown): number {
  if (value === undefined) return DEFAULT_PREVIEW_ROWS;
  const text = Array.isArray(value) ? value[0] : value;
  const rows = Number(text);
  if (typeof text !== "string" || !/^\d+$/.test(text) || rows < 1 || rows > MAX_PREVIEW_ROWS)
    throw new HttpError(400, `"rows" must be a whole number from 1 to ${MAX_PREVIEW_ROWS}`);
  return rows;
}

/**
 * Whether a page's loader read a hosted dataset (its info, files or README). Such pages are not kept
 * in the page cache: the "repos" source has no version (a push to any branch, or a change of
 * visibility, would not drop them), and they are few.
 */
export function readsHostedRepoOnly(apiPath: string): boolean {
  return /^\/(api\/)?datasets(\/|\?|$)/.test(apiPath);
}

export function registerPreviewRoutes(app: FastifyInstance, service: RepoService): void {
  app.get("/api/datasets/:owner/:name/preview/:revision/*", async (request: FastifyRequest) => {
    const params = request.params as Record<string, string | undefined>;
    const rows = rowsParameter((request.query as Record<string, unknown>).rows);
    const principal = await service.access.authenticate(request.headers.authorization);
    const repo = await service.readable(principal, "dataset", `${params.owner}/${params.name}`);
    const revision = params.revision ?? "main";
    const resolved = await service.resolve(repo, revision);
    const path = params["*"] ?? "";
    const entry = resolved.tree.find((file) => file.path === path);
    if (!entry)
      throw new HttpError(
        404,
        `Entry not found: ${repo.id} has no file "${path.slice(0, 200)}" at ${revision.slice(0, 200)}`,
        "EntryNotFound",
      );
    const format = previewFormat(path);
    if (!format)
      throw new HttpError(
        400,
        `${path.slice(0, 200)} cannot be previewed: only .csv, .tsv, .jsonl (.ndjson) and .parquet files are`,
      );
    const file = service.blobs.filePath(entry.sha256);
    const preview =
      format === "parquet"
        ? await previewParquet(file, entry, rows)
        : format === "jsonl"
          ? await previewJsonLines(file, entry, rows)
          : await previewDelimited(file, entry, format, rows);
    return { path, format, ...preview } satisfies Preview;
  });
}
