import type { BaseArgs, RequestArgs } from "../../types.js";
import { preparePayload as binaryPayload } from "../audio/utils.js";

/** The older way of passing an image: raw bytes under `data`. */
export interface LegacyImageInput {
  data: Blob | ArrayBuffer;
}

/** Image tasks send the raw bytes: `inputs` moves to `data`, which becomes the request body (as audio tasks do). */
export const preparePayload: (args: BaseArgs & ({ inputs: Blob } | LegacyImageInput)) => RequestArgs =
  binaryPayload;
