/* Input, parameter and output types for the text-to-video task. */

/** Request payload for text to video. */
export interface TextToVideoInput {
  /** The input text. */
  inputs: string;
  /** Optional settings for this request. */
  parameters?: TextToVideoParameters;
  [property: string]: unknown;
}

/** Optional settings for text to video. */
export interface TextToVideoParameters {
  /** Classifier-free guidance: higher values follow the prompt more closely, at some cost in quality. */
  guidance_scale?: number;
  /** What the output should avoid. */
  negative_prompt?: string[];
  /** How many frames to generate or sample. */
  num_frames?: number;
  /** Number of denoising steps: more steps are slower and usually sharper. */
  num_inference_steps?: number;
  /** Random seed, for reproducible sampling. */
  seed?: number;
  [property: string]: unknown;
}

/** What text to video returns. */
export interface TextToVideoOutput {
  video: unknown;
  [property: string]: unknown;
}
