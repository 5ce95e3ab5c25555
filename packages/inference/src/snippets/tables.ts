// Data of the snippet generator: which client serves which pipeline, client method names, how each
// provider returns generated media, and where each provider's key usually lives in the environment.
import { PROVIDER_LISTINGS } from "../providers/definitions.js";
import type { InferenceProvider } from "../types.js";

/** Snippet clients per language, in the order they are returned (the reference's order). */
export const SNIPPET_CLIENTS = {
  python: ["huggingface_hub", "fal_client", "requests", "openai"],
  js: ["fetch", "huggingface.js", "openai"],
  sh: ["curl"],
} as const;

/** `huggingface_hub.InferenceClient` method per pipeline. */
export const PYTHON_METHODS: Readonly<Record<string, string>> = {
  "audio-classification": "audio_classification",
  "audio-to-audio": "audio_to_audio",
  "automatic-speech-recognition": "automatic_speech_recognition",
  "document-question-answering": "document_question_answering",
  "feature-extraction": "feature_extraction",
  "fill-mask": "fill_mask",
  "image-classification": "image_classification",
  "image-segmentation": "image_segmentation",
  "image-to-image": "image_to_image",
  "image-to-text": "image_to_text",
  "object-detection": "object_detection",
  "question-answering": "question_answering",
  "sentence-similarity": "sentence_similarity",
  summarization: "summarization",
  "table-question-answering": "table_question_answering",
  "tabular-classification": "tabular_classification",
  "tabular-regression": "tabular_regression",
  "text-classification": "text_classification",
  "text-generation": "text_generation",
  "text-to-image": "text_to_image",
  "text-to-speech": "text_to_speech",
  "text-to-video": "text_to_video",
  "token-classification": "token_classification",
  translation: "translation",
  "visual-question-answering": "visual_question_answering",
  "zero-shot-classification": "zero_shot_classification",
  "zero-shot-image-classification": "zero_shot_image_classification",
};

/** `InferenceClient` task function per pipeline (text-to-audio has none in the JS client). */
export const JS_METHODS: Readonly<Record<string, string>> = {
  "audio-classification": "audioClassification",
  "audio-to-audio": "audioToAudio",
  "automatic-speech-recognition": "automaticSpeechRecognition",
  "document-question-answering": "documentQuestionAnswering",
  "feature-extraction": "featureExtraction",
  "fill-mask": "fillMask",
  "image-classification": "imageClassification",
  "image-segmentation": "imageSegmentation",
  "image-to-image": "imageToImage",
  "image-to-text": "imageToText",
  "object-detection": "objectDetection",
  "question-answering": "questionAnswering",
  "sentence-similarity": "sentenceSimilarity",
  summarization: "summarization",
  "table-question-answering": "tableQuestionAnswering",
  "tabular-classification": "tabularClassification",
  "tabular-regression": "tabularRegression",
  "text-classification": "textClassification",
  "text-generation": "textGeneration",
  "text-to-image": "textToImage",
  "text-to-speech": "textToSpeech",
  "text-to-video": "textToVideo",
  "token-classification": "tokenClassification",
  translation: "translation",
  "visual-question-answering": "visualQuestionAnswering",
  "zero-shot-classification": "zeroShotClassification",
  "zero-shot-image-classification": "zeroShotImageClassification",
};

/** The kind of file a generation task produces, and the name the snippets save it under. */
export const MEDIA_OUTPUT_FILES: Readonly<Record<string, string>> = {
  "text-to-image": "image.png",
  "image-to-image": "image.png",
  "text-to-speech": "speech.wav",
  "text-to-audio": "audio.wav",
  "text-to-video": "video.mp4",
};

/**
 * Where a provider's reply puts the generated file, for the snippets that call its HTTP API
 * directly: the reply itself, a base64 field, a URL field, replicate's `output` (a URL or a list
 * of URLs), a black-forest-labs job to poll, or another provider's job (fal.ai's queue, together and
 * novita videos: not written as a raw HTTP snippet, which would only submit the job).
 */
export type MediaReply =
  | { kind: "bytes" }
  | { kind: "base64"; path: readonly (string | number)[] }
  | { kind: "url"; path: readonly (string | number)[] }
  | { kind: "replicate" }
  | { kind: "bfl-poll" }
  | { kind: "job" };

export const MEDIA_REPLIES: Readonly<Record<string, Partial<Record<InferenceProvider, MediaReply>>>> = {
  "text-to-image": {
    "black-forest-labs": { kind: "bfl-poll" },
    "hf-inference": { kind: "bytes" },
    hyperbolic: { kind: "base64", path: ["images", 0, "image"] },
    nebius: { kind: "base64", path: ["data", 0, "b64_json"] },
    replicate: { kind: "replicate" },
    together: { kind: "base64", path: ["data", 0, "b64_json"] },
  },
  "image-to-image": { "hf-inference": { kind: "bytes" } },
  "text-to-speech": {
    "fal-ai": { kind: "url", path: ["audio", "url"] },
    "hf-inference": { kind: "bytes" },
    replicate: { kind: "replicate" },
  },
  "text-to-audio": { "hf-inference": { kind: "bytes" } },
  "text-to-video": { replicate: { kind: "replicate" } },
};

/**
 * Provider tasks of the 4.x round the snippet generator does not write yet (their inputs are
 * files turned into data URLs or uploads, and most answer with a job): no snippets, rather than
 * snippets that would not run. The client itself serves them.
 */
export const SNIPPETS_PENDING: Readonly<Partial<Record<InferenceProvider, readonly string[]>>> = {
  "fal-ai": [
    "audio-to-audio",
    "image-text-to-image",
    "image-text-to-video",
    "image-to-image",
    "image-segmentation",
    "image-to-video",
    "text-to-audio",
  ],
  together: [
    "image-to-image",
    "text-to-video",
    "image-to-video",
    "feature-extraction",
    "text-to-speech",
    "automatic-speech-recognition",
  ],
  replicate: ["image-to-image", "automatic-speech-recognition"],
  novita: ["text-to-video", "image-text-to-video"],
};

/** The environment variable each provider's own SDK and docs read its key from. */
export const PROVIDER_KEY_ENV_VARS: Readonly<Record<InferenceProvider, string>> =
  /* @__PURE__ */ Object.fromEntries(
    PROVIDER_LISTINGS.map((listing) => [listing.id, listing.keyEnvVar]),
  ) as Record<InferenceProvider, string>;

/** The hub token's variable, for calls through the router. */
export const HUB_TOKEN_ENV_VAR = "HF_TOKEN";

/** Media types of the example files, by extension. */
export const FILE_MEDIA_TYPES: Readonly<Record<string, string>> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  flac: "audio/flac",
  wav: "audio/wav",
  mp3: "audio/mpeg",
};
