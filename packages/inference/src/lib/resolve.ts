/**
 * The resolution step: which provider (or the auto-router) serves the call, with which helper and
 * which mapping entry. Under "auto" the model's hub mapping is read once here and its entry handed
 * to the request builder, so a call never reads it twice.
 */
import { InferenceClientInputError } from "../errors.js";
import { autoRouterConversational } from "../providers/autoRouter.js";
import { DEFINITIONS_BY_ID, PROVIDER_DEFINITIONS } from "../providers/definitions.js";
import type { ProviderHelper, TaskHelpers, TaskLists } from "../providers/helper.js";
import { PROVIDER_TASKS } from "../providers/index.js";
import type {
  InferenceProvider,
  InferenceProviderMappingEntry,
  InferenceTask,
  Options,
  RequestArgs,
} from "../types.js";
import { providerNotSupported, selectHelper } from "./getProviderHelper.js";
import { fetchProviderMapping } from "./hubApi.js";
import { isUrl } from "./isUrl.js";
import { getLogger } from "./logger.js";

/** One way to serve the call: a helper, and the mapping entry already read for it (under "auto"). */
export interface Route {
  helper: ProviderHelper;
  mapping?: InferenceProviderMappingEntry;
}

/** Most providers a call tries under "auto" (the first plus two failovers). */
const MAX_ROUTES = 3;

/** Through the router (hub token, anonymous, cookies) rather than directly with the provider's own key. */
const isRouted = (accessToken: string | undefined) => !accessToken || accessToken.startsWith("hf_");

/**
 * The route when no hub mapping is needed: an endpoint, a provider the caller named, or chat under
 * "auto" (the router picks the provider). Undefined for any other task under "auto". Kept apart so
 * that chat, which never reads the mapping, does not bundle the mapping-based selection.
 */
export function resolveDirectRoute<Output>(
  helpers: TaskHelpers<Output> | undefined,
  taskLists: TaskLists,
  args: RequestArgs,
  options: Options & { task?: InferenceTask },
  generic?: ProviderHelper<Output>,
): Route | undefined {
  const { task } = options;
  if (args.endpointUrl) {
    if (args.provider) {
      throw new InferenceClientInputError("Specifying both endpointUrl and provider is not supported.");
    }
    // Endpoints speak hf-inference's protocol (or OpenAI's, for chat).
    return { helper: selectHelper(helpers, taskLists, "hf-inference", task, generic) };
  }
  // Checked before any hub lookup (4.x would ask the hub for a "model" named by a URL).
  if (args.model && isUrl(args.model)) {
    throw new InferenceClientInputError("Model URLs are no longer supported. Use endpointUrl instead.");
  }
  const provider = args.provider ?? "auto";
  if (provider !== "auto") {
    return { helper: selectRoutableHelper(helpers, taskLists, provider, task, args.accessToken, generic) };
  }
  if (task === "conversational") return { helper: autoRouterConversational };
  return undefined;
}

/**
 * The routes to try, best first. More than one only under "auto" for a non-chat task with
 * failover on: the mapping's first entry (as 4.x), then its next live entries for the task.
 */
export async function resolveRoutes<Output>(
  helpers: TaskHelpers<Output> | undefined,
  args: RequestArgs,
  options: Options & { task?: InferenceTask },
  generic?: ProviderHelper<Output>,
): Promise<Route[]> {
  const direct = resolveDirectRoute(helpers, PROVIDER_TASKS, args, options, generic);
  if (direct) return [direct];
  const { task } = options;
  if (!args.model) {
    throw new InferenceClientInputError("Specifying a model is required when provider is 'auto'");
  }
  // Entries of providers the router no longer serves are skipped (the real hub no longer lists them).
  const mapping = (await fetchProviderMapping(args.model, args.accessToken, options)).filter(
    (entry) => DEFINITIONS_BY_ID[entry.provider as InferenceProvider]?.routed !== false,
  );
  const first = mapping[0];
  if (!first) throw new InferenceClientInputError(`No Inference Provider available for model ${args.model}.`);
  getLogger(options.logger).debug(`Auto selected provider: ${first.provider}`);
  const routes: Route[] = [
    {
      helper: selectRoutableHelper(helpers, PROVIDER_TASKS, first.provider, task, args.accessToken, generic),
      mapping: first,
    },
  ];
  if (options.failover === false || !task) return routes;
  for (const entry of mapping.slice(1)) {
    if (routes.length >= MAX_ROUTES) break;
    const helper = helpers?.[entry.provider as InferenceProvider];
    const usable =
      entry.status === "live" &&
      entry.task === task &&
      helper !== undefined &&
      DEFINITIONS_BY_ID[entry.provider as InferenceProvider]?.routed === true &&
      !routes.some((route) => route.helper.provider === entry.provider);
    if (usable) routes.push({ helper: helper as ProviderHelper, mapping: entry });
  }
  return routes;
}

/**
 * The helper for `provider`; a provider the router no longer serves is refused (as 4.x refuses a
 * provider it does not know) unless the call goes to it directly with its own key.
 */
function selectRoutableHelper<Output>(
  helpers: TaskHelpers<Output> | undefined,
  taskLists: TaskLists,
  provider: string,
  task: InferenceTask | undefined,
  accessToken: string | undefined,
  generic?: ProviderHelper<Output>,
): ProviderHelper<Output> {
  const definition = DEFINITIONS_BY_ID[provider as InferenceProvider];
  if (definition && !definition.routed && isRouted(accessToken)) throw unknownProvider(provider);
  return selectHelper(helpers, taskLists, provider, task, generic);
}

/** 4.x's error for a provider id it does not know, listing the providers the router serves. */
export function unknownProvider(provider: string): InferenceClientInputError {
  const routed = PROVIDER_DEFINITIONS.filter((definition) => definition.routed).map(
    (definition) => definition.id,
  );
  return providerNotSupported(provider, routed);
}
