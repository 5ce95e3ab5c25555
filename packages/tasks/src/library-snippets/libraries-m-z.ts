import type { LibrarySnippet } from "./index.js";

// Snippet generators for libraries whose id starts with m–z.
export const SNIPPETS_M_TO_Z: Partial<Record<string, LibrarySnippet>> = {};
