// Compare: the same prompt to two models (or one model on two providers) at once, side by side,
// each reply with its time to first token, total time and tokens per second.
import { Plus, Send } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { ErrorNotice } from "../components/Feedback.js";
import { getModel, type HubModel } from "../lib/api.js";
import { createClient } from "../lib/inference.js";
import { requestMessages, StreamingMessage, type ChatSettings } from "./ChatPanel.js";
import { Composer } from "./Composer.js";
import { newId, type StoredMessage } from "./conversations.js";
import { Figures } from "./Figures.js";
import { ModelPicker, providersFor } from "./ModelPicker.js";
import { Reply } from "./Reply.js";
import { ProviderSelect } from "./SettingsFields.js";
import { streamChat } from "./stream.js";

export interface Side {
  modelId: string;
  provider?: string;
}

interface ComparePanelProps {
  models: HubModel[];
  sides: [Side, Side];
  onSide(index: 0 | 1, side: Side): void;
  settings: Omit<ChatSettings, "model" | "provider">;
}

/** The model of a side: from the loaded list, else fetched (an id from the URL not in the list). */
function useSideModel(models: HubModel[], id: string): HubModel | undefined {
  const listed = models.find((model) => model.id === id);
  const [fetched, setFetched] = useState<HubModel | undefined>();
  useEffect(() => {
    if (listed || !id) return;
    const abort = new AbortController();
    getModel(id, abort.signal).then(setFetched, () => undefined);
    return () => abort.abort();
  }, [listed, id]);
  return listed ?? (fetched?.id === id ? fetched : undefined);
}

interface SideState {
  messages: StoredMessage[];
  streaming?: string;
  error?: unknown;
}

const EMPTY_SIDE: SideState = { messages: [] };

/** One side's model, provider and conversation. */
function CompareSide({
  index,
  ids,
  models,
  side,
  resolved,
  state,
  onSide,
}: {
  index: 0 | 1;
  ids: string;
  models: HubModel[];
  side: Side;
  resolved: ResolvedSide;
  state: SideState;
  onSide(index: 0 | 1, side: Side): void;
}) {
  const { model, providers, provider } = resolved;
  const letter = index === 0 ? "A" : "B";
  return (
    <section className="compare-side" aria-label={`Side ${letter}`} data-side={letter}>
      <ModelPicker
        label={`Model ${letter}`}
        models={models}
        value={side.modelId}
        task="conversational"
        onChange={(id) => onSide(index, { modelId: id })}
      />
      <ProviderSelect
        id={`${ids}-provider-${index}`}
        label={`Provider ${letter}`}
        model={model}
        providers={providers}
        value={provider}
        onChange={(value) => onSide(index, { ...side, provider: value })}
      />
      <ol className="messages" aria-live="polite" aria-label={`Messages of side ${letter}`}>
        {state.messages.map((message) => (
          <li key={message.id} className={`message ${message.role}`}>
            <span className="role">
              {message.role}
              {message.stopped && <span className="badge warning">stopped</span>}
            </span>
            {message.role === "assistant" ? <Reply text={message.content} /> : <p>{message.content}</p>}
            {message.metrics && <Figures metrics={message.metrics} />}
          </li>
        ))}
        {state.streaming !== undefined && <StreamingMessage text={state.streaming} />}
      </ol>
      {state.error !== undefined && <ErrorNotice error={state.error} context={`Side ${letter} failed`} />}
    </section>
  );
}

interface ResolvedSide {
  model?: HubModel;
  providers: string[];
  provider?: string;
}

/** Both sides' models and providers (the one asked for when it serves the model, else the first). */
function useResolvedSides(models: HubModel[], sides: [Side, Side]): ResolvedSide[] {
  const modelA = useSideModel(models, sides[0].modelId);
  const modelB = useSideModel(models, sides[1].modelId);
  return [modelA, modelB].map((model, index) => {
    const providers = providersFor(model, "conversational");
    const wanted = sides[index].provider;
    return { model, providers, provider: wanted && providers.includes(wanted) ? wanted : providers[0] };
  });
}

export function ComparePanel({ models, sides, onSide, settings }: ComparePanelProps) {
  const ids = useId();
  const resolved = useResolvedSides(models, sides);
  const [state, setState] = useState<[SideState, SideState]>([EMPTY_SIDE, EMPTY_SIDE]);
  const [draft, setDraft] = useState("");
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => controller.current?.abort(), []);

  const patch = (index: number, change: Partial<SideState>) =>
    setState((previous) => {
      const next = [...previous] as [SideState, SideState];
      next[index] = { ...next[index], ...change };
      return next;
    });

  const ready = resolved.every((side) => side.model && side.provider) && !settings.invalid;

  const send = async () => {
    const text = draft.trim();
    if (running || !ready || !text) return;
    const abort = new AbortController();
    controller.current = abort;
    setRunning(true);
    setDraft("");
    const client = await createClient(settings.token);
    const question: StoredMessage = { id: newId(), role: "user", content: text };
    await Promise.all(
      resolved.map(async ({ model, provider }, index) => {
        const history = [...state[index].messages, question];
        patch(index, { messages: history, streaming: "", error: undefined });
        try {
          const outcome = await streamChat(
            client,
            {
              model: model!.id,
              provider: provider!,
              messages: requestMessages(settings.system, history),
              temperature: settings.temperature,
              max_tokens: settings.max_tokens,
              top_p: settings.top_p,
            },
            abort.signal,
            (streamed) => patch(index, { streaming: streamed }),
          );
          const reply: StoredMessage = {
            id: newId(),
            role: "assistant",
            content: outcome.text,
            stopped: outcome.aborted || undefined,
            metrics: outcome.metrics,
          };
          patch(index, { messages: outcome.text ? [...history, reply] : history, streaming: undefined });
        } catch (caught) {
          patch(index, { streaming: undefined, error: caught });
        }
      }),
    );
    setRunning(false);
    controller.current = undefined;
  };

  return (
    <div className="compare">
      <div className="compare-columns">
        {([0, 1] as const).map((index) => (
          <CompareSide
            key={index}
            index={index}
            ids={ids}
            models={models}
            side={sides[index]}
            resolved={resolved[index]}
            state={state[index]}
            onSide={onSide}
          />
        ))}
      </div>
      <Composer
        id={`${ids}-draft`}
        label="Message to both"
        labelHidden
        rows={2}
        placeholder="One prompt, two answers… (Enter to send)"
        value={draft}
        onChange={setDraft}
        onSubmit={() => void send()}
        running={running}
        onStop={() => controller.current?.abort()}
        submitLabel={
          <>
            <Send size={16} aria-hidden /> Send to both
          </>
        }
        submitDisabled={!ready}
      >
        <button
          type="button"
          className="button"
          disabled={running || state.every((side) => side.messages.length === 0)}
          onClick={() => setState([EMPTY_SIDE, EMPTY_SIDE])}
        >
          <Plus size={16} aria-hidden /> New comparison
        </button>
      </Composer>
    </div>
  );
}
