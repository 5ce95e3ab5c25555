import type { PipelineType } from "./pipelines.js";
import type { TokenizerConfig } from "./tokenizer-data.js";
import type { WidgetExample } from "./widget-example.js";

/** Model metadata as the hub API returns it, limited to the fields snippets and widgets use. */
export interface ModelData {
  /** Repository id, "owner/name". */
  id: string;
  /** Inference status of the model. Kept as a plain string for compatibility. */
  inference: string;
  private?: boolean;
  /** Selected fields of the repository's config.json (and library-specific configs). */
  config?: {
    architectures?: string[];
    /** Auto class name → import path inside the repository, for custom code. */
    auto_map?: { [autoClass: string]: string };
    model_type?: string;
    quantization_config?: {
      bits?: number;
      load_in_4bit?: boolean;
      load_in_8bit?: boolean;
      /** e.g. awq, gptq, aqlm, marlin; serving engines pick a kernel from it. */
      quant_method?: string;
    };
    tokenizer_config?: TokenizerConfig;
    /** The processor's chat template, for multimodal models that keep it there. */
    processor_config?: { chat_template?: string };
    /** A chat template shipped as its own chat_template.jinja file. */
    chat_template_jinja?: string;
    adapter_transformers?: { model_name?: string; model_class?: string };
    diffusers?: { _class_name?: string };
    sklearn?: { model?: { file?: string }; model_format?: string };
    speechbrain?: { speechbrain_interface?: string; vocoder_interface?: string; vocoder_model_id?: string };
    peft?: { base_model_name_or_path?: string; task_type?: string };
    keras_hub?: { tasks?: string[] };
  };
  /** Every tag on the repository. */
  tags: string[];
  transformersInfo?: TransformersInfo;
  pipeline_tag?: PipelineType | undefined;
  /** The tokenizer's mask token, for fill-mask models. */
  mask_token?: string | undefined;
  /** Widget examples from the model card, or the defaults for the model's task and language. */
  widgetData?: WidgetExample[] | undefined;
  /** Selected model card metadata. `inference.parameters` become default request parameters. */
  cardData?: {
    inference?: boolean | { parameters?: Record<string, unknown> };
    base_model?: string | string[];
    instance_prompt?: string | null;
  };
  /** Library the model is meant for, e.g. "transformers", "diffusers". */
  library_name?: string;
  /** Parameter counts from safetensors headers: per dtype, total, and whether the weights are sharded. */
  safetensors?: { parameters: Record<string, number>; total: number; sharded: boolean };
  /** Summary of the GGUF weights, when the repository has some. */
  gguf?: { total: number; architecture?: string; context_length?: number; chat_template?: string };
}

/** What a transformers snippet needs to name the right classes. */
export interface TransformersInfo {
  /** e.g. "AutoModelForCausalLM". */
  auto_model: string;
  /** Class from the repository's `auto_map`, for models with custom code. */
  custom_class?: string;
  pipeline_tag?: PipelineType;
  /** e.g. "AutoTokenizer", "AutoProcessor", "AutoFeatureExtractor". */
  processor?: string;
}
