import type { AutomaticSpeechRecognitionOutput } from "@hubkit/tasks";
import { InferenceClientInputError, InferenceClientProviderOutputError } from "../../errors.js";
import { type JobState, pollJson } from "../../lib/poll.js";
import type { BodyParams } from "../../types.js";
import { isObject, isString } from "../../utils/guards.js";
import { omit } from "../../utils/omit.js";
import {
  dataUrlOf,
  download,
  flattenPrompt,
  imageFromUrl,
  type ProviderHelper,
  type ResponseContext,
} from "../helper.js";

const provider = "replicate";

/** `version` for a pinned model (`owner/name:version`). */
const versionOf = (model: string) => (model.includes(":") ? model.split(":")[1] : undefined);

/** The adapter repo a LoRA mapping names, as replicate's flux apps load it. */
const loraWeights = (mapping: BodyParams["mapping"]) =>
  mapping?.adapter === "lora" && mapping.adapterWeightsPath
    ? `https://huggingface.co/${mapping.hfModelId}`
    : undefined;

function predictionState(prediction: unknown): JobState<Record<string, unknown>> {
  const status = isObject(prediction) && isString(prediction.status) ? prediction.status : undefined;
  if (status === "starting") return { status: "queued", providerStatus: status };
  if (status === "processing") return { status: "running", providerStatus: status };
  if (status === "failed" || status === "canceled" || status === "aborted") {
    const error = isObject(prediction) && prediction.error ? `: ${String(prediction.error)}` : "";
    return { status: "failed", providerStatus: status, error: `Replicate prediction ${status}${error}` };
  }
  // "succeeded", or a reply without a status (a file, or output only): nothing to wait for.
  return { status: "done", providerStatus: status, result: prediction as Record<string, unknown> };
}

/** A prediction whose `output` is there: a value that is not null nor an empty list. */
function hasOutput(prediction: unknown): boolean {
  if (!isObject(prediction)) return false;
  const output = prediction.output;
  return output !== null && output !== undefined && !(Array.isArray(output) && output.length === 0);
}

/**
 * `Prefer: wait` asks replicate to answer once the prediction is done, but it gives up after a
 * minute and answers the prediction as it stands: that one is polled at `v1/predictions/{id}` on
 * the same base (the router, or replicate's API), never at the host its `urls.get` names.
 */
async function awaitPrediction(response: unknown, context: ResponseContext): Promise<unknown> {
  const initial = predictionState(response);
  if (initial.status === "done") return response;
  // A `Prefer: wait` reply can carry the finished output while its status still says "processing"
  // (replicate sets the status a moment later): that output is the answer, as 4.x takes it, with no
  // poll (against the real service one more round trip; the router may not serve the poll at all).
  if (initial.status !== "failed" && hasOutput(response)) return response;
  const id = isObject(response) && isString(response.id) ? response.id : undefined;
  if (!id)
    throw new InferenceClientProviderOutputError("Received a pending Replicate prediction without an id");
  const base = context.url.slice(0, context.url.lastIndexOf("/v1/"));
  return pollJson(context, `${base}/v1/predictions/${id}`, "Replicate prediction", predictionState, {
    provider,
    intervalMs: 1000,
    initial,
  });
}

/**
 * Replicate runs a model (`owner/name`) or a pinned version (`owner/name:version`); `Prefer: wait`
 * asks it to answer synchronously. The input goes under `key` in the app's `input`, with the
 * caller's parameters (and a mapping's LoRA where the app takes one).
 */
function replicateHelper<Output>(
  own: Partial<ProviderHelper<Output>> & {
    read(response: unknown, context: ResponseContext): Promise<Output>;
  },
  key = "prompt",
  lora = false,
): ProviderHelper<Output> {
  const { read, ...rest } = own;
  return {
    provider,
    extraHeaders: { Prefer: "wait" },
    makeRoute: ({ model }) => (model.includes(":") ? "v1/predictions" : `v1/models/${model}/predictions`),
    preparePayload: ({ args, model, mapping }) => ({
      input: { ...flattenPrompt(args, key), lora_weights: lora ? loraWeights(mapping) : undefined },
      version: versionOf(model),
    }),
    async getResponse(response, context) {
      return read(response instanceof Blob ? response : await awaitPrediction(response, context), context);
    },
    ...rest,
  };
}

/** The first URL of a prediction's output (a string or a list of them). */
function firstOutput(response: unknown): unknown {
  const output = isObject(response) ? response.output : undefined;
  return Array.isArray(output) ? output[0] : output;
}

export const replicateTextToImage = /* @__PURE__ */ replicateHelper<unknown>(
  {
    async read(response, context) {
      const url = firstOutput(response);
      if (isString(url) && URL.canParse(url)) return imageFromUrl(url, context, response);
      throw new InferenceClientProviderOutputError(
        "Received malformed response from Replicate text-to-image API",
      );
    },
  },
  "prompt",
  true,
);

export const replicateTextToSpeech = /* @__PURE__ */ replicateHelper<Blob>(
  {
    async read(response, context) {
      if (response instanceof Blob) return response;
      const url = firstOutput(response);
      if (isString(url)) return download(url, context);
      throw new InferenceClientProviderOutputError(
        "Received malformed response from Replicate text-to-speech API",
      );
    },
  },
  "text",
);

export const replicateTextToVideo = /* @__PURE__ */ replicateHelper<Blob>({
  async read(response, context) {
    const output = isObject(response) ? response.output : undefined;
    if (isString(output) && URL.canParse(output)) return download(output, context);
    throw new InferenceClientProviderOutputError(
      "Received malformed response from Replicate text-to-video API",
    );
  },
});

export const replicateImageToImage = /* @__PURE__ */ replicateHelper<Blob>({
  prepareArgs: async (args) => ({ ...args, inputs: await dataUrlOf(args.inputs, "image/jpeg") }),
  argsWithDataUrl: (args, dataUrl) => ({ ...args, inputs: dataUrl }),
  preparePayload: ({ args, model, mapping }) => {
    const image = args.inputs;
    return {
      input: {
        ...flattenPrompt(args, "image"),
        // Replicate apps name their image input differently: every usual name is sent.
        images: [image],
        input_image: image,
        input_images: [image],
        lora_weights: loraWeights(mapping),
      },
      version: versionOf(model),
    };
  },
  async read(response, context) {
    const url = firstOutput(response);
    if (isString(url) && URL.canParse(url)) return download(url, context);
    throw new InferenceClientProviderOutputError(
      "Received malformed response from Replicate image-to-image API",
    );
  },
});

export const replicateAutomaticSpeechRecognition =
  /* @__PURE__ */ replicateHelper<AutomaticSpeechRecognitionOutput>(
    {
      async prepareArgs(args) {
        const blob = args.data instanceof Blob ? args.data : args.inputs;
        if (!(blob instanceof Blob)) throw new InferenceClientInputError("Audio input must be a Blob");
        return { ...omit(args, ["data", "inputs"]), inputs: await dataUrlOf(blob, "audio/wav") };
      },
      async read(response, context) {
        const output = isObject(response) ? response.output : undefined;
        const first = Array.isArray(output) ? output[0] : output;
        if (isString(first)) return { text: first };
        // Whisper-style apps answer an object: a transcription, a translation, or a text file.
        if (isObject(output)) {
          if (isString(output.transcription)) return { text: output.transcription };
          if (isString(output.translation)) return { text: output.translation };
          if (isString(output.txt_file))
            return { text: await (await download(output.txt_file, context)).text() };
        }
        throw new InferenceClientProviderOutputError(
          "Received malformed response from Replicate automatic-speech-recognition API",
        );
      },
    },
    "audio",
  );
