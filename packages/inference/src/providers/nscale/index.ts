import { InferenceClientInputError } from "../../errors.js";
import { conversationalHelper } from "../helper.js";
import { imageGenerationHelper } from "../openaiCompatible.js";

const provider = "nscale";

export const nscaleConversational = /* @__PURE__ */ conversationalHelper(provider);

// Nscale answers images in base64 only (`b64_json`): a hosted URL cannot be given.
export const nscaleTextToImage = /* @__PURE__ */ imageGenerationHelper(provider, "v1/images/generations", {
  refuseUrl: (message) => new InferenceClientInputError(message),
});
