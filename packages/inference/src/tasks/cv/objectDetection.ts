import type { ObjectDetectionInput, ObjectDetectionOutput } from "@hubkit/tasks";
import { runTask } from "../../lib/request.js";
import { objectDetectionHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";
import { type LegacyImageInput, preparePayload } from "./utils.js";

export type ObjectDetectionArgs = BaseArgs & (ObjectDetectionInput | LegacyImageInput);

/** Finds objects in an image: label, score and bounding box of each. */
export async function objectDetection(
  args: ObjectDetectionArgs,
  options?: Options,
): Promise<ObjectDetectionOutput> {
  return runTask(objectDetectionHelpers, preparePayload(args), { ...options, task: "object-detection" });
}
