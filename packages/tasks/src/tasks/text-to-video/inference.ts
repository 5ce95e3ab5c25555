/* Input, parameter and output types for the text-to-video task. */

import type { DiffusionParameters, GeneratedVideoOutput, TaskInput } from "../common-definitions.js";

/** Request payload for text to video. */
export interface TextToVideoInput extends TaskInput<string, TextToVideoParameters> {}

/** Optional settings for text to video. */
export interface TextToVideoParameters extends DiffusionParameters {
  /** What the output should avoid. */
  negative_prompt?: string[];
  /** How many frames to generate or sample. */
  num_frames?: number;
  /** Random seed, for reproducible sampling. */
  seed?: number;
}

/** What text to video returns. */
export interface TextToVideoOutput extends GeneratedVideoOutput {}
