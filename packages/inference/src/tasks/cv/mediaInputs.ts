/**
 * Inputs of the image/video generation tasks 4.x added. @hubkit/tasks does not have these
 * inference types yet; their fields follow the hub's task specs.
 */

/** Output size in pixels. */
export interface TargetSize {
  width: number;
  height: number;
}

interface GenerationParameters {
  /** A text prompt guiding the generation. */
  prompt?: string;
  /** What the generation should not contain. */
  negative_prompt?: string;
  /** Higher values follow the prompt more closely, at some cost in quality. */
  guidance_scale?: number;
  /** More steps: better quality, slower. */
  num_inference_steps?: number;
  /** Seed of the random generator. */
  seed?: number;
  target_size?: TargetSize;
}

export interface ImageToVideoInput {
  /** The image to animate. */
  inputs: Blob;
  parameters?: GenerationParameters & { num_frames?: number };
}

export interface ImageTextToImageInput {
  /** The image to edit (optional: some models generate from the text alone). */
  inputs?: Blob;
  parameters?: GenerationParameters;
}

export interface ImageTextToVideoInput {
  /** The image the video starts from. */
  inputs?: Blob;
  parameters?: GenerationParameters & { num_frames?: number };
}

export interface TextToAudioInput {
  /** The text prompt (music, sound effects). */
  inputs: string;
  parameters?: Record<string, unknown>;
}
