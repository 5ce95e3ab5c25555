// The "Inference Providers" widget: provider selector from the model's mapping (staging marked),
// language then client tabs, a streaming switch for chat models, highlighted code with a copy
// button, and the try-it panel for the selected provider.
import { Zap } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import type { InferenceSnippet } from "@hubkit/tasks";
import { toModelData, type HubModel } from "../lib/api.js";
import { useToken } from "../lib/token.js";
import { inferenceTask } from "../lib/try-tasks.js";
import { CodeBlock, type CodeLanguage } from "./CodeBlock.js";
import { Loading } from "./Feedback.js";
import { Tabs } from "./Tabs.js";
import { TokenField } from "./TokenField.js";
import { TryIt } from "./TryIt.js";

const LANGUAGE_ORDER = ["python", "js", "sh"];
const LANGUAGE_LABELS: Record<string, string> = { python: "Python", js: "JavaScript", sh: "cURL" };
/** highlight.js language names of the snippet languages. */
const HIGHLIGHT_LANGUAGE: Record<string, string> = { python: "python", js: "javascript", sh: "bash" };

type SnippetResult = { ok: true; snippets: InferenceSnippet[] } | { ok: false; error: string };

/**
 * The generator's snippets, shown as it writes them: the person's own token when they chose to
 * reveal it, otherwise the environment-variable reads the generator itself writes. Every client
 * hubkit runs in its tests is offered (`allClients`). Loaded on demand; never throws.
 */
async function generateSnippets(
  model: HubModel,
  provider: string,
  token: string,
  opts: Record<string, unknown>,
): Promise<SnippetResult> {
  try {
    const { snippets } = await import("@hubkit/inference");
    const entry = model.inferenceProviderMapping?.[provider];
    const mapping = entry && { ...entry, provider, hfModelId: model.id };
    const list = snippets.getInferenceSnippets(toModelData(model), provider as never, mapping as never, {
      ...opts,
      allClients: true,
      ...(token ? { accessToken: token } : {}),
    });
    return { ok: true, snippets: list };
  } catch (error) {
    return { ok: false, error: (error as Error).message || String(error) };
  }
}

interface SnippetPanelProps {
  model: HubModel;
  provider: string;
  /** extra generator options (streaming, messages, temperature, inputs…) */
  opts?: Record<string, unknown>;
  /** show the streaming switch (chat models) */
  streamingSwitch?: boolean;
}

/** Language and client tabs over the generated snippets, with a copy button. */
export function SnippetPanel({ model, provider, opts, streamingSwitch }: SnippetPanelProps) {
  const { token } = useToken();
  const [language, setLanguage] = useState("python");
  const [client, setClient] = useState<string | undefined>();
  const [streaming, setStreaming] = useState(false);
  const [result, setResult] = useState<SnippetResult | undefined>();
  const switchId = useId();
  const optsKey = JSON.stringify(opts ?? {});

  useEffect(() => {
    let current = true;
    const options = { ...(JSON.parse(optsKey) as Record<string, unknown>) };
    if (streamingSwitch) options.streaming = streaming;
    void generateSnippets(model, provider, token, options).then((next) => {
      if (current) setResult(next);
    });
    return () => {
      current = false;
    };
  }, [model, provider, token, optsKey, streaming, streamingSwitch]);

  const byLanguage = useMemo(() => {
    const groups = new Map<string, InferenceSnippet[]>();
    for (const snippet of result?.ok ? result.snippets : []) {
      groups.set(snippet.language, [...(groups.get(snippet.language) ?? []), snippet]);
    }
    return groups;
  }, [result]);

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
  // The variable the generator chose (HF_TOKEN, or a provider's key for direct-only providers).
  const tokenVariable = /\b(HF_TOKEN|API_TOKEN|[A-Z0-9_]+_API_KEY)\b/.exec(active.content)?.[1];

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
      {!token && tokenVariable && (
        <p className="hint">
          The snippet reads your token from the <code>{tokenVariable}</code> environment variable.
        </p>
      )}
    </div>
  );
}

interface ModelInferenceProps {
  model: HubModel;
  initialInput?: string;
  exampleFile?: string;
}

/** Provider selector, snippets and try-it for one model. */
export function ModelInference({ model, initialInput, exampleFile }: ModelInferenceProps) {
  const mapping = model.inferenceProviderMapping ?? {};
  const providers = Object.keys(mapping).sort(
    (a, b) => Number(mapping[a].status !== "live") - Number(mapping[b].status !== "live"),
  );
  const [provider, setProvider] = useState(providers[0]);
  const selectId = useId();
  const active = provider && mapping[provider] ? provider : providers[0];
  const task = inferenceTask(
    model.pipeline_tag,
    model.tags ?? [],
    active ? mapping[active]?.task : undefined,
  );

  return (
    <section className="card inference-widget" aria-labelledby={`${selectId}-title`}>
      <h2 id={`${selectId}-title`}>
        <Zap size={18} aria-hidden /> Inference Providers
      </h2>
      {providers.length === 0 ? (
        <p className="muted">
          No inference provider serves {model.id}: run it locally with the snippets of its library.
        </p>
      ) : (
        <>
          <div className="field inline">
            <label htmlFor={selectId}>Provider</label>
            <select id={selectId} value={active} onChange={(event) => setProvider(event.target.value)}>
              {providers.map((id) => (
                <option key={id} value={id}>
                  {id}
                  {mapping[id].status === "staging" ? " (staging)" : ""}
                </option>
              ))}
            </select>
            {mapping[active]?.status === "staging" && (
              <span className="badge warning">staging: for testing, may be unstable</span>
            )}
          </div>
          <SnippetPanel model={model} provider={active} streamingSwitch={task === "conversational"} />
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
