import type { LibrarySnippet } from "./index.js";

// Snippet generators for libraries whose id starts with a digit or a–l.
export const SNIPPETS_A_TO_L: Partial<Record<string, LibrarySnippet>> = {};
