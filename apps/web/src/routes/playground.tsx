// Playground: chat (saved conversations, Markdown replies, images for vision models), text-to-image
// and compare (two models or providers side by side, with their speed). Settings live in the URL, so
// a link reproduces them; conversations live in the browser. On a phone the settings are a drawer
// and the composer stays in view. The parts are in src/playground/.
import { GitCompare, ImageIcon, MessageSquare, SlidersHorizontal, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from "react";
import { useLoaderData, useSearchParams, type LoaderFunctionArgs } from "react-router";
import { ErrorNotice, Loading } from "../components/Feedback.js";
import { RouteError } from "../components/RouteError.js";
import { Tabs } from "../components/Tabs.js";
import { TokenField } from "../components/TokenField.js";
import { getModel, getProviderStats, listModels, type HubModel, type ProviderStats } from "../lib/api.js";
import { policyPicks } from "../lib/policies.js";
import { useToken } from "../lib/token.js";
import { withChanges } from "../lib/url-state.js";
import { ChatPanel, type ChatSettings } from "../playground/ChatPanel.js";
import { ComparePanel } from "../playground/ComparePanel.js";
import { ConversationList } from "../playground/ConversationList.js";
import { ImagePanel } from "../playground/ImagePanel.js";
import { providersFor } from "../playground/ModelPicker.js";
import { ChatFields, ImageFields, ModelFields, type UpdateParams } from "../playground/SettingsFields.js";
import { imageParameters, paramsForMode, readMode, readSettings, type Mode } from "../playground/settings.js";
import "../playground/playground.css";

const DEFAULT_MODEL = {
  chat: "meta-llama/Llama-3.3-70B-Instruct",
  image: "black-forest-labs/FLUX.1-dev",
  /** side B of compare: another model served by several providers */
  compare: "Qwen/Qwen2.5-72B-Instruct",
};
const TASK = { chat: "conversational", image: "text-to-image", compare: "conversational" } as const;

const MODE_TABS = [
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
];

const SECTION_LABEL: Record<Mode, string> = {
  chat: "Conversation",
  image: "Image generation",
  compare: "Comparison",
};

interface PlaygroundData {
  mode: Mode;
  models: HubModel[];
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

/**
 * The model and provider the URL picks (or the defaults): chat may also go by a router policy
 * (model:cheapest…), shown with the provider it would pick now.
 */
function useModelChoice(models: HubModel[], mode: Mode, params: URLSearchParams) {
  const fallbackModel = (wanted: string) =>
    models.some((m) => m.id === wanted) ? wanted : (models[0]?.id ?? "");
  const modelId =
    params.get("model") || fallbackModel(mode === "image" ? DEFAULT_MODEL.image : DEFAULT_MODEL.chat);
  const { model, error: modelError } = useModel(models, mode === "compare" ? "" : modelId);
  const task = TASK[mode];
  const providers = providersFor(model, task);
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
  const compareModelB = params.get("model_b") || fallbackModel(DEFAULT_MODEL.compare);
  return { modelId, model, modelError, task, providers, picks, wantedPick, provider, compareModelB };
}

/**
 * Settings edited in the server-rendered page before the app hydrated show the edit (React keeps
 * what is in a field) but are not in the URL, the settings' state, and no change event comes for
 * them: take them up once, at mount, as the composer does with its text.
 */
function useEditsBeforeHydration(settingsRef: RefObject<HTMLElement | null>, update: UpdateParams) {
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
}

/** The settings drawer (phone): Escape closes it, focus goes into it and back to its button. */
function useSettingsDrawer(settingsRef: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    settingsRef.current?.querySelector<HTMLElement>("input, select, textarea, button")?.focus();
    const onKey = (event: KeyboardEvent) => {
      // Escape in an open model list closes the list only.
      if (event.key === "Escape" && !event.defaultPrevented) {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return { open, setOpen, button, close };
}

type SettingsDrawer = ReturnType<typeof useSettingsDrawer>;

function PlaygroundHead({ drawer, settingsId }: { drawer: SettingsDrawer; settingsId: string }) {
  return (
    <div className="playground-head">
      <h1>Playground</h1>
      <button
        ref={drawer.button}
        type="button"
        className="button settings-toggle"
        aria-expanded={drawer.open}
        aria-controls={settingsId}
        onClick={() => drawer.setOpen(true)}
      >
        <SlidersHorizontal size={16} aria-hidden /> Settings
      </button>
    </div>
  );
}

/** The settings panel (a drawer on a phone) with its backdrop. */
function SettingsPanel({
  drawer,
  settingsRef,
  id,
  children,
}: {
  drawer: SettingsDrawer;
  settingsRef: RefObject<HTMLElement | null>;
  id: string;
  children: ReactNode;
}) {
  return (
    <>
      <aside
        ref={settingsRef}
        id={id}
        className="card settings"
        aria-label="Settings"
        data-open={drawer.open || undefined}
      >
        <div className="drawer-head">
          <h2>Settings</h2>
          <button
            type="button"
            className="icon-button"
            aria-label="Close the settings"
            onClick={drawer.close}
          >
            <X size={18} aria-hidden />
          </button>
        </div>
        {children}
        <TokenField />
      </aside>
      {drawer.open && (
        <button
          type="button"
          className="drawer-backdrop"
          aria-label="Close the settings"
          tabIndex={-1}
          onClick={drawer.close}
        />
      )}
    </>
  );
}

/** Why nothing can be sent yet: the model failed or is loading, no provider serves it, bad settings. */
function ModelNotices({
  mode,
  choice,
  errors,
}: {
  mode: Mode;
  choice: ReturnType<typeof useModelChoice>;
  errors: string[];
}) {
  const { model, modelError, modelId, providers, task } = choice;
  return (
    <>
      {modelError !== undefined && !model && <ErrorNotice error={modelError} context={`Model ${modelId}`} />}
      {mode !== "compare" && !model && modelError === undefined && modelId && (
        <Loading label="Loading the model…" />
      )}
      {mode !== "compare" && model && providers.length === 0 && (
        <p className="muted">
          No provider serves {model.id} for {task}. Pick another model.
        </p>
      )}
      {errors.map((message) => (
        <p key={message} className="field-error" role="alert">
          {message}
        </p>
      ))}
    </>
  );
}

export function Component() {
  const { mode, models } = useLoaderData() as PlaygroundData;
  const [params, setParams] = useSearchParams();
  const { token } = useToken();
  const ids = useId();
  const settingsRef = useRef<HTMLElement>(null);
  const drawer = useSettingsDrawer(settingsRef);
  const update: UpdateParams = (changes) => setParams(withChanges(params, changes), { replace: true });
  useEditsBeforeHydration(settingsRef, update);

  const choice = useModelChoice(models, mode, params);
  const { modelId, model, provider } = choice;
  const reading = readSettings(params, mode);
  const { numbers, errors } = reading;
  const chatSettings: Omit<ChatSettings, "model" | "provider"> = {
    system: params.get("system") ?? "",
    temperature: numbers.temperature?.value ?? 0.7,
    max_tokens: numbers.max_tokens?.value ?? 512,
    top_p: numbers.top_p?.value ?? 0.95,
    invalid: errors.length > 0,
    token,
  };
  const fields = { ids, params, update };

  return (
    <div className="page playground" data-mode={mode}>
      <PlaygroundHead drawer={drawer} settingsId={`${ids}-settings`} />
      <Tabs
        label="Playground mode"
        items={MODE_TABS}
        selected={mode}
        onSelect={(next) => setParams(paramsForMode(params, mode, next as Mode))}
      >
        <div className="playground-grid">
          <SettingsPanel drawer={drawer} settingsRef={settingsRef} id={`${ids}-settings`}>
            {mode === "chat" && (
              <ConversationList
                onOpen={(conversation) => {
                  update({
                    model: conversation.model,
                    provider: conversation.provider,
                    system: conversation.system,
                  });
                  drawer.setOpen(false);
                }}
              />
            )}
            {mode !== "compare" && <ModelFields {...fields} models={models} {...choice} />}
            {mode !== "image" && <ChatFields {...fields} numbers={numbers} />}
            {mode === "image" && <ImageFields {...fields} numbers={numbers} size={reading.size} />}
          </SettingsPanel>
          <section className="card conversation" aria-label={SECTION_LABEL[mode]}>
            <ModelNotices mode={mode} choice={choice} errors={errors} />
            {mode === "chat" && <ChatPanel settings={{ ...chatSettings, model, provider }} />}
            {mode === "image" && (
              <ImagePanel
                model={model}
                provider={provider}
                prompt={params.get("prompt") ?? ""}
                onPrompt={(value) => update({ prompt: value })}
                parameters={imageParameters(params, reading)}
                invalid={errors.length > 0}
                token={token}
              />
            )}
            {mode === "compare" && (
              <ComparePanel
                models={models}
                sides={[
                  { modelId, provider: params.get("provider") ?? undefined },
                  { modelId: choice.compareModelB, provider: params.get("provider_b") ?? undefined },
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
