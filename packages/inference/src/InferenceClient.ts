import type * as taskModule from "./tasks/index.js";
import {
  audioClassification,
  audioToAudio,
  automaticSpeechRecognition,
  chatCompletion,
  chatCompletionStream,
  documentQuestionAnswering,
  featureExtraction,
  fillMask,
  imageClassification,
  imageSegmentation,
  imageTextToImage,
  imageTextToVideo,
  imageToImage,
  imageToText,
  imageToVideo,
  objectDetection,
  questionAnswering,
  request,
  sentenceSimilarity,
  streamingRequest,
  summarization,
  tableQuestionAnswering,
  tabularClassification,
  tabularRegression,
  textClassification,
  textGeneration,
  textGenerationStream,
  textToAudio,
  textToImage,
  textToSpeech,
  textToVideo,
  tokenClassification,
  translation,
  visualQuestionAnswering,
  zeroShotClassification,
  zeroShotImageClassification,
} from "./tasks/index.js";
import type { Options } from "./types.js";

type Task = typeof taskModule;

/**
 * Every task function, in the module's (alphabetical) order. Listed rather than read from the
 * module namespace: a bundler turns a namespace used as a value into an object of getters, about
 * 80 B gzipped more in the whole-client bundle. `satisfies` makes a missing or extra name a
 * compile error.
 */
const TASKS = {
  audioClassification,
  audioToAudio,
  automaticSpeechRecognition,
  chatCompletion,
  chatCompletionStream,
  documentQuestionAnswering,
  featureExtraction,
  fillMask,
  imageClassification,
  imageSegmentation,
  imageTextToImage,
  imageTextToVideo,
  imageToImage,
  imageToText,
  imageToVideo,
  objectDetection,
  questionAnswering,
  request,
  sentenceSimilarity,
  streamingRequest,
  summarization,
  tableQuestionAnswering,
  tabularClassification,
  tabularRegression,
  textClassification,
  textGeneration,
  textGenerationStream,
  textToAudio,
  textToImage,
  textToSpeech,
  textToVideo,
  tokenClassification,
  translation,
  visualQuestionAnswering,
  zeroShotClassification,
  zeroShotImageClassification,
} satisfies Record<keyof Task, unknown>;

/** Defines each task function as a non-enumerable method that fills in the client's token and endpoint. */
function bindTasks(
  target: object,
  accessToken: string,
  defaultOptions: Options & { endpointUrl?: string },
): void {
  const { endpointUrl, ...options } = defaultOptions;
  for (const [name, fn] of Object.entries(TASKS)) {
    Object.defineProperty(target, name, {
      enumerable: false,
      value: (params: Record<string, unknown>, callOptions?: Options) =>
        // As 4.x: a per-call token or endpoint wins over the client's; per-call options over defaults.
        (fn as (args: unknown, options?: Options) => unknown)(
          { endpointUrl, accessToken, ...params },
          { ...options, ...callOptions },
        ),
    });
  }
}

/* eslint-disable @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type --
   the methods are defined at run time in the constructor; the merged interface types them. */

/** A client holding a token and default options (and maybe an endpoint); every task function is a method of it. */
export class InferenceClient {
  declare private readonly accessToken: string;
  declare private readonly defaultOptions: Options & { endpointUrl?: string };

  constructor(accessToken = "", defaultOptions: Options & { endpointUrl?: string } = {}) {
    // Non-enumerable so the token does not show up when the client is logged or serialized.
    Object.defineProperty(this, "accessToken", {
      value: accessToken,
      enumerable: false,
    });
    Object.defineProperty(this, "defaultOptions", {
      value: defaultOptions,
      enumerable: false,
    });
    bindTasks(this, accessToken, defaultOptions);
  }

  /** A client bound to a dedicated endpoint, with the same token and options. */
  endpoint(endpointUrl: string): InferenceClient {
    return new InferenceClient(this.accessToken, {
      ...this.defaultOptions,
      endpointUrl,
    });
  }
}

export interface InferenceClient extends Task {}

/* eslint-enable @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type */

/** @deprecated Kept for backward compatibility: use InferenceClient. */
export class HfInference extends InferenceClient {}

/**
 * @deprecated Use `new InferenceClient(token, { endpointUrl })` or `client.endpoint(url)`. As in 4.x,
 * its constructor is InferenceClient's (3.x took the endpoint URL first).
 */
export class InferenceClientEndpoint extends InferenceClient {}
