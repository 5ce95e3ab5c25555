// The model tree: the models this one derives from (its `base_model:<relation>:<id>` tags) above it,
// and the catalogue's models derived from it below, grouped by relation, each a link.
import { GitBranch } from "lucide-react";
import { Link } from "react-router";
import { MODEL_RELATIONS, modelPath, parentModels, type ModelRelation } from "../lib/api.js";

/** The relations the tree groups children by (the model page asks the catalogue for each). */
export const RELATIONS = MODEL_RELATIONS;

const PARENT_LABELS: Record<ModelRelation | "", string> = {
  finetune: "Fine-tuned from",
  adapter: "Adapter for",
  quantized: "Quantized from",
  merge: "Merged from",
  "": "Derived from",
};
const CHILD_LABELS: Record<ModelRelation, string> = {
  finetune: "Fine-tunes",
  adapter: "Adapters",
  quantized: "Quantizations",
  merge: "Merges",
};

export interface TreeChildren {
  relation: ModelRelation;
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
