import { readFileSync } from "node:fs";
import { describe, it, expect } from "vitest";
import { DEPRECATED_MODEL_LIBRARIES, MODEL_LIBRARIES_WITH_SNIPPETS } from "../src/model-libraries-data.js";
import {
  ALL_DISPLAY_MODEL_LIBRARY_KEYS,
  ALL_MODEL_LIBRARY_KEYS,
  MODEL_LIBRARIES_UI_ELEMENTS,
  type ModelLibraryKey,
} from "../src/model-libraries.js";
import { LIBRARY_SNIPPETS } from "../src/library-snippets/index.js";
import { LIBRARY_TASK_MAPPING } from "../src/library-to-tasks.js";
import { DATASET_LIBRARIES_UI_ELEMENTS } from "../src/dataset-libraries.js";
import { PIPELINE_TYPES } from "../src/pipelines.js";
import * as tasksPackage from "../src/index.js";

function readTsv(url: URL): Record<string, string>[] {
  const [header, ...lines] = readFileSync(url, "utf8").trimEnd().split("\n");
  const columns = header.split("\t");
  return lines.map((line, i) => {
    const cells = line.split("\t");
    if (cells.length !== columns.length)
      throw new Error(`${url.pathname}:${i + 2} has ${cells.length} cells`);
    return Object.fromEntries(columns.map((column, j) => [column, cells[j]]));
  });
}
const fixture = (name: string) => readTsv(new URL(`./fixtures/${name}`, import.meta.url));

// The registry's source table (data/model-libraries.tsv): 0.21.54's libraries in its order, then the
// ones kept for older code. In countDownloads, \n, \t and \\ stand for a newline, a tab and a backslash.
const table = readTsv(new URL("../data/model-libraries.tsv", import.meta.url));
const unescape = (cell: string) =>
  cell.replace(/\\([nt\\])/g, (_, c: string) => (c === "n" ? "\n" : c === "t" ? "\t" : "\\"));
const v0187 = fixture("libraries-0.18.7.tsv");
const inOrderOf = (keys: readonly string[], subset: Set<string>) => keys.filter((key) => subset.has(key));

describe("MODEL_LIBRARIES_UI_ELEMENTS", () => {
  it("holds the 258 libraries of the source table, each fact exactly as listed, in table order", () => {
    expect(table).toHaveLength(258);
    expect(ALL_MODEL_LIBRARY_KEYS).toEqual(table.map((row) => row.id));
    expect(Object.keys(MODEL_LIBRARIES_UI_ELEMENTS)).toEqual(ALL_MODEL_LIBRARY_KEYS);
    for (const row of table) {
      const library = MODEL_LIBRARIES_UI_ELEMENTS[row.id as ModelLibraryKey];
      expect(library, row.id).toBeDefined();
      const { snippets: _snippets, ...facts } = library as typeof library & { snippets?: unknown };
      const expected: Record<string, unknown> = {
        prettyLabel: row.prettyLabel,
        repoName: row.repoName,
        repoUrl: row.repoUrl,
      };
      if (row.docsUrl) expected.docsUrl = row.docsUrl;
      if (row.filter) expected.filter = row.filter === "true";
      if (row.countDownloads) expected.countDownloads = unescape(row.countDownloads);
      // toStrictEqual also fails on a field that the table leaves absent but the entry sets
      expect(facts, row.id).toStrictEqual(expected);
    }
  });

  it("keeps every library 0.18.7 had; only deprecated ones are missing from the newest reference", () => {
    const ids = new Set(ALL_MODEL_LIBRARY_KEYS);
    for (const old of v0187) expect(ids.has(old.id as ModelLibraryKey), old.id).toBe(true);
    expect(table.filter((row) => row.in_0_18_7 === "true")).toHaveLength(126);
    expect(DEPRECATED_MODEL_LIBRARIES).toEqual(table.filter((row) => row.deprecated).map((row) => row.id));
    for (const row of table.filter((r) => r.deprecated))
      expect(row.deprecated.length, row.id).toBeGreaterThan(20);
  });

  it("lists the 35 display libraries in registry order", () => {
    const expected = table.filter((row) => row.filter === "true").map((row) => row.id);
    expect(expected).toHaveLength(35);
    expect(ALL_DISPLAY_MODEL_LIBRARY_KEYS).toEqual(expected);
    const oldDisplay = v0187.filter((row) => row.filter === "true").map((row) => row.id);
    expect(oldDisplay).toHaveLength(32);
    expect(inOrderOf(ALL_DISPLAY_MODEL_LIBRARY_KEYS, new Set(oldDisplay)).sort()).toEqual(oldDisplay.sort());
  });

  it("uses well-formed links", () => {
    for (const key of ALL_MODEL_LIBRARY_KEYS) {
      const library: { repoUrl: string; docsUrl?: string } = MODEL_LIBRARIES_UI_ELEMENTS[key];
      expect(new URL(library.repoUrl).protocol, key).toBe("https:");
      if (library.docsUrl) expect(new URL(library.docsUrl).protocol, key).toBe("https:");
    }
  });

  it("attaches the snippet generator of every library that has one, and no generator goes unused", () => {
    for (const [key, generator] of Object.entries(LIBRARY_SNIPPETS)) {
      expect(ALL_MODEL_LIBRARY_KEYS, `snippet for unknown library ${key}`).toContain(key);
      expect(MODEL_LIBRARIES_UI_ELEMENTS[key as ModelLibraryKey].snippets).toBe(generator);
    }
    for (const key of ALL_MODEL_LIBRARY_KEYS) {
      if (!LIBRARY_SNIPPETS[key]) expect("snippets" in MODEL_LIBRARIES_UI_ELEMENTS[key], key).toBe(false);
    }
  });

  it("has a snippet generator for each of the 125 libraries the table marks as having snippets", () => {
    const expected = table.filter((row) => row.hasSnippets === "true").map((row) => row.id);
    expect(expected).toHaveLength(125);
    expect([...MODEL_LIBRARIES_WITH_SNIPPETS]).toEqual(expected);
    const missing = expected.filter((key) => !MODEL_LIBRARIES_UI_ELEMENTS[key as ModelLibraryKey].snippets);
    expect(missing).toEqual([]);
  });

  it("is exported from the package entry point", () => {
    expect(tasksPackage.MODEL_LIBRARIES_UI_ELEMENTS).toBe(MODEL_LIBRARIES_UI_ELEMENTS);
    expect(tasksPackage.ALL_MODEL_LIBRARY_KEYS).toBe(ALL_MODEL_LIBRARY_KEYS);
    expect(tasksPackage.ALL_DISPLAY_MODEL_LIBRARY_KEYS).toBe(ALL_DISPLAY_MODEL_LIBRARY_KEYS);
    expect(tasksPackage.LIBRARY_TASK_MAPPING).toBe(LIBRARY_TASK_MAPPING);
    expect(tasksPackage.DATASET_LIBRARIES_UI_ELEMENTS).toBe(DATASET_LIBRARIES_UI_ELEMENTS);
  });
});

describe("LIBRARY_TASK_MAPPING", () => {
  it("maps the 28 libraries of the fact table to their tasks, in order", () => {
    const rows = fixture("library-to-tasks-head.tsv");
    expect(rows).toHaveLength(28);
    expect(Object.keys(LIBRARY_TASK_MAPPING)).toEqual(rows.map((row) => row.library));
    for (const row of rows) {
      expect(LIBRARY_TASK_MAPPING[row.library as ModelLibraryKey], row.library).toEqual(row.tasks.split(","));
    }
  });

  it("names only registry libraries and known pipeline types", () => {
    for (const [library, tasks] of Object.entries(LIBRARY_TASK_MAPPING)) {
      expect(ALL_MODEL_LIBRARY_KEYS).toContain(library);
      for (const task of tasks ?? []) expect(PIPELINE_TYPES, `${library} → ${task}`).toContain(task);
      expect(new Set(tasks).size, library).toBe(tasks?.length);
    }
  });
});

describe("DATASET_LIBRARIES_UI_ELEMENTS", () => {
  it("lists the 16 dataset libraries, each with its repo and a guide", () => {
    expect(Object.keys(DATASET_LIBRARIES_UI_ELEMENTS)).toEqual([
      "mlcroissant",
      "webdataset",
      "datasets",
      "pandas",
      "dask",
      "distilabel",
      "fiftyone",
      "lance",
      "argilla",
      "polars",
      "duckdb",
      "datadesigner",
      "harbor",
      "verifiers",
      "openenv",
      "nemo-gym",
    ]);
    for (const [key, library] of Object.entries(DATASET_LIBRARIES_UI_ELEMENTS)) {
      expect(library.repoUrl, key).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+/);
      expect(new URL(library.docsUrl).protocol, key).toBe("https:");
      expect(library.repoUrl.toLowerCase(), key).toContain(library.repoName.toLowerCase());
    }
  });
});
