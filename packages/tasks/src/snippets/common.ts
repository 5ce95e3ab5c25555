import type { GenerationParameters } from "../tasks/automatic-speech-recognition/inference.js";
import type { ChatCompletionInputMessage } from "../tasks/chat-completion/inference.js";

// A JSON object key at the start of a pretty-printed line, when it is a valid bare identifier.
const QUOTED_IDENTIFIER_KEY = /^(\s*)"([A-Za-z_$][\w$]*)":/gm;

/**
 * Chat messages as source code: tab-indented JSON, each line after the first prefixed with `indent`.
 * Keys lose their quotes (JS object literal style) unless `attributeKeyQuotes` is set (Python, JSON);
 * `customContentEscaper` runs last, e.g. to escape quotes for a shell string.
 */
export function stringifyMessages(
  messages: ChatCompletionInputMessage[],
  opts?: { indent?: string; attributeKeyQuotes?: boolean; customContentEscaper?: (str: string) => string },
): string {
  let text = JSON.stringify(messages, null, "\t");
  if (!opts?.attributeKeyQuotes) {
    text = text.replace(QUOTED_IDENTIFIER_KEY, "$1$2:");
  }
  if (opts?.indent) {
    text = text.replaceAll("\n", `\n${opts.indent}`);
  }
  if (opts?.customContentEscaper) {
    text = opts.customContentEscaper(text);
  }
  return text;
}

type PartialGenerationParameters = Partial<
  Pick<GenerationParameters, "temperature" | "max_tokens" | "top_p">
>;

/**
 * Generation settings as `key<connector>value,` entries joined by `indent`, e.g. `temperature=0.5,`
 * for Python keyword arguments or `"temperature": 0.5,` for JSON. Undefined values are skipped.
 */
export function stringifyGenerationConfig(
  config: PartialGenerationParameters,
  opts: { indent: string; attributeValueConnector: string; attributeKeyQuotes?: boolean },
): string {
  const quote = opts.attributeKeyQuotes ? `"` : "";
  return Object.entries(config)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${quote}${key}${quote}${opts.attributeValueConnector}${String(value)},`)
    .join(opts.indent);
}
