import type { LibrarySnippet } from "./index.js";
import { AUDIO_SNIPPETS_A_TO_L } from "./audio-a-l.js";
import { DIFFUSION_SNIPPETS_A_TO_L } from "./diffusion-a-l.js";
import { SCIENCE_SNIPPETS_A_TO_L } from "./science-a-l.js";
import { TEXT_SNIPPETS_A_TO_L } from "./text-a-l.js";
import { VISION_SNIPPETS_A_TO_L } from "./vision-a-l.js";

// Snippet generators for libraries whose id starts with a digit or a–l, keyed by library id.
// Each family file groups libraries that share helpers (audio, diffusion, science, text, vision).
//
// Libraries of the registry (a–l) deliberately without a generator, because they have no Python,
// JavaScript or command-line usage to show:
// - chaossim: a Mathematica (Wolfram Language) notebook project.
// - fastprint: a C# / .NET project.
export const SNIPPETS_A_TO_L: Partial<Record<string, LibrarySnippet>> = {
  ...AUDIO_SNIPPETS_A_TO_L,
  ...DIFFUSION_SNIPPETS_A_TO_L,
  ...SCIENCE_SNIPPETS_A_TO_L,
  ...TEXT_SNIPPETS_A_TO_L,
  ...VISION_SNIPPETS_A_TO_L,
};
