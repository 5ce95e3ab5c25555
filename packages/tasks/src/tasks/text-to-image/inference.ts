/* Input, parameter and output types for the text-to-image task. */

/** Request payload for text to image. */
export interface TextToImageInput {
  /** The input text. */
  inputs: string;
  /** Optional settings for this request. */
  parameters?: TextToImageParameters;
  [property: string]: unknown;
}

/** Optional settings for text to image. */
export interface TextToImageParameters {
  /** Classifier-free guidance: higher values follow the prompt more closely, at some cost in quality. */
  guidance_scale?: number;
  /** Output height in pixels. */
  height?: number;
  /** What the output should avoid. */
  negative_prompt?: string;
  /** Number of denoising steps: more steps are slower and usually sharper. */
  num_inference_steps?: number;
  /** Name of the diffusion scheduler to use. */
  scheduler?: string;
  /** Random seed, for reproducible sampling. */
  seed?: number;
  /** Output width in pixels. */
  width?: number;
  [property: string]: unknown;
}

/** What text to image returns. */
export interface TextToImageOutput {
  image: unknown;
  [property: string]: unknown;
}
