// Every library's usage-snippet generator, keyed by library id. Split by first letter only so that
// two files hold them; each generator lives next to the others of its library family.
import type { ModelData } from "../model-data.js";
import { SNIPPETS_A_TO_L } from "./libraries-a-l.js";
import { SNIPPETS_M_TO_Z } from "./libraries-m-z.js";

export type LibrarySnippet = (model: ModelData) => string[];

export const LIBRARY_SNIPPETS: Partial<Record<string, LibrarySnippet>> = {
  ...SNIPPETS_A_TO_L,
  ...SNIPPETS_M_TO_Z,
};
