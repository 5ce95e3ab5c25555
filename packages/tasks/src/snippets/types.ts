import type { ModelData } from "../model-data.js";

/** The model fields snippet generators read; extend the pick when a generator needs more. */
export type ModelDataMinimal = Pick<
  ModelData,
  "id" | "pipeline_tag" | "mask_token" | "library_name" | "config" | "tags" | "inference"
>;

/** Snippet languages, in the order the UI shows their tabs. */
export const inferenceSnippetLanguages = ["python", "js", "sh"] as const;

export type InferenceSnippetLanguage = (typeof inferenceSnippetLanguages)[number];

/** One ready-to-run code sample. */
export interface InferenceSnippet {
  language: InferenceSnippetLanguage;
  /** The library or tool the sample uses, e.g. "huggingface_hub", "openai", "fetch", "curl". */
  client: string;
  content: string;
}
