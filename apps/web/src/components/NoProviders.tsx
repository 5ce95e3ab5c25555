// The Inference Providers card of a model no provider serves: its own small module, so a page for
// such a model (most GGUF and local-only repositories) does not load the provider widget at all.
import { Zap } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { modelPath, type HubModel } from "../lib/api.js";
import { findServedModel } from "../lib/served-model.js";

/** For a model no provider serves: a link to one the catalogue has for the same task, when there is one. */
export function ServedAlternative({ model, task }: { model: HubModel; task?: string }) {
  const [alternative, setAlternative] = useState<HubModel | undefined>();
  useEffect(() => {
    if (!task) return;
    const abort = new AbortController();
    // A suggestion only: when the listing fails, the page stays as it is.
    findServedModel(task, abort.signal).then(setAlternative, () => undefined);
    return () => abort.abort();
  }, [task]);
  if (!alternative || alternative.id === model.id) return null;
  return (
    <p className="hint">
      To try {task} in the browser, open{" "}
      <Link to={`/models/${modelPath(alternative.id)}`}>{alternative.id}</Link>, which a provider serves.
    </p>
  );
}

/** The whole card, as the widget shows it for a model without providers. */
export function NoProviders({ model, task }: { model: HubModel; task?: string }) {
  const titleId = useId();
  return (
    <section className="card inference-widget" aria-labelledby={`${titleId}-title`}>
      <h2 id={`${titleId}-title`}>
        <Zap size={18} aria-hidden /> Inference Providers
      </h2>
      <p className="muted">
        No inference provider serves {model.id}: run it locally with the snippets of its library.
      </p>
      <ServedAlternative model={model} task={task} />
    </section>
  );
}
