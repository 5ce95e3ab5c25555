// The "Inference Providers" widget: provider selector from the model's mapping (staging marked),
// language then client tabs, a streaming switch for chat models, highlighted code with a copy
// button, and the try-it panel for the selected provider.
import { Zap } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import type { InferenceSnippet } from "@hubkit/tasks";
import { getModelInputExample } from "@hubkit/tasks/snippets/inputs";
import { Link } from "react-router";
import { modelPath, toModelData, type HubModel } from "../lib/api.js";
import {
  HIGHLIGHT_LANGUAGE,
  inferenceSnippets,
  LANGUAGE_LABELS,
  type SnippetResult,
} from "../lib/snippets.js";
import { useToken } from "../lib/token.js";
import { NOT_ROUTED_PROVIDERS } from "../lib/providers.js";
import { findServedModel } from "../lib/served-model.js";
import { inferenceTask, mappingTasksFor } from "../lib/try-tasks.js";
import { CodeBlock, type CodeLanguage } from "./CodeBlock.js";
import { Loading } from "./Feedback.js";
import { Tabs } from "./Tabs.js";
import { TokenField } from "./TokenField.js";
import { TryIt } from "./TryIt.js";

const LANGUAGE_ORDER = ["python", "js", "sh"];

interface SnippetPanelProps {
  model: HubModel;
  provider: string;
  /** extra generator options (streaming, messages, temperature…) */
  opts?: Record<string, unknown>;
  /** show the streaming switch (chat models) */
  streamingSwitch?: boolean;
  /** rewrites each snippet, given the model's example input text and the snippet language */
  transform?: (code: string, exampleText: string, language: string) => string;
}

/** Language and client tabs over the generated snippets, with a copy button. */
export function SnippetPanel({ model, provider, opts, streamingSwitch, transform }: SnippetPanelProps) {
  const { token } = useToken();
  const [language, setLanguage] = useState("python");
  const [client, setClient] = useState<string | undefined>();
  const [streaming, setStreaming] = useState(false);
  const [result, setResult] = useState<SnippetResult | undefined>();
  const switchId = useId();
  const providerModelId = model.inferenceProviderMapping?.[provider]?.providerId;
  const optsKey = JSON.stringify(opts ?? {});

  useEffect(() => {
    let current = true;
    const options = { ...(JSON.parse(optsKey) as Record<string, unknown>) };
    if (streamingSwitch) options.streaming = streaming;
    void inferenceSnippets({
      model: toModelData(model),
      provider,
      providerModelId,
      token,
      opts: options,
    }).then((next) => {
      if (current) setResult(next);
    });
    return () => {
      current = false;
    };
  }, [model, provider, providerModelId, token, optsKey, streaming, streamingSwitch]);

  const byLanguage = useMemo(() => {
    const groups = new Map<string, InferenceSnippet[]>();
    const example = getModelInputExample(toModelData(model));
    const exampleText = example?.type === "text" ? example.text : "";
    for (const original of result?.ok ? result.snippets : []) {
      const snippet =
        transform && exampleText
          ? { ...original, content: transform(original.content, exampleText, original.language) }
          : original;
      groups.set(snippet.language, [...(groups.get(snippet.language) ?? []), snippet]);
    }
    return groups;
  }, [result, model, transform]);

  if (!result) return <Loading label="Generating snippets…" />;
  if (!result.ok) {
    return (
      <p className="muted" role="status">
        Snippets are not available for {provider}: {result.error}
      </p>
    );
  }
  const languages = LANGUAGE_ORDER.filter((lang) => byLanguage.has(lang));
  if (languages.length === 0) {
    return <p className="muted">No snippet template covers this model&apos;s task with {provider}.</p>;
  }
  const activeLanguage = languages.includes(language) ? language : languages[0];
  const clients = byLanguage.get(activeLanguage) ?? [];
  const active = clients.find((snippet) => snippet.client === client) ?? clients[0];

  return (
    <div className="snippet-panel">
      {streamingSwitch && (
        <label className="switch" htmlFor={switchId}>
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            checked={streaming}
            onChange={(event) => setStreaming(event.target.checked)}
          />
          <span className="switch-track" aria-hidden />
          Streaming
        </label>
      )}
      <Tabs
        label="Snippet language"
        items={languages.map((lang) => ({ id: lang, label: LANGUAGE_LABELS[lang] ?? lang }))}
        selected={activeLanguage}
        onSelect={setLanguage}
      >
        <Tabs
          label="Client"
          size="small"
          items={clients.map((snippet) => ({ id: snippet.client, label: snippet.client }))}
          selected={active.client}
          onSelect={setClient}
        >
          <CodeBlock
            code={active.content}
            language={(HIGHLIGHT_LANGUAGE[active.language] ?? "auto") as CodeLanguage}
            label={`${LANGUAGE_LABELS[active.language] ?? active.language} snippet (${active.client})`}
          />
        </Tabs>
      </Tabs>
      {!token && (
        <p className="hint">
          The snippet reads your token from the <code>HF_TOKEN</code> environment variable.
        </p>
      )}
    </div>
  );
}

/** For a model no provider serves: a link to one the catalogue has for the same task, when there is one. */
function ServedAlternative({ model, task }: { model: HubModel; task?: string }) {
  const [alternative, setAlternative] = useState<HubModel | undefined>();
  const wanted = task ?? inferenceTask(model.pipeline_tag, model.tags ?? []);
  useEffect(() => {
    if (!wanted) return;
    const abort = new AbortController();
    // A suggestion only: when the listing fails, the page stays as it is.
    findServedModel(wanted, abort.signal).then(setAlternative, () => undefined);
    return () => abort.abort();
  }, [wanted]);
  if (!alternative || alternative.id === model.id) return null;
  return (
    <p className="hint">
      To try {wanted} in the browser, open{" "}
      <Link to={`/models/${modelPath(alternative.id)}`}>{alternative.id}</Link>, which a provider serves.
    </p>
  );
}

interface ModelInferenceProps {
  model: HubModel;
  initialInput?: string;
  exampleFile?: string;
  /** the task to try (a task page's); by default the model's own */
  task?: string;
  /** shown above the provider picker (e.g. why this model was chosen) */
  note?: React.ReactNode;
}

/**
 * The model's providers in the order offered: routed before those only callable directly, those
 * serving `task` first, live before staging.
 */
export function orderProviders(model: HubModel, task?: string): string[] {
  const mapping = model.inferenceProviderMapping ?? {};
  const serves = task ? mappingTasksFor(task) : undefined;
  const rank = (id: string) =>
    Number(NOT_ROUTED_PROVIDERS.has(id)) * 4 +
    Number(serves !== undefined && !serves.includes(mapping[id].task ?? "")) * 2 +
    Number(mapping[id].status !== "live");
  return Object.keys(mapping).sort((a, b) => rank(a) - rank(b));
}

/** Provider selector, snippets and try-it for one model. */
export function ModelInference({
  model,
  initialInput,
  exampleFile,
  task: pageTask,
  note,
}: ModelInferenceProps) {
  const mapping = model.inferenceProviderMapping ?? {};
  const providers = orderProviders(model, pageTask);
  const [provider, setProvider] = useState(providers[0]);
  const selectId = useId();
  const active = provider && mapping[provider] ? provider : providers[0];
  const mappingTask = active ? mapping[active]?.task : undefined;
  const task =
    pageTask &&
    mappingTask &&
    mappingTasksFor(pageTask).includes(mappingTask) &&
    mappingTask !== "conversational"
      ? pageTask
      : inferenceTask(model.pipeline_tag, model.tags ?? [], mappingTask);

  return (
    <section className="card inference-widget" aria-labelledby={`${selectId}-title`}>
      <h2 id={`${selectId}-title`}>
        <Zap size={18} aria-hidden /> Inference Providers
      </h2>
      {note}
      {providers.length === 0 ? (
        <>
          <p className="muted">
            No inference provider serves {model.id}: run it locally with the snippets of its library.
          </p>
          <ServedAlternative model={model} task={pageTask} />
        </>
      ) : (
        <>
          <div className="field inline">
            <label htmlFor={selectId}>Provider</label>
            <select id={selectId} value={active} onChange={(event) => setProvider(event.target.value)}>
              {providers.map((id) => (
                <option key={id} value={id}>
                  {id}
                  {mapping[id].status === "staging" ? " (staging)" : ""}
                  {NOT_ROUTED_PROVIDERS.has(id) ? " (direct only)" : ""}
                </option>
              ))}
            </select>
            {mapping[active]?.status === "staging" && (
              <span className="badge warning">staging: for testing, may be unstable</span>
            )}
          </div>
          <SnippetPanel
            model={model}
            provider={active}
            streamingSwitch={task === "conversational" || task === "image-text-to-text"}
          />
          <TokenField />
          <h3>Try it</h3>
          <TryIt
            model={model}
            provider={active}
            task={task}
            initialInput={initialInput}
            exampleFile={exampleFile}
          />
        </>
      )}
    </section>
  );
}
