/**
 * 4.x's `getProviderHelper` and `PROVIDERS`: views of hubkit's helpers with 4.x's members (see
 * helperViews.ts), one per helper, so `getProviderHelper(p, t) === PROVIDERS[p][t]`.
 */
import type {
  AudioClassificationOutput,
  AutomaticSpeechRecognitionOutput,
  ChatCompletionOutput,
  DocumentQuestionAnsweringOutput,
  FeatureExtractionOutput,
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
import type { ProviderHelper } from "../providers/helper.js";
import { PROVIDERS as INTERNAL_PROVIDERS } from "../providers/index.js";
import type { AudioToAudioOutput } from "../tasks/audio/audioTasks.js";
import type { InferenceProvider, InferenceProviderOrPolicy, InferenceTask } from "../types.js";
import { publicHelper, type TaskProviderHelper } from "./helperViews.js";
import { getProviderHelper as internalHelper } from "./providerRegistry.js";

export type { TaskProviderHelper };

/** What each task's `getResponse` resolves to (4.x's per-task helper interfaces). */
export interface TaskResponses {
  "text-to-image": string | Blob | Record<string, unknown>;
  conversational: ChatCompletionOutput;
  "text-generation": TextGenerationOutput;
  "text-to-speech": Blob;
  "text-to-audio": Blob;
  "automatic-speech-recognition": AutomaticSpeechRecognitionOutput;
  "text-to-video": Blob;
  "text-classification": TextClassificationOutput;
  "question-answering": QuestionAnsweringOutput[number];
  "audio-classification": AudioClassificationOutput;
  "audio-to-audio": AudioToAudioOutput[];
  "fill-mask": FillMaskOutput;
  "feature-extraction": FeatureExtractionOutput;
  "image-classification": ImageClassificationOutput;
  "image-segmentation": ImageSegmentationOutput;
  "document-question-answering": DocumentQuestionAnsweringOutput[number];
  "image-to-text": ImageToTextOutput;
  "object-detection": ObjectDetectionOutput;
  "zero-shot-image-classification": ZeroShotImageClassificationOutput;
  "zero-shot-classification": ZeroShotClassificationOutput;
  "image-to-image": Blob;
  "image-to-video": Blob;
  "image-text-to-image": Blob;
  "image-text-to-video": Blob;
  "sentence-similarity": SentenceSimilarityOutput;
  "table-question-answering": TableQuestionAnsweringOutput[number];
  "tabular-classification": number[];
  "tabular-regression": number[];
  "token-classification": TokenClassificationOutput;
  translation: TranslationOutput;
  summarization: SummarizationOutput;
  "visual-question-answering": VisualQuestionAnsweringOutput[number];
}

/** 4.x's `getProviderHelper`, typed per task. */
export function getProviderHelper<T extends keyof TaskResponses>(
  provider: InferenceProviderOrPolicy | string,
  task: T,
): TaskProviderHelper<TaskResponses[T]>;
export function getProviderHelper(
  provider: InferenceProviderOrPolicy | string,
  task?: InferenceTask,
): TaskProviderHelper;
export function getProviderHelper(
  provider: InferenceProviderOrPolicy | string,
  task?: InferenceTask,
): TaskProviderHelper {
  return publicHelper(internalHelper(provider, task));
}

/** 4.x's `PROVIDERS`: every provider's helpers by task, as views. */
export const PROVIDERS: Record<
  InferenceProvider,
  Partial<Record<InferenceTask, TaskProviderHelper>>
> = /* @__PURE__ */ (() =>
  Object.fromEntries(
    Object.entries(INTERNAL_PROVIDERS).map(([provider, tasks]) => [
      provider,
      Object.fromEntries(
        Object.entries(tasks).map(([task, helper]) => [task, publicHelper(helper as ProviderHelper)]),
      ),
    ]),
  ) as Record<InferenceProvider, Partial<Record<InferenceTask, TaskProviderHelper>>>)();
