// What the catalogue knows about a model's weights: parameters, tensor types, context length and
// architecture, and the repository's files with their sizes.
import { Files, Info } from "lucide-react";
import type { HubModel } from "../lib/api.js";
import { formatParameters, modelPath, parameterCount } from "../lib/api.js";

// The model page reads the count from here, beside the details it shows.
export { parameterCount };

function bytesText(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  if (bytes >= 1e3) return `${(bytes / 1e3).toFixed(1)} KB`;
  return `${bytes} B`;
}

/** Context length from the GGUF header or the config (max_position_embeddings and kin). */
export function contextLength(model: HubModel): number | undefined {
  const gguf = model.gguf?.context_length;
  if (typeof gguf === "number") return gguf;
  const config = model.config as Record<string, unknown> | undefined;
  for (const key of ["max_position_embeddings", "n_positions", "max_seq_len", "seq_length"]) {
    const value = config?.[key];
    if (typeof value === "number") return value;
  }
  return undefined;
}

export function ModelDetails({ model, ggufQuants }: { model: HubModel; ggufQuants: string[] }) {
  const params = parameterCount(model);
  const tensorTypes = Object.keys(
    (model.safetensors as { parameters?: Record<string, number> } | undefined)?.parameters ?? {},
  );
  const context = contextLength(model);
  const architecture =
    (typeof model.gguf?.architecture === "string" ? model.gguf.architecture : undefined) ??
    (model.config?.architectures as string[] | undefined)?.[0] ??
    (typeof model.config?.model_type === "string" ? model.config.model_type : undefined);
  const cardLicense = (model.cardData as Record<string, unknown> | undefined)?.license;
  const license = typeof cardLicense === "string" ? cardLicense : undefined;
  const rows: [string, string][] = [];
  if (params !== undefined) rows.push(["Parameters", `${formatParameters(params)} params`]);
  if (tensorTypes.length > 0) rows.push(["Tensor type", tensorTypes.join(", ")]);
  else if (ggufQuants.length > 0) rows.push(["Tensor type", `GGUF: ${ggufQuants.join(", ")}`]);
  if (context !== undefined) rows.push(["Context length", `${context.toLocaleString("en-US")} tokens`]);
  if (architecture) rows.push(["Architecture", architecture]);
  if (license) rows.push(["License", license]);
  if (rows.length === 0) return null;
  return (
    <section className="card model-details" aria-labelledby="model-details-title">
      <h2 id="model-details-title">
        <Info size={18} aria-hidden /> Model details
      </h2>
      <dl className="facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd data-fact={label}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function FilesList({
  model,
  estimate,
}: {
  model: HubModel;
  estimate?: (file: string) => number | undefined;
}) {
  const files = [...(model.siblings ?? [])];
  if (!files.some((file) => file.rfilename === "README.md")) files.unshift({ rfilename: "README.md" });
  const known = files.reduce((sum, file) => sum + (file.size ?? 0), 0);
  return (
    <section className="card files-section" aria-labelledby="files-title">
      <h2 id="files-title">
        <Files size={18} aria-hidden /> Files
      </h2>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Files (scrolls sideways)">
        <table className="files-table">
          <caption className="visually-hidden">Files of {model.id}</caption>
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Size</th>
            </tr>
          </thead>
          <tbody>
            {files.map((file) => {
              const guess = file.size === undefined ? estimate?.(file.rfilename) : undefined;
              return (
                <tr key={file.rfilename}>
                  <td className="file-name">
                    {file.rfilename === "README.md" ? (
                      <a href={`/${modelPath(model.id)}/resolve/main/README.md`}>README.md</a>
                    ) : (
                      file.rfilename
                    )}
                  </td>
                  <td className="file-size">
                    {file.size !== undefined
                      ? bytesText(file.size)
                      : guess !== undefined
                        ? `≈ ${bytesText(guess)}`
                        : "–"}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {known > 0 && <p className="hint">Known sizes total {bytesText(known)}.</p>}
      {files.length === 1 && (
        <p className="hint">
          The catalogue lists no weight files for this model; its card is written from its facts.
        </p>
      )}
    </section>
  );
}
