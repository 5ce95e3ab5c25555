// What both sides read from a served model the same way: the fields of a model page, its parameter
// count and how it is written, and its lineage from `base_model:` tags. The hub writes model cards
// and derived tags with these, the web app shows the same facts on the model page. Pure functions,
// types-only imports, so the web app may bundle it.

/** The parameter count from the weights' headers: safetensors' total, else GGUF's. */
export function parameterCount(model: { safetensors?: object; gguf?: object }): number | undefined {
  for (const source of [model.safetensors, model.gguf] as ({ total?: unknown } | undefined)[]) {
    const total = source?.total;
    if (typeof total === "number" && Number.isFinite(total) && total > 0) return total;
  }
  return undefined;
}

/** 8030261248 → "8.03B". */
export function formatParameters(count: number): string {
  for (const [unit, size] of [
    ["T", 1e12],
    ["B", 1e9],
    ["M", 1e6],
    ["K", 1e3],
  ] as const) {
    if (count >= size) return `${Number((count / size).toPrecision(3))}${unit}`;
  }
  return String(count);
}

/** How a model derives from another, as `base_model:<relation>:<id>` tags name it. */
export const MODEL_RELATIONS = ["finetune", "adapter", "quantized", "merge"] as const;
export type ModelRelation = (typeof MODEL_RELATIONS)[number];

/**
 * The parents named by a model's tags, as `{relation, id}` ("" when no tag names the relation). The
 * hub tags a derived model both `base_model:{id}` and `base_model:{relation}:{id}`: the tag with the
 * relation names it, whichever comes first.
 */
export function parentModels(tags: string[]): { relation: ModelRelation | ""; id: string }[] {
  const parents: { relation: ModelRelation | ""; id: string }[] = [];
  for (const tag of tags) {
    const match = /^base_model:(?:(finetune|adapter|quantized|merge):)?(.+)$/.exec(tag);
    if (!match) continue;
    const relation = (match[1] ?? "") as ModelRelation | "";
    const known = parents.find((parent) => parent.id === match[2]);
    if (!known) parents.push({ relation, id: match[2] });
    else if (!known.relation && relation) known.relation = relation;
  }
  return parents;
}
