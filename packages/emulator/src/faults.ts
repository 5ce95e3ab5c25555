// Faults on demand: programmatic rules (emu.fault) and reserved model ids that always fail the
// same way, so a browser or a snippet can show a failing model with no test code.
import type { WidgetType } from "@hubkit/tasks";
import { HOST_ORIGINS } from "./hosts.js";
import { PROVIDER_FACTS } from "./providers.js";
import {
  PROVIDER_IDS,
  type EmulatedModel,
  type FaultHandle,
  type FaultRule,
  type HostKey,
  type ProviderId,
  type ProviderMappingEntry,
} from "./types.js";

export const FAULT_MODEL_PREFIX = "hubkit-faults/";

export interface ReservedFault {
  id: string;
  description: string;
  rule: (opts: { slowDelayMs: number }) => FaultRule;
  /** Fails only on some calls: n → fail unless (count % n === 0). */
  failUnlessEvery?: number;
}

/** The reserved fault models. Each also exists in the hub table (tagged `hubkit-fixture`). */
export const RESERVED_FAULTS: readonly ReservedFault[] = [
  {
    id: "hubkit-faults/always-503",
    description: "Always 503 with a JSON error, estimated_time and Retry-After: 1 (model loading).",
    rule: () => ({
      status: 503,
      retryAfter: 1,
      body: { error: "Model hubkit-faults/always-503 is currently loading", estimated_time: 20.0 },
    }),
  },
  {
    id: "hubkit-faults/flaky-503",
    description: "503 twice, then one success, and so on (counted per emulator).",
    failUnlessEvery: 3,
    rule: () => ({ status: 503, retryAfter: 0, body: { error: "Service Unavailable" } }),
  },
  {
    id: "hubkit-faults/rate-limited",
    description: "Always 429 with Retry-After: 2.",
    rule: () => ({
      status: 429,
      retryAfter: 2,
      body: { error: "Rate limit reached. You reached the free usage limit (reset hourly)." },
    }),
  },
  {
    id: "hubkit-faults/error-json",
    description: 'Always 500 with a JSON body {"error": "..."}.',
    rule: () => ({ status: 500, body: { error: "Internal error: the emulated backend failed on purpose" } }),
  },
  {
    id: "hubkit-faults/error-detail",
    description: 'Always 422 with a JSON body {"detail": "..."}.',
    rule: () => ({
      status: 422,
      body: { detail: "Unprocessable input: the emulated backend rejects every call" },
    }),
  },
  {
    id: "hubkit-faults/error-openai",
    description: "Always 400 with an OpenAI-style body {error: {message, type, param, code}}.",
    rule: () => ({
      status: 400,
      body: {
        error: {
          message: "This model rejects every request (emulated fault).",
          type: "invalid_request_error",
          param: null,
          code: "emulated_fault",
        },
      },
    }),
  },
  {
    id: "hubkit-faults/error-text",
    description: "Always 500 with a text/plain; charset=utf-8 body.",
    rule: () => ({
      status: 500,
      contentType: "text/plain; charset=utf-8",
      body: "Upstream worker crashed (emulated fault)",
    }),
  },
  {
    id: "hubkit-faults/error-blob",
    description: "Always 502 with an application/octet-stream body.",
    rule: () => ({
      status: 502,
      contentType: "application/octet-stream",
      body: new Uint8Array([0xde, 0xad, 0xbe, 0xef]),
    }),
  },
  {
    id: "hubkit-faults/not-found",
    description: "Always 404 with a JSON error.",
    rule: () => ({ status: 404, body: { error: "Model hubkit-faults/not-found does not exist" } }),
  },
  {
    id: "hubkit-faults/slow",
    description: "Answers normally after a delay (slowDelayMs, default 1500 ms).",
    rule: ({ slowDelayMs }) => ({ delayMs: slowDelayMs }),
  },
  {
    id: "hubkit-faults/slow-stream",
    description: "Streams normally, 100 ms between events.",
    rule: () => ({ eventDelayMs: 100 }),
  },
  {
    id: "hubkit-faults/stream-cut",
    description: "Streams drop the connection after 3 events; other answers after 3 bytes.",
    rule: () => ({ cutStreamAfter: 3 }),
  },
  {
    id: "hubkit-faults/stream-error",
    description: 'Streams send {"error": …} as the second event, then end.',
    rule: () => ({ streamErrorEvent: true }),
  },
  {
    id: "hubkit-faults/malformed-json",
    description: "200 with truncated JSON (streams: one truncated event).",
    rule: () => ({ malformedJson: true }),
  },
  {
    id: "hubkit-faults/wrong-content-type",
    description: "Normal answer labelled text/html (streams too, instead of text/event-stream).",
    rule: () => ({ contentType: "text/html; charset=utf-8" }),
  },
  {
    id: "hubkit-faults/never-completes",
    description: "Polling never reaches a final state; synchronous calls never answer.",
    rule: () => ({ neverComplete: true }),
  },
];

const FAULT_MAPPING_TASKS: Partial<Record<ProviderId, WidgetType>> = Object.fromEntries(
  PROVIDER_IDS.flatMap((provider) => {
    const task = PROVIDER_FACTS[provider].faultTask;
    return task ? [[provider, task]] : [];
  }),
);

/** Hub entries for the reserved fault models: a chat model every provider "serves". */
export const FAULT_MODELS: readonly EmulatedModel[] = RESERVED_FAULTS.map((f) => ({
  id: f.id,
  pipeline_tag: "text-generation",
  library_name: "transformers",
  tags: ["text-generation", "conversational", "hubkit-fixture"],
  inferenceProviderMapping: Object.fromEntries(
    Object.entries(FAULT_MAPPING_TASKS).map(([provider, task]) => [
      provider,
      { status: "live", providerId: f.id, task } satisfies ProviderMappingEntry,
    ]),
  ),
}));

interface ActiveRule {
  id: number;
  rule: FaultRule;
  hits: number;
  remaining: number;
}

export interface FaultSubject {
  host: HostKey;
  path: string;
  method: string;
  provider?: ProviderId;
  /** Hub and provider model ids named by the request. */
  models: string[];
}

function matches(rule: FaultRule, s: FaultSubject): boolean {
  const m = rule.match;
  if (!m) return true;
  if (m.host !== undefined && m.host !== s.host && m.host !== HOST_ORIGINS[s.host]) return false;
  if (m.method !== undefined && m.method.toUpperCase() !== s.method) return false;
  if (m.provider !== undefined && m.provider !== s.provider) return false;
  if (m.path !== undefined) {
    if (typeof m.path === "string" ? !s.path.startsWith(m.path) : !m.path.test(s.path)) return false;
  }
  if (m.model !== undefined) {
    const pattern = m.model;
    if (!s.models.some((id) => (typeof pattern === "string" ? id === pattern : pattern.test(id))))
      return false;
  }
  return true;
}

export class FaultRegistry {
  private rules: ActiveRule[] = [];
  private nextId = 1;
  private reservedCounts = new Map<string, number>();

  constructor(private readonly slowDelayMs: number) {}

  add(rule: FaultRule): FaultHandle {
    validateRule(rule);
    const active: ActiveRule = { id: this.nextId++, rule, hits: 0, remaining: rule.times ?? Infinity };
    this.rules.push(active);
    return {
      id: active.id,
      get hits() {
        return active.hits;
      },
      remove: () => {
        this.rules = this.rules.filter((r) => r !== active);
      },
    };
  }

  clear(): void {
    this.rules = [];
    this.reservedCounts.clear();
  }

  /** The fault to apply to this request: a programmatic rule first, then a reserved model. */
  take(subject: FaultSubject): FaultRule | undefined {
    for (const active of this.rules) {
      if (active.remaining > 0 && matches(active.rule, subject)) {
        active.hits++;
        active.remaining--;
        if (active.remaining <= 0) this.rules = this.rules.filter((r) => r !== active);
        return active.rule;
      }
    }
    // The hub answers metadata normally for fault models; only inference fails.
    if (subject.host === "hub") return undefined;
    const reserved = RESERVED_FAULTS.find((f) => subject.models.includes(f.id));
    if (!reserved) return undefined;
    if (reserved.failUnlessEvery) {
      const n = (this.reservedCounts.get(reserved.id) ?? 0) + 1;
      this.reservedCounts.set(reserved.id, n);
      if (n % reserved.failUnlessEvery === 0) return undefined;
    }
    return reserved.rule({ slowDelayMs: this.slowDelayMs });
  }
}

function validateRule(rule: FaultRule): void {
  if (rule === null || typeof rule !== "object") throw new TypeError("fault(rule): rule must be an object");
  if (
    rule.status !== undefined &&
    (!Number.isInteger(rule.status) || rule.status < 100 || rule.status > 599)
  ) {
    throw new RangeError(
      `fault(rule): status must be an HTTP status code (100-599), got ${String(rule.status)}`,
    );
  }
  for (const key of ["delayMs", "retryAfter", "cutStreamAfter", "eventDelayMs", "times"] as const) {
    const v = rule[key];
    if (v !== undefined && (typeof v !== "number" || !(v >= 0))) {
      throw new RangeError(`fault(rule): ${key} must be a non-negative number, got ${String(v)}`);
    }
  }
}
