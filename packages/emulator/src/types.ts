// Public types of @hubkit/emulator.
import type { InferenceProviderMappingEntry } from "@hubkit/tasks";
import { EMULATED_PROVIDERS, type ApiHostKey, type CdnHostKey, type ProviderId } from "./providers.js";

/** The inference providers of the contract (13) and the ten 4.x added, from the emulator's provider table. */
export const PROVIDER_IDS = Object.keys(EMULATED_PROVIDERS) as readonly ProviderId[];
export type { ProviderId };

/**
 * One emulated host: the hub, the router, each provider's direct API, fal's queue, and the CDNs
 * that serve generated files.
 */
export type HostKey = "hub" | "router" | Exclude<ProviderId, "hf-inference"> | ApiHostKey | CdnHostKey;

/** A hub mapping entry (@hubkit/tasks' one definition); adapters are served by wavespeed, fal-ai and replicate. */
export type ProviderMappingEntry = InferenceProviderMappingEntry;

export interface EmulatedModel {
  id: string;
  pipeline_tag: string;
  library_name?: string;
  tags: string[];
  mask_token?: string;
  inferenceProviderMapping: Partial<Record<ProviderId, ProviderMappingEntry>>;
  /** Hints for generated outputs; never served by the hub API. */
  emulator?: { labels?: string[]; dimensions?: number };
}

/** A request as the emulator received it. */
export interface RecordedRequest {
  /** Sequence number, increasing per emulator. */
  seq: number;
  time: number;
  method: string;
  /** Which emulated host received it. */
  host: HostKey;
  /** The real origin this host stands in for, e.g. "https://api.together.xyz". */
  origin: string;
  path: string;
  /** Raw query string including "?", or "". */
  search: string;
  /** Query parameters (last value wins for repeated keys; see `search` for the raw string). */
  query: Record<string, string>;
  /** The URL as it would have been on the real host. */
  url: string;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /**
   * Parsed JSON body when the body is JSON, the text for text bodies, else null (null too for a body
   * over 1 MiB: the log keeps bounded copies).
   */
  body: unknown;
  /**
   * The raw body bytes (a copy of the first 64 KiB at most; `bodySize` has the full length). The log
   * keeps 16 MiB of bodies in all (parsed ones counted at twice their size): past that, older records
   * lose `body` and `bodyBytes`.
   */
  bodyBytes: Uint8Array;
  bodySize: number;
  /** Provider addressed (router segment, or the direct host's provider). */
  provider?: ProviderId;
  /** Model named by the path or the body, when there is one. */
  model?: string;
  /** Filled in when the response is sent. */
  status?: number;
  /** True when a hub token (hf_…) reached a host other than the hub or the router. */
  hubTokenLeak: boolean;
}

export interface TokenLeak {
  seq: number;
  host: HostKey;
  path: string;
  /** Where the token was found: a header name or "query". Never the token itself. */
  where: string;
}

export interface FaultMatch {
  /** Host key ("together", "router", …) or real origin ("https://api.together.xyz"). */
  host?: HostKey | string;
  /** A string matches a prefix of the path as received (router paths include /{provider}); a RegExp is tested against it. */
  path?: string | RegExp;
  /** Matched against the hub model id or the provider model id of the request. */
  model?: string | RegExp;
  method?: string;
  provider?: ProviderId;
}

export interface FaultRule {
  match?: FaultMatch;
  /** Reply with this status instead of the normal answer. */
  status?: number;
  /** Error body: an object is sent as JSON, a string as text, bytes as a blob. */
  body?: unknown;
  /** Content type of the fault body, or, with no `status`, of the normal answer. */
  contentType?: string;
  /** Seconds, sent as a Retry-After header. */
  retryAfter?: number;
  /** Wait before answering. */
  delayMs?: number;
  /** Apply this many times, then stop matching (default: forever). */
  times?: number;
  /** Streams: drop the connection after this many events. Other answers: after this many bytes. */
  cutStreamAfter?: number;
  /**
   * Close the connection without answering (after `delayMs`): a provider that is down before the first
   * byte, as a gateway's failover sees it.
   */
  dropConnection?: boolean;
  /** Answer 200 with truncated JSON (in a stream: one truncated event). */
  malformedJson?: boolean;
  /** Streams: send an error event after the first event (true, a message, or the error object). */
  streamErrorEvent?: boolean | string | Record<string, unknown>;
  /** Streams: wait this long between events. */
  eventDelayMs?: number;
  /** Polling (black-forest-labs, fal-ai queue, replicate, together video, novita async, wavespeed, zai-org images): never reach a final state. */
  neverComplete?: boolean;
  /**
   * replicate: a `Prefer: wait` reply carries the finished `output` while its `status` still says
   * "processing", as the real service sometimes answers (a later poll says "succeeded").
   */
  outputWhileProcessing?: boolean;
}

export interface FaultHandle {
  readonly id: number;
  /** How many times the rule has applied so far. */
  readonly hits: number;
  remove(): void;
}

export interface EmulatorOptions {
  /** Listen on consecutive ports from this base (in `HOST_KEYS` order) instead of random ones. */
  portBase?: number;
  /** Non-final answers a poll returns before the final one (default 2). */
  pollSteps?: number;
  /** Most requests kept in `requests` (default 1000; the oldest are dropped). */
  maxRecordedRequests?: number;
  /** Default delay of the reserved `hubkit-faults/slow` models (default 1500 ms). */
  slowDelayMs?: number;
  /** Delay between stream events (default 0). */
  streamIntervalMs?: number;
  /** Extra or replacement models for the hub table. */
  models?: readonly EmulatedModel[];
  /** Consulted for ids not in the table (e.g. a hub server's own catalogue). */
  resolveModel?: (id: string) => EmulatedModel | undefined;
  /** Clock in ms for `created` timestamps (default Date.now). */
  now?: () => number;
}

export interface EmulatorClientOptions {
  hubUrl: string;
  routerUrl: string;
  providerUrls: Record<string, string>;
}

export interface Emulator {
  hubUrl: string;
  routerUrl: string;
  /** Provider id → loopback base standing in for its direct API, plus "fal-ai-queue". */
  providerUrls: Record<string, string>;
  /** Real origin → loopback base, for every emulated host. */
  hosts: Record<string, string>;
  clientOptions: EmulatorClientOptions;
  /** Live log of received requests, oldest first (bounded). */
  requests: RecordedRequest[];
  /** Every time a hub token reached a third-party host (should stay empty). */
  tokenLeaks: TokenLeak[];
  clearRequests(): void;
  /** Most recent request, optionally the most recent one matching `filter`. */
  lastRequest(filter?: (r: RecordedRequest) => boolean): RecordedRequest | undefined;
  fault(rule: FaultRule): FaultHandle;
  clearFaults(): void;
  /** Rewrites a real URL (https://api.together.xyz/…) to its loopback stand-in; others unchanged. */
  rewriteUrl(url: string): string;
  close(): Promise<void>;
}
