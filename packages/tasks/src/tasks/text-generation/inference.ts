/* Input, parameter and output types for the text-generation task. */

import type {
  GeneratedSequenceDetails,
  GeneratedSpecialToken,
  GeneratedToken,
  GenerationFinishReason,
  TaskInput,
} from "../common-definitions.js";

/** Request payload for text generation. */
export interface TextGenerationInput extends TaskInput<string, TextGenerationInputGenerateParameters> {
  /** Stream tokens as they are generated (server-sent events). */
  stream?: boolean;
}

export interface TextGenerationInputGenerateParameters {
  /** LoRA adapter to apply to the base model. */
  adapter_id?: string;
  /** Generate this many sequences and return the one with the best log probability. */
  best_of?: number;
  /** Return details about the prompt tokens as well. */
  decoder_input_details?: boolean;
  /** Return generation details (tokens, log probabilities, finish reason). */
  details?: boolean;
  /** Sample from the distribution instead of greedy decoding. */
  do_sample?: boolean;
  /** Penalise tokens in proportion to how often they already appeared (-2 to 2). */
  frequency_penalty?: number;
  /** Grammar the output must follow. */
  grammar?: TextGenerationInputGrammarType;
  /** Upper bound on the number of generated tokens, prompt excluded. */
  max_new_tokens?: number;
  /** Penalty for repeating tokens (1 means none). */
  repetition_penalty?: number;
  /** Prepend the prompt to the generated text. */
  return_full_text?: boolean;
  /** Random seed, for reproducible sampling. */
  seed?: number;
  /** Sequences that end generation when produced. */
  stop?: string[];
  /** Sampling temperature: higher values give more varied output, 0 is close to greedy. */
  temperature?: number;
  /** How many of the highest-scoring results to return. */
  top_k?: number;
  /** Report the n most likely tokens at each step. */
  top_n_tokens?: number;
  /** Nucleus sampling: keep the smallest set of tokens whose probabilities add up to this value. */
  top_p?: number;
  /** Truncate inputs longer than the model's maximum length instead of failing. */
  truncate?: number;
  /** Typical-decoding mass (locally typical sampling). */
  typical_p?: number;
  /** Watermark the output (Kirchenbauer et al.). */
  watermark?: boolean;
  [property: string]: unknown;
}

export interface TextGenerationInputGrammarType {
  type: Type;
  value: unknown;
  [property: string]: unknown;
}

export type Type = "json" | "regex" | "json_schema";

/** What text generation returns. */
export interface TextGenerationOutput {
  /** Return generation details (tokens, log probabilities, finish reason). */
  details?: TextGenerationOutputDetails;
  /** The generated text. */
  generated_text: string;
  [property: string]: unknown;
}

export interface TextGenerationOutputDetails extends GeneratedSequenceDetails {
  best_of_sequences?: TextGenerationOutputBestOfSequence[];
}

export interface TextGenerationOutputBestOfSequence extends GeneratedSequenceDetails {
  /** The generated text. */
  generated_text: string;
}

export type TextGenerationOutputFinishReason = GenerationFinishReason;

export interface TextGenerationOutputPrefillToken extends GeneratedToken {}

export interface TextGenerationOutputToken extends GeneratedSpecialToken {}

/** One chunk of a streamed text generation response. */
export interface TextGenerationStreamOutput {
  /** Return generation details (tokens, log probabilities, finish reason). */
  details?: TextGenerationStreamOutputStreamDetails;
  /** The generated text. */
  generated_text?: string;
  index: number;
  token: TextGenerationStreamOutputToken;
  top_tokens?: TextGenerationStreamOutputToken[];
  [property: string]: unknown;
}

export interface TextGenerationStreamOutputStreamDetails {
  /** Why generation stopped. */
  finish_reason: TextGenerationOutputFinishReason;
  generated_tokens: number;
  input_length: number;
  /** Random seed, for reproducible sampling. */
  seed?: number;
  [property: string]: unknown;
}

export interface TextGenerationStreamOutputToken extends GeneratedSpecialToken {}
