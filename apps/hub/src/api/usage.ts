// "Use this model", generated on the server: the model's library with its usage snippets, and the local
// apps that can run it (deeplink or shell commands, with the GGUF file and quant filled in). The
// registry's 200-odd snippet generators stay out of the browser's bundle this way.
import {
  LOCAL_APPS,
  MODEL_LIBRARIES_UI_ELEMENTS,
  parseGGUFQuantLabel,
  type LocalApp,
  type LocalAppSnippet,
  type ModelData,
} from "@hubkit/tasks";
import { badRequest } from "../http/errors.js";
import type { HubModel } from "../catalogue/model-record.js";
import type {
  GgufChoice,
  LibrarySample,
  LocalAppCommand,
  LocalAppUsage,
  ModelUsage,
} from "../contract/api.js";
import { toModelData } from "../contract/model-data.js";

export type {
  GgufChoice,
  LibrarySample,
  LibraryUsage,
  LocalAppCommand,
  LocalAppUsage,
  ModelUsage,
} from "../contract/api.js";

/**
 * Placeholders that GGUF snippet and command generators leave for the page, and their stand-ins when
 * the hub knows no GGUF file of the repository: llama.cpp, Ollama and Docker pick the repository's
 * default quantisation when the reference has no ":QUANT" tag.
 */
const GGUF_FILE_PLACEHOLDER = "{{GGUF_FILE}}";
const QUANT_TAG_PLACEHOLDER = "{{OLLAMA_TAG}}";
const UNKNOWN_GGUF_FILE = "<file>.gguf";
/** The quantisation offered first, as on the real hub: a good size/quality trade-off. */
const PREFERRED_QUANT = "Q4_K_M";

type LibraryEntry = {
  prettyLabel: string;
  repoUrl: string;
  docsUrl?: string;
  snippets?: (model: ModelData) => string[];
};
const LIBRARIES = MODEL_LIBRARIES_UI_ELEMENTS as unknown as Record<string, LibraryEntry | undefined>;

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs a library's snippet generator; a throw becomes an `error` naming the library and the model. */
function librarySnippets(
  libraryId: string,
  library: LibraryEntry,
  data: ModelData,
  ggufFile?: string,
): { snippets: string[]; error?: string } {
  if (!library.snippets) return { snippets: [] };
  try {
    return { snippets: library.snippets(data).map((code) => fillPlaceholders(code, ggufFile)) };
  } catch (error) {
    return {
      snippets: [],
      error: `The ${libraryId} snippet generator failed for ${data.id}: ${errorMessage(error)}`,
    };
  }
}

/** Picks the GGUF file the commands use; `requested` must be one of the repository's .gguf files. */
export function chooseGgufFile(model: HubModel, requested: string | undefined): GgufChoice | undefined {
  const files = (model.siblings ?? [])
    .map((sibling) => sibling.rfilename)
    .filter((name) => name.toLowerCase().endsWith(".gguf"));
  if (requested !== undefined && !files.includes(requested)) {
    throw badRequest(
      files.length === 0
        ? `file "${requested.slice(0, 200)}" is not a GGUF file of ${model.id}: the hub lists no .gguf file for it`
        : `file "${requested.slice(0, 200)}" is not a GGUF file of ${model.id}; expected one of ${files.slice(0, 50).join(", ")}`,
    );
  }
  if (files.length === 0) return undefined;
  const file =
    requested ??
    files.find((name) => parseGGUFQuantLabel(name) === PREFERRED_QUANT) ??
    files.find((name) => parseGGUFQuantLabel(name)?.startsWith("Q4")) ??
    files[0];
  const quant = parseGGUFQuantLabel(file);
  return quant ? { files, file, quant } : { files, file };
}

/** Fills the placeholders generators leave for the page: the chosen GGUF file, or stand-ins. */
function fillPlaceholders(text: string, file: string | undefined): string {
  return text
    .split(GGUF_FILE_PLACEHOLDER)
    .join(file ?? UNKNOWN_GGUF_FILE)
    .split(QUANT_TAG_PLACEHOLDER)
    .join("");
}

function toCommands(
  value: string | string[] | LocalAppSnippet | LocalAppSnippet[],
  file: string | undefined,
): LocalAppCommand[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => {
    const snippet: LocalAppSnippet = typeof item === "string" ? { title: "Run", content: item } : item;
    const content = Array.isArray(snippet.content) ? snippet.content.join("\n\n") : snippet.content;
    const command: LocalAppCommand = { title: snippet.title, content: fillPlaceholders(content, file) };
    if (snippet.setup) command.setup = fillPlaceholders(snippet.setup, file);
    return command;
  });
}

function localAppUsage(key: string, app: LocalApp, data: ModelData, file: string | undefined): LocalAppUsage {
  const usage: LocalAppUsage = {
    key,
    prettyLabel: app.prettyLabel,
    docsUrl: app.docsUrl,
    macOSOnly: app.macOSOnly === true,
  };
  try {
    if ("deeplink" in app) usage.deeplink = app.deeplink(data, file).toString();
    else usage.commands = toCommands(app.snippet(data, file), file);
  } catch (error) {
    usage.error = `The ${app.prettyLabel} command generator failed for ${data.id}: ${errorMessage(error)}`;
  }
  return usage;
}

/** Everything "Use this model" shows for one model. `ggufFile` comes from the `file` query parameter. */
export function modelUsage(model: HubModel, ggufFile?: string): ModelUsage {
  const data = toModelData(model);
  const gguf = chooseGgufFile(model, ggufFile);
  const libraryId = model.library_name;
  const library = libraryId ? LIBRARIES[libraryId] : undefined;
  const usage: ModelUsage = {
    id: model.id,
    library:
      library && libraryId
        ? {
            id: libraryId,
            prettyLabel: library.prettyLabel,
            repoUrl: library.repoUrl,
            ...(library.docsUrl !== undefined ? { docsUrl: library.docsUrl } : {}),
            ...librarySnippets(libraryId, library, data, gguf?.file),
          }
        : null,
    localApps: [],
  };
  for (const [key, app] of Object.entries(LOCAL_APPS) as [string, LocalApp][]) {
    let shown: boolean;
    try {
      shown = app.displayOnModelPage(data);
    } catch {
      // An app that cannot tell whether it runs this model is not offered.
      shown = false;
    }
    if (shown) usage.localApps.push(localAppUsage(key, app, data, gguf?.file));
  }
  if (gguf) usage.gguf = gguf;
  return usage;
}

/** A sample of a library's snippets: for `model` (a catalogue model of it), else for a stand-in id. */
export function librarySample(libraryId: string, model: HubModel | undefined): LibrarySample | undefined {
  const library = LIBRARIES[libraryId];
  if (!library?.snippets) return undefined;
  const data: ModelData = model
    ? toModelData(model)
    : { id: `your-org/your-${libraryId}-model`, inference: "", tags: [libraryId], library_name: libraryId };
  return { modelId: data.id, inCatalogue: model !== undefined, ...librarySnippets(libraryId, library, data) };
}
