// The team gateway in front of the router: admits each /router call (who calls, bill-to, rate
// limits), chooses where a chat call goes (policy, measured speed, price, circuit breaker, provider
// keys kept on the server) with failover, and records what each call used. The proxy (router/proxy.ts)
// relays the bytes; this module only decides, so the hot path stays the proxy's.
import type { IncomingMessage } from "node:http";
import { DEFINITIONS_BY_ID } from "@hubkit/inference/providers";
import type { HubModel } from "../catalogue/model-record.js";
import { HttpError, TooManyRequestsError } from "../http/errors.js";
import type { AttemptOutcome, GatewayAttempt, GatewayCall, ProxyGateway } from "../router/proxy.js";
import type { HubStore } from "../store/interface.js";
import type { CircuitBreaker } from "./breaker.js";
import type { BudgetSubject, Budgets } from "./budgets.js";
import type { Caller, Callers } from "./callers.js";
import type { ProviderKeys } from "./keys.js";
import type { LimitRule, LimitSubject, RateLimiter } from "./limits.js";
import { chatCandidates, chatPathOf, orderCandidates, splitModel } from "./routing.js";
import type { CallRecord, UsageLog } from "./usage.js";

export interface GatewayOptions {
  mode: "offline" | "online";
  /** the router's base URL (the emulator's offline, the real one online) */
  routerUrl: string;
  /** what the hub sends the router for callers it knows (its own token), `Bearer …` */
  serverAuthorization?: string;
  /** offline: each provider's own API in the emulator, for calls made with a stored provider key */
  providerUrls?: Record<string, string>;
  /** calls without a hub token of this hub are refused (401); default: served as before */
  requireTokens: boolean;
  limits: { token: LimitRule; org: LimitRule };
  failoverDeadlineMs: number;
  callers: Callers;
  keys: ProviderKeys;
  limiter: RateLimiter;
  budgets: Budgets;
  breaker: CircuitBreaker;
  usage: UsageLog;
  models: ModelTable;
  /** the providers' measured latency, recent calls weighing more (kept for a second by the caller) */
  latency: () => Readonly<Record<string, number>>;
}

/** Most providers one chat call tries. */
const MAX_ATTEMPTS = 4;
const CHAT_PATH = "/v1/chat/completions";
const MODEL_IN_BODY = /"model"\s*:\s*"([^"\\]{1,300})"/;

const hasRate = (rule: LimitRule) => rule.rpm !== undefined || rule.tpm !== undefined;

/** The subjects a call counts against: rate limits (`rate`) and monthly budgets (`budget`). */
interface Subjects {
  rate: LimitSubject[];
  budget: BudgetSubject[];
}

/** The catalogue's models by id, kept until the catalogue changes (checked every 2 s, off the hot path). */
export class ModelTable {
  private readonly models = new Map<string, HubModel | null>();
  private version: string | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly store: HubStore) {
    this.timer = setInterval(() => void this.recheck(), 2000);
    this.timer.unref();
  }

  private async recheck(): Promise<void> {
    try {
      const version = await this.store.catalogueVersion();
      if (version !== this.version) this.models.clear();
      this.version = version;
    } catch {
      // The store is away: keep what is known.
    }
  }

  get(id: string): HubModel | null | Promise<HubModel | null> {
    const known = this.models.get(id);
    if (known !== undefined) return known;
    return this.store.getModel(id).then((model) => {
      if (this.models.size > 50_000) this.models.clear();
      this.models.set(id, model ?? null);
      return model ?? null;
    });
  }

  close(): void {
    clearInterval(this.timer);
  }
}

/** `then` that stays synchronous for values that are not promises. */
function after<T, U>(value: T | Promise<T>, next: (value: T) => U | Promise<U>): U | Promise<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

type Definitions = Record<
  string,
  { baseUrl: string; routed: boolean; auth?: { header: string; scheme?: string } } | undefined
>;
const DEFINITIONS = DEFINITIONS_BY_ID as Definitions;

/** How a provider key is sent: Authorization with its scheme (Bearer unless said), or a header of its own. */
function keyHeaders(provider: string, key: string): { authorization?: string; headerLines?: string } {
  const auth = DEFINITIONS[provider]?.auth;
  const value = auth ? (auth.scheme ? `${auth.scheme} ${key}` : key) : `Bearer ${key}`;
  if (!auth || auth.header.toLowerCase() === "authorization") return { authorization: value };
  return { headerLines: `${auth.header.toLowerCase()}: ${value}\r\n` };
}

/** Whether the router serves a provider (the providers it dropped are reached with a key only). */
const routed = (provider: string) => DEFINITIONS[provider]?.routed ?? false;

/** The body of a chat call as JSON: what route() needs of it, or why it cannot be routed. */
function parseChat(body: Buffer): { parsed: Record<string, unknown>; requested: string } | HttpError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    return new HttpError(400, "The request body is not valid JSON");
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    return new HttpError(400, "The request body must be a JSON object");
  }
  const requested = (parsed as Record<string, unknown>).model;
  if (typeof requested !== "string" || requested === "") {
    return new HttpError(400, "'model' is a required property");
  }
  return { parsed: parsed as Record<string, unknown>, requested };
}

/** One call as admitted: who, billed to whom, the request. */
interface Admitted {
  caller: Caller | null;
  billTo: string | undefined;
  request: IncomingMessage;
  rest: string;
  body: Buffer | undefined;
}

class Gateway implements ProxyGateway {
  private readonly routerBase: string;

  constructor(private readonly options: GatewayOptions) {
    this.routerBase = options.routerUrl.replace(/\/+$/, "");
  }

  answers(rest: string): boolean {
    const pathOnly = rest.split("?")[0];
    return pathOnly === "/v1/models" || pathOnly === "/v1/responses";
  }

  admit(request: IncomingMessage, rest: string, body: Buffer | undefined) {
    const caller = this.options.callers.of(request.headers.authorization);
    return after(caller, (known) => this.admitAs(known, request, rest, body));
  }

  /** A provider's own API base, for calls with a stored key (offline: its emulator stand-in). */
  private directBase(provider: string): string | undefined {
    return this.options.mode === "offline"
      ? this.options.providerUrls?.[provider]
      : DEFINITIONS[provider]?.baseUrl;
  }

  private admitAs(
    caller: Caller | null,
    request: IncomingMessage,
    rest: string,
    body: Buffer | undefined,
  ): GatewayCall | HttpError | Promise<GatewayCall | HttpError> {
    const { options } = this;
    if (!caller && options.requireTokens) {
      return new HttpError(401, "Router calls need a hub token of this hub: send Authorization: Bearer hf_…");
    }
    const billHeader = request.headers["x-hf-bill-to"];
    const billTo = typeof billHeader === "string" && billHeader.trim() !== "" ? billHeader.trim() : undefined;
    if (billTo !== undefined) {
      if (caller && !caller.orgs.has(billTo.toLowerCase())) {
        return new HttpError(
          403,
          `Calls cannot be billed to "${billTo.slice(0, 100)}": you are not a member of that organisation`,
        );
      }
      if (!caller && options.keys.orgHasKeys(billTo)) {
        return new HttpError(
          403,
          `Calls billed to "${billTo.slice(0, 100)}" need the hub token of one of its members`,
        );
      }
    }
    const subjects = this.limitSubjects(caller, billTo);
    if (subjects.budget.length > 0) {
      const refused = options.budgets.check(subjects.budget);
      if (refused) return refused;
    }
    const build = () => {
      const call = this.route({ caller, billTo, request, rest, body });
      return after(call, (made) => (made instanceof HttpError ? made : this.account(made, subjects)));
    };
    if (subjects.rate.length === 0) return build();
    return after(options.limiter.check(subjects.rate), (decision) =>
      decision.ok ? build() : new TooManyRequestsError(decision.message, decision.retryAfterSeconds),
    );
  }

  /** The limits a call counts against: its token's, and its org's when billed to one. */
  private limitSubjects(caller: Caller | null, billTo: string | undefined): Subjects {
    const subjects: Subjects = { rate: [], budget: [] };
    if (!caller) return subjects;
    const { keys, limits } = this.options;
    const add = (key: string, rule: LimitRule, label: string) => {
      if (hasRate(rule)) subjects.rate.push({ key, rule, label });
      if (rule.budgetUsd !== undefined) subjects.budget.push({ key, budgetUsd: rule.budgetUsd, label });
    };
    // A rule stored for this token or org (`limit set`) replaces the hub's default.
    const tokenKey = `token:${caller.tokenId}`;
    add(tokenKey, keys.limitOf(tokenKey) ?? limits.token, "this token");
    if (billTo !== undefined) {
      const orgKey = `org:${billTo.toLowerCase()}`;
      add(orgKey, keys.limitOf(orgKey) ?? limits.org, `the organisation "${billTo.slice(0, 100)}"`);
    }
    return subjects;
  }

  /** The call's usage is recorded, and its tokens counted against its limits, when it ends. */
  private account(made: Made, subjects: Subjects): GatewayCall {
    const { call, record } = made;
    const { usage, limiter, budgets } = this.options;
    call.ended = (exchange, tail, attempts) => {
      const used = usage.record(record, exchange, tail, attempts);
      if (subjects.rate.length > 0 && used.tokens > 0) limiter.addTokens(subjects.rate, used.tokens);
      // Every call's cost counts toward its token's and org's month, budget or not (a budget set
      // later starts from what was spent).
      if (record.caller) budgets.add(record.caller.tokenId, record.org, used.costUsd);
    };
    return call;
  }

  /** What the router is sent for a caller: the hub's own token for its callers, else theirs (as before). */
  private upstreamAuthorization(caller: Caller | null, request: IncomingMessage): string | undefined {
    const server = this.options.serverAuthorization;
    return caller ? server : (request.headers.authorization ?? server);
  }

  private route(call: Admitted): Made | HttpError | Promise<Made | HttpError> {
    const { caller, billTo, request, rest, body } = call;
    const record: CallRecord = { caller, org: billTo, model: "" };
    if (rest.split("?")[0] === CHAT_PATH && request.method === "POST" && body) {
      const chat = parseChat(body);
      if (chat instanceof HttpError) return chat;
      const { model, suffix } = splitModel(chat.requested);
      record.model = model;
      return after(this.options.models.get(model), (found) =>
        found
          ? this.chatCall(call, found, chat.requested, suffix, chat.parsed, record)
          : // Not in this hub's catalogue: the router decides, as before.
            this.passThrough({ ...call, billTo: undefined }, record),
      );
    }
    if (body && body.length > 0) {
      record.model = MODEL_IN_BODY.exec(body.toString("latin1", 0, 2048))?.[1] ?? "";
    }
    return this.passThrough(call, record);
  }

  /** A call the router takes as it came; to a provider's own API when a key for it is stored. */
  private passThrough({ caller, billTo, request, rest, body }: Admitted, record: CallRecord): Made {
    const provider = /^\/([a-z0-9][a-z0-9-]*)\//.exec(rest)?.[1];
    const named = provider && provider !== "v1" ? provider : undefined;
    record.provider = named;
    const keepTail = rest.includes("/chat/completions");
    const key = caller && named ? this.options.keys.keyFor(named, billTo) : undefined;
    const base = key && named ? this.directBase(named) : undefined;
    const attempt: GatewayAttempt =
      key && base && named
        ? {
            base,
            path: rest.slice(named.length + 1),
            body,
            provider: named,
            direct: true,
            ...keyHeaders(named, key),
          }
        : {
            base: this.routerBase,
            path: rest,
            body,
            provider: named,
            authorization: this.upstreamAuthorization(caller, request),
          };
    return { call: { attempts: [attempt], deadline: performance.now(), keepTail }, record };
  }

  /** The breaker hears every attempt's outcome: no answer, 5xx and 429 are failures. */
  private readonly attempted = (attempt: GatewayAttempt, outcome: AttemptOutcome) => {
    if (!attempt.provider) return;
    const failed = outcome.status === undefined || outcome.status >= 500 || outcome.status === 429;
    if (failed) this.options.breaker.failure(attempt.provider);
    else this.options.breaker.success(attempt.provider);
  };

  private chatCall(
    { caller, billTo, request }: Admitted,
    model: HubModel,
    requested: string,
    suffix: string | undefined,
    parsed: Record<string, unknown>,
    record: CallRecord,
  ): Made | HttpError {
    const { options } = this;
    const keyOf = (provider: string) => (caller ? options.keys.keyFor(provider, billTo) : undefined);
    const candidates = chatCandidates(model, (provider) => routed(provider) || keyOf(provider) !== undefined);
    if (candidates.length === 0) {
      return new HttpError(
        400,
        `The requested model '${model.id}' is not supported by any provider this hub routes.`,
      );
    }
    let ordered;
    try {
      ordered = orderCandidates(requested, model.id, suffix, candidates, options.latency());
    } catch (error) {
      return error as HttpError;
    }
    const usable = ordered.filter((candidate) => options.breaker.allows(candidate.provider));
    if (usable.length === 0) {
      const wait = Math.min(...ordered.map((candidate) => options.breaker.heldOutFor(candidate.provider)));
      return new TooManyRequestsError(
        `Every provider of '${model.id}' this call may use is failing; the hub tries them again shortly`,
        Math.max(1, Math.ceil(wait / 1000)),
      );
    }
    const authorization = this.upstreamAuthorization(caller, request);
    const attempts: GatewayAttempt[] = [];
    for (const candidate of usable) {
      if (attempts.length === MAX_ATTEMPTS) break;
      const path = chatPathOf(candidate.provider, candidate.providerId);
      const key = keyOf(candidate.provider);
      const base = key ? this.directBase(candidate.provider) : undefined;
      let where: Omit<GatewayAttempt, "body">;
      if (key && base) {
        where = {
          base,
          path,
          provider: candidate.provider,
          direct: true,
          ...keyHeaders(candidate.provider, key),
        };
      } else if (routed(candidate.provider)) {
        where = {
          base: this.routerBase,
          path: `/${candidate.provider}${path}`,
          provider: candidate.provider,
          authorization,
        };
      } else continue;
      // The body names the provider's model id; written only for the attempts actually made.
      let body: Buffer | undefined;
      attempts.push({
        ...where,
        get body() {
          return (body ??= Buffer.from(JSON.stringify({ ...parsed, model: candidate.providerId })));
        },
      });
    }
    const call: GatewayCall = {
      attempts,
      deadline: performance.now() + options.failoverDeadlineMs,
      keepTail: true,
      attempted: this.attempted,
    };
    return { call, record };
  }
}

export function createGateway(options: GatewayOptions): ProxyGateway {
  return new Gateway(options);
}

interface Made {
  call: GatewayCall;
  record: CallRecord;
}
