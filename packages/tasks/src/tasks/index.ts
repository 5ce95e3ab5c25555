import { PIPELINE_DATA } from "../pipelines.js";
import type { PipelineType } from "../pipelines.js";
import type { ModelLibraryKey } from "../model-libraries-data.js";
import type { TaskData, TaskDataCustom } from "./types.js";
import { loadTaskPages } from "../deferred.js";
import { lazyRecord } from "../lazy.js";

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

/** The pages' keys, in the order of the reference catalogue (not PIPELINE_DATA's). */
const PAGE_ORDER: PipelineType[] = [
  "any-to-any",
  "audio-classification",
  "audio-to-audio",
  "audio-text-to-text",
  "automatic-speech-recognition",
  "depth-estimation",
  "document-question-answering",
  "visual-document-retrieval",
  "feature-extraction",
  "fill-mask",
  "graph-ml",
  "image-classification",
  "image-feature-extraction",
  "image-segmentation",
  "image-to-image",
  "image-text-to-text",
  "image-text-to-image",
  "image-text-to-video",
  "image-to-text",
  "image-to-video",
  "keypoint-detection",
  "mask-generation",
  "multiple-choice",
  "object-detection",
  "video-classification",
  "other",
  "question-answering",
  "reinforcement-learning",
  "robotics",
  "sentence-similarity",
  "summarization",
  "table-question-answering",
  "table-to-text",
  "tabular-classification",
  "tabular-regression",
  "tabular-to-text",
  "text-classification",
  "text-generation",
  "text-ranking",
  "text-retrieval",
  "text-to-image",
  "text-to-speech",
  "text-to-audio",
  "text-to-video",
  "text2text-generation",
  "time-series-forecasting",
  "token-classification",
  "translation",
  "unconditional-image-generation",
  "video-text-to-text",
  "visual-question-answering",
  "voice-activity-detection",
  "zero-shot-classification",
  "zero-shot-image-classification",
  "zero-shot-object-detection",
  "text-to-3d",
  "image-to-3d",
  "video-to-video",
];

/*
 * Every pipeline type has a page. Types nobody has written a page for yet are built from the placeholder and
 * keep `isPlaceholder: true`. Each page is
 * built on its first read (see lazy.ts) from its text in pages.ts.
 */
export const TASKS_DATA: Record<PipelineType, TaskData | undefined> = lazyRecord(PAGE_ORDER, (type) =>
  getData(type, loadTaskPages()[type]),
);

export type { ExampleRepo, TaskData, TaskDataCustom, TaskDemo, TaskDemoEntry } from "./types.js";
export * from "./inference-types.js";
