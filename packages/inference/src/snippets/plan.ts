// What every snippet of one model, provider and set of options shares: the example input, the
// request the client would send (URL, headers, payload, from the client's own request builder),
// where the token comes from and how the call is addressed. The language builders only turn this
// plan into code.
import type { ChatCompletionInputMessage, ModelDataMinimal, ModelInputExample } from "@hubkit/tasks";
import { getModelInputExample } from "@hubkit/tasks/snippets/inputs";
import { HF_ROUTER_URL, PROVIDER_BASE_URLS } from "../config.js";
import { InferenceClientInputError } from "../errors.js";
import { getLogger } from "../lib/logger.js";
import { buildRequest } from "../lib/makeRequestOptions.js";
import { getProviderHelper } from "../lib/providerRegistry.js";
import { autoRouterConversational } from "../providers/autoRouter.js";
import { DEFINITIONS_BY_ID } from "../providers/definitions.js";
import { FAL_AUDIO_LABELS } from "../providers/fal-ai/index.js";
import type { ProviderHelper } from "../providers/helper.js";
import { PROVIDER_TASKS } from "../providers/index.js";
import type {
  InferenceProvider,
  InferenceProviderMappingEntry,
  InferenceProviderOrPolicy,
  InferenceTask,
} from "../types.js";
import { fileRef, type FileEncoding } from "./literals.js";
import {
  ENDPOINT_TOKEN_ENV_VAR,
  FAL_AI_AUDIO_TYPES,
  FILE_MEDIA_TYPES,
  HUB_TOKEN_ENV_VAR,
  MEDIA_OUTPUT_FILES,
  MEDIA_REPLIES,
  providerKeyEnvVar,
  type MediaReply,
} from "./tables.js";

/** Options of getInferenceSnippets: 4.x's `InferenceSnippetOptions`, plus hubkit's `allClients`. */
export type InferenceSnippetOptions = {
  /** Chat models: stream the answer token by token. */
  streaming?: boolean;
  /** Organization billed for router calls (X-HF-Bill-To). */
  billTo?: string;
  /** Printed in the snippets as is; without it they read the token from the environment. */
  accessToken?: string;
  /** Call the provider's own API with its own key rather than going through the router. */
  directRequest?: boolean;
  /** Call this endpoint (an Inference Endpoint, a local server) instead of a provider. */
  endpointUrl?: string;
  /**
   * The task's input, instead of the task's example (chat: `{ messages }`); hubkit also takes a
   * string for a task whose input is a text.
   */
  inputs?: Record<string, unknown> | string;
  /** Chat models: the conversation to send instead of the task's example. */
  messages?: ChatCompletionInputMessage[];
  temperature?: number;
  max_tokens?: number;
  top_p?: number;
  /**
   * hubkit: every client hubkit can write a runnable snippet with, e.g. fetch for a streamed chat
   * or curl for visual question answering, instead of only the clients 4.x writes.
   */
  allClients?: boolean;
  /**
   * hubkit: the router the snippets call instead of https://router.huggingface.co, e.g. a hubkit
   * hub's `/router` (its emulator offline). Request paths are the same; only clients whose code can
   * name the router are written (outside chat, huggingface.js and huggingface_hub build its address
   * themselves).
   */
  routerUrl?: string;
} & Record<string, unknown>;

/** The 3.x name of the options. */
export type SnippetOptions = InferenceSnippetOptions;

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

/**
 * How the call is addressed:
 * - `router-chat`: the router's OpenAI-compatible `/v1`, the provider named in the model string;
 * - `routed`: the provider's route on the router;
 * - `direct`: the provider's own API with its own key;
 * - `endpoint`: the caller's endpoint URL;
 * - `auto`: a task other than chat under "auto": only client libraries, which pick the provider.
 */
export type SnippetRoute = "router-chat" | "routed" | "direct" | "endpoint" | "auto";

export interface SnippetPlan {
  pipeline: string;
  task: InferenceTask;
  /** The provider (or "auto") as the caller named it. */
  provider: InferenceProviderOrPolicy;
  route: SnippetRoute;
  /** The hub id, which client libraries take (they resolve the provider's id themselves). */
  modelId: string;
  /** The model as raw HTTP calls and OpenAI clients send it (`id:provider`, or the provider's id). */
  requestModel: string;
  streaming: boolean;
  inputs: SnippetInputs;
  token: TokenSource;
  billTo?: string;
  endpointUrl?: string;
  /** The router the snippets name (the real one unless the caller gave `routerUrl`). */
  routerUrl: string;
  /** `routerUrl` is not the real router: clients that cannot be pointed at it are not written. */
  customRouter: boolean;
  /** The request URL; undefined under "auto" outside chat (no raw request can be written). */
  url?: string;
  /** The header carrying the token and its scheme ("Bearer", "Key", "X-Key"; none: the bare token). */
  auth?: { header: string; scheme?: string };
  /** Headers besides Authorization, Content-Type and User-Agent (e.g. Prefer, X-HF-Bill-To). */
  extraHeaders: Record<string, string>;
  /** The JSON payload, with file references; undefined when the body is a file's bytes. */
  payload?: unknown;
  /** The file sent as the raw body. */
  upload?: LocalFile;
  /** How a generated file comes back from this provider (media tasks only). */
  mediaReply?: MediaReply;
  /**
   * A queued request (fal.ai): where its status and result are polled, `{base}/{owner}/{app}/
   * requests/{id}` + `query`, as the client polls them.
   */
  queue?: { base: string; query: string };
  outputFile?: string;
  /** The mapping entry given by the caller (LoRA adapters are read from it). */
  mapping?: InferenceProviderMappingEntry;
}

/**
 * Whether a client that builds the router's address itself (huggingface.js, huggingface_hub) cannot
 * write this call: another router was asked for and the call goes through the router (hf-inference's
 * direct requests are its route there) other than as OpenAI-compatible chat, the one route those
 * clients take a base URL for.
 */
export function needsRealRouter(plan: SnippetPlan): boolean {
  if (!plan.customRouter || plan.route === "endpoint" || plan.route === "router-chat") return false;
  return plan.route !== "direct" || plan.provider === "hf-inference";
}

/** Why no snippet can be written; logged by the entry point. */
export class NoSnippet {
  constructor(readonly reason: string) {}
}

// Stand-ins for the token while the request is built, chosen by the kind of call only.
const HUB_TOKEN_STAND_IN = "hf_hubkit_snippet_token";
const PROVIDER_KEY_STAND_IN = "hubkit_snippet_provider_key";

const SERVED_BY = new Map<string, readonly string[]>();

/** The providers serving a task, from their definitions (computed once per task). */
function providersOf(task: string): readonly string[] {
  let providers = SERVED_BY.get(task);
  if (!providers) {
    providers = Object.keys(PROVIDER_TASKS).filter((p) =>
      PROVIDER_TASKS[p as InferenceProvider].includes(task as InferenceTask),
    );
    SERVED_BY.set(task, providers);
  }
  return providers;
}

// The body of a file upload is the file itself, which the snippet reads: the request builder only
// needs to know there is one.
const NO_BYTES = new ArrayBuffer(0);
const BYTES_REPLY: MediaReply = { kind: "bytes" };

/** Pipelines served through chat completion (as in 4.x, whatever the model's tags). */
const CHAT_PIPELINES = ["text-generation", "image-text-to-text"];

/** Pipelines whose example is an image and a prompt, sent as base64 beside `parameters.prompt`. */
const IMAGE_PROMPT_PIPELINES = [
  "image-to-image",
  "image-to-video",
  "image-text-to-image",
  "image-text-to-video",
];

function localFile(filename: string): LocalFile {
  const extension = filename.slice(filename.lastIndexOf(".") + 1).toLowerCase();
  return { filename, mediaType: FILE_MEDIA_TYPES[extension] ?? "application/octet-stream" };
}

/** The `routerUrl` option without its trailing slashes; an error names a value that is not an http(s) URL. */
function checkRouterUrl(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "string" && /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(value))
    return value.replace(/\/+$/, "");
  throw new InferenceClientInputError(
    `Snippet option routerUrl must be an http(s) URL such as "http://127.0.0.1:5173/router", got ${JSON.stringify(value)}`,
  );
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

function chatInputs(example: ModelInputExample | undefined, opts: InferenceSnippetOptions): SnippetInputs {
  const given = opts.messages ?? (opts.inputs as { messages?: unknown } | undefined)?.messages;
  if (given !== undefined && !Array.isArray(given)) {
    throw new InferenceClientInputError("Snippet option messages must be an array of chat messages");
  }
  const messages =
    (given as ChatCompletionInputMessage[] | undefined) ??
    (example?.type === "messages" ? example.messages : []);
  // Only the settings the caller chose: 4.x writes no default max_tokens.
  const settings: Record<string, number> = {};
  for (const name of ["temperature", "max_tokens", "top_p"] as const) {
    const value = checkNumber(name, opts[name]);
    if (value !== undefined) settings[name] = value;
  }
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
      if (
        IMAGE_PROMPT_PIPELINES.includes(pipeline) &&
        typeof image === "string" &&
        typeof prompt === "string"
      )
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
function requestArgs(inputs: SnippetInputs, provider: string, task: InferenceTask) {
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
      if (provider === "fal-ai" && task === "automatic-speech-recognition") {
        // The data URL under the label fal decodes (audio/x-wav for .wav), as the client sends it.
        const mediaType = FAL_AUDIO_LABELS[inputs.file.mediaType] ?? inputs.file.mediaType;
        return { audio_url: ref({ ...inputs.file, mediaType }, "data-url") };
      }
      return { data: NO_BYTES };
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

const EXAMPLES = new Map<string, ModelInputExample | undefined>();

/**
 * The catalogue's example for the model, read once per pipeline, chat tag and mask token (all it
 * depends on); the snippets only read it.
 */
function exampleFor(model: ModelDataMinimal): ModelInputExample | undefined {
  const key = `${model.pipeline_tag}|${model.tags?.includes("conversational") ?? false}|${model.mask_token ?? ""}`;
  if (!EXAMPLES.has(key)) EXAMPLES.set(key, getModelInputExample(model));
  return EXAMPLES.get(key);
}

/** The model's example input for the task, or the caller's `inputs`. */
function snippetInputs(
  model: ModelDataMinimal,
  pipeline: string,
  chat: boolean,
  opts: InferenceSnippetOptions,
): SnippetInputs | undefined {
  if (chat) {
    // Every model of a chat pipeline chats (as 4.x): untagged ones get the chat example too.
    const tags = [...(model.tags ?? []), "conversational"];
    return chatInputs(exampleFor({ ...model, tags }), opts);
  }
  const example = exampleFor(model);
  const given: unknown = opts.inputs;
  if (given !== undefined) {
    // A text for a text task (e.g. the playground's prompt), or the task's whole input.
    if (typeof given === "string" && example?.type === "text")
      return { type: "text", text: given, candidateLabels: example.candidateLabels };
    if (typeof given !== "object" || given === null || Array.isArray(given)) {
      throw new InferenceClientInputError(
        "Snippet option inputs must be an object (or a string, for a task whose input is a text)",
      );
    }
    return { type: "json", value: given as Record<string, unknown> };
  }
  return example && taskInputs(pipeline, example);
}

/**
 * Everything the snippets of this model, provider and options share, or a NoSnippet saying why
 * there can be none (no pipeline, a provider or "auto" that does not serve the task, …).
 */
export function planSnippets(
  model: ModelDataMinimal,
  provider: string,
  mapping: InferenceProviderMappingEntry | undefined,
  opts: InferenceSnippetOptions,
): SnippetPlan | NoSnippet {
  const pipeline = model.pipeline_tag;
  if (!pipeline) return new NoSnippet(`model ${model.id} has no pipeline_tag`);
  const chat = CHAT_PIPELINES.includes(pipeline);
  const task = (chat ? "conversational" : pipeline) as InferenceTask;
  const streaming = chat && opts.streaming === true;
  const endpointUrl = typeof opts.endpointUrl === "string" && opts.endpointUrl ? opts.endpointUrl : undefined;
  const routerUrl = checkRouterUrl(opts.routerUrl);

  // Which providers serve the task comes from the provider definitions (new ones included).
  const servedBy = providersOf(task);
  if (servedBy.length === 0) return new NoSnippet(`no provider serves ${task}`);
  if (provider !== "auto") {
    if (!Object.hasOwn(PROVIDER_TASKS, provider)) return new NoSnippet(`unknown provider '${provider}'`);
    if (!endpointUrl && !servedBy.includes(provider))
      return new NoSnippet(`provider '${provider}' does not serve ${task}`);
  }
  // Endpoints speak hf-inference's protocol: only its tasks can be called on one.
  if (endpointUrl && !PROVIDER_TASKS["hf-inference"].includes(task))
    return new NoSnippet(`an endpoint URL serves hf-inference's tasks, and ${task} is not one`);

  let inputs = snippetInputs(model, pipeline, chat, opts);
  if (!inputs) return new NoSnippet(`no example input for ${pipeline}`);

  // fal.ai takes only some audio types (speech recognition, audio-to-audio): offer the example as a
  // .wav file (under "auto" too, where fal.ai may be the provider picked).
  if (
    (provider === "fal-ai" || provider === "auto") &&
    !endpointUrl &&
    (task === "automatic-speech-recognition" || task === "audio-to-audio") &&
    inputs.type === "file" &&
    !FAL_AI_AUDIO_TYPES.includes(inputs.file.mediaType)
  ) {
    inputs = {
      ...inputs,
      file: { filename: inputs.file.filename.replace(/\.\w+$/, ".wav"), mediaType: "audio/wav" },
    };
  }

  const accessToken = typeof opts.accessToken === "string" && opts.accessToken ? opts.accessToken : undefined;
  // hf-inference has no API of its own besides the router: a direct request to it is its route
  // on the router, with a hub token (as 4.x).
  const hfInference = provider === "hf-inference";
  const route = snippetRoute(provider, chat, endpointUrl, accessToken, opts.directRequest === true);

  if (route === "direct" && !hfInference && accessToken?.startsWith("hf_")) {
    // A hub token never goes to a third-party host, not even in a snippet.
    return new NoSnippet(`a hub token cannot call ${provider}'s own API: pass that provider's key`);
  }

  const token: TokenSource = accessToken
    ? { kind: "literal", value: accessToken }
    : {
        kind: "env",
        variable:
          route === "endpoint"
            ? ENDPOINT_TOKEN_ENV_VAR
            : route === "direct" && !hfInference
              ? providerKeyEnvVar(provider)
              : HUB_TOKEN_ENV_VAR,
      };

  // One object shape for every plan (no spreads): the builders stay monomorphic, which keeps
  // snippet generation fast.
  const plan: SnippetPlan = {
    pipeline,
    task,
    provider: provider as InferenceProviderOrPolicy,
    route,
    modelId: model.id,
    requestModel: model.id,
    streaming,
    inputs,
    token,
    billTo: opts.billTo,
    endpointUrl,
    routerUrl: routerUrl ?? HF_ROUTER_URL,
    customRouter: routerUrl !== undefined && routerUrl !== HF_ROUTER_URL,
    url: undefined,
    auth: undefined,
    extraHeaders: {},
    payload: undefined,
    upload: undefined,
    mediaReply: undefined,
    queue: undefined,
    outputFile: MEDIA_OUTPUT_FILES[pipeline],
    mapping,
  };
  if (route === "auto") return plan;
  addRequest(plan, model, provider, mapping);
  return plan;
}

/** How the snippet calls: an endpoint, the router's chat route, "auto", routed, or the provider's own API. */
function snippetRoute(
  provider: string,
  chat: boolean,
  endpointUrl: string | undefined,
  accessToken: string | undefined,
  directRequest: boolean,
): SnippetRoute {
  if (endpointUrl) return "endpoint";
  if (provider === "auto") return chat ? "router-chat" : "auto";
  const definition = DEFINITIONS_BY_ID[provider as InferenceProvider];
  // Providers the router does not serve (or no longer serves) are only reachable directly.
  const directOnly = definition?.clientSideRoutingOnly === true || definition?.routed === false;
  const providerKey =
    provider !== "hf-inference" && accessToken !== undefined && !accessToken.startsWith("hf_");
  if (directRequest || directOnly || providerKey) return "direct";
  return chat ? "router-chat" : "routed";
}

/**
 * Fills in the raw HTTP request of a plan (url, auth header, extra headers, payload or upload, how
 * the reply is read): the request the client sends for this call, built by the client's own request
 * builder. Left empty where no raw HTTP snippet can be derived; the client libraries' snippets are
 * still written from the plan.
 */
function addRequest(
  plan: SnippetPlan,
  model: ModelDataMinimal,
  provider: string,
  mapping: InferenceProviderMappingEntry | undefined,
): void {
  const { route, task, inputs, streaming, endpointUrl, pipeline } = plan;
  const hfInference = provider === "hf-inference";
  let helper: ProviderHelper;
  let requestModel: string;
  if (route === "router-chat") {
    helper = autoRouterConversational;
    requestModel = provider === "auto" ? model.id : `${model.id}:${provider}`;
  } else {
    // Endpoints speak hf-inference's protocol (OpenAI's for chat), whoever serves them.
    helper = getProviderHelper(route === "endpoint" ? "hf-inference" : provider, task);
    requestModel = mapping?.providerId ?? model.id;
    if (helper.clientSideRoutingOnly && requestModel.startsWith(`${provider}/`))
      requestModel = requestModel.slice(provider.length + 1);
  }
  const standIn = route === "direct" && !hfInference ? PROVIDER_KEY_STAND_IN : HUB_TOKEN_STAND_IN;
  let args: Record<string, unknown> = requestArgs(inputs, provider, task);
  plan.requestModel = requestModel;
  // Helpers that rework the input asynchronously (a file read into a data URL) or build a
  // multipart body: no raw HTTP snippet can be derived from the request, unless the helper says
  // what its rework gives for a data URL (the snippet reads the file into one itself); the client
  // libraries, which do that work themselves, are still written.
  if (helper.prepareArgs && (helper.reworksArgs?.(args) ?? true)) {
    if (!helper.argsWithDataUrl || inputs.type !== "image-prompt") return;
    const dataUrl = ref(inputs.file, "data-url");
    args = helper.argsWithDataUrl({ inputs: dataUrl, parameters: { prompt: inputs.prompt } }, dataUrl);
  }
  if (helper.makeBody) return;
  // A helper answering with a job to poll: the payload is still the one the client libraries (e.g.
  // fal_client) send; raw HTTP snippets are written only for jobs whose polling they know (fal.ai's
  // queue), not ones that would only submit the job.
  const job = Boolean(helper.job);
  let request: ReturnType<typeof buildRequest>;
  try {
    request = buildRequest(
      helper,
      requestModel,
      {
        accessToken: standIn,
        endpointUrl,
        ...args,
        ...(streaming ? { stream: true } : {}),
      } as never,
      { task, billTo: plan.billTo, routerUrl: plan.routerUrl, providerUrls: PROVIDER_BASE_URLS },
      mapping,
      true,
    );
  } catch (error) {
    // A helper that cannot build this call from the example as raw HTTP (e.g. one that wants the
    // file itself): the client libraries, which build it themselves, are still written.
    getLogger().debug(`No raw HTTP snippet for ${model.id} on ${provider}: ${(error as Error).message}`);
    return;
  }
  const { url, info } = request;

  const extraHeaders = plan.extraHeaders;
  for (const name in info.headers) {
    const value = info.headers[name];
    if (value.endsWith(standIn)) {
      plan.auth = { header: name, scheme: value.slice(0, value.length - standIn.length).trim() || undefined };
    } else if (name !== "Content-Type" && name !== "User-Agent") extraHeaders[name] = value;
  }
  plan.upload = "data" in args && inputs.type === "file" ? inputs.file : undefined;
  plan.payload = plan.upload ? undefined : (JSON.parse(String(info.body)) as unknown);
  const mediaReply = route === "endpoint" ? BYTES_REPLY : MEDIA_REPLIES[pipeline]?.[provider];
  if (job) {
    if (mediaReply?.kind !== "fal-queue") return;
    // Polled where the client polls: the router's fal-ai route with a hub token, else fal's queue host.
    const parsed = new URL(url);
    plan.queue = {
      base: url.startsWith(`${plan.routerUrl}/${provider}/`)
        ? `${plan.routerUrl}/${provider}`
        : parsed.origin,
      query: parsed.search,
    };
  }
  plan.url = url;
  plan.mediaReply = mediaReply;
}
