import type {
  ChatCompletionInput,
  InferenceProviderMappingEntry as HubProviderMappingEntry,
  PipelineType,
} from "@hubkit/tasks";
import { PROVIDER_DEFINITIONS, PROVIDER_LISTINGS, type ProviderId } from "./providers/definitions.js";
import type { Logger } from "./lib/logger.js";

/** A model id on the hub, such as "meta-llama/Llama-3.3-70B-Instruct". */
export type ModelId = string;

/** Where a request may be sent instead of the real hosts (tests, offline demos, proxies). */
export type ProviderUrlKey = InferenceProvider | "fal-ai-queue";

export interface RetryOptions {
  /** Attempts after the first one, for 503 and 429 replies. Default 3. */
  maxRetries?: number;
  /** First backoff delay; doubles on every attempt, with jitter. Default 500 ms. */
  baseDelayMs?: number;
  /** Upper bound of one wait, including a server's Retry-After. Default 30 000 ms. */
  maxDelayMs?: number;
}

export interface PollOptions {
  /**
   * Time between two status polls. Defaults: fal-ai queue and novita 500 ms, replicate and
   * black-forest-labs 1000 ms, together video 2000 ms, novita MiniMax H3 5000 ms.
   */
  intervalMs?: number;
  /** Most polls before giving up. Defaults: black-forest-labs 5, together video 150, others bounded by timeoutMs only. */
  maxAttempts?: number;
  /** Deadline for the whole polling phase. Default 10 minutes. */
  timeoutMs?: number;
}

export interface Options {
  /** (Default: true) Retry a request that answered 503 (or 429), with bounded backoff. */
  retry_on_error?: boolean;
  /** A fetch to use instead of the global one: used for every request, download and poll. */
  fetch?: typeof fetch;
  /** Aborts the request, and any download or polling that follows it. */
  signal?: AbortSignal;
  /** Credentials mode for browsers: a string is passed as is, `true` means "include". */
  includeCredentials?: string | boolean;
  /** The organization billed for router requests (sent as the X-HF-Bill-To header). */
  billTo?: string;

  /** hubkit: base of the hub API, instead of $HF_HUB_URL or https://huggingface.co. */
  hubUrl?: string;
  /** hubkit: base of the router, instead of $HF_ROUTER_URL or https://router.huggingface.co. */
  routerUrl?: string;
  /** hubkit: per-provider direct bases, instead of $HUBKIT_PROVIDER_URL_<PROVIDER> or the real ones. */
  providerUrls?: Partial<Record<ProviderUrlKey, string>>;
  /** hubkit: whole-call deadline in milliseconds (request, retries, polling and downloads). */
  timeout?: number;
  /** hubkit: bounds of the 503/429 retries. */
  retry?: RetryOptions;
  /** hubkit: polling cadence and deadline for providers that answer asynchronously. */
  poll?: PollOptions;
  /** hubkit: where warnings and debug lines go, instead of the logger set with `setLogger`. */
  logger?: Logger;
  /**
   * hubkit: under "auto", a non-chat call whose provider fails (5xx, 429 after retries, no
   * connection) before any output moves on to the model's next live provider (at most 3 in all).
   * Default true; false keeps 4.x's single attempt.
   */
  failover?: boolean;
  /**
   * hubkit: called at each step of an asynchronous job (a provider's queue or polling), so a UI can
   * show where the job is. Never called for calls that answer at once.
   */
  onProgress?: (progress: InferenceProgress) => void;
}

/** hubkit: one step of an asynchronous job, as reported to `Options.onProgress`. */
export interface InferenceProgress {
  /** The provider running the job. */
  provider: string;
  /** submitted: accepted, id known; queued: waiting (see queuePosition); running; done; failed. */
  status: "submitted" | "queued" | "running" | "done" | "failed";
  /** Jobs ahead of this one, when the provider says. */
  queuePosition?: number;
  /** Milliseconds since the call started. */
  elapsedMs: number;
  /** The provider's own status word, as it sent it (e.g. "IN_QUEUE", "processing"). */
  providerStatus?: string;
}

/** The tasks a provider can serve: the hub's pipelines, chat, and the two image+text generation tasks of 4.x. */
export type InferenceTask =
  Exclude<PipelineType, "other"> | "conversational" | "image-text-to-image" | "image-text-to-video";

/** Every provider id hubkit knows, in its definitions' order (derived from them). */
export const INFERENCE_PROVIDERS: readonly InferenceProvider[] = /* @__PURE__ */ PROVIDER_DEFINITIONS.map(
  (definition) => definition.id,
);

/** The providers, then the policies: "auto" (the router's choice for chat; the mapping's first entry otherwise). */
export const PROVIDERS_OR_POLICIES: readonly InferenceProviderOrPolicy[] = /* @__PURE__ */ [
  ...INFERENCE_PROVIDERS,
  "auto",
];

export type InferenceProvider = ProviderId;

/** A provider, or "auto": the router picks for chat, the model's mapping for other tasks. */
export type InferenceProviderOrPolicy = InferenceProvider | "auto";

/** Each provider's organization on the hub (hf.co/{org}). */
export const PROVIDERS_HUB_ORGS: Record<InferenceProvider, string> = /* @__PURE__ */ Object.fromEntries(
  PROVIDER_LISTINGS.map((listing) => [listing.id, listing.hubOrg]),
) as Record<InferenceProvider, string>;

/** One entry of a model's provider mapping on the hub (@hubkit/tasks' entry), resolved for one model and provider. */
export interface InferenceProviderMappingEntry extends HubProviderMappingEntry {
  hfModelId: ModelId;
  provider: string;
  type?: "single-model" | "tag-filter";
}

/** What `textToImage` (and the media tasks that take it) return: a URL, a data URL, a Blob or the raw JSON. */
/** An embedding per input (or per token), nested up to three levels deep. */
export type FeatureExtractionOutput = (number | number[] | number[][])[];

export interface AudioToAudioOutputElem {
  label: string;
  audio: Blob;
}

/** One output track of audio-to-audio: its label, base64 audio and the audio's content type. */
export interface AudioToAudioOutput {
  blob: string;
  "content-type": string;
  label: string;
}

export type OutputType = "url" | "dataUrl" | "blob" | "json";

export interface BaseArgs {
  /**
   * A hub token (`hf_…`, routed through the hub's router) or a provider's own key (sent directly
   * to that provider). Without one, calls are anonymous and quickly rate-limited.
   */
  accessToken?: string;
  /**
   * The hub model id. Without one, the task's default model is read from the hub's /api/tasks.
   * Model URLs are rejected: use `endpointUrl`.
   */
  model?: ModelId;
  /** A dedicated endpoint (or any OpenAI-compatible base) to call; it receives the token as given. */
  endpointUrl?: string;
  /** The provider that runs the model. Default "auto". */
  provider?: InferenceProviderOrPolicy;
}

export type RequestArgs = BaseArgs &
  (
    | { data: Blob | ArrayBuffer }
    | { inputs: unknown }
    | { prompt: string }
    | { text: string }
    | { audio_url: string }
    | ChatCompletionInput
  ) & {
    parameters?: Record<string, unknown>;
    /** Rewrites the final URL (used by providers whose routes nest). */
    urlTransform?: (url: string) => string;
  };

export type AuthMethod = "none" | "hf-token" | "credentials-include" | "provider-key";

export interface HeaderParams {
  accessToken?: string;
  authMethod: AuthMethod;
}

export interface UrlParams {
  authMethod: AuthMethod;
  model: string;
  task?: InferenceTask;
  urlTransform?: (url: string) => string;
}

export interface BodyParams<T extends Record<string, unknown> = Record<string, unknown>> {
  args: T;
  model: string;
  mapping?: InferenceProviderMappingEntry | undefined;
  task?: InferenceTask;
  outputType?: OutputType;
}
