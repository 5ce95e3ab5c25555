/** The seven top-level domains a pipeline type belongs to, in the order filters list them. */
export const MODALITIES = ["multimodal", "nlp", "cv", "audio", "tabular", "rl", "other"] as const;

export type Modality = (typeof MODALITIES)[number];

/** Human-readable label for each modality. */
export const MODALITY_LABELS: Record<Modality, string> = {
  multimodal: "Multimodal",
  nlp: "Natural Language Processing",
  audio: "Audio",
  cv: "Computer Vision",
  rl: "Reinforcement Learning",
  tabular: "Tabular",
  other: "Other",
};

/** A finer-grained variant of a pipeline type, usable in a model card's `model-index`. */
export interface SubTask {
  /** Identifier, e.g. "named-entity-recognition". */
  type: string;
  /** Display name, e.g. "Named Entity Recognition". */
  name: string;
}

/** Everything the hub knows about one pipeline type (task) besides its page. */
export interface PipelineData {
  /** Display name, e.g. "Text Classification". */
  name: string;
  subtasks?: SubTask[];
  modality: Modality;
  /**
   * Tint of the task's tag icon.
   * @deprecated 0.18.7 had it; the newest reference dropped it. Kept so older code still reads a value.
   */
  color?: "blue" | "green" | "indigo" | "orange" | "red" | "yellow";
  /**
   * Replaced by another task (text2text-generation is a subtask of text-generation since 0.21).
   * Such a type stays in PIPELINE_DATA for older code; new models should not use it.
   */
  deprecated?: true;
  /** Left out of the task filters on the models listing. */
  hideInModels?: boolean;
  /** Left out of the task filters on the datasets listing. */
  hideInDatasets?: boolean;
}

/*
 * Declaration order is load-bearing: within a modality, tasks run from the most specific to the most
 * general, and a model with no explicit pipeline tag falls back to the first matching entry.
 */
export const PIPELINE_DATA = {
  "text-classification": {
    name: "Text Classification",
    modality: "nlp",
    color: "orange",
    subtasks: [
      { type: "acceptability-classification", name: "Acceptability Classification" },
      { type: "entity-linking-classification", name: "Entity Linking Classification" },
      { type: "fact-checking", name: "Fact Checking" },
      { type: "intent-classification", name: "Intent Classification" },
      { type: "language-identification", name: "Language Identification" },
      { type: "multi-class-classification", name: "Multi Class Classification" },
      { type: "multi-label-classification", name: "Multi Label Classification" },
      { type: "multi-input-text-classification", name: "Multi-input Text Classification" },
      { type: "natural-language-inference", name: "Natural Language Inference" },
      { type: "semantic-similarity-classification", name: "Semantic Similarity Classification" },
      { type: "sentiment-classification", name: "Sentiment Classification" },
      { type: "topic-classification", name: "Topic Classification" },
      { type: "semantic-similarity-scoring", name: "Semantic Similarity Scoring" },
      { type: "sentiment-scoring", name: "Sentiment Scoring" },
      { type: "sentiment-analysis", name: "Sentiment Analysis" },
      { type: "hate-speech-detection", name: "Hate Speech Detection" },
      { type: "text-scoring", name: "Text Scoring" },
    ],
  },
  "token-classification": {
    name: "Token Classification",
    modality: "nlp",
    color: "blue",
    subtasks: [
      { type: "named-entity-recognition", name: "Named Entity Recognition" },
      { type: "part-of-speech", name: "Part of Speech" },
      { type: "parsing", name: "Parsing" },
      { type: "lemmatization", name: "Lemmatization" },
      { type: "word-sense-disambiguation", name: "Word Sense Disambiguation" },
      { type: "coreference-resolution", name: "Coreference-resolution" },
    ],
  },
  "table-question-answering": {
    name: "Table Question Answering",
    modality: "nlp",
    color: "green",
  },
  "question-answering": {
    name: "Question Answering",
    modality: "nlp",
    color: "blue",
    subtasks: [
      { type: "extractive-qa", name: "Extractive QA" },
      { type: "open-domain-qa", name: "Open Domain QA" },
      { type: "closed-domain-qa", name: "Closed Domain QA" },
    ],
  },
  "zero-shot-classification": {
    name: "Zero-Shot Classification",
    modality: "nlp",
    color: "yellow",
  },
  translation: {
    name: "Translation",
    modality: "nlp",
    color: "green",
  },
  summarization: {
    name: "Summarization",
    modality: "nlp",
    color: "indigo",
    subtasks: [
      { type: "news-articles-summarization", name: "News Articles Summarization" },
      { type: "news-articles-headline-generation", name: "News Articles Headline Generation" },
    ],
  },
  "feature-extraction": {
    name: "Feature Extraction",
    modality: "nlp",
    color: "red",
  },
  "text-generation": {
    name: "Text Generation",
    modality: "nlp",
    color: "indigo",
    subtasks: [
      { type: "dialogue-modeling", name: "Dialogue Modeling" },
      { type: "dialogue-generation", name: "Dialogue Generation" },
      { type: "conversational", name: "Conversational" },
      { type: "language-modeling", name: "Language Modeling" },
      { type: "text-simplification", name: "Text simplification" },
      { type: "explanation-generation", name: "Explanation Generation" },
      { type: "abstractive-qa", name: "Abstractive QA" },
      { type: "open-domain-abstractive-qa", name: "Open Domain Abstractive QA" },
      { type: "closed-domain-qa", name: "Closed Domain QA" },
      { type: "open-book-qa", name: "Open Book QA" },
      { type: "closed-book-qa", name: "Closed Book QA" },
      { type: "text2text-generation", name: "Text2Text Generation" },
    ],
  },
  /** @deprecated a subtask of text-generation since 0.21; kept for code written against 0.18.7. */
  "text2text-generation": {
    name: "Text2Text Generation",
    modality: "nlp",
    color: "indigo",
    deprecated: true,
    subtasks: [
      { type: "text-simplification", name: "Text simplification" },
      { type: "explanation-generation", name: "Explanation Generation" },
      { type: "abstractive-qa", name: "Abstractive QA" },
      { type: "open-domain-abstractive-qa", name: "Open Domain Abstractive QA" },
      { type: "closed-domain-qa", name: "Closed Domain QA" },
      { type: "open-book-qa", name: "Open Book QA" },
      { type: "closed-book-qa", name: "Closed Book QA" },
    ],
  },
  "fill-mask": {
    name: "Fill-Mask",
    modality: "nlp",
    color: "red",
    subtasks: [
      { type: "slot-filling", name: "Slot Filling" },
      { type: "masked-language-modeling", name: "Masked Language Modeling" },
    ],
  },
  "sentence-similarity": {
    name: "Sentence Similarity",
    modality: "nlp",
    color: "yellow",
  },
  "text-to-speech": {
    name: "Text-to-Speech",
    modality: "audio",
    color: "yellow",
  },
  "text-to-audio": {
    name: "Text-to-Audio",
    modality: "audio",
    color: "yellow",
  },
  "automatic-speech-recognition": {
    name: "Automatic Speech Recognition",
    modality: "audio",
    color: "yellow",
  },
  "audio-to-audio": {
    name: "Audio-to-Audio",
    modality: "audio",
    color: "blue",
  },
  "audio-classification": {
    name: "Audio Classification",
    modality: "audio",
    color: "green",
    subtasks: [
      { type: "keyword-spotting", name: "Keyword Spotting" },
      { type: "speaker-identification", name: "Speaker Identification" },
      { type: "audio-intent-classification", name: "Audio Intent Classification" },
      { type: "audio-emotion-recognition", name: "Audio Emotion Recognition" },
      { type: "audio-language-identification", name: "Audio Language Identification" },
    ],
  },
  "audio-text-to-text": {
    name: "Audio-Text-to-Text",
    modality: "multimodal",
    color: "red",
    hideInDatasets: true,
  },
  "voice-activity-detection": {
    name: "Voice Activity Detection",
    modality: "audio",
    color: "red",
  },
  "depth-estimation": {
    name: "Depth Estimation",
    modality: "cv",
    color: "yellow",
  },
  "image-classification": {
    name: "Image Classification",
    modality: "cv",
    color: "blue",
    subtasks: [
      { type: "multi-label-image-classification", name: "Multi Label Image Classification" },
      { type: "multi-class-image-classification", name: "Multi Class Image Classification" },
    ],
  },
  "object-detection": {
    name: "Object Detection",
    modality: "cv",
    color: "yellow",
    subtasks: [
      { type: "face-detection", name: "Face Detection" },
      { type: "vehicle-detection", name: "Vehicle Detection" },
    ],
  },
  "image-segmentation": {
    name: "Image Segmentation",
    modality: "cv",
    color: "green",
    subtasks: [
      { type: "instance-segmentation", name: "Instance Segmentation" },
      { type: "semantic-segmentation", name: "Semantic Segmentation" },
      { type: "panoptic-segmentation", name: "Panoptic Segmentation" },
    ],
  },
  "text-to-image": {
    name: "Text-to-Image",
    modality: "cv",
    color: "yellow",
  },
  "image-to-text": {
    name: "Image-to-Text",
    modality: "cv",
    color: "red",
    subtasks: [{ type: "image-captioning", name: "Image Captioning" }],
  },
  "image-to-image": {
    name: "Image-to-Image",
    modality: "cv",
    color: "indigo",
    subtasks: [
      { type: "image-inpainting", name: "Image Inpainting" },
      { type: "image-colorization", name: "Image Colorization" },
      { type: "super-resolution", name: "Super Resolution" },
    ],
  },
  "image-to-video": {
    name: "Image-to-Video",
    modality: "cv",
    color: "indigo",
  },
  "unconditional-image-generation": {
    name: "Unconditional Image Generation",
    modality: "cv",
    color: "green",
  },
  "video-classification": {
    name: "Video Classification",
    modality: "cv",
    color: "blue",
  },
  "reinforcement-learning": {
    name: "Reinforcement Learning",
    modality: "rl",
    color: "red",
  },
  robotics: {
    name: "Robotics",
    modality: "rl",
    color: "blue",
    subtasks: [
      { type: "grasping", name: "Grasping" },
      { type: "task-planning", name: "Task Planning" },
    ],
  },
  "tabular-classification": {
    name: "Tabular Classification",
    modality: "tabular",
    color: "blue",
    subtasks: [
      { type: "tabular-multi-class-classification", name: "Tabular Multi Class Classification" },
      { type: "tabular-multi-label-classification", name: "Tabular Multi Label Classification" },
    ],
  },
  "tabular-regression": {
    name: "Tabular Regression",
    modality: "tabular",
    color: "blue",
    subtasks: [{ type: "tabular-single-column-regression", name: "Tabular Single Column Regression" }],
  },
  "tabular-to-text": {
    name: "Tabular to Text",
    modality: "tabular",
    color: "blue",
    subtasks: [{ type: "rdf-to-text", name: "RDF to text" }],
    hideInModels: true,
  },
  "table-to-text": {
    name: "Table to Text",
    modality: "nlp",
    color: "blue",
    hideInModels: true,
  },
  "multiple-choice": {
    name: "Multiple Choice",
    modality: "nlp",
    color: "blue",
    subtasks: [
      { type: "multiple-choice-qa", name: "Multiple Choice QA" },
      { type: "multiple-choice-coreference-resolution", name: "Multiple Choice Coreference Resolution" },
    ],
    hideInModels: true,
  },
  "text-ranking": {
    name: "Text Ranking",
    modality: "nlp",
    color: "red",
  },
  "text-retrieval": {
    name: "Text Retrieval",
    modality: "nlp",
    color: "indigo",
    subtasks: [
      { type: "document-retrieval", name: "Document Retrieval" },
      { type: "utterance-retrieval", name: "Utterance Retrieval" },
      { type: "entity-linking-retrieval", name: "Entity Linking Retrieval" },
      { type: "fact-checking-retrieval", name: "Fact Checking Retrieval" },
    ],
    hideInModels: true,
  },
  "time-series-forecasting": {
    name: "Time Series Forecasting",
    modality: "tabular",
    color: "blue",
    subtasks: [
      { type: "univariate-time-series-forecasting", name: "Univariate Time Series Forecasting" },
      { type: "multivariate-time-series-forecasting", name: "Multivariate Time Series Forecasting" },
    ],
  },
  "text-to-video": {
    name: "Text-to-Video",
    modality: "cv",
    color: "green",
  },
  "image-text-to-text": {
    name: "Image-Text-to-Text",
    modality: "multimodal",
    color: "red",
  },
  "image-text-to-image": {
    name: "Image-Text-to-Image",
    modality: "multimodal",
    color: "red",
  },
  "image-text-to-video": {
    name: "Image-Text-to-Video",
    modality: "multimodal",
    color: "red",
  },
  "visual-question-answering": {
    name: "Visual Question Answering",
    modality: "multimodal",
    color: "red",
    subtasks: [{ type: "visual-question-answering", name: "Visual Question Answering" }],
  },
  "document-question-answering": {
    name: "Document Question Answering",
    modality: "multimodal",
    color: "blue",
    subtasks: [{ type: "document-question-answering", name: "Document Question Answering" }],
    hideInDatasets: true,
  },
  "zero-shot-image-classification": {
    name: "Zero-Shot Image Classification",
    modality: "cv",
    color: "yellow",
  },
  "graph-ml": {
    name: "Graph Machine Learning",
    modality: "other",
    color: "green",
  },
  "mask-generation": {
    name: "Mask Generation",
    modality: "cv",
    color: "indigo",
  },
  "zero-shot-object-detection": {
    name: "Zero-Shot Object Detection",
    modality: "cv",
    color: "yellow",
  },
  "text-to-3d": {
    name: "Text-to-3D",
    modality: "cv",
    color: "yellow",
  },
  "image-to-3d": {
    name: "Image-to-3D",
    modality: "cv",
    color: "green",
  },
  "image-feature-extraction": {
    name: "Image Feature Extraction",
    modality: "cv",
    color: "indigo",
  },
  "video-text-to-text": {
    name: "Video-Text-to-Text",
    modality: "multimodal",
    color: "blue",
    hideInDatasets: false,
  },
  "keypoint-detection": {
    name: "Keypoint Detection",
    modality: "cv",
    color: "red",
    subtasks: [{ type: "pose-estimation", name: "Pose Estimation" }],
    hideInDatasets: true,
  },
  "visual-document-retrieval": {
    name: "Visual Document Retrieval",
    modality: "multimodal",
    color: "yellow",
  },
  "any-to-any": {
    name: "Any-to-Any",
    modality: "multimodal",
    color: "yellow",
  },
  "video-to-video": {
    name: "Video-to-Video",
    modality: "cv",
    color: "indigo",
    hideInDatasets: true,
  },
  other: {
    name: "Other",
    modality: "other",
    color: "blue",
    hideInModels: true,
    hideInDatasets: true,
  },
} satisfies Record<string, PipelineData>;

export type PipelineType = keyof typeof PIPELINE_DATA;

/** Widget kinds: every pipeline type, plus the chat widget. */
export type WidgetType = PipelineType | "conversational";

/** All pipeline type ids, in declaration order. */
export const PIPELINE_TYPES = Object.keys(PIPELINE_DATA) as PipelineType[];

/**
 * Every subtask id, flattened in declaration order (an id shared by two tasks appears twice). Deprecated
 * types are left out: their subtasks moved to the type that replaced them.
 */
export const SUBTASK_TYPES: string[] = Object.values(PIPELINE_DATA as Record<string, PipelineData>).flatMap(
  (data) => (data.deprecated ? [] : (data.subtasks ?? []).map((subtask) => subtask.type)),
);

/** Fast membership test for pipeline type ids. */
export const PIPELINE_TYPES_SET = new Set<PipelineType>(PIPELINE_TYPES);
