/**
 * What defines a provider, apart from its task helpers: the facts every table of the client (and
 * the snippet generator) derives from. `definitions.ts` holds one row per provider in three tables:
 * `PROVIDER_DEFINITIONS` (what every request needs), `PROVIDER_TASK_LISTS` (what task selection
 * reads) and `PROVIDER_LISTINGS` (what only listings and snippets show). This module imports
 * nothing, so any module may import it without a cycle.
 */
export interface ProviderDefinition<Id extends string = string> {
  /** The provider id callers pass as `provider`. */
  readonly id: Id;
  /** Its own API base, used with its own key (direct calls). */
  readonly baseUrl: string;
  /** Extra direct bases some tasks use (fal.ai's queue), by name. */
  readonly extraBaseUrls?: Readonly<Record<string, string>>;
  /**
   * How its key is sent: `{header}: {scheme} {key}` (or the key alone without a scheme). Omitted:
   * `Authorization: Bearer {key}`.
   */
  readonly auth?: { readonly header: string; readonly scheme?: string };
  /**
   * False for providers the hub's router no longer serves (upstream removed them in July 2026):
   * callable directly with their own key only.
   */
  readonly routed: boolean;
  /** Only callable directly with its own key, with models named `{provider}/{model}`. */
  readonly clientSideRoutingOnly?: boolean;
}

/** The facts about a provider that only listings and snippets use. */
export interface ProviderListing<Id extends string = string> {
  readonly id: Id;
  /** Its organization on the hub (`PROVIDERS_HUB_ORGS`). */
  readonly hubOrg: string;
}

/** The tasks a provider serves, apart from its definition (chat requests never read them). */
export interface ProviderTasks<Id extends string = string> {
  readonly id: Id;
  /** In the order errors list them; each has a helper in providers/index.ts. */
  readonly tasks: readonly string[];
}
