// Chat: the open conversation (saved in the browser), streamed replies with their speed, per-message
// copy / edit / delete / regenerate, image attachments for vision-language models, Stop.
import { CircleStop, ImagePlus, Plus, Send, X } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { ErrorNotice } from "../components/Feedback.js";
import { policyModelId, policyOf } from "../lib/policies.js";
import type { HubModel } from "../lib/api.js";
import { createClient } from "../lib/inference.js";
import {
  hasConversation,
  newId,
  openConversation,
  saveConversation,
  useConversations,
  type StoredMessage,
} from "./conversations.js";
import { Composer } from "./Composer.js";
import { imageToDataUrl } from "./images.js";
import { MessageItem } from "./MessageItem.js";
import { takesImages } from "./ModelPicker.js";
import { PlaygroundCode } from "./PlaygroundCode.js";
import { Reply } from "./Reply.js";
import { streamChat, type ApiMessage, type Usage } from "./stream.js";

export interface ChatSettings {
  model?: HubModel;
  provider?: string;
  system: string;
  temperature: number;
  max_tokens: number;
  top_p: number;
  /** settings errors: sending is off while there are any */
  invalid: boolean;
  token: string;
}

/** A message as the API takes it; images as OpenAI `image_url` content parts. */
export function toApi(
  message: Pick<StoredMessage, "role" | "content" | "images">,
  imageUrl?: string,
): ApiMessage {
  if (!message.images?.length) return { role: message.role, content: message.content };
  return {
    role: message.role,
    content: [
      { type: "text", text: message.content },
      ...message.images.map((url) => ({ type: "image_url" as const, image_url: { url: imageUrl ?? url } })),
    ],
  };
}

/** The messages of a request: the system prompt, if any, then `history`. */
export function requestMessages(system: string, history: StoredMessage[], imageUrl?: string): ApiMessage[] {
  return [
    ...(system ? [{ role: "system" as const, content: system }] : []),
    ...history.map((m) => toApi(m, imageUrl)),
  ];
}

/** A reply under way: its text so far, or a typing mark until the first token. */
export function StreamingMessage({ text, testId }: { text: string; testId?: string }) {
  return (
    <li className="message assistant streaming" data-testid={testId}>
      <span className="role">assistant</span>
      {text ? <Reply text={text} streaming /> : <p className="muted typing">…</p>}
    </li>
  );
}

type Stopped = "partial" | "empty";

/**
 * One chat call at a time: streams a reply to a history and saves it in its conversation, with the
 * call's state (the text so far, where it streams, usage, why it stopped, its error).
 */
function useChatCall(settings: ChatSettings, save: (id: string, next: StoredMessage[]) => void) {
  const { model, provider, system } = settings;
  const [streaming, setStreaming] = useState<string | undefined>();
  /** the conversation the reply under way belongs to */
  const [streamingFor, setStreamingFor] = useState<string | undefined>();
  const [stopped, setStopped] = useState<Stopped | undefined>();
  const [running, setRunning] = useState(false);
  const [usage, setUsage] = useState<Usage | undefined>();
  const [error, setError] = useState<unknown>();
  const controller = useRef<AbortController | undefined>(undefined);

  useEffect(() => () => controller.current?.abort(), []);

  /** Streams a reply to `history` (ending with a user message) and saves it in conversation `id`. */
  const run = async (id: string, history: StoredMessage[]) => {
    if (!model || !provider) return;
    const abort = new AbortController();
    controller.current = abort;
    setRunning(true);
    setError(undefined);
    setUsage(undefined);
    setStopped(undefined);
    setStreaming("");
    setStreamingFor(id);
    save(id, history);
    try {
      const client = await createClient(settings.token);
      const outcome = await streamChat(
        client,
        {
          // A policy (":cheapest") is the router's: the suffixed id to the hub router's OpenAI route,
          // also without a token (the client's "auto" route insists on one; the hub serves either).
          ...(policyOf(provider)
            ? {
                model: policyModelId(model.id, policyOf(provider)!),
                provider: "hf-inference",
                endpointUrl: `${location.origin}/router`,
              }
            : { model: model.id, provider }),
          messages: requestMessages(system, history),
          temperature: settings.temperature,
          max_tokens: settings.max_tokens,
          top_p: settings.top_p,
        },
        abort.signal,
        setStreaming,
      ).catch((caught: Error & { partial?: Awaited<ReturnType<typeof streamChat>> }) => {
        // Keep what arrived before the failure, then show the error.
        setError(caught);
        return caught.partial;
      });
      // Deleted while the reply streamed: it stays deleted.
      if (outcome?.text && hasConversation(id)) {
        const reply: StoredMessage = {
          id: newId(),
          role: "assistant",
          content: outcome.text,
          stopped: outcome.aborted || undefined,
          model: model.id,
          provider,
          metrics: outcome.metrics,
        };
        save(id, [...history, reply]);
      }
      if (outcome?.aborted) setStopped(outcome.text ? "partial" : "empty");
      else if (outcome?.usage) setUsage(outcome.usage);
    } catch (caught) {
      if (!abort.signal.aborted) setError(caught);
    } finally {
      setStreaming(undefined);
      setRunning(false);
      controller.current = undefined;
    }
  };

  /** Clears what the last call left (a new chat starts clean). */
  const reset = () => {
    setStopped(undefined);
    setUsage(undefined);
    setError(undefined);
  };
  const stop = () => controller.current?.abort();
  return { run, stop, reset, running, streaming, streamingFor, stopped, usage, error, setError };
}

/** The conversation's messages, the reply under way, or what will appear here. */
function MessageList({
  messages,
  busy,
  streaming,
  onChange,
  onRegenerate,
}: {
  messages: StoredMessage[];
  busy: boolean;
  /** the reply streaming into this conversation, if any */
  streaming?: string;
  onChange(next: StoredMessage[]): void;
  /** asks again for the reply at `index` */
  onRegenerate(index: number): void;
}) {
  return (
    <>
      <ol className="messages" aria-live="polite" aria-label="Messages">
        {messages.map((message, index) => (
          <MessageItem
            key={message.id}
            message={message}
            busy={busy}
            onEdit={(content) => onChange(messages.map((m, i) => (i === index ? { ...m, content } : m)))}
            onDelete={() => onChange(messages.filter((_, i) => i !== index))}
            onRegenerate={
              message.role === "assistant" && messages[index - 1]?.role === "user"
                ? () => onRegenerate(index)
                : undefined
            }
          />
        ))}
        {streaming !== undefined && <StreamingMessage text={streaming} testId="streaming" />}
      </ol>
      {messages.length === 0 && streaming === undefined && (
        <p className="muted chat-empty">
          Replies stream in here, with their Markdown, code and reasoning rendered; any message can then be
          edited, regenerated, copied or deleted.
        </p>
      )}
    </>
  );
}

function StopNote({ stopped }: { stopped: Stopped }) {
  return (
    <p className="muted stop-note" role="status" data-testid="stopped">
      <CircleStop size={15} aria-hidden />{" "}
      {stopped === "partial"
        ? "Stopped: the reply ends where you pressed Stop."
        : "Stopped before the model sent anything."}
    </p>
  );
}

/** The images attached to the message being written, each with a remove button. */
function Attachments({ images, onRemove }: { images: string[]; onRemove(index: number): void }) {
  if (images.length === 0) return null;
  return (
    <ul className="attachments" aria-label="Attached images">
      {images.map((src, index) => (
        <li key={index}>
          <img src={src} alt={`Attachment ${index + 1}`} />
          <button
            type="button"
            className="icon-button"
            aria-label={`Remove attachment ${index + 1}`}
            onClick={() => onRemove(index)}
          >
            <X size={14} aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** "Attach image" for vision-language models: a hidden file input behind a button. */
function AttachButton({
  id,
  disabled,
  onFiles,
}: {
  id: string;
  disabled: boolean;
  onFiles(files: FileList | null, input: HTMLInputElement): void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={fileInput}
        id={id}
        type="file"
        accept="image/*"
        multiple
        className="visually-hidden"
        tabIndex={-1}
        onChange={(event) => onFiles(event.target.files, event.target)}
      />
      <button type="button" className="button" disabled={disabled} onClick={() => fileInput.current?.click()}>
        <ImagePlus size={16} aria-hidden /> Attach image
      </button>
    </>
  );
}

function UsageLine({ usage }: { usage: Usage }) {
  return (
    <span className="usage" data-testid="usage">
      Tokens: {usage.prompt_tokens ?? "?"} prompt · {usage.completion_tokens ?? "?"} completion ·{" "}
      {usage.total_tokens ?? "?"} total
    </span>
  );
}

export function ChatPanel({ settings }: { settings: ChatSettings }) {
  const { model, provider, system } = settings;
  const ids = useId();
  const store = useConversations();
  const current = store.conversations.find((entry) => entry.id === store.currentId);
  const messages = useMemo(() => current?.messages ?? [], [current]);
  const [draft, setDraft] = useState("");
  const [attachments, setAttachments] = useState<string[]>([]);
  const save = (id: string, next: StoredMessage[]) =>
    saveConversation({ id, model: model?.id, provider, system, messages: next });
  const call = useChatCall(settings, save);
  const { running, setError } = call;

  const send = () => {
    if (running || !model || !provider || settings.invalid) return;
    const text = draft.trim();
    if (!text && attachments.length === 0) {
      setError(new Error("Type a message first"));
      return;
    }
    const message: StoredMessage = { id: newId(), role: "user", content: text };
    if (attachments.length > 0) message.images = attachments;
    setDraft("");
    setAttachments([]);
    void call.run(current?.id ?? newId(), [...messages, message]);
  };

  const attach = async (files: FileList | null, input: HTMLInputElement) => {
    setError(undefined);
    try {
      const urls = await Promise.all([...(files ?? [])].map(imageToDataUrl));
      setAttachments((previous) => [...previous, ...urls]);
    } catch (caught) {
      setError(caught);
    } finally {
      input.value = "";
    }
  };

  const snippetOpts = useMemo(() => {
    const pending = draft.trim() ? [{ role: "user" as const, content: draft.trim() }] : [];
    // Images stand in as a placeholder: a data: URL would fill the snippet.
    const chat = [...requestMessages(system, messages, "data:image/jpeg;base64,…"), ...pending];
    return {
      streaming: true,
      messages: chat.some((message) => message.role === "user") ? chat : undefined,
      temperature: settings.temperature,
      max_tokens: settings.max_tokens,
      top_p: settings.top_p,
    };
  }, [system, messages, draft, settings.temperature, settings.max_tokens, settings.top_p]);

  const last = messages.at(-1);
  // A reply streams into the conversation it was asked in, even after another one is opened.
  const streamingHere = call.streaming !== undefined && call.streamingFor === current?.id;
  return (
    <>
      {store.saveError && (
        <p className="field-error" role="alert">
          {store.saveError}
        </p>
      )}
      <MessageList
        messages={messages}
        busy={running}
        streaming={streamingHere ? call.streaming : undefined}
        onChange={(next) => current && save(current.id, next)}
        onRegenerate={(index) => current && void call.run(current.id, messages.slice(0, index))}
      />
      {!running && last?.role === "user" && current && (
        <button type="button" className="button small" onClick={() => void call.run(current.id, messages)}>
          Ask for a reply again
        </button>
      )}
      {call.stopped && <StopNote stopped={call.stopped} />}
      {call.error !== undefined && <ErrorNotice error={call.error} context="The call failed" />}
      <Composer
        id={`${ids}-draft`}
        label="Message"
        labelHidden
        rows={2}
        placeholder="Ask something… (Enter to send, Shift+Enter for a new line)"
        value={draft}
        onChange={setDraft}
        onSubmit={send}
        running={running}
        onStop={call.stop}
        submitLabel={
          <>
            <Send size={16} aria-hidden /> Send
          </>
        }
        submitDisabled={!provider || settings.invalid}
        before={
          <Attachments
            images={attachments}
            onRemove={(index) => setAttachments(attachments.filter((_, i) => i !== index))}
          />
        }
      >
        {takesImages(model) && (
          <AttachButton
            id={`${ids}-image`}
            disabled={running}
            onFiles={(files, input) => void attach(files, input)}
          />
        )}
        <button
          type="button"
          className="button"
          onClick={() => {
            openConversation(undefined);
            call.reset();
          }}
          disabled={running || messages.length === 0}
        >
          <Plus size={16} aria-hidden /> New chat
        </button>
        {call.usage && <UsageLine usage={call.usage} />}
      </Composer>
      <PlaygroundCode model={model} provider={provider} opts={snippetOpts} />
    </>
  );
}
