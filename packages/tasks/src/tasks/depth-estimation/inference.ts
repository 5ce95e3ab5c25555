/* Input, parameter and output types for the depth-estimation task. */

/** Request payload for depth estimation. */
export interface DepthEstimationInput {
  inputs: unknown;
  parameters?: {
    [key: string]: unknown;
  };
  [property: string]: unknown;
}

/** What depth estimation returns. */
export interface DepthEstimationOutput {
  /** Depth map rendered as an image. */
  depth?: unknown;
  /** Raw predicted depth tensor. */
  predicted_depth?: unknown;
  [property: string]: unknown;
}
