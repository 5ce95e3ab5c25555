import type { BaseArgs, RequestArgs } from "../../types.js";
import { omit } from "../../utils/omit.js";

/** The older way of passing an image: raw bytes under `data`. */
export interface LegacyImageInput {
  data: Blob | ArrayBuffer;
}

/** Image tasks send the raw bytes: `inputs` moves to `data`, which becomes the request body. */
export function preparePayload(args: BaseArgs & ({ inputs: Blob } | LegacyImageInput)): RequestArgs {
  return "data" in args ? args : { ...omit(args, ["inputs"]), data: args.inputs };
}
