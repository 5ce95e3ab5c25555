/** fal's image segmentation (background removal and the like), queued: one mask, as a base64 PNG. */
import type { ImageSegmentationOutput } from "@hubkit/tasks";
import { InferenceClientProviderOutputError } from "../../errors.js";
import { base64FromBinary } from "../../utils/base64.js";
import { dataUrlOf, download, withParameters } from "../helper.js";
import { falQueueHelper, resultUrl } from "./queue.js";

export const falAiImageSegmentation = /* @__PURE__ */ falQueueHelper<ImageSegmentationOutput>({
  task: "image-segmentation",
  async prepareArgs(args) {
    const image = args.data ?? args.inputs;
    return {
      ...withParameters(args, "data"),
      image_url: await dataUrlOf(image, "image/png"),
      sync_mode: true,
    };
  },
  preparePayload: ({ args }) => ({ ...withParameters(args), sync_mode: true }),
  async readResult(result, context) {
    const url = resultUrl(result, "image");
    if (!url) {
      throw new InferenceClientProviderOutputError(
        `Received malformed response from Fal.ai image-segmentation API: expected { image: { url: string } } format, got instead: ${JSON.stringify(result)}`,
      );
    }
    const mask = await download(url, context);
    // fal gives neither label nor score: one mask covering what it segmented.
    return [{ label: "mask", score: 1, mask: await base64FromBinary(mask) }];
  },
});
