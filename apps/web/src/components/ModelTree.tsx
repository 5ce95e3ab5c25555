// The model tree: the models this one derives from (its `base_model:<relation>:<id>` tags) above it,
// and the catalogue's models derived from it below, grouped by relation, each a link.
import { GitBranch } from "lucide-react";
import { Link } from "react-router";
import { modelPath } from "../lib/api.js";

export const RELATIONS = ["finetune", "adapter", "quantized", "merge"] as const;
export type Relation = (typeof RELATIONS)[number];

const PARENT_LABELS: Record<string, string> = {
  finetune: "Fine-tuned from",
  adapter: "Adapter for",
  quantized: "Quantized from",
  merge: "Merged from",
  "": "Derived from",
};
const CHILD_LABELS: Record<Relation, string> = {
  finetune: "Fine-tunes",
  adapter: "Adapters",
  quantized: "Quantizations",
  merge: "Merges",
};

/**
 * The parents named by a model's tags, as `{relation, id}`. The hub tags a derived model both
 * `base_model:{id}` and `base_model:{relation}:{id}`: the tag with the relation names it, whichever
 * comes first.
 */
export function parentModels(tags: string[]): { relation: string; id: string }[] {
  const parents: { relation: string; id: string }[] = [];
  for (const tag of tags) {
    const match = /^base_model:(?:(finetune|adapter|quantized|merge):)?(.+)$/.exec(tag);
    if (!match) continue;
    const known = parents.find((parent) => parent.id === match[2]);
    if (!known) parents.push({ relation: match[1] ?? "", id: match[2] });
    else if (!known.relation && match[1]) known.relation = match[1];
  }
  return parents;
}

export interface TreeChildren {
  relation: Relation;
  ids: string[];
  total: number;
}

export function ModelTree({ id, tags, derived }: { id: string; tags: string[]; derived: TreeChildren[] }) {
  const parents = parentModels(tags);
  const groups = derived.filter((group) => group.total > 0);
  if (parents.length === 0 && groups.length === 0) return null;
  const self = (
    <div className="tree-node self">
      <strong>{id}</strong> <span className="muted small">(this model)</span>
      {groups.length > 0 && (
        <ul>
          {groups.map((group) => (
            <li key={group.relation}>
              <span className="tree-relation">
                {CHILD_LABELS[group.relation]} ({group.total})
              </span>
              <ul>
                {group.ids.map((child) => (
                  <li key={child}>
                    <Link to={`/models/${modelPath(child)}`}>{child}</Link>
                  </li>
                ))}
                {group.total > group.ids.length && (
                  <li>
                    <Link to={`/models?other=${encodeURIComponent(`base_model:${group.relation}:${id}`)}`}>
                      all {group.total}
                    </Link>
                  </li>
                )}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
  return (
    <section className="card model-tree" aria-labelledby="model-tree-title">
      <h2 id="model-tree-title">
        <GitBranch size={18} aria-hidden /> Model tree
      </h2>
      <ul className="tree">
        {parents.length > 0 ? (
          parents.map((parent, index) => (
            <li key={parent.id}>
              <span className="tree-relation">{PARENT_LABELS[parent.relation]}</span>{" "}
              <Link to={`/models/${modelPath(parent.id)}`}>{parent.id}</Link>
              {index === parents.length - 1 && (
                <ul>
                  <li>{self}</li>
                </ul>
              )}
            </li>
          ))
        ) : (
          <li>{self}</li>
        )}
      </ul>
    </section>
  );
}
