// Every library's usage-snippet generator, keyed by library id, grouped in one file per family: the
// diffusers snippet is in diffusion.ts, the transformers one in transformers.ts, llama-cpp-python in
// runtimes.ts. Shared building blocks are in helpers.ts. Family by family:
//
//   transformers.ts  transformers, transformers.js and the libraries built directly on them
//   diffusion.ts     image generation and editing (diffusers and friends)
//   video.ts         video generation, animation and restoration
//   3d.ts            3D and world models
//   speech.ts        speech recognition, synthesis, diarization, spoken dialogue
//   music.ts         music and sound
//   vision.ts        computer vision
//   language.ts      NLP toolkits, retrieval, language-model architectures outside transformers
//   runtimes.ts      engines that run models on a device or server
//   science.ts       science and medicine
//   tabular.ts       tables and time series
//   frameworks.ts    general deep-learning frameworks (Keras, fastai, …)
//   agents.ts        agents, reinforcement learning and robotics
//
// Libraries of the registry deliberately without a generator, because they have no documented Python,
// JavaScript or command-line usage to show (a snippet written from guesses would not run):
// - chaossim: a Mathematica (Wolfram Language) notebook project; fastprint: a C# / .NET project.
// - rkllm: a C runtime for Rockchip NPUs; models are converted and run on the device, not from Python.
// - openpeerllm, quantumpeer: peer-to-peer projects whose usage is not documented as code.
// - manas-1: modelclass.py defines MANAS1(checkpoint_path) but imports a `mae` module the repository lacks.
// - nv-medtech: the registry points at a GitHub organisation, not a project.
// - timee-ts, vismatch: no documentation of their API was found.
// - causilo, gliformer, mect, laya, microduck, shadow, vqweb (new in 0.21.54): no documented usage found
//   from here; they get a generator once their usage is documented.

// Imported in this order on purpose: bundlers emit the families in import order, and gzip's 32 KB
// window matches phrases only between neighbours. This order (measured with the bench's bundle suite)
// compresses about 1.2 KB better than alphabetical order; measure again before changing it. The entries
// inside each family object are ordered the same way (found by a search over swaps and moves that kept
// each one that made the bundle's gzip smaller; 0.5 KB better than alphabetical), so a library is found
// by searching for its id, not by its place in the alphabet.
import type { LibrarySnippet } from "./helpers.js";
import { TRANSFORMERS_SNIPPETS } from "./transformers.js";
import { LANGUAGE_SNIPPETS } from "./language.js";
import { FRAMEWORKS_SNIPPETS } from "./frameworks.js";
import { RUNTIMES_SNIPPETS } from "./runtimes.js";
import { AGENTS_SNIPPETS } from "./agents.js";
import { TABULAR_SNIPPETS } from "./tabular.js";
import { DIFFUSION_SNIPPETS } from "./diffusion.js";
import { SCIENCE_SNIPPETS } from "./science.js";
import { VISION_SNIPPETS } from "./vision.js";
import { SPEECH_SNIPPETS } from "./speech.js";
import { MUSIC_SNIPPETS } from "./music.js";
import { VIDEO_SNIPPETS } from "./video.js";
import { THREE_D_SNIPPETS } from "./3d.js";

export type { LibrarySnippet };

/** The generators by family (file name without extension → its generators, keyed by library id). */
export const SNIPPET_FAMILIES: Record<string, Record<string, LibrarySnippet>> = {
  transformers: TRANSFORMERS_SNIPPETS,
  diffusion: DIFFUSION_SNIPPETS,
  video: VIDEO_SNIPPETS,
  "3d": THREE_D_SNIPPETS,
  speech: SPEECH_SNIPPETS,
  music: MUSIC_SNIPPETS,
  vision: VISION_SNIPPETS,
  language: LANGUAGE_SNIPPETS,
  runtimes: RUNTIMES_SNIPPETS,
  science: SCIENCE_SNIPPETS,
  tabular: TABULAR_SNIPPETS,
  frameworks: FRAMEWORKS_SNIPPETS,
  agents: AGENTS_SNIPPETS,
};

/** Every generator, keyed by library id. */
export const LIBRARY_SNIPPETS: Partial<Record<string, LibrarySnippet>> = Object.assign(
  {},
  ...Object.values(SNIPPET_FAMILIES),
) as Record<string, LibrarySnippet>;
