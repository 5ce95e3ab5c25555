/* Input, parameter and output types for the image-to-image task. */

/** Request payload for image to image. */
export interface ImageToImageInput {
  /** The input file (raw bytes or a base64 string on the wire). */
  inputs: Blob;
  /** Optional settings for this request. */
  parameters?: ImageToImageParameters;
  [property: string]: unknown;
}

/** Optional settings for image to image. */
export interface ImageToImageParameters {
  /** Classifier-free guidance: higher values follow the prompt more closely, at some cost in quality. */
  guidance_scale?: number;
  /** What the output should avoid. */
  negative_prompt?: string;
  /** Number of denoising steps: more steps are slower and usually sharper. */
  num_inference_steps?: number;
  prompt?: string;
  /** Output size in pixels. */
  target_size?: TargetSize;
  [property: string]: unknown;
}

export interface TargetSize {
  /** Output height in pixels. */
  height: number;
  /** Output width in pixels. */
  width: number;
  [property: string]: unknown;
}

/** What image to image returns. */
export interface ImageToImageOutput {
  image?: unknown;
  [property: string]: unknown;
}
