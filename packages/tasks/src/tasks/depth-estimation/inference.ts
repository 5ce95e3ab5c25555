/* Input, parameter and output types for the depth-estimation task. */

import type { TaskInput } from "../common-definitions.js";

/** Request payload for depth estimation. */
export interface DepthEstimationInput extends TaskInput<unknown, { [key: string]: unknown }> {}

/** What depth estimation returns. */
export interface DepthEstimationOutput {
  /** Depth map rendered as an image. */
  depth?: unknown;
  /** Raw predicted depth tensor. */
  predicted_depth?: unknown;
  [property: string]: unknown;
}
