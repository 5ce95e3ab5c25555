// What every snippet of one model, provider and token shares: the example input, the request the
// client would send (URL, headers, payload, from the client's own request builder) and where the
// token comes from. The language builders only turn this plan into code.
import type { ChatCompletionInputMessage, ModelDataMinimal, ModelInputExample } from "@hubkit/tasks";
import { getModelInputExample } from "@hubkit/tasks/snippets/inputs";
import { HF_ROUTER_URL, PROVIDER_BASE_URLS } from "../config.js";
import { InferenceClientInputError } from "../errors.js";
import { makeRequestOptionsFromResolvedModel } from "../lib/makeRequestOptions.js";
import { FAL_AUDIO_LABELS } from "../providers/fal-ai/index.js";
import { getProviderHelper } from "../lib/providerRegistry.js";
import { PROVIDER_TASKS } from "../providers/index.js";
import type { InferenceProvider, InferenceTask } from "../types.js";
import { fileRef, type FileEncoding } from "./literals.js";
import {
  FILE_MEDIA_TYPES,
  HUB_TOKEN_ENV_VAR,
  MEDIA_OUTPUT_FILES,
  MEDIA_REPLIES,
  PROVIDER_KEY_ENV_VARS,
  SNIPPETS_PENDING,
  type MediaReply,
} from "./tables.js";

/** Options of getInferenceSnippets (the reference's `opts`, plus hubkit's `billTo` and `directRequest`). */
export interface SnippetOptions {
  /** Conversational models: stream the answer token by token. */
  streaming?: boolean;
  /** Conversational models: the chat to send instead of the task's example. */
  messages?: ChatCompletionInputMessage[];
  temperature?: number;
  /** Default 512. */
  max_tokens?: number;
  top_p?: number;
  /** Organization billed for router calls (X-HF-Bill-To). */
  billTo?: string;
  /** Without a token: call the provider directly with its own key (read from its usual variable). */
  directRequest?: boolean;
}

/** The example input of a snippet, in the shape every language builds its call from. */
export type SnippetInputs =
  | { type: "text"; text: string; candidateLabels?: string[] }
  | { type: "file"; file: LocalFile; candidateLabels?: string[] }
  | { type: "image-question"; file: LocalFile; question: string }
  | { type: "image-prompt"; file: LocalFile; prompt: string }
  | { type: "json"; value: Record<string, unknown> }
  | { type: "tabular"; data: Record<string, (string | number)[]> }
  | { type: "chat"; messages: ChatCompletionInputMessage[]; settings: Record<string, number> };

export interface LocalFile {
  filename: string;
  mediaType: string;
}

/** Where the snippet's credential comes from: printed as given, or read from the environment. */
export type TokenSource = { kind: "literal"; value: string } | { kind: "env"; variable: string };

export interface SnippetPlan {
  pipeline: string;
  task: InferenceTask;
  provider: InferenceProvider;
  /** The hub id, which client libraries take (they resolve the provider's id themselves). */
  modelId: string;
  /** The provider's id, which raw HTTP calls and OpenAI clients send. */
  providerModelId: string;
  streaming: boolean;
  inputs: SnippetInputs;
  /** True when the call goes to the provider's own API rather than through the router. */
  direct: boolean;
  token: TokenSource;
  billTo?: string;
  url: string;
  /** Authorization scheme ("Bearer", "Key", "X-Key"), when the call is authenticated. */
  authScheme?: string;
  /** Headers besides Authorization, Content-Type and User-Agent (e.g. Prefer, X-HF-Bill-To). */
  extraHeaders: Record<string, string>;
  /** The JSON payload, with file references; undefined when the body is a file's bytes. */
  payload?: unknown;
  /** The file sent as the raw body. */
  upload?: LocalFile;
  /** How a generated file comes back from this provider (media tasks only). */
  mediaReply?: MediaReply;
  outputFile?: string;
}

// Stand-ins for the token while the request is built, chosen by the kind of call only.
const HUB_TOKEN_STAND_IN = "hf_hubkit_snippet_token";
const PROVIDER_KEY_STAND_IN = "hubkit_snippet_provider_key";

const REAL_BASES = { routerUrl: HF_ROUTER_URL, providerUrls: PROVIDER_BASE_URLS };

/** Pipelines served only through chat completion. */
const isChatPipeline = (model: ModelDataMinimal): boolean =>
  model.pipeline_tag === "image-text-to-text" ||
  (model.pipeline_tag === "text-generation" && (model.tags?.includes("conversational") ?? false));

function localFile(filename: string): LocalFile {
  const extension = filename.slice(filename.lastIndexOf(".") + 1).toLowerCase();
  return { filename, mediaType: FILE_MEDIA_TYPES[extension] ?? "application/octet-stream" };
}

function checkNumber(name: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new InferenceClientInputError(
      `Snippet option ${name} must be a finite number, got ${JSON.stringify(value)}`,
    );
  }
  return value;
}

function chatInputs(example: ModelInputExample | undefined, opts: SnippetOptions): SnippetInputs {
  if (opts.messages !== undefined && !Array.isArray(opts.messages)) {
    throw new InferenceClientInputError("Snippet option messages must be an array of chat messages");
  }
  const messages = opts.messages ?? (example?.type === "messages" ? example.messages : []);
  const settings: Record<string, number> = {};
  const temperature = checkNumber("temperature", opts.temperature);
  if (temperature !== undefined) settings.temperature = temperature;
  settings.max_tokens = checkNumber("max_tokens", opts.max_tokens) ?? 512;
  const topP = checkNumber("top_p", opts.top_p);
  if (topP !== undefined) settings.top_p = topP;
  return { type: "chat", messages, settings };
}

function taskInputs(pipeline: string, example: ModelInputExample): SnippetInputs | undefined {
  switch (example.type) {
    case "text":
      return { type: "text", text: example.text, candidateLabels: example.candidateLabels };
    case "file":
      return { type: "file", file: localFile(example.filename), candidateLabels: example.candidateLabels };
    case "tabular":
      return { type: "tabular", data: example.data };
    case "json": {
      const { image, question, prompt } = example.value;
      if (typeof image === "string" && typeof question === "string")
        return { type: "image-question", file: localFile(image), question };
      if (pipeline === "image-to-image" && typeof image === "string" && typeof prompt === "string")
        return { type: "image-prompt", file: localFile(image), prompt };
      return { type: "json", value: example.value };
    }
    case "messages":
      return undefined;
  }
}

/** The file variable of a snippet: what the file holds. */
const variableFor = (file: LocalFile): string => (file.mediaType.startsWith("audio/") ? "audio" : "image");

const ref = (file: LocalFile, encoding: FileEncoding): string =>
  fileRef({ ...file, encoding, variable: variableFor(file) });

/**
 * The args the client's request builder takes, as the task function would pass them: images
 * inside JSON are base64, fal.ai's speech recognition takes a data URL, other files are the body.
 */
function requestArgs(inputs: SnippetInputs, provider: InferenceProvider, task: InferenceTask) {
  switch (inputs.type) {
    case "chat":
      return { messages: inputs.messages, ...inputs.settings };
    case "text":
      return inputs.candidateLabels
        ? { inputs: inputs.text, parameters: { candidate_labels: inputs.candidateLabels } }
        : { inputs: inputs.text };
    case "file":
      if (inputs.candidateLabels)
        return {
          inputs: { image: ref(inputs.file, "base64") },
          parameters: { candidate_labels: inputs.candidateLabels },
        };
      if (provider === "fal-ai" && task === "automatic-speech-recognition")
        return { audio_url: ref(inputs.file, "data-url") };
      return { data: new Blob([]) };
    case "image-question":
      return { inputs: { question: inputs.question, image: ref(inputs.file, "base64") } };
    case "image-prompt":
      return { inputs: ref(inputs.file, "base64"), parameters: { prompt: inputs.prompt } };
    case "json":
      return { inputs: inputs.value };
    case "tabular":
      return { inputs: { data: inputs.data } };
  }
}

/**
 * Everything the snippets of this model, provider and token share, or undefined when the pipeline
 * has no inference route. Throws the client's own errors for a provider that does not serve the
 * task, and for an hf_ token given to a provider that only takes its own keys.
 */
export function planSnippets(
  model: ModelDataMinimal,
  accessToken: string,
  provider: InferenceProvider,
  providerModelId: string | undefined,
  opts: SnippetOptions,
): SnippetPlan | undefined {
  const pipeline = model.pipeline_tag;
  if (!pipeline) return undefined;
  const chat = isChatPipeline(model);
  const task = (chat ? "conversational" : pipeline) as InferenceTask;
  const streaming = chat && opts.streaming === true;
  // A task no provider serves has no snippet; one served elsewhere is the caller's error (thrown below).
  if (!Object.values(PROVIDER_TASKS).some((tasks) => tasks.includes(task))) return undefined;
  if (SNIPPETS_PENDING[provider]?.includes(task)) return undefined;

  let inputs: SnippetInputs | undefined;
  if (chat) {
    // Untagged image-text-to-text models still chat: give them the image chat example.
    const tags = [...(model.tags ?? []), "conversational"];
    inputs = chatInputs(getModelInputExample({ ...model, tags }), opts);
  } else {
    const example = getModelInputExample(model);
    inputs = example && taskInputs(pipeline, example);
  }
  if (!inputs) return undefined;

  // fal.ai's speech recognition takes only some audio types: offer the example as a .wav file,
  // labelled in the data URL as the client labels it (audio/x-wav).
  if (provider === "fal-ai" && task === "automatic-speech-recognition" && inputs.type === "file") {
    const known = FAL_AUDIO_LABELS[inputs.file.mediaType];
    inputs = {
      ...inputs,
      file: known
        ? { ...inputs.file, mediaType: known }
        : { filename: inputs.file.filename.replace(/\.\w+$/, ".wav"), mediaType: "audio/x-wav" },
    };
  }

  const direct = accessToken
    ? !accessToken.startsWith("hf_")
    : opts.directRequest === true || provider === "openai";
  const token: TokenSource = accessToken
    ? { kind: "literal", value: accessToken }
    : { kind: "env", variable: direct ? PROVIDER_KEY_ENV_VARS[provider] : HUB_TOKEN_ENV_VAR };
  const standIn = direct ? PROVIDER_KEY_STAND_IN : HUB_TOKEN_STAND_IN;

  const resolvedModel = providerModelId ?? model.id;
  const args = requestArgs(inputs, provider, task);
  const helper = getProviderHelper(provider, task);
  const { url, info } = makeRequestOptionsFromResolvedModel(
    resolvedModel,
    helper,
    { accessToken: standIn, provider, ...args, ...(streaming ? { stream: true } : {}) },
    undefined,
    { task, billTo: opts.billTo, ...REAL_BASES },
  );

  const extraHeaders: Record<string, string> = {};
  let authScheme: string | undefined;
  for (const [name, value] of Object.entries(info.headers)) {
    if (name === "Authorization") authScheme = value.slice(0, value.length - standIn.length).trim();
    else if (name !== "Content-Type" && name !== "User-Agent") extraHeaders[name] = value;
  }
  const upload = "data" in args && inputs.type === "file" ? inputs.file : undefined;
  const payload = upload ? undefined : (JSON.parse(String(info.body)) as unknown);

  return {
    pipeline,
    task,
    provider,
    modelId: model.id,
    providerModelId: resolvedModel,
    streaming,
    inputs,
    direct,
    token,
    billTo: opts.billTo,
    url,
    authScheme,
    extraHeaders,
    payload,
    upload,
    mediaReply: helper.job ? { kind: "job" } : MEDIA_REPLIES[pipeline]?.[provider],
    outputFile: MEDIA_OUTPUT_FILES[pipeline],
  };
}
