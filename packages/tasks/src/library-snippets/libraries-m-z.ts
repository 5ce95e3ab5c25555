import { AUDIO_FAMILY_M_TO_Z } from "./audio-m-z.js";
import { GENERATIVE_FAMILY_M_TO_Z } from "./generative-m-z.js";
import type { LibrarySnippet } from "./index.js";
import { MISC_FAMILY_M_TO_Z } from "./misc-m-z.js";
import { RESEARCH_FAMILY_M_TO_Z } from "./research-m-z.js";
import { TRANSFORMERS_FAMILY_M_TO_Z } from "./transformers-m-z.js";
import { VISION_FAMILY_M_TO_Z } from "./vision-m-z.js";

// Snippet generators for libraries whose id starts with m–z, keyed by library id. Each family file
// groups libraries that share helpers; libraries with no programmatic interface have no entry.
//
// Libraries of the registry (m–z) deliberately without a generator, and why. Each was looked up in its
// own repository (README, docs, examples), then in documentation and web pages; a snippet written from
// guesses would not run, so these stay out until their usage is documented.
// - rkllm: a C runtime for Rockchip NPUs; models are converted and run on the device, not from Python.
// - openpeerllm, quantumpeer: peer-to-peer projects whose usage is not documented as code.
// - manas-1: the README only links the Hub organisation; modelclass.py defines MANAS1(checkpoint_path)
//   but imports a `mae` module that the repository does not contain, and no usage is documented.
// - nv-medtech: the registry points at the GitHub organisation, not a project; the only documented usage
//   found (NV-Reason-CXR-3B) is a plain transformers quick start, which says nothing about the other
//   checkpoints carrying this tag.
// - timee-ts: the repository (liamsbhoo/timee) is not in the searched index and no documentation or page
//   describing its API was found.
// - vismatch: the repository (gmberton/vismatch) is not in the searched index and code/docs searches
//   found no description of its API.
export const SNIPPETS_M_TO_Z: Partial<Record<string, LibrarySnippet>> = {
  ...TRANSFORMERS_FAMILY_M_TO_Z,
  ...AUDIO_FAMILY_M_TO_Z,
  ...VISION_FAMILY_M_TO_Z,
  ...GENERATIVE_FAMILY_M_TO_Z,
  ...MISC_FAMILY_M_TO_Z,
  ...RESEARCH_FAMILY_M_TO_Z,
};
