/* Input, parameter and output types for the text-to-image task. */

import type { DiffusionParameters, GeneratedImageOutput, TaskInput } from "../common-definitions.js";

/** Request payload for text to image. */
export interface TextToImageInput extends TaskInput<string, TextToImageParameters> {}

/** Optional settings for text to image. */
export interface TextToImageParameters extends DiffusionParameters {
  /** Output height in pixels. */
  height?: number;
  /** What the output should avoid. */
  negative_prompt?: string;
  /** Name of the diffusion scheduler to use. */
  scheduler?: string;
  /** Random seed, for reproducible sampling. */
  seed?: number;
  /** Output width in pixels. */
  width?: number;
}

/** What text to image returns. */
export interface TextToImageOutput extends GeneratedImageOutput {}
