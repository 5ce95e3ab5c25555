/** The text tasks whose arguments go to the provider as they come. */
import type {
  FillMaskInput,
  FillMaskOutput,
  QuestionAnsweringInput,
  QuestionAnsweringOutput,
  SentenceSimilarityInput,
  SentenceSimilarityOutput,
  SummarizationInput,
  SummarizationOutput,
  TableQuestionAnsweringInput,
  TableQuestionAnsweringOutput,
  TextClassificationInput,
  TextClassificationOutput,
  TextGenerationInput,
  TextGenerationOutput,
  TokenClassificationInput,
  TokenClassificationOutput,
  TranslationInput,
  TranslationOutput,
  ZeroShotClassificationInput,
  ZeroShotClassificationOutput,
  FeatureExtractionInput,
} from "@hubkit/tasks";
import {
  featureExtractionHelpers,
  fillMaskHelpers,
  questionAnsweringHelpers,
  sentenceSimilarityHelpers,
  summarizationHelpers,
  tableQuestionAnsweringHelpers,
  textClassificationHelpers,
  textGenerationHelpers,
  tokenClassificationHelpers,
  translationHelpers,
  zeroShotClassificationHelpers,
} from "../../providers/index.js";
import type { BaseArgs, FeatureExtractionOutput } from "../../types.js";
import { taskFunction } from "../taskFunction.js";

export type { FeatureExtractionOutput } from "../../types.js";
export type { TextGenerationInput, TextGenerationOutput };

export type FeatureExtractionArgs = BaseArgs & FeatureExtractionInput;
/** Embeds text as vectors. */
export const featureExtraction = /* @__PURE__ */ taskFunction<FeatureExtractionArgs, FeatureExtractionOutput>(
  featureExtractionHelpers,
  "feature-extraction",
);

export type FillMaskArgs = BaseArgs & FillMaskInput;
/** Fills the model's mask token in a text, with the likeliest candidates. */
export const fillMask = /* @__PURE__ */ taskFunction<FillMaskArgs, FillMaskOutput>(
  fillMaskHelpers,
  "fill-mask",
);

export type QuestionAnsweringArgs = BaseArgs & QuestionAnsweringInput;
/** Answers a question from a context passage: the best answer span. */
export const questionAnswering = /* @__PURE__ */ taskFunction<
  QuestionAnsweringArgs,
  QuestionAnsweringOutput[number]
>(questionAnsweringHelpers, "question-answering");

export type SentenceSimilarityArgs = BaseArgs & SentenceSimilarityInput;
/** Similarity of a source sentence to each of several others. */
export const sentenceSimilarity = /* @__PURE__ */ taskFunction<
  SentenceSimilarityArgs,
  SentenceSimilarityOutput
>(sentenceSimilarityHelpers, "sentence-similarity");

export type SummarizationArgs = BaseArgs & SummarizationInput;
/** Summarizes a text. */
export const summarization = /* @__PURE__ */ taskFunction<SummarizationArgs, SummarizationOutput>(
  summarizationHelpers,
  "summarization",
);

export type TableQuestionAnsweringArgs = BaseArgs & TableQuestionAnsweringInput;
/** Answers a question about a table (columns of strings). */
export const tableQuestionAnswering = /* @__PURE__ */ taskFunction<
  TableQuestionAnsweringArgs,
  TableQuestionAnsweringOutput[number]
>(tableQuestionAnsweringHelpers, "table-question-answering");

export type TextClassificationArgs = BaseArgs & TextClassificationInput;
/** Labels a text (sentiment, topic, …), with scores. */
export const textClassification = /* @__PURE__ */ taskFunction<
  TextClassificationArgs,
  TextClassificationOutput
>(textClassificationHelpers, "text-classification");

/** Continues a text prompt. */
export const textGeneration = /* @__PURE__ */ taskFunction<
  BaseArgs & TextGenerationInput,
  TextGenerationOutput
>(textGenerationHelpers, "text-generation");

export type TokenClassificationArgs = BaseArgs & TokenClassificationInput;
/** Labels spans of a text (named entities, parts of speech). */
export const tokenClassification = /* @__PURE__ */ taskFunction<
  TokenClassificationArgs,
  TokenClassificationOutput
>(tokenClassificationHelpers, "token-classification");

export type TranslationArgs = BaseArgs & TranslationInput;
/** Translates text: one result for one input, an array for several. */
export const translation = /* @__PURE__ */ taskFunction<TranslationArgs, TranslationOutput>(
  translationHelpers,
  "translation",
);

export type ZeroShotClassificationArgs = BaseArgs & ZeroShotClassificationInput;
/** Scores a text against labels chosen at call time (parameters.candidate_labels). */
export const zeroShotClassification = /* @__PURE__ */ taskFunction<
  ZeroShotClassificationArgs,
  ZeroShotClassificationOutput
>(zeroShotClassificationHelpers, "zero-shot-classification");
