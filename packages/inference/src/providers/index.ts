/**
 * Which helper serves which task on which provider. One map per task keeps every task function's
 * bundle down to the providers of its own task (a map derived from whole definitions would pull
 * every helper into every task). A test checks these maps against the definitions' `tasks`.
 */
import type {
  AudioClassificationOutput,
  AutomaticSpeechRecognitionOutput,
  ChatCompletionOutput,
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
import type {
  AudioToAudioOutput,
  FeatureExtractionOutput,
  InferenceProvider,
  InferenceTask,
} from "../types.js";
import { PROVIDER_DEFINITIONS, PROVIDER_TASK_LISTS } from "./definitions.js";
import { tasks as blackForestLabsTasks } from "./black-forest-labs/definition.js";
import { tasks as falAiTasks } from "./fal-ai/definition.js";
import { tasks as replicateTasks } from "./replicate/definition.js";
import { tasks as wavespeedTasks } from "./wavespeed/definition.js";
import { basetenConversational } from "./baseten/index.js";
import { blackForestLabsTextToImage } from "./black-forest-labs/index.js";
import { cerebrasConversational } from "./cerebras/index.js";
import { cohereConversational } from "./cohere/index.js";
import {
  deepinfraAutomaticSpeechRecognition,
  deepinfraConversational,
  deepinfraFeatureExtraction,
  deepinfraTextGeneration,
  deepinfraTextToImage,
  deepinfraTextToSpeech,
} from "./deepinfra/index.js";
import { falAiAutomaticSpeechRecognition, falAiTextToImage, falAiTextToSpeech } from "./fal-ai/index.js";
import { falAiAudioToAudio, falAiTextToAudio } from "./fal-ai/audio.js";
import { falAiImageSegmentation } from "./fal-ai/imageSegmentation.js";
import { falAiImageTextToImage, falAiImageToImage } from "./fal-ai/imageToImage.js";
import { falAiImageTextToVideo, falAiImageToVideo, falAiTextToVideo } from "./fal-ai/textToVideo.js";
import { featherlessAiConversational, featherlessAiTextGeneration } from "./featherless-ai/index.js";
import { fireworksAiConversational } from "./fireworks-ai/index.js";
import { groqConversational, groqTextGeneration } from "./groq/index.js";
import type { ProviderHelper, TaskHelpers, TaskLists } from "./helper.js";
import * as hf from "./hf-inference/index.js";
import { hfInferenceConversational } from "./hf-inference/conversational.js";
import {
  hyperbolicConversational,
  hyperbolicTextGeneration,
  hyperbolicTextToImage,
} from "./hyperbolic/index.js";
import { nebiusConversational, nebiusTextGeneration, nebiusTextToImage } from "./nebius/index.js";
import { novitaConversational, novitaTextGeneration } from "./novita/index.js";
import { novitaImageTextToVideo, novitaTextToVideo } from "./novita/video.js";
import { nscaleConversational, nscaleTextToImage } from "./nscale/index.js";
import { openaiConversational } from "./openai/index.js";
import { ovhcloudConversational, ovhcloudTextGeneration } from "./ovhcloud/index.js";
import { publicaiConversational } from "./publicai/index.js";
import {
  replicateAutomaticSpeechRecognition,
  replicateImageToImage,
  replicateTextToImage,
  replicateTextToSpeech,
  replicateTextToVideo,
} from "./replicate/index.js";
import { sambanovaConversational } from "./sambanova/index.js";
import {
  scalewayConversational,
  scalewayFeatureExtraction,
  scalewayTextGeneration,
} from "./scaleway/index.js";
import { togetherAutomaticSpeechRecognition, togetherTextToSpeech } from "./together/audio.js";
import {
  togetherConversational,
  togetherFeatureExtraction,
  togetherImageToImage,
  togetherTextGeneration,
  togetherTextToImage,
} from "./together/index.js";
import { togetherImageToVideo, togetherTextToVideo } from "./together/video.js";
import {
  wavespeedImageTextToImage,
  wavespeedImageTextToVideo,
  wavespeedImageToImage,
  wavespeedImageToVideo,
  wavespeedTextToImage,
  wavespeedTextToVideo,
} from "./wavespeed/index.js";
import { zaiOrgConversational, zaiOrgImageToText, zaiOrgTextToImage } from "./zai-org/index.js";

/** Each provider's tasks (from its definition), in the order its "Available tasks" error lists them. */
export const PROVIDER_TASKS: Record<InferenceProvider, readonly InferenceTask[]> =
  /* @__PURE__ */ Object.fromEntries(
    // Pure too, or a bundle that never reads the table would keep it for this call.
    /* @__PURE__ */ PROVIDER_TASK_LISTS.map(({ id, tasks }) => [id, tasks]),
  ) as Record<InferenceProvider, readonly InferenceTask[]>;

export const conversationalHelpers: TaskHelpers<ChatCompletionOutput> = {
  cerebras: cerebrasConversational,
  cohere: cohereConversational,
  "hf-inference": hfInferenceConversational,
  "fireworks-ai": fireworksAiConversational,
  hyperbolic: hyperbolicConversational,
  nebius: nebiusConversational,
  novita: novitaConversational,
  openai: openaiConversational,
  sambanova: sambanovaConversational,
  together: togetherConversational,
  baseten: basetenConversational,
  deepinfra: deepinfraConversational,
  "featherless-ai": featherlessAiConversational,
  groq: groqConversational,
  nscale: nscaleConversational,
  ovhcloud: ovhcloudConversational,
  publicai: publicaiConversational,
  scaleway: scalewayConversational,
  "zai-org": zaiOrgConversational,
};

/**
 * The task lists a chat call can show: those of the providers without a chat helper, which its
 * "Available tasks" error lists. Only these, so that a chat-only bundle leaves the other lists out
 * (test/provider-layer.test.ts checks it against the definitions).
 */
export const conversationalRefusals: TaskLists = {
  "black-forest-labs": blackForestLabsTasks.tasks,
  "fal-ai": falAiTasks.tasks,
  replicate: replicateTasks.tasks,
  wavespeed: wavespeedTasks.tasks,
};

export const textGenerationHelpers: TaskHelpers<TextGenerationOutput> = {
  "hf-inference": hf.hfInferenceTextGeneration,
  hyperbolic: hyperbolicTextGeneration,
  nebius: nebiusTextGeneration,
  novita: novitaTextGeneration,
  together: togetherTextGeneration,
  deepinfra: deepinfraTextGeneration,
  "featherless-ai": featherlessAiTextGeneration,
  groq: groqTextGeneration,
  ovhcloud: ovhcloudTextGeneration,
  scaleway: scalewayTextGeneration,
};

export const textToImageHelpers: TaskHelpers<unknown> = {
  "black-forest-labs": blackForestLabsTextToImage,
  "fal-ai": falAiTextToImage,
  "hf-inference": hf.hfInferenceTextToImage,
  hyperbolic: hyperbolicTextToImage,
  nebius: nebiusTextToImage,
  replicate: replicateTextToImage,
  together: togetherTextToImage,
  deepinfra: deepinfraTextToImage,
  nscale: nscaleTextToImage,
  wavespeed: wavespeedTextToImage,
  "zai-org": zaiOrgTextToImage,
};

export const textToSpeechHelpers: TaskHelpers<Blob> = {
  "fal-ai": falAiTextToSpeech,
  "hf-inference": hf.hfInferenceTextToSpeech,
  replicate: replicateTextToSpeech,
  together: togetherTextToSpeech,
  deepinfra: deepinfraTextToSpeech,
};

export const textToVideoHelpers: TaskHelpers<Blob> = {
  "fal-ai": falAiTextToVideo,
  novita: novitaTextToVideo,
  replicate: replicateTextToVideo,
  together: togetherTextToVideo,
  wavespeed: wavespeedTextToVideo,
};

export const automaticSpeechRecognitionHelpers: TaskHelpers<AutomaticSpeechRecognitionOutput> = {
  "fal-ai": falAiAutomaticSpeechRecognition,
  "hf-inference": hf.hfInferenceAutomaticSpeechRecognition,
  replicate: replicateAutomaticSpeechRecognition,
  together: togetherAutomaticSpeechRecognition,
  deepinfra: deepinfraAutomaticSpeechRecognition,
};

export const imageToVideoHelpers: TaskHelpers<Blob> = {
  "fal-ai": falAiImageToVideo,
  together: togetherImageToVideo,
  wavespeed: wavespeedImageToVideo,
};
export const imageTextToImageHelpers: TaskHelpers<Blob> = {
  "fal-ai": falAiImageTextToImage,
  wavespeed: wavespeedImageTextToImage,
};
export const imageTextToVideoHelpers: TaskHelpers<Blob> = {
  "fal-ai": falAiImageTextToVideo,
  novita: novitaImageTextToVideo,
  wavespeed: wavespeedImageTextToVideo,
};
export const textToAudioHelpers: TaskHelpers = {
  "fal-ai": falAiTextToAudio,
  "hf-inference": hf.hfInferenceTextToAudio,
};
export const audioToAudioHelpers: TaskHelpers<AudioToAudioOutput[]> = {
  "fal-ai": falAiAudioToAudio,
  "hf-inference": hf.hfInferenceAudioToAudio,
};
export const imageSegmentationHelpers: TaskHelpers<ImageSegmentationOutput> = {
  "fal-ai": falAiImageSegmentation,
  "hf-inference": hf.hfInferenceImageSegmentation,
};
export const imageToImageHelpers: TaskHelpers<Blob> = {
  "fal-ai": falAiImageToImage,
  "hf-inference": hf.hfInferenceImageToImage,
  replicate: replicateImageToImage,
  together: togetherImageToImage,
  wavespeed: wavespeedImageToImage,
};
export const featureExtractionHelpers: TaskHelpers<FeatureExtractionOutput> = {
  "hf-inference": hf.hfInferenceFeatureExtraction,
  together: togetherFeatureExtraction,
  deepinfra: deepinfraFeatureExtraction,
  scaleway: scalewayFeatureExtraction,
};

// Tasks only hf-inference serves.
export const audioClassificationHelpers: TaskHelpers<AudioClassificationOutput> = {
  "hf-inference": hf.hfInferenceAudioClassification,
};
export const imageClassificationHelpers: TaskHelpers<ImageClassificationOutput> = {
  "hf-inference": hf.hfInferenceImageClassification,
};
export const imageToTextHelpers: TaskHelpers<ImageToTextOutput> = {
  "hf-inference": hf.hfInferenceImageToText,
  "zai-org": zaiOrgImageToText,
};
export const objectDetectionHelpers: TaskHelpers<ObjectDetectionOutput> = {
  "hf-inference": hf.hfInferenceObjectDetection,
};
export const zeroShotImageClassificationHelpers: TaskHelpers<ZeroShotImageClassificationOutput> = {
  "hf-inference": hf.hfInferenceZeroShotImageClassification,
};
export const fillMaskHelpers: TaskHelpers<FillMaskOutput> = { "hf-inference": hf.hfInferenceFillMask };
export const questionAnsweringHelpers: TaskHelpers<QuestionAnsweringOutput[number]> = {
  "hf-inference": hf.hfInferenceQuestionAnswering,
};
export const sentenceSimilarityHelpers: TaskHelpers<SentenceSimilarityOutput> = {
  "hf-inference": hf.hfInferenceSentenceSimilarity,
};
export const summarizationHelpers: TaskHelpers<SummarizationOutput> = {
  "hf-inference": hf.hfInferenceSummarization,
};
export const tableQuestionAnsweringHelpers: TaskHelpers<TableQuestionAnsweringOutput[number]> = {
  "hf-inference": hf.hfInferenceTableQuestionAnswering,
};
export const textClassificationHelpers: TaskHelpers<TextClassificationOutput> = {
  "hf-inference": hf.hfInferenceTextClassification,
};
export const tokenClassificationHelpers: TaskHelpers<TokenClassificationOutput> = {
  "hf-inference": hf.hfInferenceTokenClassification,
};
export const translationHelpers: TaskHelpers<TranslationOutput> = {
  "hf-inference": hf.hfInferenceTranslation,
};
export const zeroShotClassificationHelpers: TaskHelpers<ZeroShotClassificationOutput> = {
  "hf-inference": hf.hfInferenceZeroShotClassification,
};
export const documentQuestionAnsweringHelpers: TaskHelpers<DocumentQuestionAnsweringOutput[number]> = {
  "hf-inference": hf.hfInferenceDocumentQuestionAnswering,
};
export const visualQuestionAnsweringHelpers: TaskHelpers<VisualQuestionAnsweringOutput[number]> = {
  "hf-inference": hf.hfInferenceVisualQuestionAnswering,
};
export const tabularClassificationHelpers: TaskHelpers<number[]> = {
  "hf-inference": hf.hfInferenceTabularClassification,
};
export const tabularRegressionHelpers: TaskHelpers<number[]> = {
  "hf-inference": hf.hfInferenceTabularRegression,
};

/** Every task's helpers, for code that picks the task at run time (`request`, snippets). */
export const HELPERS_BY_TASK: Partial<Record<InferenceTask, TaskHelpers>> = {
  "text-to-image": textToImageHelpers,
  conversational: conversationalHelpers,
  "text-generation": textGenerationHelpers,
  "text-classification": textClassificationHelpers,
  "question-answering": questionAnsweringHelpers,
  "audio-classification": audioClassificationHelpers,
  "automatic-speech-recognition": automaticSpeechRecognitionHelpers,
  "fill-mask": fillMaskHelpers,
  "feature-extraction": featureExtractionHelpers,
  "image-classification": imageClassificationHelpers,
  "image-segmentation": imageSegmentationHelpers,
  "document-question-answering": documentQuestionAnsweringHelpers,
  "image-to-text": imageToTextHelpers,
  "object-detection": objectDetectionHelpers,
  "audio-to-audio": audioToAudioHelpers,
  "zero-shot-image-classification": zeroShotImageClassificationHelpers,
  "zero-shot-classification": zeroShotClassificationHelpers,
  "image-to-image": imageToImageHelpers,
  "sentence-similarity": sentenceSimilarityHelpers,
  "table-question-answering": tableQuestionAnsweringHelpers,
  "tabular-classification": tabularClassificationHelpers,
  "text-to-speech": textToSpeechHelpers,
  "token-classification": tokenClassificationHelpers,
  translation: translationHelpers,
  summarization: summarizationHelpers,
  "visual-question-answering": visualQuestionAnsweringHelpers,
  "tabular-regression": tabularRegressionHelpers,
  "text-to-audio": textToAudioHelpers,
  "text-to-video": textToVideoHelpers,
  "image-to-video": imageToVideoHelpers,
  "image-text-to-image": imageTextToImageHelpers,
  "image-text-to-video": imageTextToVideoHelpers,
};

/** 4.x's `PROVIDERS`: every provider's helpers, by task (derived from the per-task maps). */
export const PROVIDERS: Record<
  InferenceProvider,
  Partial<Record<InferenceTask, ProviderHelper>>
> = /* @__PURE__ */ (() => {
  const out = Object.fromEntries(PROVIDER_DEFINITIONS.map((definition) => [definition.id, {}])) as Record<
    InferenceProvider,
    Partial<Record<InferenceTask, ProviderHelper>>
  >;
  for (const [task, helpers] of Object.entries(HELPERS_BY_TASK) as [InferenceTask, TaskHelpers][]) {
    for (const [provider, helper] of Object.entries(helpers) as [InferenceProvider, ProviderHelper][]) {
      out[provider][task] = helper;
    }
  }
  return out;
})();
