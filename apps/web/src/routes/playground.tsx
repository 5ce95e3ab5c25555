// Playground: chat (streamed, stoppable, with token usage) or text-to-image, with model and provider
// pickers and generation parameters. Every setting lives in the URL, so a link reproduces it, and
// "View code" shows the snippet for exactly these settings.
import { CircleStop, Eye, ImageIcon, MessageSquare, Send, Square, Trash2 } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useLoaderData, useSearchParams, type LoaderFunctionArgs } from "react-router";
import { ErrorNotice, Loading } from "../components/Feedback.js";
import { SnippetPanel } from "../components/ModelInference.js";
import { RouteError } from "../components/RouteError.js";
import { Tabs } from "../components/Tabs.js";
import { TokenField } from "../components/TokenField.js";
import { getModel, listModels, type HubModel } from "../lib/api.js";
import { NOT_ROUTED_PROVIDERS, createClient } from "../lib/inference.js";
import { useToken } from "../lib/token.js";

type Mode = "chat" | "image";

const DEFAULT_MODEL: Record<Mode, string> = {
  chat: "meta-llama/Llama-3.3-70B-Instruct",
  image: "black-forest-labs/FLUX.1-dev",
};
const MAPPING_TASK: Record<Mode, string> = { chat: "conversational", image: "text-to-image" };

interface PlaygroundData {
  mode: Mode;
  models: HubModel[];
}

export async function loader({ request }: LoaderFunctionArgs): Promise<PlaygroundData> {
  const mode: Mode = new URL(request.url).searchParams.get("mode") === "image" ? "image" : "chat";
  const page = await listModels(
    {
      ...(mode === "chat" ? { filter: "conversational" } : { pipelineTag: "text-to-image" }),
      limit: 200,
      expand: ["pipeline_tag", "tags", "inferenceProviderMapping"],
    },
    request.signal,
  );
  const task = MAPPING_TASK[mode];
  const models = page.models.filter((model) =>
    Object.values(model.inferenceProviderMapping ?? {}).some((entry) => entry.task === task),
  );
  return { mode, models };
}

interface NumberParam {
  name: "temperature" | "max_tokens" | "top_p";
  label: string;
  min: number;
  max: number;
  step: number;
  integer?: boolean;
  fallback: number;
}

const NUMBER_PARAMS: NumberParam[] = [
  { name: "temperature", label: "Temperature", min: 0, max: 2, step: 0.1, fallback: 0.7 },
  { name: "max_tokens", label: "Max tokens", min: 1, max: 8192, step: 1, integer: true, fallback: 512 },
  { name: "top_p", label: "Top p", min: 0, max: 1, step: 0.05, fallback: 0.95 },
];

/** A parameter from the URL, or an error naming what is wrong with it. */
function readNumber(params: URLSearchParams, spec: NumberParam): { value: number; error?: string } {
  const raw = params.get(spec.name);
  if (raw === null || raw === "") return { value: spec.fallback };
  const value = Number(raw);
  if (!Number.isFinite(value) || (spec.integer && !Number.isInteger(value))) {
    return {
      value: spec.fallback,
      error: `${spec.label} must be ${spec.integer ? "a whole number" : "a number"}, got "${raw}"`,
    };
  }
  if (value < spec.min || value > spec.max) {
    return { value, error: `${spec.label} must be between ${spec.min} and ${spec.max}, got ${value}` };
  }
  return { value };
}

interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
  /** an assistant reply cut short by Stop (shown as such; the model only ever sees the text) */
  stopped?: boolean;
}

/** The messages as the API takes them: role and content only. */
const forApi = (messages: ChatMessage[]) => messages.map(({ role, content }) => ({ role, content }));

interface Usage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
}

/** Replaces the catalogue's example prompt in a generated text-to-image snippet with the current prompt. */
function withPrompt(code: string, example: string, prompt: string, language: string): string {
  if (!prompt || prompt === example) return code;
  const from = JSON.stringify(example).slice(1, -1);
  let to = JSON.stringify(prompt).slice(1, -1);
  if (language === "sh") to = to.replace(/'/g, "'\\''");
  return code.split(from).join(to);
}

export function Component() {
  const { mode, models } = useLoaderData() as PlaygroundData;
  const [params, setParams] = useSearchParams();
  const { token } = useToken();
  const ids = useId();
  const modelId =
    params.get("model") ||
    (models.some((m) => m.id === DEFAULT_MODEL[mode]) ? DEFAULT_MODEL[mode] : models[0]?.id) ||
    "";
  const [model, setModel] = useState<HubModel | undefined>();
  const [modelError, setModelError] = useState<unknown>();
  const system = params.get("system") ?? "";
  const prompt = params.get("prompt") ?? "";
  const numbers = Object.fromEntries(
    NUMBER_PARAMS.map((spec) => [spec.name, readNumber(params, spec)]),
  ) as Record<NumberParam["name"], { value: number; error?: string }>;
  const paramErrors = Object.values(numbers).flatMap((entry) => (entry.error ? [entry.error] : []));

  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState("");
  const [streaming, setStreaming] = useState("");
  /** how the last call was stopped: after part of the reply, or before anything arrived */
  const [stopped, setStopped] = useState<"partial" | "empty" | undefined>();
  const [running, setRunning] = useState(false);
  const [usage, setUsage] = useState<Usage | undefined>();
  const [error, setError] = useState<unknown>();
  const [imageUrl, setImageUrl] = useState<string | undefined>();
  const [showCode, setShowCode] = useState(false);
  const controller = useRef<AbortController | undefined>(undefined);

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === "") next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };

  useEffect(() => {
    if (!modelId) return;
    const abort = new AbortController();
    setModel(undefined);
    setModelError(undefined);
    getModel(modelId, abort.signal).then(setModel, (caught: unknown) => {
      if (!abort.signal.aborted) setModelError(caught);
    });
    return () => abort.abort();
  }, [modelId]);

  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => () => (imageUrl ? URL.revokeObjectURL(imageUrl) : undefined), [imageUrl]);

  const task = MAPPING_TASK[mode];
  const mapping = model?.inferenceProviderMapping ?? {};
  const providers = Object.keys(mapping).filter(
    (id) => mapping[id].task === task && !NOT_ROUTED_PROVIDERS.has(id),
  );
  const provider =
    params.get("provider") && providers.includes(params.get("provider")!)
      ? params.get("provider")!
      : providers[0];

  const conversation = useMemo(
    () => [...(system ? [{ role: "system" as const, content: system }] : []), ...forApi(messages)],
    [system, messages],
  );
  const snippetOpts = useMemo(() => {
    if (mode === "image") return {};
    const pending = draft.trim() ? [{ role: "user", content: draft.trim() }] : [];
    const chat = [...conversation, ...pending];
    return {
      streaming: true,
      messages: chat.length > 0 && chat.some((message) => message.role === "user") ? chat : undefined,
      temperature: numbers.temperature.value,
      max_tokens: numbers.max_tokens.value,
      top_p: numbers.top_p.value,
    };
  }, [mode, conversation, draft, numbers.temperature.value, numbers.max_tokens.value, numbers.top_p.value]);

  const stop = () => controller.current?.abort();

  const send = async () => {
    if (running || !model || !provider || paramErrors.length > 0) return;
    const abort = new AbortController();
    controller.current = abort;
    setRunning(true);
    setError(undefined);
    setUsage(undefined);
    setStopped(undefined);
    try {
      const client = await createClient(token);
      if (mode === "chat") {
        const text = draft.trim();
        if (!text) throw new Error("Type a message first");
        const history: ChatMessage[] = [...messages, { role: "user", content: text }];
        setMessages(history);
        setDraft("");
        setStreaming("");
        let reply = "";
        try {
          const stream = client.chatCompletionStream(
            {
              model: model.id,
              provider: provider as never,
              messages: [...(system ? [{ role: "system", content: system }] : []), ...forApi(history)],
              temperature: numbers.temperature.value,
              max_tokens: numbers.max_tokens.value,
              top_p: numbers.top_p.value,
              stream_options: { include_usage: true },
            },
            { signal: abort.signal },
          );
          for await (const chunk of stream) {
            reply += chunk.choices?.[0]?.delta?.content ?? "";
            setStreaming(reply);
            if (chunk.usage) setUsage(chunk.usage as Usage);
          }
        } finally {
          // Keep what arrived, also when stopped or failed midway.
          if (reply)
            setMessages([...history, { role: "assistant", content: reply, stopped: abort.signal.aborted }]);
          if (abort.signal.aborted) setStopped(reply ? "partial" : "empty");
          setStreaming("");
        }
      } else {
        if (!prompt.trim()) throw new Error("Type a prompt first");
        const blob = await client.textToImage(
          { model: model.id, provider: provider as never, inputs: prompt },
          { signal: abort.signal },
        );
        setImageUrl(URL.createObjectURL(blob));
      }
    } catch (caught) {
      if (!abort.signal.aborted) setError(caught);
    } finally {
      setRunning(false);
      controller.current = undefined;
    }
  };

  return (
    <div className="page playground">
      <h1>Playground</h1>
      <Tabs
        label="Playground mode"
        items={[
          {
            id: "chat",
            label: (
              <>
                <MessageSquare size={16} aria-hidden /> Chat
              </>
            ),
          },
          {
            id: "image",
            label: (
              <>
                <ImageIcon size={16} aria-hidden /> Text to image
              </>
            ),
          },
        ]}
        selected={mode}
        onSelect={(next) => {
          setMessages([]);
          setError(undefined);
          setParams(next === "image" ? { mode: "image" } : {});
        }}
      >
        <div className="playground-grid">
          <aside className="card settings" aria-label="Settings">
            <div className="field">
              <label htmlFor={`${ids}-model`}>Model</label>
              <select
                id={`${ids}-model`}
                value={modelId}
                onChange={(event) => update({ model: event.target.value, provider: undefined })}
              >
                {!models.some((m) => m.id === modelId) && modelId && (
                  <option value={modelId}>{modelId}</option>
                )}
                {models.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.id}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${ids}-provider`}>Provider</label>
              <select
                id={`${ids}-provider`}
                value={provider ?? ""}
                disabled={providers.length === 0}
                onChange={(event) => update({ provider: event.target.value })}
              >
                {providers.map((id) => (
                  <option key={id} value={id}>
                    {id}
                    {mapping[id].status === "staging" ? " (staging)" : ""}
                  </option>
                ))}
              </select>
            </div>
            {mode === "chat" && (
              <>
                <div className="field">
                  <label htmlFor={`${ids}-system`}>System prompt</label>
                  <textarea
                    id={`${ids}-system`}
                    rows={3}
                    value={system}
                    onChange={(event) => update({ system: event.target.value })}
                  />
                </div>
                {NUMBER_PARAMS.map((spec) => (
                  <div className="field" key={spec.name}>
                    <label htmlFor={`${ids}-${spec.name}`}>{spec.label}</label>
                    <input
                      id={`${ids}-${spec.name}`}
                      type="number"
                      min={spec.min}
                      max={spec.max}
                      step={spec.step}
                      value={params.get(spec.name) ?? String(spec.fallback)}
                      aria-invalid={numbers[spec.name].error ? true : undefined}
                      onChange={(event) => update({ [spec.name]: event.target.value })}
                    />
                  </div>
                ))}
              </>
            )}
            <TokenField />
          </aside>
          <section
            className="card conversation"
            aria-label={mode === "chat" ? "Conversation" : "Image generation"}
          >
            {modelError !== undefined && <ErrorNotice error={modelError} context={`Model ${modelId}`} />}
            {!model && modelError === undefined && modelId && <Loading label="Loading the model…" />}
            {model && providers.length === 0 && (
              <p className="muted">
                No provider serves {model.id} for {task}. Pick another model.
              </p>
            )}
            {paramErrors.map((message) => (
              <p key={message} className="field-error" role="alert">
                {message}
              </p>
            ))}
            {mode === "chat" ? (
              <>
                <ol className="messages" aria-live="polite">
                  {messages.map((message, index) => (
                    <li key={index} className={`message ${message.role}`}>
                      <span className="role">
                        {message.role}
                        {message.stopped && <span className="badge warning">stopped</span>}
                      </span>
                      <p>{message.content}</p>
                    </li>
                  ))}
                  {streaming && (
                    <li className="message assistant streaming" data-testid="streaming">
                      <span className="role">assistant</span>
                      <p>{streaming}</p>
                    </li>
                  )}
                </ol>
                {stopped && (
                  <p className="muted stop-note" role="status" data-testid="stopped">
                    <CircleStop size={15} aria-hidden />{" "}
                    {stopped === "partial"
                      ? "Stopped: the reply ends where you pressed Stop."
                      : "Stopped before the model sent anything."}
                  </p>
                )}
                <form
                  className="composer"
                  onSubmit={(event) => {
                    event.preventDefault();
                    void send();
                  }}
                >
                  <label htmlFor={`${ids}-draft`} className="visually-hidden">
                    Message
                  </label>
                  <textarea
                    id={`${ids}-draft`}
                    rows={3}
                    placeholder="Ask something… (Enter to send, Shift+Enter for a new line)"
                    value={draft}
                    onChange={(event) => setDraft(event.target.value)}
                    onKeyDown={(event) => {
                      if (event.key === "Enter" && !event.shiftKey) {
                        event.preventDefault();
                        void send();
                      }
                    }}
                  />
                  <div className="actions">
                    {running ? (
                      <button key="stop" type="button" className="button danger" onClick={stop}>
                        <Square size={16} aria-hidden /> Stop
                      </button>
                    ) : (
                      <button
                        type="submit"
                        className="button primary"
                        disabled={!provider || paramErrors.length > 0}
                      >
                        <Send size={16} aria-hidden /> Send
                      </button>
                    )}
                    <button
                      type="button"
                      className="button"
                      onClick={() => {
                        setMessages([]);
                        setStopped(undefined);
                      }}
                      disabled={running || messages.length === 0}
                    >
                      <Trash2 size={16} aria-hidden /> Clear
                    </button>
                    {usage && (
                      <span className="usage" data-testid="usage">
                        Tokens: {usage.prompt_tokens ?? "?"} prompt · {usage.completion_tokens ?? "?"}{" "}
                        completion · {usage.total_tokens ?? "?"} total
                      </span>
                    )}
                  </div>
                </form>
              </>
            ) : (
              <form
                className="composer"
                onSubmit={(event) => {
                  event.preventDefault();
                  void send();
                }}
              >
                <label htmlFor={`${ids}-prompt`}>Prompt</label>
                <textarea
                  id={`${ids}-prompt`}
                  rows={3}
                  value={prompt}
                  onChange={(event) => update({ prompt: event.target.value })}
                />
                <div className="actions">
                  {running ? (
                    <button key="stop" type="button" className="button danger" onClick={stop}>
                      <Square size={16} aria-hidden /> Stop
                    </button>
                  ) : (
                    <button key="generate" type="submit" className="button primary" disabled={!provider}>
                      <ImageIcon size={16} aria-hidden /> Generate
                    </button>
                  )}
                </div>
                {running && <Loading label="Generating the image…" />}
                {imageUrl && <img className="result-image" src={imageUrl} alt={`Generated for: ${prompt}`} />}
              </form>
            )}
            {error !== undefined && <ErrorNotice error={error} context="The call failed" />}
            <button
              type="button"
              className="button"
              aria-expanded={showCode}
              onClick={() => setShowCode(!showCode)}
            >
              <Eye size={16} aria-hidden /> {showCode ? "Hide code" : "View code"}
            </button>
            {showCode && model && provider && (
              <PlaygroundCode
                model={model}
                provider={provider}
                opts={snippetOpts}
                prompt={mode === "image" ? prompt : undefined}
              />
            )}
          </section>
        </div>
      </Tabs>
    </div>
  );
}

function PlaygroundCode({
  model,
  provider,
  opts,
  prompt,
}: {
  model: HubModel;
  provider: string;
  opts: Record<string, unknown>;
  prompt?: string;
}) {
  return (
    <div className="playground-code">
      <SnippetPanel
        model={model}
        provider={provider}
        opts={opts}
        transform={
          prompt === undefined
            ? undefined
            : (code, example, language) => withPrompt(code, example, prompt, language)
        }
      />
    </div>
  );
}

export const ErrorBoundary = RouteError;

/** The model list depends on the mode only: other settings change the URL without a reload. */
export function shouldRevalidate({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }): boolean {
  return currentUrl.searchParams.get("mode") !== nextUrl.searchParams.get("mode");
}
