// A model as a row of PostgreSQL's COPY text format, without its leading ordinal: what the import
// workers produce (see importer.ts) and the PostgreSQL store streams into COPY. Kept apart from
// postgres-store.ts so the workers load neither pg nor the store.
import { filterTags, trendingScore } from "./derived.js";
import type { HubModel } from "./model-record.js";

const COPY_SPECIAL_RE = /[\\\t\n\r]/;

/** COPY text format: backslash, tab, newline and carriage return are escaped; \N is NULL. */
export function copyField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "\\N";
  if (typeof value !== "string") return String(value);
  if (!COPY_SPECIAL_RE.test(value)) return value;
  return value.replace(/[\\\t\n\r]/g, (char) =>
    char === "\\" ? "\\\\" : char === "\t" ? "\\t" : char === "\n" ? "\\n" : "\\r",
  );
}

/** A PostgreSQL array literal of strings (every element quoted). */
export function arrayLiteral(values: string[]): string {
  let text = "{";
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    text += `${i === 0 ? "" : ","}"${value.includes("\\") || value.includes('"') ? value.replace(/[\\"]/g, (char) => `\\${char}`) : value}"`;
  }
  return `${text}}`;
}

/**
 * The columns after the ordinal, tab-separated, ending with a newline: id, pipeline_tag,
 * library_name, downloads, likes, created_at, last_modified, mapped, tags, doc, trending (the order
 * of the store's COPY statements).
 */
export function copyRowBody(model: HubModel): string {
  const mapping = model.inferenceProviderMapping;
  let mapped = false;
  if (mapping !== undefined && mapping !== null) mapped = Object.keys(mapping).length > 0;
  return `${copyField(model.id)}\t${copyField(model.pipeline_tag)}\t${copyField(model.library_name)}\t${model.downloads}\t${
    model.likes
  }\t${Date.parse(model.createdAt)}\t${Date.parse(model.lastModified)}\t${mapped ? "t" : "f"}\t${copyField(
    arrayLiteral(filterTags(model)),
  )}\t${copyField(JSON.stringify(model))}\t${trendingScore(model)}\n`;
}
