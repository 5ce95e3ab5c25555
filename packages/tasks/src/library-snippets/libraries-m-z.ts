import { AUDIO_FAMILY_M_TO_Z } from "./audio-m-z.js";
import { GENERATIVE_FAMILY_M_TO_Z } from "./generative-m-z.js";
import type { LibrarySnippet } from "./index.js";
import { MISC_FAMILY_M_TO_Z } from "./misc-m-z.js";
import { TRANSFORMERS_FAMILY_M_TO_Z } from "./transformers-m-z.js";
import { VISION_FAMILY_M_TO_Z } from "./vision-m-z.js";

// Snippet generators for libraries whose id starts with m–z, keyed by library id. Each family file
// groups libraries that share helpers; libraries with no programmatic interface have no entry.
export const SNIPPETS_M_TO_Z: Partial<Record<string, LibrarySnippet>> = {
  ...TRANSFORMERS_FAMILY_M_TO_Z,
  ...AUDIO_FAMILY_M_TO_Z,
  ...VISION_FAMILY_M_TO_Z,
  ...GENERATIVE_FAMILY_M_TO_Z,
  ...MISC_FAMILY_M_TO_Z,
};
