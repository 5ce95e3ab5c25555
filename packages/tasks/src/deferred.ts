// The big modules that the catalogue reads only on demand: the task pages' texts and the library
// snippet generators, most of the package's code. Their users reach them only through these
// functions, called on first need (see lazy.ts). Here, in the ES modules tsc emits, they are ordinary
// imports; the Node bundle (scripts/bundle.mjs) moves each module imported `* as x` here into its
// second file (dist/hubkit-tasks-deferred.cjs), loaded on the first call of a function returning it,
// so that importing the package neither reads, compiles nor runs them. Keep every function of this
// file `return <namespace>.<name>;`: the bundle step rewrites exactly that form and fails the build
// on anything else.
import * as librarySnippets from "./library-snippets/index.js";
import * as taskPages from "./tasks/pages.js";

/** Every library's snippet generator, keyed by library id. */
export function loadLibrarySnippets(): typeof librarySnippets.LIBRARY_SNIPPETS {
  return librarySnippets.LIBRARY_SNIPPETS;
}

/** Every task page's text, keyed by pipeline type. */
export function loadTaskPages(): typeof taskPages.TASK_PAGES {
  return taskPages.TASK_PAGES;
}
