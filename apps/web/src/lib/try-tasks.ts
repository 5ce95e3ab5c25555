// What the "Try it" panel does for each task: the form fields it asks for (prefilled from the
// catalogue's example inputs and the task's demo file), the client method it calls with them, and
// the renderer for the result. Tasks missing here have no route in the client: no in-browser try-out.
import { mappingTasksFor } from "./providers.js";
import type { ModelInputExample } from "@hubkit/tasks";

/** A table typed into the form: a header row and string cells. */
export interface TableValue {
  columns: string[];
  rows: string[][];
}

export type FieldValue = string | string[] | TableValue | File | undefined;
export type FormValues = Record<string, FieldValue>;

export type TryField =
  /** multi-line text */
  | { kind: "text"; name: string; label: string; rows?: number }
  /** one line of text */
  | { kind: "line"; name: string; label: string }
  /** a list of short texts (candidate labels, sentences), one input each */
  | { kind: "list"; name: string; label: string; itemLabel: string }
  /** a file picker; without a pick, the demo file is sent */
  | { kind: "image" | "audio"; name: string; label: string; optional?: boolean }
  /** an editable table */
  | { kind: "table"; name: string; label: string };

export type TryOutput =
  | "chat"
  | "text"
  | "labels"
  | "tokens"
  | "answer"
  | "vector"
  | "similarity"
  | "table-answer"
  | "predictions"
  | "image"
  | "audio"
  | "audios"
  | "video"
  | "boxes"
  | "masks";

export type TryResultValue =
  | { kind: "value"; value: unknown }
  | { kind: "blob"; url: string; type: string }
  | { kind: "chat"; text: string; done: boolean };

/** What was sent, kept to draw results over it and to label them. */
export interface Sent {
  imageUrl?: string;
  values: Record<string, unknown>;
}

export interface TrySpec {
  /** InferenceClient method */
  method: string;
  fields: TryField[];
  output: TryOutput;
  /** The method's arguments (besides model and provider) from the form's values; files are Blobs by then. */
  args(values: Record<string, unknown>): Record<string, unknown>;
  /** Runs as an asynchronous job (queue, polling): the panel shows its progress. */
  job?: boolean;
}

const TEXT: TryField = { kind: "text", name: "text", label: "Input" };
const PROMPT: TryField = { kind: "text", name: "text", label: "Prompt", rows: 2 };
const IMAGE: TryField = { kind: "image", name: "image", label: "Image" };
const AUDIO: TryField = { kind: "audio", name: "audio", label: "Audio" };
const QUESTION: TryField = { kind: "line", name: "question", label: "Question" };
const LABELS: TryField = {
  kind: "list",
  name: "labels",
  label: "Candidate labels",
  itemLabel: "Label",
};

const text = (values: Record<string, unknown>) => ({ inputs: values.text });
const image = (values: Record<string, unknown>) => ({ inputs: values.image });
const audio = (values: Record<string, unknown>) => ({ inputs: values.audio });
const imageAndPrompt = (values: Record<string, unknown>) => ({
  inputs: values.image,
  parameters: { prompt: values.text },
});
const labels = (values: Record<string, unknown>) =>
  ((values.labels as string[] | undefined) ?? []).map((label) => label.trim()).filter(Boolean);

/** Column name → cells, the shape table and tabular tasks send. */
export function tableColumns(table: TableValue): Record<string, string[]> {
  return Object.fromEntries(
    table.columns.map((column, index) => [column, table.rows.map((row) => row[index] ?? "")]),
  );
}

const chat: TrySpec = {
  method: "chatCompletionStream",
  fields: [{ kind: "text", name: "text", label: "Message" }],
  output: "chat",
  args: (values) => ({ messages: [{ role: "user", content: values.text }], max_tokens: 512 }),
};

export const TRY_TASKS: Record<string, TrySpec> = {
  conversational: chat,
  // A vision-language chat: the image goes as a data URL in the message's content parts.
  "image-text-to-text": {
    ...chat,
    fields: [{ ...IMAGE, optional: true }, chat.fields[0]],
    args: (values) => ({
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: values.text },
            ...(typeof values.imageUrl === "string"
              ? [{ type: "image_url", image_url: { url: values.imageUrl } }]
              : []),
          ],
        },
      ],
      max_tokens: 512,
    }),
  },
  "text-generation": { method: "textGeneration", fields: [TEXT], output: "text", args: text },
  "text2text-generation": { method: "textGeneration", fields: [TEXT], output: "text", args: text },
  summarization: { method: "summarization", fields: [TEXT], output: "text", args: text },
  translation: { method: "translation", fields: [TEXT], output: "text", args: text },
  "text-classification": { method: "textClassification", fields: [TEXT], output: "labels", args: text },
  "token-classification": { method: "tokenClassification", fields: [TEXT], output: "tokens", args: text },
  "fill-mask": { method: "fillMask", fields: [TEXT], output: "labels", args: text },
  "feature-extraction": { method: "featureExtraction", fields: [TEXT], output: "vector", args: text },
  "question-answering": {
    method: "questionAnswering",
    fields: [QUESTION, { kind: "text", name: "context", label: "Context", rows: 4 }],
    output: "answer",
    args: (values) => ({ inputs: { question: values.question, context: values.context } }),
  },
  "zero-shot-classification": {
    method: "zeroShotClassification",
    fields: [{ ...TEXT, label: "Text" }, LABELS],
    output: "labels",
    args: (values) => ({ inputs: values.text, parameters: { candidate_labels: labels(values) } }),
  },
  "sentence-similarity": {
    method: "sentenceSimilarity",
    fields: [
      { kind: "line", name: "source", label: "Source sentence" },
      { kind: "list", name: "sentences", label: "Sentences to compare", itemLabel: "Sentence" },
    ],
    output: "similarity",
    args: (values) => ({
      inputs: {
        source_sentence: values.source,
        sentences: ((values.sentences as string[] | undefined) ?? []).filter((s) => s.trim()),
      },
    }),
  },
  "table-question-answering": {
    method: "tableQuestionAnswering",
    fields: [
      { kind: "table", name: "table", label: "Table" },
      { ...QUESTION, name: "query" },
    ],
    output: "table-answer",
    args: (values) => ({
      inputs: { query: values.query, table: tableColumns(values.table as TableValue) },
    }),
  },
  "tabular-classification": {
    method: "tabularClassification",
    fields: [{ kind: "table", name: "table", label: "Rows to classify" }],
    output: "predictions",
    args: (values) => ({ inputs: { data: tableColumns(values.table as TableValue) } }),
  },
  "tabular-regression": {
    method: "tabularRegression",
    fields: [{ kind: "table", name: "table", label: "Rows to predict" }],
    output: "predictions",
    args: (values) => ({ inputs: { data: tableColumns(values.table as TableValue) } }),
  },
  "text-to-image": { method: "textToImage", fields: [PROMPT], output: "image", args: text, job: true },
  "text-to-speech": { method: "textToSpeech", fields: [TEXT], output: "audio", args: text, job: true },
  "text-to-audio": { method: "textToAudio", fields: [PROMPT], output: "audio", args: text, job: true },
  "text-to-video": { method: "textToVideo", fields: [PROMPT], output: "video", args: text, job: true },
  "image-classification": { method: "imageClassification", fields: [IMAGE], output: "labels", args: image },
  "object-detection": { method: "objectDetection", fields: [IMAGE], output: "boxes", args: image },
  "image-segmentation": { method: "imageSegmentation", fields: [IMAGE], output: "masks", args: image },
  "image-to-text": { method: "imageToText", fields: [IMAGE], output: "text", args: image },
  "image-to-image": {
    method: "imageToImage",
    fields: [IMAGE, PROMPT],
    output: "image",
    args: imageAndPrompt,
    job: true,
  },
  "image-text-to-image": {
    method: "imageTextToImage",
    fields: [IMAGE, PROMPT],
    output: "image",
    args: imageAndPrompt,
    job: true,
  },
  "image-to-video": {
    method: "imageToVideo",
    fields: [IMAGE, PROMPT],
    output: "video",
    args: imageAndPrompt,
    job: true,
  },
  "image-text-to-video": {
    method: "imageTextToVideo",
    fields: [IMAGE, PROMPT],
    output: "video",
    args: imageAndPrompt,
    job: true,
  },
  "zero-shot-image-classification": {
    method: "zeroShotImageClassification",
    fields: [IMAGE, LABELS],
    output: "labels",
    args: (values) => ({ inputs: values.image, parameters: { candidate_labels: labels(values) } }),
  },
  "document-question-answering": {
    method: "documentQuestionAnswering",
    fields: [{ ...IMAGE, label: "Document image" }, QUESTION],
    output: "answer",
    args: (values) => ({ inputs: { image: values.image, question: values.question } }),
  },
  "visual-question-answering": {
    method: "visualQuestionAnswering",
    fields: [IMAGE, QUESTION],
    output: "answer",
    args: (values) => ({ inputs: { image: values.image, question: values.question } }),
  },
  "automatic-speech-recognition": {
    method: "automaticSpeechRecognition",
    fields: [AUDIO],
    output: "text",
    args: audio,
    job: true,
  },
  "audio-classification": { method: "audioClassification", fields: [AUDIO], output: "labels", args: audio },
  "audio-to-audio": { method: "audioToAudio", fields: [AUDIO], output: "audios", args: audio },
};

/**
 * Audio types a provider's speech recognition accepts, where it is picky (fal.ai takes a data URL
 * of these types only; @hubkit/inference refuses others before sending): other audio, such as the
 * demo FLAC, is decoded in the browser and sent as WAV.
 */
export const ACCEPTED_AUDIO_TYPES: Record<string, readonly string[]> = {
  "fal-ai": ["audio/mpeg", "audio/mp4", "audio/wav", "audio/x-wav"],
};

/** The task a model runs with a provider: the mapping's task, else its pipeline (chat models → conversational). */
export function inferenceTask(
  pipelineTag: string | undefined,
  tags: string[],
  mappingTask?: string,
): string | undefined {
  if (mappingTask === "conversational" && pipelineTag === "image-text-to-text") return "image-text-to-text";
  if (mappingTask) return mappingTask;
  if (
    (pipelineTag === "text-generation" || pipelineTag === "image-text-to-text") &&
    tags.includes("conversational")
  ) {
    return pipelineTag === "image-text-to-text" ? "image-text-to-text" : "conversational";
  }
  return pipelineTag;
}

/** The form's starting values: the catalogue's example input for the task, and the demo file. */
export function initialValues(
  spec: TrySpec,
  example: ModelInputExample | undefined,
  fallbackText?: string,
): FormValues {
  const values: FormValues = {};
  const json = example?.type === "json" ? example.value : {};
  for (const field of spec.fields) {
    if (field.kind === "image" || field.kind === "audio") continue;
    if (field.kind === "table") {
      const data =
        example?.type === "tabular"
          ? example.data
          : ((json.table as Record<string, (string | number)[]> | undefined) ?? {});
      const columns = Object.keys(data);
      const height = Math.max(0, ...columns.map((column) => data[column].length));
      values[field.name] = {
        columns,
        rows: Array.from({ length: height }, (_, row) =>
          columns.map((column) => String(data[column][row] ?? "")),
        ),
      };
    } else if (field.kind === "list") {
      const list =
        field.name === "labels"
          ? example && "candidateLabels" in example
            ? example.candidateLabels
            : undefined
          : (json[field.name] as string[] | undefined);
      values[field.name] = list?.length
        ? [...list]
        : field.name === "labels"
          ? ["positive", "negative"]
          : [""];
    } else if (field.name === "text") {
      values.text =
        example?.type === "text"
          ? example.text
          : example?.type === "messages"
            ? firstUserText(example)
            : typeof json.prompt === "string"
              ? json.prompt
              : (fallbackText ?? "");
    } else if (field.name === "source") {
      values.source = String(json.source_sentence ?? "");
    } else {
      values[field.name] = typeof json[field.name] === "string" ? (json[field.name] as string) : "";
    }
  }
  // sentence-similarity's list lives under "sentences" in the example.
  if (spec.output === "similarity" && Array.isArray(json.sentences))
    values.sentences = [...(json.sentences as string[])];
  return values;
}

function firstUserText(example: Extract<ModelInputExample, { type: "messages" }>): string {
  const first = example.messages.find((message) => message.role === "user");
  if (!first) return "";
  if (typeof first.content === "string") return first.content;
  const part = (first.content as { type: string; text?: string }[] | undefined)?.find(
    (p) => p.type === "text",
  );
  return part?.text ?? "";
}

export { mappingTasksFor };
