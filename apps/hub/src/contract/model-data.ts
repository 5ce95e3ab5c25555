// The one function both sides of the contract run: a served model as the snippet generators of
// @hubkit/tasks and @hubkit/inference take it. Imports types only, so the web app may bundle it.
import type { ModelData } from "@hubkit/tasks";
import type { ApiModel } from "./api.js";

/** The fields read, as the API serves them or as the hub stores them (opaque JSON objects). */
export type ModelDataSource = Omit<
  ApiModel,
  "config" | "cardData" | "transformersInfo" | "widgetData" | "safetensors" | "gguf"
> & {
  config?: object;
  cardData?: object;
  transformersInfo?: object;
  widgetData?: unknown[];
  safetensors?: object;
  gguf?: object;
};

/**
 * `inference` is the served field when present, else derived as the API derives it ("warm" when a
 * provider serves the model live), so the hub's stored documents and the API's replies agree.
 */
export function toModelData(model: ModelDataSource): ModelData {
  const live = Object.values(model.inferenceProviderMapping ?? {}).some((entry) => entry.status === "live");
  return {
    id: model.id,
    inference: model.inference ?? (live ? "warm" : ""),
    private: model.private,
    tags: model.tags ?? [],
    pipeline_tag: model.pipeline_tag as ModelData["pipeline_tag"],
    library_name: model.library_name,
    config: model.config as ModelData["config"],
    cardData: model.cardData as ModelData["cardData"],
    transformersInfo: model.transformersInfo as ModelData["transformersInfo"],
    widgetData: model.widgetData as ModelData["widgetData"],
    mask_token: model.mask_token,
    safetensors: model.safetensors as ModelData["safetensors"],
    gguf: model.gguf as ModelData["gguf"],
  };
}
