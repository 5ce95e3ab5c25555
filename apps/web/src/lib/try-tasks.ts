// Which client method the "Try it" panel calls for each task, what input it asks for and how it shows
// the result. Tasks missing here have snippets but no in-browser try-out.

export type TryInput = "chat" | "text" | "json" | "image" | "audio";
export type TryOutput = "chat" | "text" | "labels" | "tokens" | "image" | "audio" | "json";

export interface TrySpec {
  /** InferenceClient method */
  method: string;
  input: TryInput;
  output: TryOutput;
}

export const TRY_TASKS: Record<string, TrySpec> = {
  conversational: { method: "chatCompletionStream", input: "chat", output: "chat" },
  "text-generation": { method: "textGeneration", input: "text", output: "text" },
  "text2text-generation": { method: "textGeneration", input: "text", output: "text" },
  summarization: { method: "summarization", input: "text", output: "text" },
  translation: { method: "translation", input: "text", output: "text" },
  "text-classification": { method: "textClassification", input: "text", output: "labels" },
  "token-classification": { method: "tokenClassification", input: "text", output: "tokens" },
  "fill-mask": { method: "fillMask", input: "text", output: "labels" },
  "feature-extraction": { method: "featureExtraction", input: "text", output: "json" },
  "question-answering": { method: "questionAnswering", input: "json", output: "json" },
  "zero-shot-classification": { method: "zeroShotClassification", input: "json", output: "labels" },
  "sentence-similarity": { method: "sentenceSimilarity", input: "json", output: "json" },
  "table-question-answering": { method: "tableQuestionAnswering", input: "json", output: "json" },
  "text-to-image": { method: "textToImage", input: "text", output: "image" },
  "text-to-speech": { method: "textToSpeech", input: "text", output: "audio" },
  "text-to-audio": { method: "textToSpeech", input: "text", output: "audio" },
  "image-classification": { method: "imageClassification", input: "image", output: "labels" },
  "object-detection": { method: "objectDetection", input: "image", output: "labels" },
  "image-segmentation": { method: "imageSegmentation", input: "image", output: "labels" },
  "image-to-text": { method: "imageToText", input: "image", output: "text" },
  "automatic-speech-recognition": { method: "automaticSpeechRecognition", input: "audio", output: "text" },
  "audio-classification": { method: "audioClassification", input: "audio", output: "labels" },
};

/** The task a model runs with a provider: the mapping's task, else its pipeline (chat models → conversational). */
export function inferenceTask(
  pipelineTag: string | undefined,
  tags: string[],
  mappingTask?: string,
): string | undefined {
  if (mappingTask) return mappingTask;
  if (
    (pipelineTag === "text-generation" || pipelineTag === "image-text-to-text") &&
    tags.includes("conversational")
  ) {
    return "conversational";
  }
  return pipelineTag;
}
