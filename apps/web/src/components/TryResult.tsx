// The result renderers of "Try it", in their own chunk: loaded when Run is pressed, so the first
// load of task and model pages carries only the form.
import type { Sent, TableValue, TryResultValue, TrySpec } from "../lib/try-tasks.js";
import { ModelViewer } from "./ModelViewer.js";
import { DataTable } from "./DataTable.js";
import { LabelBars, TaggedText, VideoPlayer, type ScoredLabel } from "./Outputs.js";
import { BoxesOverlay, MasksOverlay, type DetectedBox, type SegmentMask } from "./Overlays.js";
import { lazy, Suspense } from "react";

// Markdown (marked + highlight.js) only loads once a chat reply arrives.
const ChatMarkdown = lazy(() => import("./ChatMarkdown.js"));

function asLabels(value: unknown): ScoredLabel[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const items = value
    .flat()
    .filter((item): item is Record<string, unknown> => typeof item === "object" && item !== null);
  const labels = items
    .map((item) => ({
      label: String(item.label ?? item.token_str ?? item.answer ?? item.sequence ?? item.entity_group ?? "?"),
      score: Number(item.score),
    }))
    .filter((item) => Number.isFinite(item.score));
  return labels.length > 0 ? labels : undefined;
}

/** zero-shot answers {labels, scores} rather than a list. */
function asParallelLabels(value: unknown): ScoredLabel[] | undefined {
  const record = (Array.isArray(value) ? value[0] : value) as
    { labels?: unknown; scores?: unknown } | undefined;
  if (!record || !Array.isArray(record.labels) || !Array.isArray(record.scores)) return undefined;
  return record.labels.map((label, index) => ({
    label: String(label),
    score: Number((record.scores as unknown[])[index]),
  }));
}

function asText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === "string") return first;
  if (first && typeof first === "object") {
    for (const key of ["generated_text", "summary_text", "translation_text", "text", "answer"]) {
      const text = (first as Record<string, unknown>)[key];
      if (typeof text === "string") return text;
    }
  }
  return undefined;
}

function first(value: unknown): Record<string, unknown> | undefined {
  const item = Array.isArray(value) ? value[0] : value;
  return item && typeof item === "object" ? (item as Record<string, unknown>) : undefined;
}

function JsonView({ value }: { value: unknown }) {
  let text = JSON.stringify(
    value,
    (_key, item: unknown) => (typeof item === "number" ? Number(item.toFixed(4)) : item),
    2,
  );
  if (text && text.length > 4000) text = `${text.slice(0, 4000)}\n… (${text.length - 4000} more characters)`;
  return (
    <pre className="json-view" tabIndex={0} aria-label="Result as JSON">
      {text}
    </pre>
  );
}

function AnswerView({ value, context }: { value: unknown; context?: string }) {
  const answer = first(value);
  if (!answer || typeof answer.answer !== "string") return <JsonView value={value} />;
  const start = Number(answer.start);
  const end = Number(answer.end);
  const inContext =
    context !== undefined &&
    Number.isInteger(start) &&
    Number.isInteger(end) &&
    end > start &&
    end <= context.length;
  return (
    <>
      <p className="answer">
        <span className="muted small">Answer</span> <strong>{answer.answer}</strong>
        {typeof answer.score === "number" && <span className="score">score {answer.score.toFixed(3)}</span>}
      </p>
      {inContext && (
        <p className="answer-context">
          {context.slice(0, start)}
          <mark>{context.slice(start, end)}</mark>
          {context.slice(end)}
        </p>
      )}
    </>
  );
}

function TableAnswerView({ value, table }: { value: unknown; table?: TableValue }) {
  const answer = first(value);
  if (!answer || typeof answer.answer !== "string") return <JsonView value={value} />;
  const coordinates = Array.isArray(answer.coordinates) ? (answer.coordinates as number[][]) : [];
  return (
    <>
      <p className="answer">
        <span className="muted small">Answer</span> <strong>{answer.answer}</strong>
        {typeof answer.aggregator === "string" && answer.aggregator !== "NONE" && (
          <span className="badge">{answer.aggregator}</span>
        )}
      </p>
      {table && (
        <DataTable
          columns={table.columns}
          rows={table.rows}
          label="The table, with the cells of the answer marked"
          highlight={new Set(coordinates.map(([row, column]) => `${row},${column}`))}
        />
      )}
    </>
  );
}

function VectorView({ value }: { value: unknown }) {
  const flat = (Array.isArray(value) ? value.flat(2) : []).filter(
    (item): item is number => typeof item === "number",
  );
  if (flat.length === 0) return <JsonView value={value} />;
  return (
    <>
      <p className="answer">
        <strong>{flat.length}</strong> <span className="muted small">dimensions</span>
      </p>
      <p className="vector-view">
        [
        {flat
          .slice(0, 12)
          .map((item) => item.toFixed(4))
          .join(", ")}
        {flat.length > 12 ? ", …" : ""}]
      </p>
    </>
  );
}

function AudioList({ value }: { value: unknown }) {
  const items = (Array.isArray(value) ? value : []).filter(
    (item): item is Record<string, unknown> =>
      typeof item === "object" && item !== null && typeof item.blob === "string",
  );
  if (items.length === 0) return <JsonView value={value} />;
  return (
    <ul className="audio-list">
      {items.map((item, index) => {
        const label = String(item.label ?? `Output ${index + 1}`);
        return (
          <li key={index}>
            <span className="demo-label">{label}</span>
            <audio
              controls
              src={`data:${String(item["content-type"] ?? "audio/wav")};base64,${item.blob as string}`}
              aria-label={label}
            />
          </li>
        );
      })}
    </ul>
  );
}

function ResultBody({ spec, result, sent }: { spec: TrySpec; result: TryResultValue; sent: Sent }) {
  if (result.kind === "chat") {
    return (
      <div className="result-text chat-reply" aria-busy={!result.done}>
        <Suspense fallback={<p className="result-text">{result.text}</p>}>
          <ChatMarkdown text={result.text} />
        </Suspense>
      </div>
    );
  }
  if (result.kind === "blob") {
    if (result.type.startsWith("audio"))
      return <audio controls src={result.url} aria-label="Generated audio" />;
    // A glTF binary (3D tasks) turns in the viewer rather than showing as a file.
    if (result.type === "model/gltf-binary")
      return <ModelViewer src={result.url} label="Generated 3D model" />;
    if (result.type.startsWith("video") || spec.output === "video")
      return <VideoPlayer src={result.url} label="Generated video" />;
    return <img className="result-image" src={result.url} alt="Generated by the model" />;
  }
  const { value } = result;
  const text = sent.values.text;
  switch (spec.output) {
    case "labels": {
      const labels = asLabels(value) ?? asParallelLabels(value);
      if (labels) return <LabelBars items={labels} />;
      break;
    }
    case "tokens": {
      if (!Array.isArray(value) || typeof text !== "string") break;
      const tokens = value
        .filter((item): item is Record<string, unknown> => typeof item === "object" && item !== null)
        .map((item) => ({
          start: Number(item.start),
          end: Number(item.end),
          type: String(item.entity_group ?? item.entity ?? "?"),
        }))
        .filter((token) => Number.isInteger(token.start) && Number.isInteger(token.end));
      if (tokens.length > 0) return <TaggedText text={text} tokens={tokens} />;
      break;
    }
    case "text":
    case "chat": {
      const answer = asText(value);
      if (answer !== undefined) return <p className="result-text">{answer}</p>;
      break;
    }
    case "answer":
      if (
        Array.isArray(value) &&
        value.length > 1 &&
        first(value)?.answer !== undefined &&
        !sent.values.context
      ) {
        const labels = asLabels(value);
        if (labels) return <LabelBars items={labels} caption="Answers" />;
      }
      return <AnswerView value={value} context={sent.values.context as string | undefined} />;
    case "table-answer":
      return <TableAnswerView value={value} table={sent.values.table as TableValue | undefined} />;
    case "vector":
      return <VectorView value={value} />;
    case "similarity": {
      const sentences = (sent.values.sentences as string[] | undefined) ?? [];
      if (Array.isArray(value) && value.every((item) => typeof item === "number")) {
        return (
          <LabelBars
            caption={`Similarity to “${String(sent.values.source ?? "")}”`}
            items={(value as number[]).map((score, index) => ({
              label: sentences[index] ?? `#${index + 1}`,
              score,
            }))}
          />
        );
      }
      break;
    }
    case "predictions": {
      const table = sent.values.table as TableValue | undefined;
      if (table && Array.isArray(value)) {
        return (
          <DataTable
            columns={[...table.columns, "Prediction"]}
            rows={table.rows.map((row, index) => [
              ...row,
              typeof value[index] === "number"
                ? Number((value[index] as number).toFixed(4)).toString()
                : String(value[index] ?? ""),
            ])}
            label="Predictions, one per row"
          />
        );
      }
      break;
    }
    case "boxes": {
      const boxes = (Array.isArray(value) ? value : []).filter(
        (item): item is DetectedBox => typeof item === "object" && item !== null && "box" in item,
      );
      if (boxes.length > 0 && sent.imageUrl)
        return (
          <BoxesOverlay src={sent.imageUrl} boxes={boxes} alt="The input image with the detected objects" />
        );
      break;
    }
    case "masks": {
      const masks = (Array.isArray(value) ? value : []).filter(
        (item): item is SegmentMask =>
          typeof item === "object" && item !== null && typeof item.mask === "string",
      );
      if (masks.length > 0 && sent.imageUrl)
        return <MasksOverlay src={sent.imageUrl} masks={masks} alt="The input image with its segments" />;
      break;
    }
    case "audios":
      return <AudioList value={value} />;
  }
  return <JsonView value={value} />;
}

/** The result, in a box that says which renderer it uses (`data-output`). */
export default function ResultView(props: { spec: TrySpec; result: TryResultValue; sent: Sent }) {
  return (
    <div className="try-result" data-output={props.spec.output}>
      <ResultBody {...props} />
    </div>
  );
}
