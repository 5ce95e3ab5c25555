// The fields of a model page, which the hub answers by default and the web app asks for: a module of
// its own, so the web app's shell (which makes the request) does not bundle the model facts' code.

/** Fields a model page carries (GET /api/models/{id} without expand[]): everything stored but the provider mapping. */
export const MODEL_DETAIL_FIELDS: readonly string[] = [
  "modelId",
  "author",
  "sha",
  "lastModified",
  "private",
  "disabled",
  "gated",
  "pipeline_tag",
  "library_name",
  "tags",
  "downloads",
  "likes",
  "createdAt",
  "config",
  "cardData",
  "widgetData",
  "transformersInfo",
  "mask_token",
  "safetensors",
  "gguf",
  "siblings",
  "spaces",
  "inference",
  "description",
];
