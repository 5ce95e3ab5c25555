// Opens the gateway for a hub server: its store, provider keys, rate limiter (Redis or memory),
// circuit breaker and usage log, and the routes it answers itself (/router/v1/models, the usage API).
import type { FastifyInstance } from "fastify";
import type { ProviderFigures } from "../contract/api.js";
import type { RepoMetadata } from "../repos/metadata.js";
import type { ProxyGateway } from "../router/proxy.js";
import type { HubStore } from "../store/interface.js";
import { CircuitBreaker, type BreakerOptions } from "./breaker.js";
import { Budgets } from "./budgets.js";
import { Callers } from "./callers.js";
import { createGateway, ModelTable } from "./gateway.js";
import { ProviderKeys } from "./keys.js";
import { MemoryLimiter, parseLimit, RedisLimiter, type LimitRule, type RateLimiter } from "./limits.js";
import { listModels } from "./models.js";
import { SECRET_KEY_ENV, secretKeyFrom } from "./secrets.js";
import { openGatewayData } from "./open-data.js";
import type { GatewayData } from "./store.js";
import { UsageLog } from "./usage.js";
import { registerUsageRoutes } from "./usage-routes.js";
import { registerResponsesRoute } from "./responses.js";

/** What a hub's options may set; the rest comes from the environment. */
export interface GatewayOptionsInput {
  /** redis://… to share rate limits between replicas (default $HUBKIT_REDIS_URL); none: in memory */
  redisUrl?: string;
  /** limits per hub token and per org billed (default $HUBKIT_LIMIT_TOKEN_RPM/_TPM, $HUBKIT_LIMIT_ORG_RPM/_TPM) */
  limits?: { token?: LimitRule; org?: LimitRule };
  /** router calls need a hub token of this hub (default $HUBKIT_ROUTER_REQUIRE_TOKENS=1) */
  requireTokens?: boolean;
  /** no failover attempt starts later than this after the call came (default 30 000 ms) */
  failoverDeadlineMs?: number;
  breaker?: BreakerOptions;
  /** the proxy forwards as it did before the gateway (no tokens, limits, routing or usage): for comparisons */
  disabled?: boolean;
  /** the key provider keys are sealed with, as HUBKIT_SECRET_KEY takes it (default: that variable) */
  secretKey?: string;
}

export interface OpenGatewayOptions extends GatewayOptionsInput {
  dataDir: string;
  /** postgres://… keeps keys and usage in the replicas' database */
  databaseUrl?: string;
  mode: "offline" | "online";
  routerUrl: string;
  serverAuthorization?: string;
  providerUrls?: Record<string, string>;
  store: HubStore;
  meta: RepoMetadata;
  figures: () => Readonly<Record<string, ProviderFigures>>;
  /** measured latency per provider, recent calls weighing more: what :fastest orders by */
  latency: () => Readonly<Record<string, number>>;
  warn: (message: string) => void;
}

export interface OpenedGateway {
  proxyGateway: ProxyGateway;
  /** where rate limits are counted */
  limiter: "memory" | "redis";
  /** resolves once the limiter counts where it should (Redis: connected) */
  limiterReady(): Promise<void>;
  /** false while Redis cannot be reached (calls then go unlimited: fail open) */
  limiterHealthy(): boolean;
  /** rereads provider keys, stored limits and the month's spend now (running hubs also do so every 1–2 s) */
  reloadSettings(): Promise<void>;
  keys: ProviderKeys;
  breaker: CircuitBreaker;
  usage: UsageLog;
  store: GatewayData;
  close(): Promise<void>;
}

/** The 32-byte key when HUBKIT_SECRET_KEY is set (a malformed one stops the server). */
export function secretKeyFromEnv(env: Record<string, string | undefined>): Buffer | undefined {
  const text = env[SECRET_KEY_ENV];
  return text === undefined || text.trim() === "" ? undefined : secretKeyFrom(text);
}

export async function openGateway(app: FastifyInstance, options: OpenGatewayOptions): Promise<OpenedGateway> {
  const env = process.env;
  const store = await openGatewayData(options.dataDir, options.databaseUrl);
  const secretKey =
    options.secretKey !== undefined
      ? secretKeyFromEnv({ [SECRET_KEY_ENV]: options.secretKey })
      : secretKeyFromEnv(env);
  const keys = new ProviderKeys(store, secretKey, options.warn);
  await keys.watch();
  const redisUrl = options.redisUrl ?? (env.HUBKIT_REDIS_URL?.trim() || undefined);
  const limiter: RateLimiter = redisUrl
    ? new RedisLimiter(redisUrl, { warn: options.warn, info: (message) => app.log.info(message) })
    : new MemoryLimiter();
  // Said at start: replicas without Redis each count their own calls.
  app.log.info(
    redisUrl
      ? "rate limits: counted in Redis (HUBKIT_REDIS_URL), shared by replicas"
      : "rate limits: counted in memory by this hub alone (set HUBKIT_REDIS_URL to share them between replicas)",
  );
  const limits = {
    token: options.limits?.token ?? {
      rpm: parseLimit("HUBKIT_LIMIT_TOKEN_RPM", env.HUBKIT_LIMIT_TOKEN_RPM),
      tpm: parseLimit("HUBKIT_LIMIT_TOKEN_TPM", env.HUBKIT_LIMIT_TOKEN_TPM),
    },
    org: options.limits?.org ?? {
      rpm: parseLimit("HUBKIT_LIMIT_ORG_RPM", env.HUBKIT_LIMIT_ORG_RPM),
      tpm: parseLimit("HUBKIT_LIMIT_ORG_TPM", env.HUBKIT_LIMIT_ORG_TPM),
    },
  };
  const breaker = new CircuitBreaker(options.breaker);
  const usage = new UsageLog(store, options.warn);
  const budgets = new Budgets(
    store,
    () => keys.anyBudget() || limits.token.budgetUsd !== undefined || limits.org.budgetUsd !== undefined,
    () => usage.flush(),
    options.warn,
  );
  await budgets.refresh();
  budgets.start();
  const models = new ModelTable(options.store);
  const callers = new Callers(options.meta);
  // The measured figures change per call; the order they give is read at most once a second.
  let figures: { at: number; value: Readonly<Record<string, ProviderFigures>> } | undefined;
  const cachedFigures = () => {
    const now = performance.now();
    if (!figures || now - figures.at > 1000) figures = { at: now, value: options.figures() };
    return figures.value;
  };
  let latency: { at: number; value: Readonly<Record<string, number>> } | undefined;
  const cachedLatency = () => {
    const now = performance.now();
    if (!latency || now - latency.at > 1000) latency = { at: now, value: options.latency() };
    return latency.value;
  };
  const proxyGateway = createGateway({
    mode: options.mode,
    routerUrl: options.routerUrl,
    serverAuthorization: options.serverAuthorization,
    providerUrls: options.providerUrls,
    requireTokens: options.requireTokens ?? env.HUBKIT_ROUTER_REQUIRE_TOKENS === "1",
    limits,
    failoverDeadlineMs: options.failoverDeadlineMs ?? 30_000,
    callers,
    keys,
    limiter,
    budgets,
    breaker,
    usage,
    models,
    latency: cachedLatency,
  });

  app.get("/router/v1/models", async () =>
    listModels(await options.store.mappedModels(), cachedFigures(), (provider) => breaker.state(provider)),
  );
  registerUsageRoutes(app, { usage, store, callers, mode: options.mode });
  registerResponsesRoute(app);
  app.addHook("onClose", async () => {
    models.close();
  });

  return {
    proxyGateway,
    limiter: limiter.kind,
    limiterReady: () => limiter.ready(),
    limiterHealthy: () => limiter.healthy(),
    reloadSettings: async () => {
      await keys.reload();
      await budgets.refresh();
    },
    keys,
    breaker,
    usage,
    store,
    async close() {
      models.close();
      keys.stop();
      budgets.stop();
      await usage.close();
      await limiter.close();
      await store.close();
    },
  };
}
