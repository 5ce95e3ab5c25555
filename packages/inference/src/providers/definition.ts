/**
 * What defines a provider, apart from its task helpers: the facts every table of the client (and
 * the snippet generator) derives from. One `definition.ts` per provider folder; `definitions.ts`
 * lists them. This module imports nothing, so any module may import it without a cycle.
 */
export interface ProviderDefinition<Id extends string = string> {
  /** The provider id callers pass as `provider`. */
  readonly id: Id;
  /** Its organization on the hub (`PROVIDERS_HUB_ORGS`). */
  readonly hubOrg: string;
  /** Its own API base, used with its own key (direct calls). */
  readonly baseUrl: string;
  /** Extra direct bases some tasks use (fal.ai's queue), by name. */
  readonly extraBaseUrls?: Readonly<Record<string, string>>;
  /** The tasks it serves, in the order errors list them; each has a helper in providers/index.ts. */
  readonly tasks: readonly string[];
  /** Where its key usually lives in the environment (snippets). */
  readonly keyEnvVar: string;
  /** How its key is sent: `Authorization: {scheme} {key}`, or a header of its own. */
  readonly auth: { readonly header: string; readonly scheme?: string };
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
