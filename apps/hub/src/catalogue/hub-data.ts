// The static part of the hub API, read from @hubkit/tasks: the task pages (GET /api/tasks) and the
// library registry (GET /api/libraries), plus where the task pages' demo files live on disk.
import { createRequire } from "node:module";
import path from "node:path";
import { LIBRARY_TASK_MAPPING, MODEL_LIBRARIES_UI_ELEMENTS, TASKS_DATA } from "@hubkit/tasks";
import type { LibraryInfo } from "../contract/api.js";

export type { LibraryInfo } from "../contract/api.js";

/** Task pages keyed by task id, as the hub's /api/tasks serves them (only ids with a page). */
export function taskPages(): Record<string, unknown> {
  const pages: Record<string, unknown> = {};
  for (const [id, page] of Object.entries(TASKS_DATA)) {
    if (page) pages[id] = page;
  }
  return pages;
}

export function libraryRegistry(): LibraryInfo[] {
  const taskMapping = LIBRARY_TASK_MAPPING as Partial<Record<string, readonly string[]>>;
  return Object.entries(MODEL_LIBRARIES_UI_ELEMENTS).map(([id, library]) => {
    const info: LibraryInfo = {
      id,
      prettyLabel: library.prettyLabel,
      repoName: library.repoName,
      repoUrl: library.repoUrl,
      hasSnippets: typeof library.snippets === "function",
      tasks: [...(taskMapping[id] ?? [])],
    };
    if (library.docsUrl !== undefined) info.docsUrl = library.docsUrl;
    if (library.filter !== undefined) info.filter = library.filter;
    if (library.countDownloads !== undefined) info.countDownloads = library.countDownloads;
    return info;
  });
}

/** The folder holding @hubkit/tasks' demo files (`<package>/assets`). */
export function taskAssetsDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve("@hubkit/tasks/package.json")), "assets");
}
