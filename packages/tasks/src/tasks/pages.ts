// Every task page, keyed by pipeline type. The pages are data: each is `<task>/data.json`, read here
// through `taskPage`. Only tasks/index.ts reads this, through deferred.ts, so that the Node bundle
// compiles the pages on the first read of TASKS_DATA rather than at import.
import type { PipelineType } from "../pipelines.js";
import type { TaskDataCustom } from "./types.js";
import placeholder from "./placeholder/data.js";

import anyToAny from "./any-to-any/data.json" with { type: "json" };
import audioClassification from "./audio-classification/data.json" with { type: "json" };
import audioTextToText from "./audio-text-to-text/data.json" with { type: "json" };
import audioToAudio from "./audio-to-audio/data.json" with { type: "json" };
import automaticSpeechRecognition from "./automatic-speech-recognition/data.json" with { type: "json" };
import depthEstimation from "./depth-estimation/data.json" with { type: "json" };
import documentQuestionAnswering from "./document-question-answering/data.json" with { type: "json" };
import featureExtraction from "./feature-extraction/data.json" with { type: "json" };
import fillMask from "./fill-mask/data.json" with { type: "json" };
import graphMl from "./graph-ml/data.json" with { type: "json" };
import imageClassification from "./image-classification/data.json" with { type: "json" };
import imageFeatureExtraction from "./image-feature-extraction/data.json" with { type: "json" };
import imageSegmentation from "./image-segmentation/data.json" with { type: "json" };
import imageTextToImage from "./image-text-to-image/data.json" with { type: "json" };
import imageTextToText from "./image-text-to-text/data.json" with { type: "json" };
import imageTextToVideo from "./image-text-to-video/data.json" with { type: "json" };
import imageTo3d from "./image-to-3d/data.json" with { type: "json" };
import imageToImage from "./image-to-image/data.json" with { type: "json" };
import imageToText from "./image-to-text/data.json" with { type: "json" };
import imageToVideo from "./image-to-video/data.json" with { type: "json" };
import keypointDetection from "./keypoint-detection/data.json" with { type: "json" };
import maskGeneration from "./mask-generation/data.json" with { type: "json" };
import multipleChoice from "./multiple-choice/data.json" with { type: "json" };
import objectDetection from "./object-detection/data.json" with { type: "json" };
import other from "./other/data.json" with { type: "json" };
import questionAnswering from "./question-answering/data.json" with { type: "json" };
import reinforcementLearning from "./reinforcement-learning/data.json" with { type: "json" };
import robotics from "./robotics/data.json" with { type: "json" };
import sentenceSimilarity from "./sentence-similarity/data.json" with { type: "json" };
import summarization from "./summarization/data.json" with { type: "json" };
import tableQuestionAnswering from "./table-question-answering/data.json" with { type: "json" };
import tableToText from "./table-to-text/data.json" with { type: "json" };
import tabularClassification from "./tabular-classification/data.json" with { type: "json" };
import tabularRegression from "./tabular-regression/data.json" with { type: "json" };
import tabularToText from "./tabular-to-text/data.json" with { type: "json" };
import textClassification from "./text-classification/data.json" with { type: "json" };
import textGeneration from "./text-generation/data.json" with { type: "json" };
import textRanking from "./text-ranking/data.json" with { type: "json" };
import textRetrieval from "./text-retrieval/data.json" with { type: "json" };
import textTo3d from "./text-to-3d/data.json" with { type: "json" };
import textToAudio from "./text-to-audio/data.json" with { type: "json" };
import textToImage from "./text-to-image/data.json" with { type: "json" };
import textToSpeech from "./text-to-speech/data.json" with { type: "json" };
import textToVideo from "./text-to-video/data.json" with { type: "json" };
import text2textGeneration from "./text2text-generation/data.json" with { type: "json" };
import timeSeriesForecasting from "./time-series-forecasting/data.json" with { type: "json" };
import tokenClassification from "./token-classification/data.json" with { type: "json" };
import translation from "./translation/data.json" with { type: "json" };
import unconditionalImageGeneration from "./unconditional-image-generation/data.json" with { type: "json" };
import videoClassification from "./video-classification/data.json" with { type: "json" };
import videoTextToText from "./video-text-to-text/data.json" with { type: "json" };
import videoToVideo from "./video-to-video/data.json" with { type: "json" };
import visualDocumentRetrieval from "./visual-document-retrieval/data.json" with { type: "json" };
import visualQuestionAnswering from "./visual-question-answering/data.json" with { type: "json" };
import voiceActivityDetection from "./voice-activity-detection/data.json" with { type: "json" };
import zeroShotClassification from "./zero-shot-classification/data.json" with { type: "json" };
import zeroShotImageClassification from "./zero-shot-image-classification/data.json" with { type: "json" };
import zeroShotObjectDetection from "./zero-shot-object-detection/data.json" with { type: "json" };

/**
 * A page as its data.json holds it. JSON widens literal types (a demo entry's `type`, `canonicalId`) to
 * string, so tsc cannot check a page against TaskDataCustom; test/task-pages.test.ts checks every page's
 * shape instead.
 */
type StoredPage = { [Field in keyof TaskDataCustom]?: unknown };

/**
 * The page a data.json describes. A page marked `isPlaceholder` holds only what it adds to the
 * placeholder (its summary), and keeps the placeholder's fields in their order. JSON has no undefined:
 * a field a page has without a value (`youtubeId: undefined`) is stored as null.
 */
function taskPage(stored: StoredPage): TaskDataCustom {
  const page: Record<string, unknown> = stored.isPlaceholder ? { ...placeholder, ...stored } : { ...stored };
  for (const [field, value] of Object.entries(page)) if (value === null) page[field] = undefined;
  return page as TaskDataCustom;
}

export const TASK_PAGES: Record<PipelineType, TaskDataCustom> = {
  "any-to-any": taskPage(anyToAny),
  "audio-classification": taskPage(audioClassification),
  "audio-to-audio": taskPage(audioToAudio),
  "audio-text-to-text": taskPage(audioTextToText),
  "automatic-speech-recognition": taskPage(automaticSpeechRecognition),
  "depth-estimation": taskPage(depthEstimation),
  "document-question-answering": taskPage(documentQuestionAnswering),
  "visual-document-retrieval": taskPage(visualDocumentRetrieval),
  "feature-extraction": taskPage(featureExtraction),
  "fill-mask": taskPage(fillMask),
  "graph-ml": taskPage(graphMl),
  "image-classification": taskPage(imageClassification),
  "image-feature-extraction": taskPage(imageFeatureExtraction),
  "image-segmentation": taskPage(imageSegmentation),
  "image-to-image": taskPage(imageToImage),
  "image-text-to-text": taskPage(imageTextToText),
  "image-text-to-image": taskPage(imageTextToImage),
  "image-text-to-video": taskPage(imageTextToVideo),
  "image-to-text": taskPage(imageToText),
  "image-to-video": taskPage(imageToVideo),
  "keypoint-detection": taskPage(keypointDetection),
  "mask-generation": taskPage(maskGeneration),
  "multiple-choice": taskPage(multipleChoice),
  "object-detection": taskPage(objectDetection),
  "video-classification": taskPage(videoClassification),
  other: taskPage(other),
  "question-answering": taskPage(questionAnswering),
  "reinforcement-learning": taskPage(reinforcementLearning),
  robotics: taskPage(robotics),
  "sentence-similarity": taskPage(sentenceSimilarity),
  summarization: taskPage(summarization),
  "table-question-answering": taskPage(tableQuestionAnswering),
  "table-to-text": taskPage(tableToText),
  "tabular-classification": taskPage(tabularClassification),
  "tabular-regression": taskPage(tabularRegression),
  "tabular-to-text": taskPage(tabularToText),
  "text-classification": taskPage(textClassification),
  "text-generation": taskPage(textGeneration),
  "text-ranking": taskPage(textRanking),
  "text-retrieval": taskPage(textRetrieval),
  "text-to-image": taskPage(textToImage),
  "text-to-speech": taskPage(textToSpeech),
  "text-to-audio": taskPage(textToAudio),
  "text-to-video": taskPage(textToVideo),
  "text2text-generation": taskPage(text2textGeneration),
  "time-series-forecasting": taskPage(timeSeriesForecasting),
  "token-classification": taskPage(tokenClassification),
  translation: taskPage(translation),
  "unconditional-image-generation": taskPage(unconditionalImageGeneration),
  "video-text-to-text": taskPage(videoTextToText),
  "visual-question-answering": taskPage(visualQuestionAnswering),
  "voice-activity-detection": taskPage(voiceActivityDetection),
  "zero-shot-classification": taskPage(zeroShotClassification),
  "zero-shot-image-classification": taskPage(zeroShotImageClassification),
  "zero-shot-object-detection": taskPage(zeroShotObjectDetection),
  "text-to-3d": taskPage(textTo3d),
  "image-to-3d": taskPage(imageTo3d),
  "video-to-video": taskPage(videoToVideo),
};
