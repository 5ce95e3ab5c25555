/* Types several task specs share: the JSON-schema common definitions (BoundingBox, GenerationParameters,
 * …), which each task module re-exports where it uses them, so importing a task's types still gives the
 * whole set; and the shapes the task types are built from (TaskInput, ClassificationParameters, …),
 * which the task interfaces extend without re-exporting them. Interfaces extend interfaces (rather
 * than being aliases) so that each task type keeps its own name in editors and stays open to
 * declaration merging. */

/** An axis-aligned box in pixel coordinates. */
export interface BoundingBox {
  xmax: number;
  xmin: number;
  ymax: number;
  ymin: number;
  [property: string]: unknown;
}

/** Beam search stopping rule: a boolean, or "never". */
export type EarlyStoppingUnion = boolean | "never";

/** Decoding settings shared by the generative tasks. */
export interface GenerationParameters {
  /** Sample from the distribution instead of greedy decoding. */
  do_sample?: boolean;
  /** When beam search stops: true, false, or "never". */
  early_stopping?: EarlyStoppingUnion;
  /** Epsilon sampling: drop tokens less likely than this (0 disables it). */
  epsilon_cutoff?: number;
  /** Eta sampling threshold (0 disables it). */
  eta_cutoff?: number;
  /** Upper bound on the total output length, in tokens. */
  max_length?: number;
  /** Upper bound on the number of generated tokens, prompt excluded. */
  max_new_tokens?: number;
  /** Lower bound on the total output length, in tokens. */
  min_length?: number;
  /** Lower bound on the number of generated tokens, prompt excluded. */
  min_new_tokens?: number;
  /** Split the beams into this many groups for diverse beam search. */
  num_beam_groups?: number;
  /** Beam count for beam search (1 disables it). */
  num_beams?: number;
  /** Degeneration penalty for contrastive search. */
  penalty_alpha?: number;
  /** Sampling temperature: higher values give more varied output, 0 is close to greedy. */
  temperature?: number;
  /** How many of the highest-scoring results to return. */
  top_k?: number;
  /** Nucleus sampling: keep the smallest set of tokens whose probabilities add up to this value. */
  top_p?: number;
  /** Typical-decoding mass (locally typical sampling). */
  typical_p?: number;
  /** Reuse past key/values during decoding to go faster. */
  use_cache?: boolean;
  [property: string]: unknown;
}

/** Normalisation applied to logits: sigmoid, softmax or none. */
export type ClassificationOutputTransform = "sigmoid" | "softmax" | "none";

/** A task's request: what it runs on, and optional settings. */
export interface TaskInput<TInputs, TParameters> {
  /** What the task runs on: text, a file (raw bytes, or a base64 string on the wire) or the task's input object. */
  inputs: TInputs;
  /** Optional settings for this request. */
  parameters?: TParameters;
  [property: string]: unknown;
}

/** A generation request that gives an input image, a prompt (parameters.prompt), or both. */
export interface ImageOrPromptInput<TParameters> {
  /** The input image (raw bytes, or base64 in JSON when parameters are given). One of this and the prompt is needed. */
  inputs?: Blob;
  /** Settings for the generation. */
  parameters?: TParameters;
  [property: string]: unknown;
}

/** Settings shared by the classification tasks. */
export interface ClassificationParameters {
  /** Normalisation applied to the raw logits before scoring. */
  function_to_apply?: ClassificationOutputTransform;
  /** How many of the highest-scoring results to return. */
  top_k?: number;
  [property: string]: unknown;
}

/** One result of a classification: a class and its score. */
export interface ClassificationOutputElement {
  /** The predicted class. */
  label: string;
  /** Confidence of this result, between 0 and 1. */
  score: number;
  [property: string]: unknown;
}

/** Settings of the tasks whose output comes from a text-generation step (speech recognition, image to text, text to speech or audio). */
export interface GeneratingTaskParameters {
  /** Decoding settings for the underlying text generation. */
  generation_parameters?: GenerationParameters;
  [property: string]: unknown;
}

/** What a task returns that generates text from an input of another kind. */
export interface GeneratedTextOutput {
  generatedText: unknown;
  /** The generated text. */
  generated_text?: string;
  [property: string]: unknown;
}

/** How to truncate inputs that are too long for the model. */
export type TextToTextTruncationStrategy = "do_not_truncate" | "longest_first" | "only_first" | "only_second";

/** Settings shared by the tasks that turn one text into another (summarization, translation, text2text generation). */
export interface TextToTextParameters {
  /** Strip spaces the tokenizer adds around punctuation when decoding. */
  clean_up_tokenization_spaces?: boolean;
  generate_parameters?: {
    [key: string]: unknown;
  };
  /** How to truncate inputs that are too long for the model. */
  truncation?: TextToTextTruncationStrategy;
  [property: string]: unknown;
}

/** A question about an image (visual and document question answering). */
export interface ImageQuestion {
  image: unknown;
  question: string;
  [property: string]: unknown;
}

/** Settings shared by the tasks that answer a question with a span of a context (question answering, document question answering). */
export interface AnswerSpanParameters {
  /** Token overlap between chunks when the context is split to fit the model. */
  doc_stride?: number;
  /** Allow an empty answer when the context does not contain one. */
  handle_impossible_answer?: boolean;
  /** Longest answer the model may return, in tokens. */
  max_answer_len?: number;
  /** Longest question after tokenisation; longer ones are truncated. */
  max_question_len?: number;
  /** Longest chunk (context plus question) fed to the model, in tokens. */
  max_seq_len?: number;
  /** How many of the highest-scoring results to return. */
  top_k?: number;
  [property: string]: unknown;
}

/** A scored span of the input, by its offsets. */
export interface ScoredSpan {
  /** End offset of the span in the input. */
  end: number;
  /** Confidence of this result, between 0 and 1. */
  score: number;
  /** Start offset of the span in the input. */
  start: number;
  [property: string]: unknown;
}

/** One answer of question answering or document question answering. */
export interface AnswerSpan extends ScoredSpan {
  answer: string;
}

/** An output size in pixels. */
export interface TargetSize {
  /** Output height in pixels. */
  height: number;
  /** Output width in pixels. */
  width: number;
  [property: string]: unknown;
}

/** Settings shared by the diffusion tasks that generate images and videos. */
export interface DiffusionParameters {
  /** Classifier-free guidance: higher values follow the prompt more closely, at some cost in quality. */
  guidance_scale?: number;
  /** Number of denoising steps: more steps are slower and usually sharper. */
  num_inference_steps?: number;
  [property: string]: unknown;
}

/** Settings shared by the diffusion tasks that start from an input image. */
export interface ImageConditionedDiffusionParameters extends DiffusionParameters {
  /** What the output should not show. */
  negative_prompt?: string;
  /** The text that describes the wanted output. */
  prompt?: string;
  /** Width and height of the output, in pixels (ignored where unsupported). */
  target_size?: TargetSize;
}

/** What an image-generation task returns. */
export interface GeneratedImageOutput {
  /** The generated image, as raw bytes. */
  image: unknown;
  [property: string]: unknown;
}

/** What a video-generation task returns. */
export interface GeneratedVideoOutput {
  /** The generated video, as raw bytes. */
  video: unknown;
  [property: string]: unknown;
}

/** Why text generation stopped. */
export type GenerationFinishReason = "length" | "eos_token" | "stop_sequence";

/** What text generation tells about one generated sequence. */
export interface GeneratedSequenceDetails {
  /** Why generation stopped. */
  finish_reason: GenerationFinishReason;
  generated_tokens: number;
  prefill: GeneratedToken[];
  /** Random seed, for reproducible sampling. */
  seed?: number;
  tokens: GeneratedSpecialToken[];
  top_tokens?: Array<GeneratedSpecialToken[]>;
  [property: string]: unknown;
}

/** A token of a text-generation output. */
export interface GeneratedToken {
  id: number;
  logprob: number;
  text: string;
  [property: string]: unknown;
}

/** A generated token, marked when it is a special token. */
export interface GeneratedSpecialToken extends GeneratedToken {
  special: boolean;
}
