/**
 * What defines a provider, apart from its task helpers: the facts every table of the client (and
 * the snippet generator) derives from. One `definition.ts` per provider folder holds three parts:
 * `definition` (what every request needs), `tasks` (what task selection reads) and `listing` (what
 * only listings and snippets show). The last two are kept apart so that request code that does not
 * read them, e.g. a chat-only bundle, leaves them out; `definitions.ts` lists them. This module
 * imports nothing, so any module may import it without a cycle.
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

/** Checks a definition's shape at compile time and keeps its id literal. */
export function defineProvider<const Id extends string>(
  definition: ProviderDefinition<Id>,
): ProviderDefinition<Id> {
  return definition;
}

/** The facts about a provider that only listings and snippets use. */
export interface ProviderListing<Id extends string = string> {
  readonly id: Id;
  /** Its organization on the hub (`PROVIDERS_HUB_ORGS`). */
  readonly hubOrg: string;
}

/** The listing part of a provider's definition, tied to it by id. */
export function defineListing<const Id extends string>(
  definition: ProviderDefinition<Id>,
  listing: Omit<ProviderListing<Id>, "id">,
): ProviderListing<Id> {
  return { id: definition.id, ...listing };
}

/** The tasks a provider serves, apart from its definition (chat requests never read them). */
export interface ProviderTasks<Id extends string = string> {
  readonly id: Id;
  /** In the order errors list them; each has a helper in providers/index.ts. */
  readonly tasks: readonly string[];
}

/** The tasks part of a provider's definition, tied to it by id. */
export function defineTasks<const Id extends string>(
  definition: ProviderDefinition<Id>,
  tasks: Omit<ProviderTasks<Id>, "id">,
): ProviderTasks<Id> {
  return { id: definition.id, ...tasks };
}
