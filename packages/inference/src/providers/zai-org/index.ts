import type { ImageToTextOutput } from "@hubkit/tasks";
import { InferenceClientInputError, InferenceClientProviderOutputError } from "../../errors.js";
import { isUrl } from "../../lib/isUrl.js";
import { isObject, isString } from "../../utils/guards.js";
import {
  conversationalHelper,
  dataUrlOf,
  flattenPrompt,
  imageFromUrl,
  type ProviderHelper,
  type ResponseContext,
} from "../helper.js";
import { jobBase, type JobState, pollJson } from "../../lib/poll.js";

const provider = "zai-org";

// Z.ai wants to know the call came from Hugging Face, and answers in English.
const extraHeaders = { "x-source-channel": "hugging_face", "accept-language": "en-US,en" };

export const zaiOrgConversational = /* @__PURE__ */ conversationalHelper(
  provider,
  "api/paas/v4/chat/completions",
  { extraHeaders },
);

/** Where the job's result is polled: under `{router}/zai-org` when routed, else Z.ai's own host. */
function resultUrl(id: string, context: ResponseContext): string {
  return `${jobBase(context, provider)}/api/paas/v4/async-result/${encodeURIComponent(id)}`;
}

/** Images are an asynchronous job: submit, then poll `async-result/{id}` until SUCCESS or FAIL. */
export const zaiOrgTextToImage: ProviderHelper<unknown> = {
  provider,
  job: true,
  extraHeaders,
  makeRoute: () => "api/paas/v4/async/images/generations",
  preparePayload: ({ args, model }) => ({ ...flattenPrompt(args), model }),
  async getResponse(response, context) {
    if (!isObject(response) || !isString(response.id) || !("task_status" in response)) {
      throw new InferenceClientProviderOutputError(
        `Received malformed response from ZAI text-to-image API: expected { id: string, task_status: string }, got: ${JSON.stringify(response)}`,
      );
    }
    if (response.task_status === "FAIL") {
      throw new InferenceClientProviderOutputError("ZAI API returned task status: FAIL");
    }
    const url = resultUrl(response.id, context);
    // Z.ai's jobs take seconds: 4.x polls every 5 s, at most 60 times.
    const result = await pollJson(
      context,
      url,
      `the ${provider} image job status`,
      (reply): JobState<Record<string, unknown>> => {
        const status = isObject(reply) ? reply.task_status : undefined;
        const providerStatus = String(status);
        if (status === "FAIL")
          return { status: "failed", providerStatus, error: "ZAI text-to-image API task failed" };
        if (status === "SUCCESS")
          return { status: "done", providerStatus, result: reply as Record<string, unknown> };
        return { status: "running", providerStatus };
      },
      { provider, intervalMs: 5000, maxAttempts: 60 },
    );
    const images = result.image_result;
    const imageUrl = Array.isArray(images) && isObject(images[0]) ? images[0].url : undefined;
    if (!isString(imageUrl) || !isUrl(imageUrl)) {
      throw new InferenceClientProviderOutputError(
        `Received malformed response from ZAI text-to-image API: expected { image_result: Array<{ url: string }> }, got: ${JSON.stringify(result)}`,
      );
    }
    return imageFromUrl(imageUrl, context, result);
  },
};

/** Document parsing (GLM-OCR): the image goes as a data URL in `file`; the answer is Markdown. */
export const zaiOrgImageToText: ProviderHelper<ImageToTextOutput> = {
  provider,
  extraHeaders,
  makeRoute: () => "api/paas/v4/layout_parsing",
  async prepareArgs(args, options) {
    const { data, inputs, ...rest } = args as { data?: unknown; inputs?: unknown };
    let image = data ?? inputs;
    if (isString(image) && isUrl(image)) {
      image = await (options.fetch ?? fetch)(image, { signal: options.signal }).then((r) => r.blob());
    }
    if (image instanceof ArrayBuffer) image = new Blob([image]);
    if (!(image instanceof Blob)) {
      throw new InferenceClientInputError("ZAI image-to-text requires a URL string or Blob as inputs");
    }
    return { ...rest, inputs: await dataUrlOf(image, "image/png") };
  },
  preparePayload: ({ args, model }) => ({ model, file: args.inputs }),
  async getResponse(response) {
    const text = isObject(response) ? response.md_results : undefined;
    // 4.x fills both spellings the hub's ImageToTextOutput type has.
    if (isString(text)) return { generated_text: text, generatedText: text };
    throw new InferenceClientProviderOutputError(
      `Received malformed response from ZAI layout_parsing API: expected { md_results: string }, got: ${JSON.stringify(response)}`,
    );
  },
};
