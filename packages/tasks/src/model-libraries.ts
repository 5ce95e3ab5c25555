// The model library registry: the facts of every library (generated into model-libraries-data.ts)
// joined with the usage-snippet generators of library-snippets/. Each library's entry is built on its
// first read (see lazy.ts), which loads the facts and the generators (see deferred.ts); the key lists
// come from model-libraries-keys.ts, generated from the same table as the facts.
import type { ModelData } from "./model-data.js";
import { loadLibrarySnippets } from "./deferred.js";
import { lazyRecord } from "./lazy.js";
import type {
  ElasticSearchQuery,
  MODEL_LIBRARIES_WITH_SNIPPETS,
  ModelLibraryKey,
} from "./model-libraries-data.js";
import { loadModelLibraryFacts } from "./model-libraries-facts.js";
import { DISPLAY_MODEL_LIBRARY_KEYS, MODEL_LIBRARY_KEYS } from "./model-libraries-keys.js";

/** What the hub shows for one model library. */
export interface LibraryUiElement {
  /** Display name, used in tags and on the model page's call-to-action button. */
  prettyLabel: string;
  /** Name of the library's code repository. */
  repoName: string;
  /** URL of the library's code repository (usually on GitHub). */
  repoUrl: string;
  /** URL of the library's documentation. */
  docsUrl?: string;
  /** Code snippets shown on the model page. */
  snippets?: (model: ModelData) => string[];
  /**
   * Query selecting the repo files whose downloads count as downloads of the model. When absent,
   * `DEFAULT_DOWNLOAD_RULE` applies (config.json, config.yaml, hyperparams.yaml, meta.yaml).
   */
  countDownloads?: ElasticSearchQuery;
  /** Whether the library is offered in the hub's library filter (popular libraries only). */
  filter?: boolean;
}

export type { ModelLibraryKey };

type ModelLibraryWithSnippetsKey = (typeof MODEL_LIBRARIES_WITH_SNIPPETS)[number];

/** Every library, keyed by the `library_name` models carry on the hub, in registry order. */
export const MODEL_LIBRARIES_UI_ELEMENTS = lazyRecord(MODEL_LIBRARY_KEYS, (key): LibraryUiElement => {
  const facts = loadModelLibraryFacts()[key];
  const snippets = loadLibrarySnippets()[key];
  return snippets ? { ...facts, snippets } : { ...facts };
}) as {
  [K in ModelLibraryKey]: LibraryUiElement &
    (K extends ModelLibraryWithSnippetsKey ? { snippets: (model: ModelData) => string[] } : unknown);
};

/** Every library key, in registry order. */
export const ALL_MODEL_LIBRARY_KEYS = Object.keys(MODEL_LIBRARIES_UI_ELEMENTS) as ModelLibraryKey[];

/** The keys of the libraries offered in the hub's library filter, in registry order. */
export const ALL_DISPLAY_MODEL_LIBRARY_KEYS: ModelLibraryKey[] = [...DISPLAY_MODEL_LIBRARY_KEYS];
