import { PIPELINE_DATA } from "../pipelines.js";
import type { PipelineType } from "../pipelines.js";
import type { ModelLibraryKey } from "../model-libraries-data.js";
import type { TaskData, TaskDataCustom } from "./types.js";

import anyToAny from "./any-to-any/data.js";
import audioClassification from "./audio-classification/data.js";
import audioTextToText from "./audio-text-to-text/data.js";
import audioToAudio from "./audio-to-audio/data.js";
import automaticSpeechRecognition from "./automatic-speech-recognition/data.js";
import depthEstimation from "./depth-estimation/data.js";
import documentQuestionAnswering from "./document-question-answering/data.js";
import featureExtraction from "./feature-extraction/data.js";
import fillMask from "./fill-mask/data.js";
import graphMl from "./graph-ml/data.js";
import imageClassification from "./image-classification/data.js";
import imageFeatureExtraction from "./image-feature-extraction/data.js";
import imageSegmentation from "./image-segmentation/data.js";
import imageTextToImage from "./image-text-to-image/data.js";
import imageTextToText from "./image-text-to-text/data.js";
import imageTextToVideo from "./image-text-to-video/data.js";
import imageTo3d from "./image-to-3d/data.js";
import imageToImage from "./image-to-image/data.js";
import imageToText from "./image-to-text/data.js";
import imageToVideo from "./image-to-video/data.js";
import keypointDetection from "./keypoint-detection/data.js";
import maskGeneration from "./mask-generation/data.js";
import multipleChoice from "./multiple-choice/data.js";
import objectDetection from "./object-detection/data.js";
import other from "./other/data.js";
import questionAnswering from "./question-answering/data.js";
import reinforcementLearning from "./reinforcement-learning/data.js";
import robotics from "./robotics/data.js";
import sentenceSimilarity from "./sentence-similarity/data.js";
import summarization from "./summarization/data.js";
import tableQuestionAnswering from "./table-question-answering/data.js";
import tableToText from "./table-to-text/data.js";
import tabularClassification from "./tabular-classification/data.js";
import tabularRegression from "./tabular-regression/data.js";
import tabularToText from "./tabular-to-text/data.js";
import textClassification from "./text-classification/data.js";
import textGeneration from "./text-generation/data.js";
import textRanking from "./text-ranking/data.js";
import textRetrieval from "./text-retrieval/data.js";
import textTo3d from "./text-to-3d/data.js";
import textToAudio from "./text-to-audio/data.js";
import textToImage from "./text-to-image/data.js";
import textToSpeech from "./text-to-speech/data.js";
import textToVideo from "./text-to-video/data.js";
import text2textGeneration from "./text2text-generation/data.js";
import timeSeriesForecasting from "./time-series-forecasting/data.js";
import tokenClassification from "./token-classification/data.js";
import translation from "./translation/data.js";
import unconditionalImageGeneration from "./unconditional-image-generation/data.js";
import videoClassification from "./video-classification/data.js";
import videoTextToText from "./video-text-to-text/data.js";
import videoToVideo from "./video-to-video/data.js";
import visualDocumentRetrieval from "./visual-document-retrieval/data.js";
import visualQuestionAnswering from "./visual-question-answering/data.js";
import voiceActivityDetection from "./voice-activity-detection/data.js";
import zeroShotClassification from "./zero-shot-classification/data.js";
import zeroShotImageClassification from "./zero-shot-image-classification/data.js";
import zeroShotObjectDetection from "./zero-shot-object-detection/data.js";

/**
 * Model libraries compatible with each ML task
 */
export const TASKS_MODEL_LIBRARIES: Record<PipelineType, ModelLibraryKey[]> = {
  "audio-classification": ["speechbrain", "transformers", "transformers.js"],
  "audio-to-audio": ["asteroid", "fairseq", "speechbrain"],
  "automatic-speech-recognition": ["espnet", "nemo", "speechbrain", "transformers", "transformers.js"],
  "audio-text-to-text": ["transformers"],
  "depth-estimation": ["transformers", "transformers.js"],
  "document-question-answering": ["transformers", "transformers.js"],
  "feature-extraction": ["sentence-transformers", "transformers", "transformers.js"],
  "fill-mask": ["transformers", "transformers.js"],
  "graph-ml": ["transformers"],
  "image-classification": ["keras", "timm", "transformers", "transformers.js"],
  "image-feature-extraction": ["timm", "transformers"],
  "image-segmentation": ["transformers", "transformers.js"],
  "image-text-to-text": ["transformers"],
  "image-text-to-image": ["diffusers"],
  "image-text-to-video": ["diffusers"],
  "image-to-image": ["diffusers", "transformers", "transformers.js"],
  "image-to-text": ["transformers", "transformers.js"],
  "image-to-video": ["diffusers"],
  "keypoint-detection": ["transformers"],
  "video-classification": ["transformers"],
  "mask-generation": ["transformers"],
  "multiple-choice": ["transformers"],
  "object-detection": ["transformers", "transformers.js", "ultralytics"],
  other: [],
  "question-answering": ["adapter-transformers", "allennlp", "transformers", "transformers.js"],
  robotics: [],
  "reinforcement-learning": ["transformers", "stable-baselines3", "ml-agents", "sample-factory"],
  "sentence-similarity": ["sentence-transformers", "spacy", "transformers.js"],
  summarization: ["transformers", "transformers.js"],
  "table-question-answering": ["transformers"],
  "table-to-text": ["transformers"],
  "tabular-classification": ["sklearn"],
  "tabular-regression": ["sklearn"],
  "tabular-to-text": ["transformers"],
  "text-classification": ["adapter-transformers", "setfit", "spacy", "transformers", "transformers.js"],
  "text-generation": ["transformers", "transformers.js"],
  "text-ranking": ["sentence-transformers", "transformers"],
  "text-retrieval": [],
  "text-to-image": ["diffusers"],
  "text-to-speech": ["espnet", "tensorflowtts", "transformers", "transformers.js"],
  "text-to-audio": ["transformers", "transformers.js"],
  "text-to-video": ["diffusers"],
  "text2text-generation": ["transformers", "transformers.js"],
  "time-series-forecasting": [],
  "token-classification": [
    "adapter-transformers",
    "flair",
    "spacy",
    "span-marker",
    "stanza",
    "transformers",
    "transformers.js",
  ],
  translation: ["transformers", "transformers.js"],
  "unconditional-image-generation": ["diffusers"],
  "video-text-to-text": ["transformers"],
  "visual-question-answering": ["transformers", "transformers.js"],
  "voice-activity-detection": [],
  "zero-shot-classification": ["transformers", "transformers.js"],
  "zero-shot-image-classification": ["transformers", "transformers.js"],
  "zero-shot-object-detection": ["transformers", "transformers.js"],
  "text-to-3d": ["diffusers"],
  "image-to-3d": ["diffusers"],
  "any-to-any": ["transformers"],
  "visual-document-retrieval": ["transformers"],
  "video-to-video": ["diffusers"],
};

/** Completes a page with the facts that live elsewhere: its id, its display name and its libraries. */
function getData(type: PipelineType, partialTaskData: TaskDataCustom): TaskData {
  return {
    ...partialTaskData,
    id: type,
    label: PIPELINE_DATA[type].name,
    libraries: TASKS_MODEL_LIBRARIES[type],
  };
}

/*
 * Every pipeline type has a page. Types nobody has written a page for yet are built from the placeholder and
 * keep `isPlaceholder: true`. Key order follows the reference catalogue, not PIPELINE_DATA.
 */
export const TASKS_DATA: Record<PipelineType, TaskData | undefined> = {
  "any-to-any": getData("any-to-any", anyToAny),
  "audio-classification": getData("audio-classification", audioClassification),
  "audio-to-audio": getData("audio-to-audio", audioToAudio),
  "audio-text-to-text": getData("audio-text-to-text", audioTextToText),
  "automatic-speech-recognition": getData("automatic-speech-recognition", automaticSpeechRecognition),
  "depth-estimation": getData("depth-estimation", depthEstimation),
  "document-question-answering": getData("document-question-answering", documentQuestionAnswering),
  "visual-document-retrieval": getData("visual-document-retrieval", visualDocumentRetrieval),
  "feature-extraction": getData("feature-extraction", featureExtraction),
  "fill-mask": getData("fill-mask", fillMask),
  "graph-ml": getData("graph-ml", graphMl),
  "image-classification": getData("image-classification", imageClassification),
  "image-feature-extraction": getData("image-feature-extraction", imageFeatureExtraction),
  "image-segmentation": getData("image-segmentation", imageSegmentation),
  "image-to-image": getData("image-to-image", imageToImage),
  "image-text-to-text": getData("image-text-to-text", imageTextToText),
  "image-text-to-image": getData("image-text-to-image", imageTextToImage),
  "image-text-to-video": getData("image-text-to-video", imageTextToVideo),
  "image-to-text": getData("image-to-text", imageToText),
  "image-to-video": getData("image-to-video", imageToVideo),
  "keypoint-detection": getData("keypoint-detection", keypointDetection),
  "mask-generation": getData("mask-generation", maskGeneration),
  "multiple-choice": getData("multiple-choice", multipleChoice),
  "object-detection": getData("object-detection", objectDetection),
  "video-classification": getData("video-classification", videoClassification),
  other: getData("other", other),
  "question-answering": getData("question-answering", questionAnswering),
  "reinforcement-learning": getData("reinforcement-learning", reinforcementLearning),
  robotics: getData("robotics", robotics),
  "sentence-similarity": getData("sentence-similarity", sentenceSimilarity),
  summarization: getData("summarization", summarization),
  "table-question-answering": getData("table-question-answering", tableQuestionAnswering),
  "table-to-text": getData("table-to-text", tableToText),
  "tabular-classification": getData("tabular-classification", tabularClassification),
  "tabular-regression": getData("tabular-regression", tabularRegression),
  "tabular-to-text": getData("tabular-to-text", tabularToText),
  "text-classification": getData("text-classification", textClassification),
  "text-generation": getData("text-generation", textGeneration),
  "text-ranking": getData("text-ranking", textRanking),
  "text-retrieval": getData("text-retrieval", textRetrieval),
  "text-to-image": getData("text-to-image", textToImage),
  "text-to-speech": getData("text-to-speech", textToSpeech),
  "text-to-audio": getData("text-to-audio", textToAudio),
  "text-to-video": getData("text-to-video", textToVideo),
  "text2text-generation": getData("text2text-generation", text2textGeneration),
  "time-series-forecasting": getData("time-series-forecasting", timeSeriesForecasting),
  "token-classification": getData("token-classification", tokenClassification),
  translation: getData("translation", translation),
  "unconditional-image-generation": getData("unconditional-image-generation", unconditionalImageGeneration),
  "video-text-to-text": getData("video-text-to-text", videoTextToText),
  "visual-question-answering": getData("visual-question-answering", visualQuestionAnswering),
  "voice-activity-detection": getData("voice-activity-detection", voiceActivityDetection),
  "zero-shot-classification": getData("zero-shot-classification", zeroShotClassification),
  "zero-shot-image-classification": getData("zero-shot-image-classification", zeroShotImageClassification),
  "zero-shot-object-detection": getData("zero-shot-object-detection", zeroShotObjectDetection),
  "text-to-3d": getData("text-to-3d", textTo3d),
  "image-to-3d": getData("image-to-3d", imageTo3d),
  "video-to-video": getData("video-to-video", videoToVideo),
};

export type { ExampleRepo, TaskData, TaskDataCustom, TaskDemo, TaskDemoEntry } from "./types.js";
export * from "./inference-types.js";
