import type {
  AudioClassificationOutput,
  AutomaticSpeechRecognitionOutput,
  DocumentQuestionAnsweringOutput,
  FillMaskOutput,
  ImageClassificationOutput,
  ImageSegmentationOutput,
  ImageToTextOutput,
  ObjectDetectionOutput,
  QuestionAnsweringOutput,
  SentenceSimilarityOutput,
  SummarizationOutput,
  TableQuestionAnsweringOutput,
  TextClassificationOutput,
  TextGenerationOutput,
  TokenClassificationOutput,
  TranslationOutput,
  VisualQuestionAnsweringOutput,
  ZeroShotClassificationOutput,
  ZeroShotImageClassificationOutput,
} from "@hubkit/tasks";
import { InferenceClientInputError, InferenceClientProviderOutputError } from "../../errors.js";
import type { AudioToAudioOutput, FeatureExtractionOutput } from "../../types.js";
import { isArrayOf, isNumber, isNumberArray, isObject, isString, isStringArray } from "../../utils/guards.js";
import { base64FromBinary } from "../../utils/base64.js";
import { dataUrlOf, imageFromBase64, imageFromUrl, type ProviderHelper } from "../helper.js";
import { hfInferenceHelper, openAiRoute } from "./base.js";

export { hfInferenceConversational } from "./conversational.js";

type Item = Record<string, unknown>;
const fail = (expected: string): never => {
  throw new InferenceClientProviderOutputError(expected);
};
/** Checks that `response` is an array whose every element passes `check`. */
function arrayOf<T>(response: unknown, check: (item: Item) => boolean, expected: string): T[] {
  if (Array.isArray(response) && response.every((item) => isObject(item) && check(item)))
    return response as T[];
  return fail(expected);
}
/** The first element of an array reply, or the reply itself if it is a single object. */
function first<T>(response: unknown, check: (item: Item) => boolean, expected: string): T {
  const items = Array.isArray(response) ? response : [response];
  if (items.length > 0 && items.every((item) => isObject(item) && check(item))) return items[0] as T;
  return fail(expected);
}

const labelScore = (item: Item) => isString(item.label) && isNumber(item.score);
const LABEL_SCORE = "Expected Array<{label: string, score: number}>";
const optionalNumber = (value: unknown) => value === undefined || isNumber(value);

/** Generic calls (`request` without a task, text-to-audio): the reply as it came. */
export const hfInferenceGeneric = /* @__PURE__ */ hfInferenceHelper((response) => response);
export const hfInferenceTextToAudio = hfInferenceGeneric;

export const hfInferenceAudioClassification = /* @__PURE__ */ hfInferenceHelper((response) =>
  arrayOf<AudioClassificationOutput[number]>(
    response,
    labelScore,
    `${LABEL_SCORE} but received different format`,
  ),
);

export const hfInferenceAudioToAudio = /* @__PURE__ */ hfInferenceHelper((response) => {
  if (!Array.isArray(response)) fail("Expected Array");
  return arrayOf<AudioToAudioOutput>(
    response,
    (item) => isString(item.label) && isString(item["content-type"]) && isString(item.blob),
    "Expected Array<{label: string, audio: Blob}>",
  );
});

// The task function checks `{text: string}` for every provider.
export const hfInferenceAutomaticSpeechRecognition = /* @__PURE__ */ hfInferenceHelper(
  (response) => response as AutomaticSpeechRecognitionOutput,
);

export const hfInferenceTextToSpeech = /* @__PURE__ */ hfInferenceHelper((response) => response as Blob);

export const hfInferenceImageClassification = /* @__PURE__ */ hfInferenceHelper((response) =>
  arrayOf<ImageClassificationOutput[number]>(response, labelScore, LABEL_SCORE),
);

/**
 * With `parameters` (threshold, mask_threshold, overlap_mask_area_threshold, subtask) the image goes
 * as base64 in a JSON body `{inputs, parameters}`, as 4.13.30 sends it, so the parameters reach the
 * model. Without them it goes as raw bytes (a third smaller than base64; the route takes both, and
 * the raw HTTP snippets post the file as is), where 4.13.30 sends JSON too.
 */
export const hfInferenceImageSegmentation: ProviderHelper<ImageSegmentationOutput> = {
  ...hfInferenceHelper((response) =>
    arrayOf<ImageSegmentationOutput[number]>(
      response,
      (item) => isString(item.label) && isString(item.mask) && isNumber(item.score),
      "Expected Array<{label: string, mask: string, score: number}>",
    ),
  ),
  reworksArgs: (args) => args.parameters !== undefined,
  async prepareArgs(args) {
    if (args.parameters === undefined) return args;
    const { data, ...rest } = args;
    const image = data ?? rest.inputs;
    if (!(image instanceof Blob || image instanceof ArrayBuffer)) return args;
    return { ...rest, inputs: await base64FromBinary(image) };
  },
};

export const hfInferenceImageToImage = /* @__PURE__ */ hfInferenceHelper((response) =>
  response instanceof Blob ? response : fail("Expected Blob"),
);

export const hfInferenceImageToText = /* @__PURE__ */ hfInferenceHelper((response) =>
  first<ImageToTextOutput>(
    response,
    (item) => isString(item.generated_text),
    "Expected {generated_text: string}",
  ),
);

export const hfInferenceObjectDetection = /* @__PURE__ */ hfInferenceHelper((response) =>
  arrayOf<ObjectDetectionOutput[number]>(
    response,
    (item) =>
      labelScore(item) &&
      isObject(item.box) &&
      isNumber(item.box.xmin) &&
      isNumber(item.box.ymin) &&
      isNumber(item.box.xmax) &&
      isNumber(item.box.ymax),
    "Expected Array<{label: string, score: number, box: {xmin: number, ymin: number, xmax: number, ymax: number}}>",
  ),
);

/** Images come back as `{data: [{b64_json}]}`, `{output: [url]}` or raw bytes. */
/** Text to image as 4.x: no `url` output (hf-inference answers bytes, not a hosted file). */
export const hfInferenceTextToImage: ProviderHelper<unknown> = {
  ...hfInferenceHelper(async (response, context): Promise<unknown> => {
    if (!response)
      fail("Received malformed response from HF-Inference text-to-image API: response is undefined");
    const { outputType } = context;
    if (isObject(response)) {
      if (outputType === "json") return { ...response };
      // (`url` was refused before the request.)
      if (Array.isArray(response.data) && isObject(response.data[0]) && isString(response.data[0].b64_json)) {
        return imageFromBase64(response.data[0].b64_json, context);
      }
      if (Array.isArray(response.output) && isString(response.output[0])) {
        // A Blob unless `dataUrl` was asked for (`url` was refused, `json` answered above).
        return imageFromUrl(response.output[0], context);
      }
    }
    if (response instanceof Blob) {
      if (outputType === "dataUrl") return dataUrlOf(response);
      if (outputType === "json") return { output: await dataUrlOf(response) };
      return response;
    }
    return fail("Received malformed response from HF-Inference text-to-image API: expected a Blob");
  }),
  preparePayload({ args, outputType }) {
    if (outputType === "url") {
      throw new InferenceClientInputError(
        "hf-inference provider does not support URL output. Use outputType 'blob', 'dataUrl' or 'json' instead.",
      );
    }
    return args;
  },
};

export const hfInferenceZeroShotImageClassification = /* @__PURE__ */ hfInferenceHelper((response) =>
  arrayOf<ZeroShotImageClassificationOutput[number]>(response, labelScore, LABEL_SCORE),
);

const isEmbedding = (value: unknown, depth: number): boolean =>
  isNumber(value) ||
  (depth > 0 && Array.isArray(value) && value.every((inner) => isEmbedding(inner, depth - 1)));

export const hfInferenceFeatureExtraction = /* @__PURE__ */ hfInferenceHelper(
  (response) =>
    Array.isArray(response) && response.every((value) => isEmbedding(value, 3))
      ? (response as FeatureExtractionOutput)
      : fail("Expected Array<number[][][] | number[][] | number[] | number>"),
  ({ model }) => `models/${model}/pipeline/feature-extraction`,
);

export const hfInferenceFillMask = /* @__PURE__ */ hfInferenceHelper((response) =>
  arrayOf<FillMaskOutput[number]>(
    response,
    (item) =>
      isNumber(item.score) && isString(item.sequence) && isNumber(item.token) && isString(item.token_str),
    "Expected Array<{score: number, sequence: string, token: number, token_str: string}>",
  ),
);

export const hfInferenceQuestionAnswering = /* @__PURE__ */ hfInferenceHelper((response) =>
  first<QuestionAnsweringOutput[number]>(
    response,
    (item) => isString(item.answer) && isNumber(item.end) && isNumber(item.score) && isNumber(item.start),
    "Expected Array<{answer: string, end: number, score: number, start: number}>",
  ),
);

export const hfInferenceSentenceSimilarity = /* @__PURE__ */ hfInferenceHelper(
  (response) =>
    isNumberArray(response) ? (response as SentenceSimilarityOutput) : fail("Expected Array<number>"),
  ({ model }) => `models/${model}/pipeline/sentence-similarity`,
);

export const hfInferenceSummarization = /* @__PURE__ */ hfInferenceHelper((response) =>
  first<SummarizationOutput>(
    response,
    (item) => isString(item.summary_text),
    "Expected Array<{summary_text: string}>",
  ),
);

export const hfInferenceTableQuestionAnswering = /* @__PURE__ */ hfInferenceHelper((response) =>
  first<TableQuestionAnsweringOutput[number]>(
    response,
    (item) =>
      isString(item.aggregator) &&
      isString(item.answer) &&
      isStringArray(item.cells) &&
      isArrayOf(item.coordinates, isNumberArray),
    "Expected {aggregator: string, answer: string, cells: string[], coordinates: number[][]}",
  ),
);

// The reference required a nested `[[…]]` reply; the flat `[…]` one is accepted too.
export const hfInferenceTextClassification = /* @__PURE__ */ hfInferenceHelper((response) =>
  arrayOf<TextClassificationOutput[number]>(
    Array.isArray(response) && Array.isArray(response[0]) ? response[0] : response,
    labelScore,
    LABEL_SCORE,
  ),
);

/**
 * Text generation on the router's OpenAI-style completions route (`models/{id}/v1/completions`,
 * or `{endpoint}/v1/completions`), as 4.x: `{model, …, max_tokens, prompt}` in, `choices[0].text` out.
 */
export const hfInferenceTextGeneration: ProviderHelper<TextGenerationOutput> = {
  ...hfInferenceHelper((response): TextGenerationOutput => {
    const choice = isObject(response) && Array.isArray(response.choices) ? response.choices[0] : undefined;
    if (isObject(choice) && isString(choice.text)) return { generated_text: choice.text };
    return fail(
      "Received malformed response from HF-Inference text generation API: expected {choices: [{text: string}]}",
    );
  }),
  makeUrl: ({ model, authMethod }, options) => openAiRoute(model, authMethod, options, "completions"),
  preparePayload({ args, model }) {
    const { inputs, parameters, ...rest } = args as Record<string, unknown> & {
      parameters?: Record<string, unknown>;
    };
    const { max_new_tokens, ...otherParameters } = parameters ?? {};
    return {
      model,
      ...rest,
      ...(parameters ? { max_tokens: max_new_tokens, ...otherParameters } : undefined),
      prompt: inputs,
    };
  },
};

export const hfInferenceTokenClassification = /* @__PURE__ */ hfInferenceHelper((response) =>
  arrayOf<TokenClassificationOutput[number]>(
    response,
    (item) =>
      isNumber(item.end) &&
      isString(item.entity_group) &&
      isNumber(item.score) &&
      isNumber(item.start) &&
      isString(item.word),
    "Expected Array<{end: number, entity_group: string, score: number, start: number, word: string}>",
  ),
);

export const hfInferenceTranslation = /* @__PURE__ */ hfInferenceHelper((response) => {
  const items = arrayOf<TranslationOutput>(
    response,
    (item) => isString(item.translation_text),
    "Expected Array<{translation_text: string}>",
  );
  // One input gives one object; several give the array (typed as the reference types it).
  return (items.length === 1 ? items[0] : items) as TranslationOutput;
});

const isLabelsScores = (value: unknown): value is { labels: string[]; scores: number[] } =>
  isObject(value) &&
  isStringArray(value.labels) &&
  isNumberArray(value.scores) &&
  value.labels.length === value.scores.length;

/**
 * As 4.x: `[{label, score}]`. The pipeline's `{sequence, labels, scores}` reply is turned into
 * that; hubkit also reads it wrapped in a one-element array (4.x rejects that valid reply).
 */
export const hfInferenceZeroShotClassification = /* @__PURE__ */ hfInferenceHelper((response) => {
  const single =
    Array.isArray(response) && response.length === 1 && isLabelsScores(response[0]) ? response[0] : response;
  if (isLabelsScores(single)) {
    return single.labels.map((label, index) => ({ label, score: single.scores[index] })) as never;
  }
  return arrayOf<ZeroShotClassificationOutput[number]>(
    response,
    labelScore,
    "Received malformed response from HF-Inference zero-shot-classification API: expected Array<{label: string, score: number}>",
  );
});

export const hfInferenceDocumentQuestionAnswering = /* @__PURE__ */ hfInferenceHelper((response) =>
  first<DocumentQuestionAnsweringOutput[number]>(
    response,
    (item) =>
      isString(item.answer) &&
      optionalNumber(item.end) &&
      optionalNumber(item.score) &&
      optionalNumber(item.start),
    "Expected Array<{answer: string, end: number, score: number, start: number}>",
  ),
);

export const hfInferenceVisualQuestionAnswering = /* @__PURE__ */ hfInferenceHelper((response) =>
  first<VisualQuestionAnsweringOutput[number]>(
    response,
    (item) => isString(item.answer) && isNumber(item.score),
    "Expected Array<{answer: string, score: number}>",
  ),
);

const numbers = (response: unknown) => (isNumberArray(response) ? response : fail("Expected Array<number>"));
export const hfInferenceTabularClassification = /* @__PURE__ */ hfInferenceHelper(numbers);
export const hfInferenceTabularRegression = /* @__PURE__ */ hfInferenceHelper(numbers);
