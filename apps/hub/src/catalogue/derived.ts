// What both stores derive from a model document for filtering and sorting, in one place so SQLite and
// PostgreSQL index the same values: the tags a model can be filtered by (its own tags plus derived
// ones for providers, local apps and parameter ranges, never shown in its `tags`), its parameter
// count and its trending score.
import { LOCAL_APPS, type ModelData } from "@hubkit/tasks";
import { parameterCount } from "../contract/model-facts.js";
import { toModelData } from "../contract/model-data.js";
import type { HubModel } from "./model-record.js";

/**
 * Bump when filterTags or trendingScore change: each store recomputes the derived values of every
 * row it holds when it opens a database indexed by an older version.
 */
export const DERIVED_VERSION = 1;

/** Derived tag prefixes (a real tag never holds "=": the stores' tags have no such character). */
export const PROVIDER_TAG = "inference_provider=";
export const INFERENCE_WARM_TAG = "inference=warm";
export const APP_TAG = "apps=";
export const PARAMS_MIN_TAG = "params>=";
export const PARAMS_BELOW_TAG = "params<";

/**
 * Parameter-range stops (huggingface.co's models list uses the same): a model gets `params>=X` for each
 * stop at or below its count and `params<X` for each stop above, so any range between two stops is an
 * AND of two tags, which both stores already index.
 */
export const PARAM_STOPS: readonly { label: string; value: number }[] = [
  { label: "1B", value: 1e9 },
  { label: "3B", value: 3e9 },
  { label: "6B", value: 6e9 },
  { label: "9B", value: 9e9 },
  { label: "12B", value: 12e9 },
  { label: "24B", value: 24e9 },
  { label: "32B", value: 32e9 },
  { label: "64B", value: 64e9 },
  { label: "128B", value: 128e9 },
  { label: "500B", value: 500e9 },
];

type AppEntry = { displayOnModelPage: (model: ModelData) => boolean };
/** The apps in their order, listed once (this runs for every model of an import). */
const APP_ENTRIES = Object.entries(LOCAL_APPS as unknown as Record<string, AppEntry>);

/** Keys of the local apps that offer to run this model (as its page's "Use this model" does). */
export function localAppKeys(model: HubModel): string[] {
  const data = toModelData(model);
  const keys: string[] = [];
  for (const [key, app] of APP_ENTRIES) {
    try {
      if (app.displayOnModelPage(data)) keys.push(key);
    } catch {
      // an app's test that throws on an odd document just does not list the model
    }
  }
  return keys;
}

/** Tags a model can be filtered by: its own, its pipeline and library, and the derived ones. */
export function filterTags(model: HubModel): string[] {
  const tags = new Set(model.tags);
  if (model.pipeline_tag) tags.add(model.pipeline_tag);
  if (model.library_name) tags.add(model.library_name);
  let warm = false;
  for (const [provider, entry] of Object.entries(model.inferenceProviderMapping ?? {})) {
    if (entry.status !== "live") continue;
    tags.add(`${PROVIDER_TAG}${provider}`);
    warm = true;
  }
  if (warm) tags.add(INFERENCE_WARM_TAG);
  for (const key of localAppKeys(model)) tags.add(`${APP_TAG}${key}`);
  const params = parameterCount(model);
  if (params !== undefined) {
    for (const stop of PARAM_STOPS) {
      tags.add(params >= stop.value ? `${PARAMS_MIN_TAG}${stop.label}` : `${PARAMS_BELOW_TAG}${stop.label}`);
    }
  }
  return [...tags];
}

const DAY_MS = 86_400_000;
/** The epoch of the recency term; any fixed date works, scores only compare with each other. */
const TRENDING_EPOCH = Date.UTC(2020, 0, 1);
/** Days of recency worth as much as doubling a model's activity. */
const TRENDING_HALF_LIFE_DAYS = 90;
/** One like counts as much as this many downloads of the last 30 days. */
const LIKE_WEIGHT = 20;

/**
 * Trending score (see docs/ARCHITECTURE.md, "Trending"): log2 of recent activity (the downloads of the
 * last 30 days, which is what the hub's `downloads` counts, plus 20 per like) plus one for every 90 days
 * between 2020-01-01 and the model's creation, times 1000 and rounded. A model created 90 days after
 * another needs half its activity to rank level with it, so new models with traction lead and old ones
 * need far more use. It depends on the document alone: both stores and every replica agree, and no
 * clock is involved.
 */
export function trendingScore(model: Pick<HubModel, "downloads" | "likes" | "createdAt">): number {
  return trendingOf(model.downloads, model.likes, Date.parse(model.createdAt));
}

/**
 * The trending score from the stored columns (created_at is Date.parse(createdAt)): what the stores'
 * set-based refresh computes without reading the documents.
 */
export function trendingOf(downloads: number, likes: number, createdMs: number): number {
  const activity = Math.log2(1 + downloads + LIKE_WEIGHT * likes);
  const recency = Number.isFinite(createdMs)
    ? (createdMs - TRENDING_EPOCH) / DAY_MS / TRENDING_HALF_LIFE_DAYS
    : 0;
  return Math.round(1000 * (activity + recency));
}
