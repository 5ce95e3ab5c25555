// Data of the snippet generator: which client serves which pipeline, client method names, how each
// provider returns generated media, and where each provider's key usually lives in the environment.

/** Snippet clients per language, in the order they are returned (4.x's order). */
export const SNIPPET_CLIENTS = {
  python: ["openai", "huggingface_hub", "fal_client", "requests"],
  js: ["openai", "huggingface.js", "fetch"],
  sh: ["curl"],
} as const;

export type SnippetClient = (typeof SNIPPET_CLIENTS)[keyof typeof SNIPPET_CLIENTS][number];

/** The clients that choose the provider themselves: the only ones for "auto" outside chat (as 4.x). */
export const AUTO_POLICY_CLIENTS: readonly SnippetClient[] = ["huggingface_hub", "huggingface.js"];

const HUB_RAW = ["huggingface_hub", "requests", "fetch", "curl"] as const;
const ALL_BUT_FAL = ["huggingface_hub", "requests", "huggingface.js", "fetch", "curl"] as const;
const MEDIA_FROM_IMAGE = ["huggingface_hub", "fal_client", "requests", "huggingface.js", "fetch"] as const;

/**
 * The clients 4.x writes a snippet with, per pipeline (chat pipelines aside), whatever the order:
 * the default set. hubkit can write more (e.g. curl for visual question answering); those come
 * with the `allClients` option. fal_client only ever serves fal-ai, and `requests` text-to-image
 * only hf-inference (as 4.x).
 */
export const DEFAULT_CLIENTS: Readonly<Record<string, readonly SnippetClient[]>> = {
  "audio-classification": HUB_RAW,
  "audio-to-audio": HUB_RAW,
  "automatic-speech-recognition": ALL_BUT_FAL,
  "document-question-answering": ["huggingface_hub", "requests"],
  "feature-extraction": ALL_BUT_FAL,
  "fill-mask": ALL_BUT_FAL,
  "image-classification": ALL_BUT_FAL,
  "image-segmentation": HUB_RAW,
  "image-text-to-image": MEDIA_FROM_IMAGE,
  "image-text-to-video": MEDIA_FROM_IMAGE,
  "image-to-image": MEDIA_FROM_IMAGE,
  "image-to-text": HUB_RAW,
  "image-to-video": MEDIA_FROM_IMAGE,
  "object-detection": HUB_RAW,
  "question-answering": ["huggingface_hub"],
  "sentence-similarity": ALL_BUT_FAL,
  summarization: ALL_BUT_FAL,
  "table-question-answering": ["huggingface_hub"],
  "tabular-classification": ["requests"],
  "tabular-regression": ["requests"],
  "text-classification": ALL_BUT_FAL,
  "text-to-audio": ["requests", "huggingface.js", "fetch"],
  "text-to-image": ["huggingface_hub", "fal_client", "requests", "huggingface.js", "fetch"],
  "text-to-speech": ["huggingface_hub", "requests", "huggingface.js", "fetch"],
  "text-to-video": ["huggingface_hub", "huggingface.js"],
  "token-classification": ALL_BUT_FAL,
  translation: ALL_BUT_FAL,
  "visual-question-answering": [],
  "zero-shot-classification": ["requests", "fetch", "curl"],
  "zero-shot-image-classification": ["requests"],
};

/** Chat: every client but fal_client; 4.x has no fetch snippet for a streamed chat. */
export const CHAT_CLIENTS: readonly SnippetClient[] = [
  "openai",
  "huggingface_hub",
  "requests",
  "huggingface.js",
  "fetch",
  "curl",
];

/** Pipelines whose default `requests` snippet 4.x writes for hf-inference only. */
export const REQUESTS_HF_INFERENCE_ONLY: readonly string[] = ["text-to-image"];

/**
 * `huggingface_hub.InferenceClient` method per pipeline. Not tabular tasks, visual question
 * answering nor zero-shot image classification: huggingface_hub 2.0 sends them in other shapes
 * than the client (hf-inference refuses the first two), and 4.x writes no huggingface_hub snippet
 * for them either.
 */
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
  "image-to-video": "image_to_video",
  "image-text-to-image": "image_text_to_image",
  "image-text-to-video": "image_text_to_video",
  "object-detection": "object_detection",
  "question-answering": "question_answering",
  "sentence-similarity": "sentence_similarity",
  summarization: "summarization",
  "table-question-answering": "table_question_answering",
  "text-classification": "text_classification",
  "text-generation": "text_generation",
  "text-to-image": "text_to_image",
  "text-to-speech": "text_to_speech",
  "text-to-video": "text_to_video",
  "token-classification": "token_classification",
  translation: "translation",
  "zero-shot-classification": "zero_shot_classification",
};

/**
 * Payload fields the client fills in that huggingface_hub (2.0.0) leaves to the caller, by provider
 * and task: its snippet passes them as `extra_body` (together's speech route requires a voice).
 */
export const HUGGINGFACE_HUB_EXTRA_BODY: Readonly<
  Record<string, Readonly<Record<string, readonly string[]>>>
> = {
  together: { "text-to-speech": ["voice"] },
};

/**
 * The provider tasks the real `huggingface_hub` (2.0.0) serves, as its `PROVIDERS` table lists them:
 * its snippet is written only for these (it knows neither the providers the router dropped nor
 * every task 4.x has, e.g. deepinfra's text-to-image or zai-org's image-to-text).
 */
export const HUGGINGFACE_HUB_TASKS: Readonly<Record<string, readonly string[]>> = {
  baseten: ["conversational"],
  cerebras: ["conversational"],
  cohere: ["conversational"],
  deepinfra: [
    "automatic-speech-recognition",
    "conversational",
    "feature-extraction",
    "text-generation",
    "text-to-speech",
  ],
  "fal-ai": [
    "automatic-speech-recognition",
    "image-segmentation",
    "image-to-image",
    "image-to-video",
    "text-to-image",
    "text-to-speech",
    "text-to-video",
  ],
  "featherless-ai": ["conversational", "text-generation"],
  "fireworks-ai": ["conversational"],
  groq: ["conversational"],
  "hf-inference": [
    "audio-classification",
    "audio-to-audio",
    "automatic-speech-recognition",
    "conversational",
    "document-question-answering",
    "feature-extraction",
    "fill-mask",
    "image-classification",
    "image-segmentation",
    "image-to-image",
    "image-to-text",
    "object-detection",
    "question-answering",
    "sentence-similarity",
    "summarization",
    "table-question-answering",
    "tabular-classification",
    "text-classification",
    "text-generation",
    "text-to-image",
    "text-to-speech",
    "token-classification",
    "translation",
    "visual-question-answering",
    "zero-shot-classification",
    "zero-shot-image-classification",
  ],
  novita: ["conversational", "text-generation", "text-to-video"],
  nscale: ["conversational", "text-to-image"],
  openai: ["conversational"],
  ovhcloud: ["conversational"],
  publicai: ["conversational"],
  replicate: [
    "automatic-speech-recognition",
    "image-to-image",
    "text-to-image",
    "text-to-speech",
    "text-to-video",
  ],
  scaleway: ["conversational", "feature-extraction"],
  together: [
    "conversational",
    "feature-extraction",
    "image-to-image",
    "image-to-video",
    "text-generation",
    "text-to-image",
    "text-to-speech",
    "text-to-video",
  ],
  wavespeed: ["image-to-image", "image-to-video", "text-to-image", "text-to-video"],
  "zai-org": ["conversational", "text-to-image"],
};

/** `InferenceClient` task function per pipeline. */
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
  "image-to-video": "imageToVideo",
  "image-text-to-image": "imageTextToImage",
  "image-text-to-video": "imageTextToVideo",
  "object-detection": "objectDetection",
  "question-answering": "questionAnswering",
  "sentence-similarity": "sentenceSimilarity",
  summarization: "summarization",
  "table-question-answering": "tableQuestionAnswering",
  "tabular-classification": "tabularClassification",
  "tabular-regression": "tabularRegression",
  "text-classification": "textClassification",
  "text-generation": "textGeneration",
  "text-to-audio": "textToAudio",
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
  "image-to-video": "video.mp4",
  "image-text-to-image": "image.png",
  "image-text-to-video": "video.mp4",
};

/**
 * Where a provider's reply puts the generated file, for the snippets that call its HTTP API
 * directly: the reply itself, a base64 field, a URL field, replicate's `output` (a URL or a list
 * of URLs), a black-forest-labs job to poll, or fal.ai's queue (submit, poll the status, fetch the result,
 * whose `path` holds the file's URL).
 */
export type MediaReply =
  | { kind: "bytes" }
  | { kind: "base64"; path: readonly (string | number)[] }
  | { kind: "url"; path: readonly (string | number)[] }
  | { kind: "replicate" }
  | { kind: "bfl-poll" }
  | { kind: "fal-queue"; path: readonly (string | number)[] };

/**
 * Keyed by provider id as a string: providers being added elsewhere get an entry here once their
 * reply shape is known; until then their raw HTTP snippets (whose code must read the reply) are
 * left out while the client libraries' snippets, which read it themselves, are written.
 */
export const MEDIA_REPLIES: Readonly<Record<string, Readonly<Record<string, MediaReply>>>> = {
  "text-to-image": {
    "black-forest-labs": { kind: "bfl-poll" },
    "fal-ai": { kind: "fal-queue", path: ["images", 0, "url"] },
    "hf-inference": { kind: "bytes" },
    hyperbolic: { kind: "base64", path: ["images", 0, "image"] },
    nebius: { kind: "base64", path: ["data", 0, "b64_json"] },
    nscale: { kind: "base64", path: ["data", 0, "b64_json"] },
    deepinfra: { kind: "base64", path: ["data", 0, "b64_json"] },
    replicate: { kind: "replicate" },
    together: { kind: "base64", path: ["data", 0, "b64_json"] },
  },
  "image-to-image": {
    "fal-ai": { kind: "fal-queue", path: ["images", 0, "url"] },
    "hf-inference": { kind: "bytes" },
    replicate: { kind: "replicate" },
  },
  "image-to-video": { "fal-ai": { kind: "fal-queue", path: ["video", "url"] } },
  "text-to-speech": {
    "fal-ai": { kind: "url", path: ["audio", "url"] },
    "hf-inference": { kind: "bytes" },
    replicate: { kind: "replicate" },
    // OpenAI's audio/speech route answers with the audio itself.
    deepinfra: { kind: "bytes" },
  },
  "text-to-audio": { "hf-inference": { kind: "bytes" } },
  "text-to-video": {
    "fal-ai": { kind: "fal-queue", path: ["video", "url"] },
    replicate: { kind: "replicate" },
  },
};

/**
 * The environment variable a direct call reads the provider's key from, named as 4.x names it:
 * `{PROVIDER}_API_KEY` (e.g. FAL_AI_API_KEY, TOGETHER_API_KEY). 4.x turns only the first "-" into
 * "_"; every one is turned here, so that a provider with two (black-forest-labs) still gives a
 * name shells accept. Derived from the provider list, so new providers get theirs.
 */
export const providerKeyEnvVar = (provider: string): string =>
  `${provider.toUpperCase().replace(/-/g, "_")}_API_KEY`;

/** The hub token's variable, for calls through the router. */
export const HUB_TOKEN_ENV_VAR = "HF_TOKEN";

/** The token's variable for a call to an endpoint URL (4.x's name). */
export const ENDPOINT_TOKEN_ENV_VAR = "API_TOKEN";

/** Media types of the example files, by extension. */
export const FILE_MEDIA_TYPES: Readonly<Record<string, string>> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  flac: "audio/flac",
  wav: "audio/wav",
  mp3: "audio/mpeg",
};

/** Audio types fal.ai's speech recognition takes; other example files are offered as .wav. */
export const FAL_AI_AUDIO_TYPES: readonly string[] = ["audio/mpeg", "audio/mp4", "audio/wav", "audio/x-wav"];
