import type { TextGenerationInput } from "@hubkit/tasks";
import { runStreamingTask } from "../../lib/request.js";
import { textGenerationHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";

export interface TextGenerationStreamToken {
  /** Token id in the model's vocabulary. */
  id: number;
  text: string;
  logprob: number;
  /** Special tokens (such as end of sequence) are not part of the generated text. */
  special: boolean;
}

export interface TextGenerationStreamPrefillToken {
  id: number;
  text: string;
  /** Absent for the first prompt token. */
  logprob?: number;
}

export interface TextGenerationStreamBestOfSequence {
  generated_text: string;
  finish_reason: TextGenerationStreamFinishReason;
  generated_tokens: number;
  seed?: number;
  prefill: TextGenerationStreamPrefillToken[];
  tokens: TextGenerationStreamToken[];
}

/** Why generation stopped: the token budget, the end-of-sequence token, or a stop sequence. */
export type TextGenerationStreamFinishReason = "length" | "eos_token" | "stop_sequence";

export interface TextGenerationStreamDetails {
  finish_reason: TextGenerationStreamFinishReason;
  generated_tokens: number;
  seed?: number;
  prefill: TextGenerationStreamPrefillToken[];
  tokens: TextGenerationStreamToken[];
  best_of_sequences?: TextGenerationStreamBestOfSequence[];
}

/** One streamed token; the last event also carries the whole text and the details. */
export interface TextGenerationStreamOutput {
  index?: number;
  token: TextGenerationStreamToken;
  generated_text: string | null;
  details: TextGenerationStreamDetails | null;
  /**
   * On routes that answer OpenAI-style completion chunks (hf-inference): the chunk's own choices,
   * as 4.x yields them, so `chunk.choices[0].text` reads the new text too. The chunk's other fields
   * (`id`, `object`, `created`, `model`) are kept as well.
   */
  choices?: CompletionChoice[];
}

/** One choice of an OpenAI-style completion chunk. */
export interface CompletionChoice {
  index?: number;
  text?: string;
  finish_reason?: string | null;
  [property: string]: unknown;
}

/**
 * Continues a text prompt, token by token as it is generated. Routes that answer OpenAI-style
 * completion chunks (hf-inference's `/v1/completions`, as 4.x calls it) are read into this
 * shape, keeping the chunk's own fields (`choices`, …): 4.x yields those chunks as they came, under this
 * type, so code written for either reads them.
 */
export function textGenerationStream(
  args: BaseArgs & TextGenerationInput,
  options?: Options,
): AsyncGenerator<TextGenerationStreamOutput> {
  let text = "";
  return runStreamingTask<TextGenerationStreamOutput | CompletionChunk, TextGenerationStreamOutput>(
    textGenerationHelpers,
    args,
    { ...options, task: "text-generation" },
    undefined,
    (event) => {
      if ("token" in event || !Array.isArray(event.choices)) return event as TextGenerationStreamOutput;
      const choice = event.choices[0];
      if (!choice) return undefined;
      text += choice.text ?? "";
      const last = choice.finish_reason != null;
      return {
        ...event,
        index: choice.index,
        token: { id: 0, text: choice.text ?? "", logprob: 0, special: false },
        generated_text: last ? text : null,
        details: null,
      };
    },
  );
}

/** One chunk of an OpenAI-style streamed completion. */
interface CompletionChunk {
  choices: CompletionChoice[];
  [property: string]: unknown;
}
