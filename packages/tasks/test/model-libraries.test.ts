import { readFileSync } from "node:fs";
import { describe, it, expect } from "vitest";
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

function readTsv(name: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8")
    .trimEnd()
    .split("\n");
  const columns = header.split("\t");
  return lines.map((line, i) => {
    const cells = line.split("\t");
    if (cells.length !== columns.length) throw new Error(`${name}:${i + 2} has ${cells.length} cells`);
    return Object.fromEntries(columns.map((column, j) => [column, cells[j]]));
  });
}

const head = readTsv("libraries-head.tsv");
const v0187 = readTsv("libraries-0.18.7.tsv");
const inOrderOf = (keys: readonly string[], subset: Set<string>) => keys.filter((key) => subset.has(key));

describe("MODEL_LIBRARIES_UI_ELEMENTS", () => {
  it("holds the 240 libraries of the fact table, each fact exactly as listed", () => {
    expect(head).toHaveLength(240);
    expect(Object.keys(MODEL_LIBRARIES_UI_ELEMENTS)).toHaveLength(240);
    for (const row of head) {
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
      if (row.countDownloads) expected.countDownloads = row.countDownloads;
      // toStrictEqual also fails on a field that the table leaves absent but the entry sets
      expect(facts, row.id).toStrictEqual(expected);
    }
  });

  it("agrees with 0.18.7 on its 126 libraries except four facts the newest version updated", () => {
    const byId = new Map(head.map((row) => [row.id, row]));
    const changed: string[] = [];
    for (const old of v0187) {
      const now = byId.get(old.id);
      expect(now?.inReference, old.id).toBe("true");
      for (const field of ["prettyLabel", "repoName", "repoUrl", "docsUrl", "filter", "countDownloads"]) {
        if (now?.[field] !== old[field]) changed.push(`${old.id}.${field}`);
      }
    }
    // The registry follows the newest facts; these are the only ones that differ from 0.18.7's.
    expect(changed).toEqual([
      "anemoi.docsUrl",
      "nemo.countDownloads",
      "terratorch.countDownloads",
      "timesfm.countDownloads",
    ]);
    expect(head.filter((row) => row.inReference === "true")).toHaveLength(126);
  });

  it("keeps 0.18.7's key order for its 126 libraries and the newest version's order for the rest", () => {
    const old = new Set(v0187.map((row) => row.id));
    expect(inOrderOf(ALL_MODEL_LIBRARY_KEYS, old)).toEqual(v0187.map((row) => row.id));
    const added = new Set(head.map((row) => row.id).filter((id) => !old.has(id)));
    expect(added.size).toBe(114);
    expect(inOrderOf(ALL_MODEL_LIBRARY_KEYS, added)).toEqual(
      inOrderOf(
        head.map((row) => row.id),
        added,
      ),
    );
    expect(ALL_MODEL_LIBRARY_KEYS).toEqual(Object.keys(MODEL_LIBRARIES_UI_ELEMENTS));
    expect(new Set(ALL_MODEL_LIBRARY_KEYS).size).toBe(240);
  });

  it("places each new library right after the key it follows in the newest version", () => {
    // The newest version moved these five of 0.18.7's keys; they keep 0.18.7's place here, so a new
    // key that follows one of them in the newest version cannot follow it here.
    const moved = new Set(["cartesia_pytorch", "cartesia_mlx", "clipscope", "cosyvoice", "cotracker"]);
    const old = new Set(v0187.map((row) => row.id));
    const headKeys = head.map((row) => row.id);
    const keys: string[] = ALL_MODEL_LIBRARY_KEYS;
    let checked = 0;
    headKeys.forEach((key, i) => {
      if (old.has(key) || i === 0 || moved.has(headKeys[i - 1])) return;
      expect(keys[keys.indexOf(key) - 1], key).toBe(headKeys[i - 1]);
      checked++;
    });
    expect(checked).toBeGreaterThan(100);
    expect(keys[0]).toBe(headKeys[0]);
    expect(keys.at(-1)).toBe("3dtopia-xl"); // last in both versions
  });

  it("lists the 34 display libraries in registry order, 0.18.7's 32 among them in their order", () => {
    const expected = head.filter((row) => row.filter === "true").map((row) => row.id);
    expect(expected).toHaveLength(34);
    expect(ALL_DISPLAY_MODEL_LIBRARY_KEYS).toEqual(inOrderOf(ALL_MODEL_LIBRARY_KEYS, new Set(expected)));
    const oldDisplay = v0187.filter((row) => row.filter === "true").map((row) => row.id);
    expect(oldDisplay).toHaveLength(32);
    expect(inOrderOf(ALL_DISPLAY_MODEL_LIBRARY_KEYS, new Set(oldDisplay))).toEqual(oldDisplay);
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

  it("has a snippet generator for each of the 116 libraries the table marks as having snippets", () => {
    const expected = head.filter((row) => row.hasSnippets === "true").map((row) => row.id);
    expect(expected).toHaveLength(116);
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
    const rows = readTsv("library-to-tasks-head.tsv");
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
  it("lists the 10 dataset libraries, each with its repo and the hub's guide for it", () => {
    expect(Object.keys(DATASET_LIBRARIES_UI_ELEMENTS)).toEqual([
      "mlcroissant",
      "webdataset",
      "datasets",
      "pandas",
      "dask",
      "distilabel",
      "fiftyone",
      "argilla",
      "polars",
      "duckdb",
    ]);
    for (const [key, library] of Object.entries(DATASET_LIBRARIES_UI_ELEMENTS)) {
      expect(library.repoUrl, key).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+/);
      expect(new URL(library.docsUrl).origin, key).toBe("https://huggingface.co");
      expect(library.repoUrl.toLowerCase(), key).toContain(library.repoName.toLowerCase());
    }
  });
});
