// Public barrel of @hubkit/tasks: one export line per module.
export {
  ALL_DISPLAY_MODEL_LIBRARY_KEYS,
  ALL_MODEL_LIBRARY_KEYS,
  MODEL_LIBRARIES_UI_ELEMENTS,
} from "./model-libraries.js";
export type { LibraryUiElement, ModelLibraryKey } from "./model-libraries.js";
export {
  DEFAULT_DOWNLOAD_RULE,
  DOWNLOAD_RULE_FIELDS,
  DownloadRuleSyntaxError,
  downloadRuleForLibrary,
  downloadRulePathFields,
  evaluateDownloadRule,
  fileCountsDownload,
  filesCountingDownloads,
  libraryCountsDownload,
  parseDownloadRule,
  type DownloadRuleField,
  type DownloadRuleNode,
  type DownloadRulePathFields,
  type ElasticSearchQuery,
} from "./model-libraries-downloads.js";
export { LIBRARY_TASK_MAPPING } from "./library-to-tasks.js";
export { DATASET_LIBRARIES_UI_ELEMENTS } from "./dataset-libraries.js";
export type { DatasetLibraryUiElement, DatasetLibraryKey } from "./dataset-libraries.js";
export {
  MODALITIES,
  MODALITY_LABELS,
  PIPELINE_DATA,
  PIPELINE_TYPES,
  PIPELINE_TYPES_SET,
  SUBTASK_TYPES,
  type Modality,
  type PipelineData,
  type PipelineType,
  type WidgetType,
} from "./pipelines.js";
export type { ModelData, TransformersInfo } from "./model-data.js";
export {
  SPECIAL_TOKENS_ATTRIBUTES,
  type AddedToken,
  type SpecialTokensMap,
  type TokenizerConfig,
} from "./tokenizer-data.js";
export type {
  WidgetExample,
  WidgetExampleAttribute,
  WidgetExampleAssetAndPromptInput,
  WidgetExampleAssetAndTextInput,
  WidgetExampleAssetAndZeroShotInput,
  WidgetExampleAssetInput,
  WidgetExampleChatInput,
  WidgetExampleSentenceSimilarityInput,
  WidgetExampleStructuredDataInput,
  WidgetExampleTableDataInput,
  WidgetExampleTextAndContextInput,
  WidgetExampleTextAndTableInput,
  WidgetExampleTextInput,
  WidgetExampleZeroShotTextInput,
  WidgetExampleOutput,
  WidgetExampleOutputUrl,
  WidgetExampleOutputLabels,
  WidgetExampleOutputAnswerScore,
  WidgetExampleOutputText,
} from "./widget-example.js";
export * from "./gguf.js";
export {
  formatModelInputExample,
  getModelInputExample,
  getModelInputSnippet,
  inferenceSnippetLanguages,
  INPUT_EXAMPLES,
  MASK_TOKEN_PLACEHOLDER,
  stringifyGenerationConfig,
  stringifyMessages,
  type InferenceSnippet,
  type InferenceSnippetLanguage,
  type ModelDataMinimal,
  type ModelInputExample,
} from "./snippets/index.js";
export {
  DEFAULT_MEMORY_OPTIONS,
  type AmdGpuHardwareSpec,
  type HardwareSpec,
  type NvidiaHardwareSpec,
} from "./hardware.js";
export { SKUS, type SkuType } from "./hardware-skus.js";
export * from "./inference-providers.js";
export { MAPPING_DEFAULT_WIDGET } from "./default-widget-inputs.js";
export { LOCAL_APPS } from "./local-apps.js";
export { KERNEL_LIBRARIES_UI_ELEMENTS } from "./kernel-libraries.js";
export type { KernelLibraryKey, KernelLibraryUiElement } from "./kernel-libraries.js";
export { EVALUATION_FRAMEWORKS, type EvaluationFramework, type EvaluationFrameworkKey } from "./eval.js";
export { AGENT_HARNESSES, STANDARD_AGENT_ENV_VARS } from "./agent-harnesses.js";
export type { AgentHarness, AgentHarnessKey } from "./agent-harnesses.js";
export type { LocalApp, LocalAppKey, LocalAppSnippet } from "./local-apps.js";
export * from "./tasks/index.js";
export * from "./task-demo-assets.js";
