import type { WidgetType } from "./pipelines.js";

// Providers the snippet helpers know by name; any other provider id is accepted as a plain string.
type KnownSnippetProvider =
  | "cerebras"
  | "cohere"
  | "fal-ai"
  | "fireworks-ai"
  | "hf-inference"
  | "hyperbolic"
  | "replicate"
  | "sambanova"
  | "together";

/** A provider id as used in snippets: one of the well-known ones, or any other id. */
export type SnippetInferenceProvider = KnownSnippetProvider | string;

/** Base URL of the hub's router for one provider; `{{PROVIDER}}` stands for the provider id. */
export const HF_HUB_INFERENCE_PROXY_TEMPLATE = "https://router.huggingface.co/{{PROVIDER}}";

/**
 * The `baseURL` to give the OpenAI SDK to reach `provider` through the router. HF-Inference serves
 * its OpenAI-compatible routes under `/v1`; other providers at the root of their router prefix.
 */
export function openAIbaseUrl(provider: SnippetInferenceProvider): string {
  const url = HF_HUB_INFERENCE_PROXY_TEMPLATE.replace("{{PROVIDER}}", provider);
  return provider === "hf-inference" ? `${url}/v1` : url;
}

/**
 * How one provider serves one model, as listed by the hub (`expand[]=inferenceProviderMapping`).
 * The one definition of the entry: the client's resolved entry, the emulator's and the hub's
 * catalogue (and through its contract the web app) all use this one.
 */
export interface InferenceProviderMappingEntry {
  /** The model's id on the provider's side, e.g. "meta-llama/Llama-3.3-70B-Instruct-Turbo". */
  providerId: string;
  /** "staging" mappings work but are meant for testing only. */
  status: "live" | "staging";
  /** The task the provider serves the model for ("conversational" for chat). */
  task: WidgetType;
  /** "lora" when the model is an adapter the provider loads onto its base model. */
  adapter?: string;
  /** The adapter's weights file in the model's repository. */
  adapterWeightsPath?: string;
}

/** The hub's provider mapping for one model, keyed by provider id. */
export type InferenceProviderMapping = Partial<
  Record<SnippetInferenceProvider, InferenceProviderMappingEntry>
>;
