/* Input, parameter and output types for the chat-completion task. */

/** Request payload for chat completion. */
export interface ChatCompletionInput {
  /** Penalise tokens in proportion to how often they already appeared (-2 to 2). */
  frequency_penalty?: number;
  /** Per-token bias added to the logits before sampling. */
  logit_bias?: number[];
  /** Return the log probabilities of the output tokens. */
  logprobs?: boolean;
  /** Upper bound on the number of generated tokens. */
  max_tokens?: number;
  /** The conversation so far. */
  messages: ChatCompletionInputMessage[];
  /** Model id; used by routers that serve several models. */
  model?: string;
  /** How many completions to generate. */
  n?: number;
  /** Penalise tokens that already appeared at least once (-2 to 2). */
  presence_penalty?: number;
  /** How much the model should reason before answering (e.g. "low", "medium", "high"), where it can. */
  reasoning_effort?: string;
  /** Constrain the output: plain text, any JSON object, or JSON matching a schema. */
  response_format?: ChatCompletionInputGrammarType;
  /** Random seed, for reproducible sampling. */
  seed?: number;
  /** Sequences that end generation when produced. */
  stop?: string[];
  /** Stream tokens as they are generated (server-sent events). */
  stream?: boolean;
  /** Options for streamed responses. */
  stream_options?: ChatCompletionInputStreamOptions;
  /** Sampling temperature: higher values give more varied output, 0 is close to greedy. */
  temperature?: number;
  /** Whether and which tool the model must call. */
  tool_choice?: ChatCompletionInputToolChoice;
  /** Text placed before the tool definitions in the prompt. */
  tool_prompt?: string;
  /** Tools (functions) the model may call. */
  tools?: ChatCompletionInputTool[];
  /** How many most likely alternatives to report per position (needs logprobs). */
  top_logprobs?: number;
  /** Nucleus sampling: keep the smallest set of tokens whose probabilities add up to this value. */
  top_p?: number;
  [property: string]: unknown;
}

export interface ChatCompletionInputMessage {
  content?: ChatCompletionInputMessageContent;
  name?: string;
  role: string;
  tool_calls?: ChatCompletionInputToolCall[];
  [property: string]: unknown;
}

export type ChatCompletionInputMessageContent = ChatCompletionInputMessageChunk[] | string;

export interface ChatCompletionInputMessageChunk {
  image_url?: ChatCompletionInputURL;
  text?: string;
  type: ChatCompletionInputMessageChunkType;
  [property: string]: unknown;
}

export interface ChatCompletionInputURL {
  url: string;
  [property: string]: unknown;
}

export type ChatCompletionInputMessageChunkType = "text" | "image_url";

export interface ChatCompletionInputToolCall {
  function: ChatCompletionInputFunctionDefinition;
  id: string;
  type: string;
  [property: string]: unknown;
}

export interface ChatCompletionInputFunctionDefinition {
  description?: string;
  name: string;
  /** The function's arguments as a JSON Schema (for a tool definition). */
  parameters?: unknown;
  [property: string]: unknown;
}

export interface ChatCompletionInputGrammarType {
  /** The schema the reply must match; used with type "json_schema". */
  json_schema?: ChatCompletionInputJSONSchemaConfig;
  type: ChatCompletionInputGrammarTypeType;
  [property: string]: unknown;
}

export interface ChatCompletionInputJSONSchemaConfig {
  /** What the schema's output is for; may guide the model. */
  description?: string;
  /** A name for the schema (letters, digits, underscores and dashes). */
  name: string;
  /** The JSON Schema itself. */
  schema?: { [key: string]: unknown };
  /** Follow the schema exactly. */
  strict?: boolean;
  [property: string]: unknown;
}

export type ChatCompletionInputGrammarTypeType = "text" | "json_schema" | "json_object";

export interface ChatCompletionInputStreamOptions {
  /** Send a final chunk with token usage. */
  include_usage?: boolean;
  [property: string]: unknown;
}

export type ChatCompletionInputToolChoice =
  ChatCompletionInputToolChoiceEnum | ChatCompletionInputToolChoiceObject;

export type ChatCompletionInputToolChoiceEnum = "auto" | "none" | "required";

export interface ChatCompletionInputToolChoiceObject {
  function: ChatCompletionInputFunctionName;
  [property: string]: unknown;
}

export interface ChatCompletionInputFunctionName {
  name: string;
  [property: string]: unknown;
}

export interface ChatCompletionInputTool {
  function: ChatCompletionInputFunctionDefinition;
  type: string;
  [property: string]: unknown;
}

/** What chat completion returns. */
export interface ChatCompletionOutput {
  choices: ChatCompletionOutputComplete[];
  /** Creation time, as a Unix timestamp in seconds. */
  created: number;
  id: string;
  /** Model id; used by routers that serve several models. */
  model: string;
  /** Identifies the backend configuration that served the request. */
  system_fingerprint: string;
  /** Token counts for the request. */
  usage: ChatCompletionOutputUsage;
  [property: string]: unknown;
}

export interface ChatCompletionOutputComplete {
  /** Why generation stopped. */
  finish_reason: string;
  index: number;
  /** Return the log probabilities of the output tokens. */
  logprobs?: ChatCompletionOutputLogprobs;
  message: ChatCompletionOutputMessage;
  [property: string]: unknown;
}

export interface ChatCompletionOutputLogprobs {
  content: ChatCompletionOutputLogprob[];
  [property: string]: unknown;
}

export interface ChatCompletionOutputLogprob {
  logprob: number;
  token: string;
  /** How many most likely alternatives to report per position (needs logprobs). */
  top_logprobs: ChatCompletionOutputTopLogprob[];
  [property: string]: unknown;
}

export interface ChatCompletionOutputTopLogprob {
  logprob: number;
  token: string;
  [property: string]: unknown;
}

export interface ChatCompletionOutputMessage {
  content?: string;
  role: string;
  tool_call_id?: string;
  tool_calls?: ChatCompletionOutputToolCall[];
  [property: string]: unknown;
}

export interface ChatCompletionOutputToolCall {
  function: ChatCompletionOutputFunctionDefinition;
  id: string;
  type: string;
  [property: string]: unknown;
}

export interface ChatCompletionOutputFunctionDefinition {
  /** The arguments the model chose, as a JSON string. */
  arguments: string;
  description?: string;
  name: string;
  [property: string]: unknown;
}

export interface ChatCompletionOutputUsage {
  completion_tokens: number;
  prompt_tokens: number;
  total_tokens: number;
  [property: string]: unknown;
}

/** One chunk of a streamed chat completion response. */
export interface ChatCompletionStreamOutput {
  choices: ChatCompletionStreamOutputChoice[];
  /** Creation time, as a Unix timestamp in seconds. */
  created: number;
  id: string;
  /** Model id; used by routers that serve several models. */
  model: string;
  /** Identifies the backend configuration that served the request. */
  system_fingerprint: string;
  /** Token counts for the request. */
  usage?: ChatCompletionStreamOutputUsage;
  [property: string]: unknown;
}

export interface ChatCompletionStreamOutputChoice {
  delta: ChatCompletionStreamOutputDelta;
  /** Why generation stopped. */
  finish_reason?: string;
  index: number;
  /** Return the log probabilities of the output tokens. */
  logprobs?: ChatCompletionStreamOutputLogprobs;
  [property: string]: unknown;
}

export interface ChatCompletionStreamOutputDelta {
  content?: string;
  role: string;
  tool_call_id?: string;
  tool_calls?: ChatCompletionStreamOutputDeltaToolCall[];
  [property: string]: unknown;
}

export interface ChatCompletionStreamOutputDeltaToolCall {
  function: ChatCompletionStreamOutputFunction;
  id: string;
  index: number;
  type: string;
  [property: string]: unknown;
}

export interface ChatCompletionStreamOutputFunction {
  arguments: string;
  name?: string;
  [property: string]: unknown;
}

// A stream's log probabilities and usage have the same shape as a whole response's.
export interface ChatCompletionStreamOutputLogprobs extends ChatCompletionOutputLogprobs {}

export interface ChatCompletionStreamOutputLogprob extends ChatCompletionOutputLogprob {}

export interface ChatCompletionStreamOutputTopLogprob extends ChatCompletionOutputTopLogprob {}

export interface ChatCompletionStreamOutputUsage extends ChatCompletionOutputUsage {}
