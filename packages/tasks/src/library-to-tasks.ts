import type { ModelLibraryKey } from "./model-libraries-data.js";
import type { PipelineType } from "./pipelines.js";

/**
 * The tasks the serverless API serves for transformers, kept by hand in line with what it implements.
 * Its own export so that the transformers snippet, which needs only this list, does not pull the table in.
 */
export const TRANSFORMERS_SERVED_TASKS: PipelineType[] = [
  "audio-classification",
  "automatic-speech-recognition",
  "depth-estimation",
  "document-question-answering",
  "feature-extraction",
  "fill-mask",
  "image-classification",
  "image-feature-extraction",
  "image-segmentation",
  "image-to-image",
  "image-to-text",
  "image-text-to-text",
  "mask-generation",
  "object-detection",
  "question-answering",
  "summarization",
  "table-question-answering",
  "text-classification",
  "text-generation",
  "text-to-audio",
  "text-to-speech",
  "token-classification",
  "translation",
  "video-classification",
  "visual-question-answering",
  "zero-shot-classification",
  "zero-shot-image-classification",
  "zero-shot-object-detection",
];

/**
 * The (library, task) pairs the hub's serverless HF-Inference API serves. Any other pair is not
 * served, whatever the model's tags say.
 */
export const LIBRARY_TASK_MAPPING: Partial<Record<ModelLibraryKey, PipelineType[]>> = {
  "adapter-transformers": ["question-answering", "text-classification", "token-classification"],
  allennlp: ["question-answering"],
  asteroid: ["audio-to-audio"],
  bertopic: ["text-classification"],
  diffusers: ["image-to-image", "text-to-image"],
  doctr: ["object-detection"],
  espnet: ["text-to-speech", "automatic-speech-recognition"],
  fairseq: ["text-to-speech", "audio-to-audio"],
  fastai: ["image-classification"],
  fasttext: ["feature-extraction", "text-classification"],
  flair: ["token-classification"],
  k2: ["automatic-speech-recognition"],
  keras: ["image-classification"],
  nemo: ["automatic-speech-recognition"],
  open_clip: ["zero-shot-classification", "zero-shot-image-classification"],
  paddlenlp: ["fill-mask", "summarization", "zero-shot-classification"],
  peft: ["text-generation"],
  "pyannote-audio": ["automatic-speech-recognition"],
  "sentence-transformers": ["feature-extraction", "sentence-similarity"],
  setfit: ["text-classification"],
  sklearn: ["tabular-classification", "tabular-regression", "text-classification"],
  spacy: ["token-classification", "text-classification", "sentence-similarity"],
  "span-marker": ["token-classification"],
  speechbrain: ["audio-classification", "audio-to-audio", "automatic-speech-recognition", "text-to-speech"],
  stanza: ["token-classification"],
  timm: ["image-classification", "image-feature-extraction"],
  transformers: TRANSFORMERS_SERVED_TASKS,
  mindspore: ["image-classification"],
};
