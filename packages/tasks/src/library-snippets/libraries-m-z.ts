import { AUDIO_FAMILY_M_TO_Z } from "./audio-m-z.js";
import { GENERATIVE_FAMILY_M_TO_Z } from "./generative-m-z.js";
import type { LibrarySnippet } from "./index.js";
import { MISC_FAMILY_M_TO_Z } from "./misc-m-z.js";
import { TRANSFORMERS_FAMILY_M_TO_Z } from "./transformers-m-z.js";
import { VISION_FAMILY_M_TO_Z } from "./vision-m-z.js";

// Snippet generators for libraries whose id starts with m–z, keyed by library id. Each family file
// groups libraries that share helpers; libraries with no programmatic interface have no entry.
//
// Libraries of the registry (m–z) deliberately without a generator, and why. "Unconfirmed" means
// that the project's own README and examples could not be checked for its real entry points, and a
// snippet written from guesses would not run; add one when its usage is confirmed.
// - rkllm: a C runtime for Rockchip NPUs; models are converted and run on the device, not from Python.
// - openpeerllm, quantumpeer: peer-to-peer projects whose usage is not documented as code.
// - minimax-h3, magi-1, magenta-realtime-2, manas-1, mtvcraft, ninfer, nv-medtech, robo-orchard-lab,
//   same, sapiens2, scail-2, soloaudio, ssr-speech, stable-audio-3, synthefy-migas, timee-ts, tirex-2,
//   tunejury, uni-3dar, videox_fun, vismatch, wham: unconfirmed.
export const SNIPPETS_M_TO_Z: Partial<Record<string, LibrarySnippet>> = {
  ...TRANSFORMERS_FAMILY_M_TO_Z,
  ...AUDIO_FAMILY_M_TO_Z,
  ...VISION_FAMILY_M_TO_Z,
  ...GENERATIVE_FAMILY_M_TO_Z,
  ...MISC_FAMILY_M_TO_Z,
};
