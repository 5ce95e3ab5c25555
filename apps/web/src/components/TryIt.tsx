// "Try it": runs one model through the browser's inference client (same-origin proxy) with a form
// made for its task (fields, lists, tables, file pickers with the demo file preselected) and renders
// the result as the task calls for. Failures show the client's message; a running call can be
// stopped; asynchronous jobs show their progress.
import { Play, Plus, Square, X } from "lucide-react";
import type { InferenceProgress, InferenceProviderOrPolicy } from "@hubkit/inference";
import { getModelInputExample } from "@hubkit/tasks/snippets/inputs";
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from "react";
import type { HubModel } from "../lib/api.js";
import { demoAssetUrl, toModelData } from "../lib/api.js";
import { toWav } from "../lib/audio.js";
import { createClient } from "../lib/inference.js";
import { NOT_ROUTED_PROVIDERS } from "../lib/providers.js";
import { useToken } from "../lib/token.js";
import {
  ACCEPTED_AUDIO_TYPES,
  TRY_TASKS,
  initialValues,
  type FieldValue,
  type FormValues,
  type TableValue,
  type Sent,
  type TryField,
  type TryResultValue,
  type TrySpec,
} from "../lib/try-tasks.js";
import { ErrorNotice } from "./Feedback.js";

const loadResultView = () => import("./TryResult.js");
const ResultView = lazy(loadResultView);

interface TryItProps {
  model: HubModel;
  provider: string | undefined;
  task: string | undefined;
  /** starting text when the catalogue has no example for the task */
  initialInput?: string;
  /** demo file preselected in the task's image or audio picker */
  exampleFile?: string;
}

type ClientMethod = (
  args: Record<string, unknown>,
  options?: { signal?: AbortSignal; onProgress?: (progress: InferenceProgress) => void },
) => unknown;

/** The picked file, else the demo file; with an object URL to preview it. */
function FileInput({
  field,
  id,
  file,
  exampleFile,
  onChange,
}: {
  field: Extract<TryField, { kind: "image" | "audio" }>;
  id: string;
  file: File | undefined;
  exampleFile: string | undefined;
  onChange(file: File | undefined): void;
}) {
  const [previewUrl, setPreviewUrl] = useState<string | undefined>();
  useEffect(() => {
    if (!file) return setPreviewUrl(undefined);
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const demo =
    exampleFile &&
    (field.kind === "image" ? /\.(png|jpe?g|gif|webp)$/i : /\.(wav|flac|mp3|ogg)$/i).test(exampleFile)
      ? exampleFile
      : undefined;
  const src = previewUrl ?? (demo ? demoAssetUrl(demo) : undefined);
  return (
    <div className="field">
      <label htmlFor={id}>
        {field.label}
        {field.optional ? " (optional)" : ""}
      </label>
      <div className="file-field">
        <input
          id={id}
          type="file"
          accept={field.kind === "image" ? "image/*" : "audio/*"}
          onChange={(event) => onChange(event.target.files?.[0])}
          aria-describedby={`${id}-selected`}
        />
        <p className="hint" id={`${id}-selected`}>
          {file ? (
            <>
              Selected: <code>{file.name}</code>
            </>
          ) : demo ? (
            <>
              Selected: the demo file <code>{demo}</code>
            </>
          ) : field.optional ? (
            "No file: the text is sent alone."
          ) : (
            "No file selected."
          )}
        </p>
      </div>
      {src &&
        (field.kind === "image" ? (
          <img className="file-preview" src={src} alt={`Selected image: ${file?.name ?? demo}`} />
        ) : (
          <audio controls src={src} aria-label={`Selected audio: ${file?.name ?? demo}`} />
        ))}
    </div>
  );
}

function ListInput({
  field,
  id,
  value,
  onChange,
}: {
  field: Extract<TryField, { kind: "list" }>;
  id: string;
  value: string[];
  onChange(value: string[]): void;
}) {
  const wide = field.name !== "labels";
  return (
    <fieldset className="field">
      <legend>{field.label}</legend>
      <ul className={`field-list${wide ? " wide" : ""}`}>
        {value.map((item, index) => (
          <li key={index}>
            <input
              type="text"
              id={index === 0 ? id : undefined}
              aria-label={`${field.itemLabel} ${index + 1}`}
              value={item}
              size={wide ? undefined : Math.max(8, item.length + 1)}
              onChange={(event) => onChange(value.map((old, i) => (i === index ? event.target.value : old)))}
            />
            {value.length > 1 && (
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove ${field.itemLabel.toLowerCase()} ${index + 1}`}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                <X size={14} aria-hidden />
              </button>
            )}
          </li>
        ))}
        <li>
          <button type="button" className="button small" onClick={() => onChange([...value, ""])}>
            <Plus size={14} aria-hidden /> Add {field.itemLabel.toLowerCase()}
          </button>
        </li>
      </ul>
    </fieldset>
  );
}

function TableInput({
  field,
  value,
  onChange,
}: {
  field: Extract<TryField, { kind: "table" }>;
  value: TableValue;
  onChange(value: TableValue): void;
}) {
  const setCell = (row: number, column: number, text: string) =>
    onChange({
      columns: value.columns,
      rows: value.rows.map((cells, r) =>
        r === row ? cells.map((cell, c) => (c === column ? text : cell)) : cells,
      ),
    });
  return (
    <fieldset className="field">
      <legend>{field.label}</legend>
      <div className="table-wrap table-input" tabIndex={-1}>
        <table>
          <thead>
            <tr>
              {value.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {value.rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((cell, columnIndex) => (
                  <td key={columnIndex}>
                    <input
                      type="text"
                      aria-label={`${value.columns[columnIndex]}, row ${rowIndex + 1}`}
                      value={cell}
                      onChange={(event) => setCell(rowIndex, columnIndex, event.target.value)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button
        type="button"
        className="button small"
        onClick={() =>
          onChange({ columns: value.columns, rows: [...value.rows, value.columns.map(() => "")] })
        }
      >
        <Plus size={14} aria-hidden /> Add a row
      </button>
    </fieldset>
  );
}

const STATUS_LABELS: Record<InferenceProgress["status"], string> = {
  submitted: "Submitted",
  queued: "In queue",
  running: "Running",
  done: "Done",
  failed: "Failed",
};

function ProgressView({
  progress,
  elapsedMs,
}: {
  progress: InferenceProgress | undefined;
  elapsedMs: number;
}) {
  return (
    <p className="try-progress" role="status" aria-live="polite">
      <span className="badge">{progress ? STATUS_LABELS[progress.status] : "Sent"}</span>
      {progress?.queuePosition !== undefined && <span>Position in queue: {progress.queuePosition}</span>}
      {progress?.providerStatus && <code>{progress.providerStatus}</code>}
      <span>{(Math.max(elapsedMs, progress?.elapsedMs ?? 0) / 1000).toFixed(1)} s</span>
    </p>
  );
}

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsDataURL(blob);
  });
}

/** The example for `task` (not the model's pipeline: a task page may run a model of another pipeline). */
function exampleFor(model: HubModel, task: string) {
  const data = toModelData(model);
  const chat = task === "conversational" || task === "image-text-to-text";
  return getModelInputExample({
    ...data,
    pipeline_tag: (task === "conversational" ? "text-generation" : task) as typeof data.pipeline_tag,
    tags: chat ? ["conversational"] : data.tags,
  });
}

/** The form's values as the client takes them: files as Blobs (the demo file when none is picked). */
async function collectInputs(
  spec: TrySpec,
  values: FormValues,
  { provider, task, exampleFile }: { provider: string; task: string | undefined; exampleFile?: string },
  signal: AbortSignal,
): Promise<Sent> {
  const out: Record<string, unknown> = { ...values };
  let imageUrl: string | undefined;
  for (const field of spec.fields) {
    if (field.kind === "image" || field.kind === "audio") {
      let blob: Blob | undefined = values[field.name] as File | undefined;
      if (!blob && exampleFile) {
        const response = await fetch(demoAssetUrl(exampleFile), { signal });
        if (!response.ok)
          throw new Error(`The demo file ${exampleFile} could not be loaded (HTTP ${response.status})`);
        blob = await response.blob();
      }
      if (!blob) {
        if (field.optional) continue;
        throw new Error(`Pick ${field.kind === "image" ? "an image" : "an audio file"} first`);
      }
      const accepted = ACCEPTED_AUDIO_TYPES[provider];
      if (
        field.kind === "audio" &&
        task === "automatic-speech-recognition" &&
        accepted &&
        !accepted.includes(blob.type)
      )
        blob = await toWav(blob);
      if (field.kind === "image") {
        imageUrl = URL.createObjectURL(blob);
        if (task === "image-text-to-text") out.imageUrl = await blobToDataUrl(blob);
      }
      out[field.name] = blob;
    } else if (field.kind === "text" || field.kind === "line") {
      if (!String(values[field.name] ?? "").trim())
        throw new Error(`Type ${field.label.toLowerCase()} first`);
    } else if (field.kind === "list") {
      if (!((values[field.name] as string[] | undefined) ?? []).some((item) => item.trim()))
        throw new Error(`Give at least one ${field.itemLabel.toLowerCase()}`);
    }
  }
  return { imageUrl, values: out };
}

/** The task's input fields. */
function TryFields({
  spec,
  values,
  id,
  exampleFile,
  setValue,
}: {
  spec: TrySpec;
  values: FormValues;
  id: string;
  exampleFile?: string;
  setValue: (name: string, value: FieldValue) => void;
}) {
  return (
    <div className="try-fields">
      {spec.fields.map((field) => {
        const fieldId = `${id}-${field.name}`;
        switch (field.kind) {
          case "image":
          case "audio":
            return (
              <FileInput
                key={field.name}
                field={field}
                id={fieldId}
                file={values[field.name] as File | undefined}
                exampleFile={exampleFile}
                onChange={(file) => setValue(field.name, file)}
              />
            );
          case "list":
            return (
              <ListInput
                key={field.name}
                field={field}
                id={fieldId}
                value={(values[field.name] as string[] | undefined) ?? [""]}
                onChange={(list) => setValue(field.name, list)}
              />
            );
          case "table":
            return (
              <TableInput
                key={field.name}
                field={field}
                value={(values[field.name] as TableValue | undefined) ?? { columns: [], rows: [] }}
                onChange={(table) => setValue(field.name, table)}
              />
            );
          case "line":
            return (
              <div className="field" key={field.name}>
                <label htmlFor={fieldId}>{field.label}</label>
                <input
                  id={fieldId}
                  type="text"
                  value={String(values[field.name] ?? "")}
                  onChange={(event) => setValue(field.name, event.target.value)}
                />
              </div>
            );
          case "text":
            return (
              <div className="field" key={field.name}>
                <label htmlFor={fieldId}>{field.label}</label>
                <textarea
                  id={fieldId}
                  rows={field.rows ?? 3}
                  value={String(values[field.name] ?? "")}
                  onChange={(event) => setValue(field.name, event.target.value)}
                />
              </div>
            );
        }
      })}
    </div>
  );
}

export function TryIt({ model, provider, task, initialInput, exampleFile }: TryItProps) {
  const spec = task ? TRY_TASKS[task] : undefined;
  const { token } = useToken();
  const id = useId();
  const defaults = useMemo(
    () => (spec && task ? initialValues(spec, exampleFor(model, task), initialInput) : {}),
    [spec, task, model, initialInput],
  );
  const [values, setValues] = useState<FormValues>(defaults);
  const [running, setRunning] = useState(false);
  // Off in the server's HTML and until this runs in the browser: a click on a Run button that
  // nothing listens to yet would be lost.
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  const [result, setResult] = useState<TryResultValue | undefined>();
  const [sent, setSent] = useState<Sent>({ values: {} });
  const [error, setError] = useState<unknown>();
  const [progress, setProgress] = useState<InferenceProgress | undefined>();
  const [elapsedMs, setElapsedMs] = useState(0);
  const controller = useRef<AbortController | undefined>(undefined);

  useEffect(() => {
    setValues(defaults);
    setResult(undefined);
    setError(undefined);
  }, [defaults]);
  useEffect(() => () => controller.current?.abort(), []);
  // Object URLs live as long as the result that shows them.
  useEffect(
    () => () => {
      if (result?.kind === "blob") URL.revokeObjectURL(result.url);
    },
    [result],
  );
  useEffect(
    () => () => {
      if (sent.imageUrl?.startsWith("blob:")) URL.revokeObjectURL(sent.imageUrl);
    },
    [sent],
  );
  useEffect(() => {
    if (!running) return;
    const started = Date.now();
    setElapsedMs(0);
    const timer = setInterval(() => setElapsedMs(Date.now() - started), 200);
    return () => clearInterval(timer);
  }, [running]);

  if (!spec) {
    return (
      <p className="muted">
        No inference provider route covers {task ? <code>{task}</code> : "this model"} in the client yet, so
        it cannot be tried here: run it locally with its library.
      </p>
    );
  }
  if (!provider)
    return <p className="muted">No inference provider serves this model, so it cannot be tried here.</p>;
  if (NOT_ROUTED_PROVIDERS.has(provider)) {
    return (
      <p className="muted">
        The router no longer serves {provider}: call it directly with its own key (see the snippets above).
      </p>
    );
  }

  const setValue = (name: string, value: FieldValue) => setValues((old) => ({ ...old, [name]: value }));

  const run = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setRunning(true);
    setError(undefined);
    setResult(undefined);
    setProgress(undefined);
    try {
      // The renderers load while the call runs.
      void loadResultView();
      const client = await createClient(token);
      const prepared = await collectInputs(spec, values, { provider, task, exampleFile }, abort.signal);
      setSent(prepared);
      const args = {
        model: model.id,
        provider: provider as InferenceProviderOrPolicy,
        ...spec.args(prepared.values),
      };
      if (spec.output === "chat") {
        let text = "";
        for await (const chunk of client.chatCompletionStream(args as never, { signal: abort.signal })) {
          text += chunk.choices?.[0]?.delta?.content ?? "";
          setResult({ kind: "chat", text, done: false });
        }
        setResult({ kind: "chat", text, done: true });
        return;
      }
      const method = (client as unknown as Record<string, ClientMethod>)[spec.method].bind(client);
      const value = await method(args, { signal: abort.signal, onProgress: setProgress });
      if (value instanceof Blob) {
        const fallbackType =
          spec.output === "audio" ? "audio/wav" : spec.output === "video" ? "video/mp4" : "image/png";
        setResult({ kind: "blob", url: URL.createObjectURL(value), type: value.type || fallbackType });
      } else setResult({ kind: "value", value });
    } catch (caught) {
      if (!abort.signal.aborted) setError(caught);
    } finally {
      setRunning(false);
      controller.current = undefined;
    }
  };

  const stop = () => controller.current?.abort();

  return (
    <form
      className="try-it"
      data-task={task}
      onSubmit={(event) => {
        event.preventDefault();
        void run();
      }}
    >
      <TryFields spec={spec} values={values} id={id} exampleFile={exampleFile} setValue={setValue} />
      <div className="actions">
        <button key="run" type="submit" className="button primary" disabled={running || !interactive}>
          <Play size={16} aria-hidden /> {running ? "Running…" : "Run"}
        </button>
        {running && (
          <button key="stop" type="button" className="button" onClick={stop}>
            <Square size={16} aria-hidden /> Stop
          </button>
        )}
        <span className="muted small">
          {model.id} on {provider}
        </span>
      </div>
      {running && (spec.job || progress) && <ProgressView progress={progress} elapsedMs={elapsedMs} />}
      <div className="try-output" aria-live="polite">
        {error !== undefined && <ErrorNotice error={error} context="The call failed" />}
        {result && (
          <Suspense fallback={<p className="muted">Rendering the result…</p>}>
            <ResultView spec={spec} result={result} sent={sent} />
          </Suspense>
        )}
      </div>
    </form>
  );
}
