// Small helpers shared by the library snippet generators. Model ids and user text are always
// emitted through these quoting functions, so that no snippet can contain an unquoted id.
import type { ModelData } from "../model-data.js";

/** A Python string literal (double-quoted, escaped) for any text. */
export function py(text: string): string {
  return JSON.stringify(text);
}

/** A JavaScript string literal (double-quoted, escaped) for any text. */
export function js(text: string): string {
  return JSON.stringify(text);
}

/** A shell word, single-quoted when it holds anything beyond safe characters. */
export function sh(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The part of a repo id after the owner ("owner/name" → "name"). */
export function nameWithoutNamespace(modelId: string): string {
  const slash = modelId.indexOf("/");
  return slash === -1 ? modelId : modelId.slice(slash + 1);
}

/** A Python identifier derived from a repo name ("my-model.v2" → "my_model_v2"). */
export function pythonIdentifier(text: string): string {
  const id = text.replace(/[^A-Za-z0-9_]/g, "_");
  return /^[0-9]/.test(id) ? `_${id}` : id;
}

export function hasTag(model: ModelData, tag: string): boolean {
  return model.tags?.includes(tag) ?? false;
}
