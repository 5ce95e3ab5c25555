import type { BaseArgs, InferenceProviderOrPolicy, RequestArgs } from "../../types.js";
import { omit } from "../../utils/omit.js";

/** The older way of passing audio: raw bytes under `data`. */
export interface LegacyAudioInput {
  data: Blob | ArrayBuffer;
  provider?: InferenceProviderOrPolicy;
}

/** Audio tasks send the raw bytes: `inputs` moves to `data`, which becomes the request body. */
export function preparePayload(args: BaseArgs & ({ inputs: Blob } | LegacyAudioInput)): RequestArgs {
  return "data" in args ? args : { ...omit(args, ["inputs"]), data: args.inputs };
}
