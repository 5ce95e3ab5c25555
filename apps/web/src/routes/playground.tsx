// Playground: chat (saved conversations, Markdown replies, images for vision models), text-to-image
// and compare (two models or providers side by side, with their speed). Settings live in the URL, so
// a link reproduces them; conversations live in the browser. On a phone the settings are a drawer
// and the composer stays in view. The parts are in src/playground/.
import { Dices, GitCompare, ImageIcon, MessageSquare, SlidersHorizontal, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useLoaderData, useSearchParams, type LoaderFunctionArgs } from "react-router";
import { ErrorNotice, Loading } from "../components/Feedback.js";
import { RouteError } from "../components/RouteError.js";
import { Tabs } from "../components/Tabs.js";
import { TokenField } from "../components/TokenField.js";
import { getModel, getProviderStats, listModels, type HubModel, type ProviderStats } from "../lib/api.js";
import { policyLabel, policyPicks } from "../lib/policies.js";
import { useToken } from "../lib/token.js";
import { ChatPanel } from "../playground/ChatPanel.js";
import { ComparePanel } from "../playground/ComparePanel.js";
import { ConversationList } from "../playground/ConversationList.js";
import { ImagePanel, type ImageParameters } from "../playground/ImagePanel.js";
import { contextLength, ModelPicker, providersFor, takesImages } from "../playground/ModelPicker.js";
import "../playground/playground.css";

type Mode = "chat" | "image" | "compare";
const MODES: Mode[] = ["chat", "image", "compare"];

const DEFAULT_MODEL = {
  chat: "meta-llama/Llama-3.3-70B-Instruct",
  image: "black-forest-labs/FLUX.1-dev",
  /** side B of compare: another model served by several providers */
  compare: "Qwen/Qwen2.5-72B-Instruct",
};
const TASK = { chat: "conversational", image: "text-to-image", compare: "conversational" } as const;
/** Text-to-image sizes offered (width × height); none: the provider's default. */
const IMAGE_SIZES = ["512x512", "768x768", "1024x1024", "1024x768", "768x1024", "1344x768", "768x1344"];
const MAX_SEED = 2 ** 32 - 1;

interface PlaygroundData {
  mode: Mode;
  models: HubModel[];
}

function readMode(params: URLSearchParams): Mode {
  const mode = params.get("mode");
  return MODES.includes(mode as Mode) ? (mode as Mode) : "chat";
}

export async function loader({ request }: LoaderFunctionArgs): Promise<PlaygroundData> {
  const mode = readMode(new URL(request.url).searchParams);
  const page = await listModels(
    {
      ...(mode === "image" ? { pipelineTag: "text-to-image" } : { filter: "conversational" }),
      limit: 200,
      expand: ["pipeline_tag", "tags", "inferenceProviderMapping", "gguf"],
    },
    request.signal,
  );
  const task = TASK[mode];
  const models = page.models.filter((model) => providersFor(model, task).length > 0);
  return { mode, models };
}

interface NumberParam {
  name: string;
  label: string;
  min: number;
  max: number;
  step: number;
  integer?: boolean;
  /** the value used when the URL has none; undefined: not sent (the provider's default) */
  fallback?: number;
}

const CHAT_PARAMS: NumberParam[] = [
  { name: "temperature", label: "Temperature", min: 0, max: 2, step: 0.1, fallback: 0.7 },
  { name: "max_tokens", label: "Max tokens", min: 1, max: 8192, step: 1, integer: true, fallback: 512 },
  { name: "top_p", label: "Top p", min: 0, max: 1, step: 0.05, fallback: 0.95 },
];
const IMAGE_PARAMS: NumberParam[] = [
  { name: "steps", label: "Steps", min: 1, max: 100, step: 1, integer: true },
  { name: "guidance", label: "Guidance", min: 0, max: 30, step: 0.5 },
  { name: "seed", label: "Seed", min: 0, max: MAX_SEED, step: 1, integer: true },
];

/** A parameter from the URL, or an error naming what is wrong with it. */
function readNumber(params: URLSearchParams, spec: NumberParam): { value?: number; error?: string } {
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

/** The full model (for "View code"), with the listed one standing in while it loads. */
function useModel(models: HubModel[], id: string) {
  const [detail, setDetail] = useState<HubModel | undefined>();
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    if (!id) return;
    const abort = new AbortController();
    setDetail(undefined);
    setError(undefined);
    getModel(id, abort.signal).then(setDetail, (caught: unknown) => {
      if (!abort.signal.aborted) setError(caught);
    });
    return () => abort.abort();
  }, [id]);
  const listed = models.find((model) => model.id === id);
  return { model: detail?.id === id ? detail : listed, error };
}

export function Component() {
  const { mode, models } = useLoaderData() as PlaygroundData;
  const [params, setParams] = useSearchParams();
  const { token } = useToken();
  const ids = useId();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerButton = useRef<HTMLButtonElement>(null);
  const settingsRef = useRef<HTMLElement>(null);

  const fallbackModel = (wanted: string) =>
    models.some((m) => m.id === wanted) ? wanted : (models[0]?.id ?? "");
  const modelId =
    params.get("model") || fallbackModel(mode === "image" ? DEFAULT_MODEL.image : DEFAULT_MODEL.chat);
  const { model, error: modelError } = useModel(models, mode === "compare" ? "" : modelId);
  const task = TASK[mode];
  const providers = providersFor(model, task);
  // Chat may also go by a router policy (model:cheapest…), shown with the provider it would pick now.
  const [stats, setStats] = useState<ProviderStats | undefined>();
  useEffect(() => {
    if (mode !== "chat") return;
    const abort = new AbortController();
    getProviderStats(abort.signal).then(setStats, () => {});
    return () => abort.abort();
  }, [mode]);
  const picks = mode === "chat" ? policyPicks(model, stats?.providers, stats?.prices) : [];
  const wantedProvider = params.get("provider");
  const wantedPick = picks.find((pick) => `:${pick.policy}` === wantedProvider);
  const provider =
    wantedProvider && (providers.includes(wantedProvider) || wantedPick) ? wantedProvider : providers[0];
  const system = params.get("system") ?? "";
  const prompt = params.get("prompt") ?? "";

  const specs = mode === "image" ? IMAGE_PARAMS : CHAT_PARAMS;
  const numbers = Object.fromEntries(specs.map((spec) => [spec.name, readNumber(params, spec)]));
  const paramErrors = Object.values(numbers).flatMap((entry) => (entry.error ? [entry.error] : []));
  const size = params.get("size") ?? "";
  if (size && !IMAGE_SIZES.includes(size) && mode === "image") {
    paramErrors.push(`Size must be one of ${IMAGE_SIZES.join(", ")}, got "${size}"`);
  }

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === "") next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };

  // Settings edited in the server-rendered page before the app hydrated show the edit (React keeps
  // what is in a field) but are not in the URL, the settings' state, and no change event comes for
  // them: take them up once, at mount, as the composer does with its text.
  useEffect(() => {
    const edited: Record<string, string> = {};
    for (const field of settingsRef.current?.querySelectorAll<
      HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement
    >("[data-param]") ?? []) {
      const changed =
        field instanceof HTMLSelectElement
          ? field.selectedOptions[0] !== undefined && !field.selectedOptions[0].defaultSelected
          : field.value !== field.defaultValue;
      if (changed) edited[field.dataset.param!] = field.value;
    }
    if (Object.keys(edited).length > 0) update(edited);
  }, []);

  // The drawer (phone): Escape closes it, focus goes into it and back to its button.
  useEffect(() => {
    if (!drawerOpen) return;
    settingsRef.current?.querySelector<HTMLElement>("input, select, textarea, button")?.focus();
    const onKey = (event: KeyboardEvent) => {
      // Escape in an open model list closes the list only.
      if (event.key === "Escape" && !event.defaultPrevented) {
        setDrawerOpen(false);
        drawerButton.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [drawerOpen]);
  const closeDrawer = () => {
    setDrawerOpen(false);
    drawerButton.current?.focus();
  };

  const chatSettings = {
    system,
    temperature: numbers.temperature?.value ?? 0.7,
    max_tokens: numbers.max_tokens?.value ?? 512,
    top_p: numbers.top_p?.value ?? 0.95,
    invalid: paramErrors.length > 0,
    token,
  };
  const [width, height] = size ? size.split("x").map(Number) : [];
  const imageParameters: ImageParameters = {
    ...(size && IMAGE_SIZES.includes(size) ? { width, height } : {}),
    ...(numbers.steps?.value !== undefined ? { num_inference_steps: numbers.steps.value } : {}),
    ...(numbers.guidance?.value !== undefined ? { guidance_scale: numbers.guidance.value } : {}),
    ...(numbers.seed?.value !== undefined ? { seed: numbers.seed.value } : {}),
    ...(params.get("negative_prompt") ? { negative_prompt: params.get("negative_prompt")! } : {}),
  };

  const numberField = (spec: NumberParam, extra?: ReactNode) => (
    <div className="field" key={spec.name}>
      <label htmlFor={`${ids}-${spec.name}`}>{spec.label}</label>
      <div className={extra ? "field-row" : undefined}>
        <input
          id={`${ids}-${spec.name}`}
          type="number"
          inputMode={spec.integer ? "numeric" : "decimal"}
          min={spec.min}
          max={spec.max}
          step={spec.step}
          data-param={spec.name}
          placeholder={spec.fallback === undefined ? "provider default" : undefined}
          value={params.get(spec.name) ?? (spec.fallback === undefined ? "" : String(spec.fallback))}
          aria-invalid={numbers[spec.name]?.error ? true : undefined}
          onChange={(event) => update({ [spec.name]: event.target.value })}
        />
        {extra}
      </div>
    </div>
  );

  const modelFields = mode !== "compare" && (
    <>
      <ModelPicker
        label="Model"
        models={models}
        value={modelId}
        task={task}
        onChange={(id) => update({ model: id, provider: undefined })}
      />
      <div className="field">
        <label htmlFor={`${ids}-provider`}>Provider</label>
        <select
          id={`${ids}-provider`}
          data-param="provider"
          value={provider ?? ""}
          disabled={providers.length === 0}
          onChange={(event) => update({ provider: event.target.value })}
        >
          {providers.map((id) => (
            <option key={id} value={id}>
              {id}
              {model?.inferenceProviderMapping?.[id].status === "staging" ? " (staging)" : ""}
            </option>
          ))}
          {picks.length > 0 && (
            <optgroup label="Router policy">
              {picks.map((pick) => (
                <option key={pick.policy} value={`:${pick.policy}`}>
                  {policyLabel(pick)}
                </option>
              ))}
            </optgroup>
          )}
        </select>
        {wantedPick && model && (
          <p className="hint" data-testid="policy-note">
            Calls <code>{`${model.id}:${wantedPick.policy}`}</code> through the hub&apos;s router, which picks
            the provider per call: {wantedPick.provider} now ({wantedPick.why}).
          </p>
        )}
      </div>
      {model && (
        <p className="model-facts muted">
          {providers.length} provider{providers.length === 1 ? "" : "s"}
          {contextLength(model) !== undefined &&
            ` · ${contextLength(model)!.toLocaleString("en")} tokens of context`}
          {takesImages(model) && " · takes images"}
        </p>
      )}
    </>
  );

  const chatFields = mode !== "image" && (
    <>
      <div className="field">
        <label htmlFor={`${ids}-system`}>System prompt</label>
        <textarea
          id={`${ids}-system`}
          data-param="system"
          rows={3}
          value={system}
          onChange={(event) => update({ system: event.target.value })}
        />
      </div>
      {CHAT_PARAMS.map((spec) => numberField(spec))}
    </>
  );

  const imageFields = mode === "image" && (
    <>
      <div className="field">
        <label htmlFor={`${ids}-size`}>Size</label>
        <select
          id={`${ids}-size`}
          data-param="size"
          value={size}
          onChange={(event) => update({ size: event.target.value })}
        >
          <option value="">Provider default</option>
          {IMAGE_SIZES.map((value) => (
            <option key={value} value={value}>
              {value.replace("x", " × ")}
            </option>
          ))}
          {size && !IMAGE_SIZES.includes(size) && <option value={size}>{size} (not offered)</option>}
        </select>
      </div>
      {numberField(IMAGE_PARAMS[0])}
      {numberField(IMAGE_PARAMS[1])}
      {numberField(
        IMAGE_PARAMS[2],
        <button
          type="button"
          className="icon-button"
          aria-label="Roll a random value"
          title="Random seed"
          onClick={() => update({ seed: String(crypto.getRandomValues(new Uint32Array(1))[0]) })}
        >
          <Dices size={16} aria-hidden />
        </button>,
      )}
      <div className="field">
        <label htmlFor={`${ids}-negative`}>Negative prompt</label>
        <textarea
          id={`${ids}-negative`}
          data-param="negative_prompt"
          rows={2}
          placeholder="What the image should not show"
          value={params.get("negative_prompt") ?? ""}
          onChange={(event) => update({ negative_prompt: event.target.value })}
        />
      </div>
    </>
  );

  const selectMode = (next: string) => {
    // Chat and compare share their settings; text-to-image has its own.
    const keep =
      next !== "image" && mode !== "image"
        ? ["system", "temperature", "max_tokens", "top_p", "model", "provider", "model_b", "provider_b"]
        : [];
    const carried = new URLSearchParams();
    if (next !== "chat") carried.set("mode", next);
    for (const key of keep) if (params.get(key)) carried.set(key, params.get(key)!);
    setParams(carried);
  };

  const compareModelB = params.get("model_b") || fallbackModel(DEFAULT_MODEL.compare);

  return (
    <div className="page playground" data-mode={mode}>
      <div className="playground-head">
        <h1>Playground</h1>
        <button
          ref={drawerButton}
          type="button"
          className="button settings-toggle"
          aria-expanded={drawerOpen}
          aria-controls={`${ids}-settings`}
          onClick={() => setDrawerOpen(true)}
        >
          <SlidersHorizontal size={16} aria-hidden /> Settings
        </button>
      </div>
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
          {
            id: "compare",
            label: (
              <>
                <GitCompare size={16} aria-hidden /> Compare
              </>
            ),
          },
        ]}
        selected={mode}
        onSelect={selectMode}
      >
        <div className="playground-grid">
          <aside
            ref={settingsRef}
            id={`${ids}-settings`}
            className="card settings"
            aria-label="Settings"
            data-open={drawerOpen || undefined}
          >
            <div className="drawer-head">
              <h2>Settings</h2>
              <button
                type="button"
                className="icon-button"
                aria-label="Close the settings"
                onClick={closeDrawer}
              >
                <X size={18} aria-hidden />
              </button>
            </div>
            {mode === "chat" && (
              <ConversationList
                onOpen={(conversation) => {
                  update({
                    model: conversation.model,
                    provider: conversation.provider,
                    system: conversation.system,
                  });
                  setDrawerOpen(false);
                }}
              />
            )}
            {modelFields}
            {chatFields}
            {imageFields}
            <TokenField />
          </aside>
          {drawerOpen && (
            <button
              type="button"
              className="drawer-backdrop"
              aria-label="Close the settings"
              tabIndex={-1}
              onClick={closeDrawer}
            />
          )}
          <section
            className="card conversation"
            aria-label={
              mode === "image" ? "Image generation" : mode === "compare" ? "Comparison" : "Conversation"
            }
          >
            {modelError !== undefined && !model && (
              <ErrorNotice error={modelError} context={`Model ${modelId}`} />
            )}
            {mode !== "compare" && !model && modelError === undefined && modelId && (
              <Loading label="Loading the model…" />
            )}
            {mode !== "compare" && model && providers.length === 0 && (
              <p className="muted">
                No provider serves {model.id} for {task}. Pick another model.
              </p>
            )}
            {paramErrors.map((message) => (
              <p key={message} className="field-error" role="alert">
                {message}
              </p>
            ))}
            {mode === "chat" && <ChatPanel settings={{ ...chatSettings, model, provider }} />}
            {mode === "image" && (
              <ImagePanel
                model={model}
                provider={provider}
                prompt={prompt}
                onPrompt={(value) => update({ prompt: value })}
                parameters={imageParameters}
                invalid={paramErrors.length > 0}
                token={token}
              />
            )}
            {mode === "compare" && (
              <ComparePanel
                models={models}
                sides={[
                  { modelId, provider: params.get("provider") ?? undefined },
                  { modelId: compareModelB, provider: params.get("provider_b") ?? undefined },
                ]}
                onSide={(index, side) =>
                  update(
                    index === 0
                      ? { model: side.modelId, provider: side.provider }
                      : { model_b: side.modelId, provider_b: side.provider },
                  )
                }
                settings={chatSettings}
              />
            )}
          </section>
        </div>
      </Tabs>
    </div>
  );
}

export const ErrorBoundary = RouteError;

/** The model list depends on the mode only: other settings change the URL without a reload. */
export function shouldRevalidate({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }): boolean {
  return readMode(currentUrl.searchParams) !== readMode(nextUrl.searchParams);
}
