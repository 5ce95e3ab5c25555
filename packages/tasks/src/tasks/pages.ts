// Every task page's text, keyed by pipeline type. Only tasks/index.ts reads this, through deferred.ts,
// so that the Node bundle compiles the pages on the first read of TASKS_DATA rather than at import.
import type { PipelineType } from "../pipelines.js";
import type { TaskDataCustom } from "./types.js";

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

export const TASK_PAGES: Record<PipelineType, TaskDataCustom> = {
  "any-to-any": anyToAny,
  "audio-classification": audioClassification,
  "audio-to-audio": audioToAudio,
  "audio-text-to-text": audioTextToText,
  "automatic-speech-recognition": automaticSpeechRecognition,
  "depth-estimation": depthEstimation,
  "document-question-answering": documentQuestionAnswering,
  "visual-document-retrieval": visualDocumentRetrieval,
  "feature-extraction": featureExtraction,
  "fill-mask": fillMask,
  "graph-ml": graphMl,
  "image-classification": imageClassification,
  "image-feature-extraction": imageFeatureExtraction,
  "image-segmentation": imageSegmentation,
  "image-to-image": imageToImage,
  "image-text-to-text": imageTextToText,
  "image-text-to-image": imageTextToImage,
  "image-text-to-video": imageTextToVideo,
  "image-to-text": imageToText,
  "image-to-video": imageToVideo,
  "keypoint-detection": keypointDetection,
  "mask-generation": maskGeneration,
  "multiple-choice": multipleChoice,
  "object-detection": objectDetection,
  "video-classification": videoClassification,
  other: other,
  "question-answering": questionAnswering,
  "reinforcement-learning": reinforcementLearning,
  robotics: robotics,
  "sentence-similarity": sentenceSimilarity,
  summarization: summarization,
  "table-question-answering": tableQuestionAnswering,
  "table-to-text": tableToText,
  "tabular-classification": tabularClassification,
  "tabular-regression": tabularRegression,
  "tabular-to-text": tabularToText,
  "text-classification": textClassification,
  "text-generation": textGeneration,
  "text-ranking": textRanking,
  "text-retrieval": textRetrieval,
  "text-to-image": textToImage,
  "text-to-speech": textToSpeech,
  "text-to-audio": textToAudio,
  "text-to-video": textToVideo,
  "text2text-generation": text2textGeneration,
  "time-series-forecasting": timeSeriesForecasting,
  "token-classification": tokenClassification,
  translation: translation,
  "unconditional-image-generation": unconditionalImageGeneration,
  "video-text-to-text": videoTextToText,
  "visual-question-answering": visualQuestionAnswering,
  "voice-activity-detection": voiceActivityDetection,
  "zero-shot-classification": zeroShotClassification,
  "zero-shot-image-classification": zeroShotImageClassification,
  "zero-shot-object-detection": zeroShotObjectDetection,
  "text-to-3d": textTo3d,
  "image-to-3d": imageTo3d,
  "video-to-video": videoToVideo,
};
