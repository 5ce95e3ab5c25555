import type { ChatCompletionInputMessage } from "../tasks/chat-completion/inference.js";
import { INPUT_EXAMPLES, MASK_TOKEN_PLACEHOLDER, type ModelInputExample } from "./input-examples.js";
import type { ModelDataMinimal } from "./types.js";

/** Returned by getModelInputSnippet for tasks without an example. */
const NO_EXAMPLE = "No input example has been defined for this model task.";

// Used when a fill-mask model's metadata does not name its mask token.
const FALLBACK_MASK_TOKEN = "[MASK]";

/**
 * The example input for a model, as a structured value, or undefined when its task has none.
 * Conversational text-generation models get a text chat, conversational image-text-to-text models
 * a chat with an image; without the "conversational" tag, both get a plain text prompt. The
 * fill-mask example carries the model's own mask token. The result is a fresh copy.
 */
export function getModelInputExample(model: ModelDataMinimal): ModelInputExample | undefined {
  const task = model.pipeline_tag;
  if (!task) {
    return undefined;
  }
  let example: ModelInputExample | undefined;
  if (task === "text-generation" || task === "image-text-to-text") {
    const conversational = model.tags?.includes("conversational") ?? false;
    example = conversational
      ? INPUT_EXAMPLES[task === "text-generation" ? "conversational" : "image-text-to-text"]
      : INPUT_EXAMPLES["text-generation"];
  } else {
    example = INPUT_EXAMPLES[task];
  }
  if (!example) {
    return undefined;
  }
  const copy = structuredClone(example);
  if (task === "fill-mask" && copy.type === "text") {
    copy.text = copy.text.replaceAll(MASK_TOKEN_PLACEHOLDER, model.mask_token || FALLBACK_MASK_TOKEN);
  }
  return copy;
}

/**
 * An example input as it appears in code. Text and file names are JSON string literals (quotes
 * included, special characters escaped), objects are JSON indented by 4 spaces, tables a JSON
 * string in single quotes, and chats stay a message array.
 */
export function formatModelInputExample(example: ModelInputExample): string | ChatCompletionInputMessage[] {
  switch (example.type) {
    case "text":
      return JSON.stringify(example.text);
    case "file":
      return JSON.stringify(example.filename);
    case "json":
      return JSON.stringify(example.value, null, 4);
    case "tabular":
      return `'${JSON.stringify(example.data)}'`;
    case "messages":
      return example.messages;
  }
}

// A line break with the tabs that follow it, or a run of tabs. Space indentation is left alone.
const LINE_BREAKS_AND_TABS = /(?:\r\n|\r|\n)\t*|\t+/g;
// One pair of double quotes around the whole text.
const SURROUNDING_DOUBLE_QUOTES = /^"(.+)"$/s;

/**
 * The example input of a model's task, ready to paste into a snippet (see formatModelInputExample),
 * or a chat message array for conversational models.
 * @param noWrap put everything on one line: line breaks (and the tabs after them) become spaces.
 * @param noQuotes drop the surrounding double quotes of a string literal, keeping its escapes, so
 *   the text can go inside a double-quoted string of the caller's own.
 */
export function getModelInputSnippet(
  model: ModelDataMinimal,
  noWrap = false,
  noQuotes = false,
): string | ChatCompletionInputMessage[] {
  const example = getModelInputExample(model);
  if (!example) {
    return NO_EXAMPLE;
  }
  const formatted = formatModelInputExample(example);
  if (typeof formatted !== "string") {
    return formatted;
  }
  let snippet = formatted;
  if (noWrap) {
    snippet = snippet.replace(LINE_BREAKS_AND_TABS, " ");
  }
  if (noQuotes) {
    snippet = snippet.replace(SURROUNDING_DOUBLE_QUOTES, "$1");
  }
  return snippet;
}
