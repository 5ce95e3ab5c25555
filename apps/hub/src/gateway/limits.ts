// Rate limits per hub token and per organisation: requests and tokens per minute. A window opens with
// a subject's first call and lasts a minute; past a limit the call is refused (429) with the seconds
// left as Retry-After. With HUBKIT_REDIS_URL the counters live in Redis, so every replica counts the
// same calls (one pipelined round trip per call, none for callers without limits); without it each
// hub counts in memory. Redis unreachable: calls are let through (fail open) with a logged warning,
// and counting resumes by itself once it answers again.
import { Redis } from "ioredis";

export const WINDOW_MS = 60_000;

export interface LimitRule {
  /** requests per minute */
  rpm?: number;
  /** tokens (in + out) per minute */
  tpm?: number;
  /** USD per calendar month (budgets.ts; not counted by the rate limiter) */
  budgetUsd?: number;
}

/** Who a limit applies to: `token:<id>` or `org:<name>`, its rule, and how the refusal names it. */
export interface LimitSubject {
  key: string;
  rule: LimitRule;
  label: string;
}

export type LimitDecision = { ok: true } | { ok: false; retryAfterSeconds: number; message: string };

const OK: LimitDecision = { ok: true };

export interface RateLimiter {
  readonly kind: "memory" | "redis";
  check(subjects: readonly LimitSubject[]): LimitDecision | Promise<LimitDecision>;
  /** counts a finished call's tokens against each subject */
  addTokens(subjects: readonly LimitSubject[], tokens: number): void;
  /** resolves once limits are counted where they should be (Redis: connected) */
  ready(): Promise<void>;
  /** false while the shared counters cannot be reached (calls then go unlimited) */
  healthy(): boolean;
  close(): Promise<void>;
}

function refusal(
  subject: LimitSubject,
  what: "requests" | "tokens",
  limit: number,
  leftMs: number,
): LimitDecision {
  return {
    ok: false,
    retryAfterSeconds: Math.max(1, Math.ceil(leftMs / 1000)),
    message: `Rate limit reached for ${subject.label}: ${limit} ${what} per minute`,
  };
}

interface Window {
  start: number;
  requests: number;
  tokens: number;
}

export class MemoryLimiter implements RateLimiter {
  readonly kind = "memory";
  private readonly windows = new Map<string, Window>();
  private sweptAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  private windowOf(key: string, now: number): Window {
    let window = this.windows.get(key);
    if (!window || now - window.start >= WINDOW_MS) {
      window = { start: now, requests: 0, tokens: 0 };
      this.windows.set(key, window);
    }
    return window;
  }

  check(subjects: readonly LimitSubject[]): LimitDecision {
    const now = this.now();
    if (now - this.sweptAt > WINDOW_MS) this.sweep(now);
    for (const subject of subjects) {
      const window = this.windowOf(subject.key, now);
      const left = window.start + WINDOW_MS - now;
      const { rpm, tpm } = subject.rule;
      if (tpm !== undefined && window.tokens >= tpm) return refusal(subject, "tokens", tpm, left);
      if (rpm !== undefined && window.requests >= rpm) return refusal(subject, "requests", rpm, left);
    }
    for (const subject of subjects) this.windowOf(subject.key, now).requests++;
    return OK;
  }

  addTokens(subjects: readonly LimitSubject[], tokens: number): void {
    const now = this.now();
    for (const subject of subjects)
      if (subject.rule.tpm !== undefined) this.windowOf(subject.key, now).tokens += tokens;
  }

  private sweep(now: number): void {
    this.sweptAt = now;
    for (const [key, window] of this.windows) if (now - window.start >= WINDOW_MS) this.windows.delete(key);
  }

  async ready(): Promise<void> {}

  healthy(): boolean {
    return true;
  }

  async close(): Promise<void> {}
}

export class RedisLimiter implements RateLimiter {
  readonly kind = "redis";
  private readonly redis: Redis;
  private down = false;

  constructor(
    url: string,
    private readonly log: { warn(message: string): void; info(message: string): void },
  ) {
    this.redis = new Redis(url, {
      // Commands fail at once while Redis is away (the call goes on: fail open) instead of queueing.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 500,
      connectTimeout: 2000,
      retryStrategy: (times: number) => Math.min(200 * times, 2000),
      keyPrefix: "hubkit:rl:",
    });
    this.redis.on("error", () => this.failed());
    this.redis.on("ready", () => {
      if (this.down) this.log.info("rate limits: Redis answers again; limits are enforced across replicas");
      this.down = false;
    });
  }

  async ready(): Promise<void> {
    if (this.redis.status === "ready") return;
    await new Promise<void>((resolve, reject) => {
      this.redis.once("ready", () => resolve());
      this.redis.once("end", () => reject(new Error("Redis connection ended")));
    });
  }

  healthy(): boolean {
    return this.redis.status === "ready";
  }

  private failed(): void {
    if (this.down) return;
    this.down = true;
    this.log.warn(
      "rate limits: Redis does not answer; calls are let through unlimited until it does (fail open)",
    );
  }

  async check(subjects: readonly LimitSubject[]): Promise<LimitDecision> {
    const pipeline = this.redis.pipeline();
    for (const subject of subjects) {
      const requests = `${subject.key}:r`;
      pipeline.set(requests, 0, "PX", WINDOW_MS, "NX").incr(requests).pttl(requests);
      pipeline.get(`${subject.key}:t`).pttl(`${subject.key}:t`);
    }
    let results: [Error | null, unknown][] | null;
    try {
      results = await pipeline.exec();
    } catch {
      this.failed();
      return OK;
    }
    if (!results) return OK;
    for (let i = 0; i < subjects.length; i++) {
      const subject = subjects[i];
      const at = i * 5;
      if (results.slice(at, at + 5).some(([error]) => error)) {
        this.failed();
        return OK;
      }
      const requests = Number(results[at + 1][1]);
      const requestsLeftMs = Number(results[at + 2][1]);
      const tokens = Number(results[at + 3][1] ?? 0);
      const tokensLeftMs = Number(results[at + 4][1]);
      const { rpm, tpm } = subject.rule;
      if (tpm !== undefined && tokens >= tpm)
        return refusal(subject, "tokens", tpm, tokensLeftMs > 0 ? tokensLeftMs : WINDOW_MS);
      if (rpm !== undefined && requests > rpm)
        return refusal(subject, "requests", rpm, requestsLeftMs > 0 ? requestsLeftMs : WINDOW_MS);
    }
    return OK;
  }

  addTokens(subjects: readonly LimitSubject[], tokens: number): void {
    const pipeline = this.redis.pipeline();
    let any = false;
    for (const subject of subjects) {
      if (subject.rule.tpm === undefined) continue;
      any = true;
      pipeline.set(`${subject.key}:t`, 0, "PX", WINDOW_MS, "NX").incrby(`${subject.key}:t`, tokens);
    }
    if (any) pipeline.exec().catch(() => this.failed());
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

/** HUBKIT_LIMIT_* settings: a whole number per minute, or unset/0 for none. */
export function parseLimit(name: string, text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  if (!/^\d+$/.test(text.trim()))
    throw new Error(`${name} must be a whole number per minute, got "${text.slice(0, 40)}"`);
  const value = Number(text.trim());
  return value === 0 ? undefined : value;
}
