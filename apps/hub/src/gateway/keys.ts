// Provider keys kept on the server: the hub's own per provider, and an organisation's for calls
// billed to it. Stored sealed (secrets.ts); opened in memory when the server needs them, and looked
// at again when the store changes (the CLI writes from another process). Never returned, never logged.
import { openSecret, sealSecret } from "./secrets.js";
import type { LimitRule } from "./limits.js";
import type { GatewayData, KeyScope } from "./store.js";

/** How often the server looks whether the stored keys changed (off the request path). */
const RECHECK_MS = 1000;
const PROVIDER_RE = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** What `provider-key list` shows: where keys are, never what they are. */
export interface KeyListing {
  provider: string;
  org?: string;
  updatedAt: string;
}

export function providerNameProblem(provider: string): string | undefined {
  return PROVIDER_RE.test(provider)
    ? undefined
    : `"${provider.slice(0, 64)}" is not a provider id (lower-case letters, digits and dashes, e.g. together)`;
}

/** The associated data a key is sealed with: a value moved to another row does not open. */
const contextOf = (provider: string, scope: KeyScope) => `${scope.org?.toLowerCase() ?? ":hub"}/${provider}`;

/**
 * The stored keys, opened, and the rate limits stored per token or org beside them (`limit set`):
 * read at start and again whenever the store's marker changes, so the request path only reads maps.
 */
export class ProviderKeys {
  private opened = new Map<string, string>();
  private rules = new Map<string, LimitRule>();
  private version = "";
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: GatewayData,
    /** undefined when HUBKIT_SECRET_KEY is not set: stored keys then stay closed */
    private readonly secretKey: Buffer | undefined,
    private readonly warn: (message: string) => void = () => {},
  ) {}

  /** Opens the stored keys, then looks for changes every second (off the request path). */
  async watch(): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => {
      this.reload().catch((error: unknown) =>
        this.warn(`provider keys not reread: ${(error as Error).message}`),
      );
    }, RECHECK_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async set(provider: string, scope: KeyScope, plain: string): Promise<void> {
    if (!this.secretKey) throw new Error("HUBKIT_SECRET_KEY is needed to store provider keys");
    const problem = providerNameProblem(provider);
    if (problem) throw new Error(problem);
    const key = plain.trim();
    if (key.length < 4 || /\s/.test(key))
      throw new Error("a provider key is one word of at least 4 characters");
    await this.store.setKey(provider, scope, sealSecret(this.secretKey, key, contextOf(provider, scope)));
  }

  remove(provider: string, scope: KeyScope): Promise<boolean> {
    return this.store.removeKey(provider, scope);
  }

  async list(): Promise<KeyListing[]> {
    return (await this.store.keys()).map(({ provider, org, updatedAt }) => ({ provider, org, updatedAt }));
  }

  /** The key for `provider`: the org's own when billed to one, else the hub's; undefined for none. */
  keyFor(provider: string, org: string | undefined): string | undefined {
    if (org !== undefined) return this.opened.get(`${org.toLowerCase()}/${provider}`);
    return this.opened.get(`:hub/${provider}`);
  }

  /** Whether an org has any key of its own here. */
  orgHasKeys(org: string): boolean {
    const prefix = `${org.toLowerCase()}/`;
    for (const name of this.opened.keys()) if (name.startsWith(prefix)) return true;
    return false;
  }

  /** The limits stored for a subject (`token:<id>`, `org:<name>`), if any. */
  limitOf(subject: string): LimitRule | undefined {
    return this.rules.get(subject);
  }

  /** Whether any stored rule sets a budget. */
  anyBudget(): boolean {
    for (const rule of this.rules.values()) if (rule.budgetUsd !== undefined) return true;
    return false;
  }

  /** Reads the store again now if it changed (the server also does so every second). */
  async reload(): Promise<void> {
    const version = await this.store.keysVersion();
    if (version === this.version) return;
    this.version = version;
    this.rules = new Map(
      (await this.store.limits()).map(({ subject, rpm, tpm, budgetUsd }) => [
        subject,
        { rpm: rpm ?? undefined, tpm: tpm ?? undefined, budgetUsd: budgetUsd ?? undefined },
      ]),
    );
    const opened = new Map<string, string>();
    const stored = await this.store.keys();
    if (stored.length > 0 && !this.secretKey) {
      this.warn(`${stored.length} stored provider keys are not used: HUBKIT_SECRET_KEY is not set`);
    }
    for (const entry of this.secretKey ? stored : []) {
      const context = contextOf(entry.provider, { org: entry.org });
      try {
        opened.set(context, openSecret(this.secretKey!, entry.sealed, context));
      } catch (error) {
        this.warn(
          `provider key for ${entry.provider} (${entry.org ?? "hub"}) not used: ${(error as Error).message}`,
        );
      }
    }
    this.opened = opened;
  }
}
