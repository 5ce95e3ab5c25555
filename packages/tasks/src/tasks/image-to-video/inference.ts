/* Input, parameter and output types for the image-to-video task. */

/** Request payload for image-to-video generation. */
export interface ImageToVideoInput {
  /** The input image (raw bytes, or base64 in JSON when parameters are given). */
  inputs: Blob;
  /** Settings for the generation. */
  parameters?: ImageToVideoParameters;
  [property: string]: unknown;
}

/** Settings for image-to-video generation. */
export interface ImageToVideoParameters {
  /** Diffusion guidance: higher follows the prompt more closely, at some cost in quality. */
  guidance_scale?: number;
  /** What the output should not show. */
  negative_prompt?: string;
  /** How many video frames to generate. */
  num_frames?: number;
  /** Denoising steps: more usually means better output, and slower. */
  num_inference_steps?: number;
  /** The text that describes the wanted output. */
  prompt?: string;
  /** Random seed, for reproducible output. */
  seed?: number;
  /** Width and height of the output, in pixels (ignored where unsupported). */
  target_size?: TargetSize;
  [property: string]: unknown;
}

/** An output size in pixels. */
export interface TargetSize {
  height: number;
  width: number;
  [property: string]: unknown;
}

/** What image-to-video generation returns. */
export interface ImageToVideoOutput {
  /** The generated video, as raw bytes. */
  video: unknown;
  [property: string]: unknown;
}
