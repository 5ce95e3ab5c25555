// The emulated hub's model table: real model ids with the providers that serve them.
// `emulator` holds hints for generating outputs (labels, embedding size, mask token); the hub API
// does not expose it. Provider ids follow each provider's real naming.
import type { EmulatedModel } from "../types.js";

const live = (providerId: string, task: string) => ({ status: "live" as const, providerId, task });
const staging = (providerId: string, task: string) => ({ status: "staging" as const, providerId, task });

export const MODELS: readonly EmulatedModel[] = [
  // Chat models
  {
    id: "meta-llama/Llama-3.3-70B-Instruct",
    pipeline_tag: "text-generation",
    library_name: "transformers",
    tags: ["transformers", "safetensors", "llama", "text-generation", "conversational", "en"],
    inferenceProviderMapping: {
      cerebras: live("llama-3.3-70b", "conversational"),
      "fireworks-ai": live("accounts/fireworks/models/llama-v3p3-70b-instruct", "conversational"),
      "hf-inference": live("meta-llama/Llama-3.3-70B-Instruct", "conversational"),
      hyperbolic: live("meta-llama/Llama-3.3-70B-Instruct", "conversational"),
      nebius: live("meta-llama/Llama-3.3-70B-Instruct", "conversational"),
      novita: live("meta-llama/llama-3.3-70b-instruct", "conversational"),
      sambanova: live("Meta-Llama-3.3-70B-Instruct", "conversational"),
      together: live("meta-llama/Llama-3.3-70B-Instruct-Turbo", "conversational"),
    },
  },
  {
    id: "meta-llama/Llama-3.1-8B-Instruct",
    pipeline_tag: "text-generation",
    library_name: "transformers",
    tags: ["transformers", "safetensors", "llama", "text-generation", "conversational", "en"],
    inferenceProviderMapping: {
      cerebras: live("llama3.1-8b", "conversational"),
      "hf-inference": live("meta-llama/Llama-3.1-8B-Instruct", "conversational"),
      nebius: staging("meta-llama/Meta-Llama-3.1-8B-Instruct-fast", "conversational"),
      novita: live("meta-llama/llama-3.1-8b-instruct", "conversational"),
      sambanova: live("Meta-Llama-3.1-8B-Instruct", "conversational"),
    },
  },
  {
    id: "deepseek-ai/DeepSeek-R1",
    pipeline_tag: "text-generation",
    library_name: "transformers",
    tags: ["transformers", "safetensors", "deepseek_v3", "text-generation", "conversational"],
    inferenceProviderMapping: {
      "fireworks-ai": live("accounts/fireworks/models/deepseek-r1", "conversational"),
      hyperbolic: live("deepseek-ai/DeepSeek-R1", "conversational"),
      nebius: live("deepseek-ai/DeepSeek-R1", "conversational"),
      novita: live("deepseek/deepseek-r1", "conversational"),
      sambanova: live("DeepSeek-R1", "conversational"),
      together: live("deepseek-ai/DeepSeek-R1", "conversational"),
    },
  },
  {
    id: "CohereLabs/c4ai-command-r7b-12-2024",
    pipeline_tag: "text-generation",
    library_name: "transformers",
    tags: ["transformers", "safetensors", "cohere2", "text-generation", "conversational"],
    inferenceProviderMapping: { cohere: live("command-r7b-12-2024", "conversational") },
  },
  {
    id: "CohereLabs/c4ai-command-a-03-2025",
    pipeline_tag: "text-generation",
    library_name: "transformers",
    tags: ["transformers", "safetensors", "cohere2", "text-generation", "conversational"],
    inferenceProviderMapping: { cohere: staging("command-a-03-2025", "conversational") },
  },
  {
    id: "Qwen/Qwen2.5-72B-Instruct",
    pipeline_tag: "text-generation",
    library_name: "transformers",
    tags: ["transformers", "safetensors", "qwen2", "text-generation", "conversational"],
    inferenceProviderMapping: {
      "hf-inference": live("Qwen/Qwen2.5-72B-Instruct", "conversational"),
      hyperbolic: live("Qwen/Qwen2.5-72B-Instruct", "conversational"),
      nebius: live("Qwen/Qwen2.5-72B-Instruct-fast", "conversational"),
      together: live("Qwen/Qwen2.5-72B-Instruct-Turbo", "conversational"),
    },
  },
  {
    id: "Qwen/Qwen2.5-VL-7B-Instruct",
    pipeline_tag: "image-text-to-text",
    library_name: "transformers",
    tags: ["transformers", "safetensors", "qwen2_5_vl", "image-text-to-text", "conversational", "multimodal"],
    inferenceProviderMapping: {
      "hf-inference": live("Qwen/Qwen2.5-VL-7B-Instruct", "conversational"),
      hyperbolic: live("Qwen/Qwen2.5-VL-7B-Instruct", "conversational"),
    },
  },
  {
    id: "meta-llama/Llama-3.2-11B-Vision-Instruct",
    pipeline_tag: "image-text-to-text",
    library_name: "transformers",
    tags: ["transformers", "safetensors", "mllama", "image-text-to-text", "conversational"],
    inferenceProviderMapping: {
      sambanova: live("Llama-3.2-11B-Vision-Instruct", "conversational"),
      together: live("meta-llama/Llama-3.2-11B-Vision-Instruct-Turbo", "conversational"),
    },
  },
  // Plain text generation
  {
    id: "openai-community/gpt2",
    pipeline_tag: "text-generation",
    library_name: "transformers",
    tags: ["transformers", "pytorch", "safetensors", "gpt2", "text-generation", "en"],
    inferenceProviderMapping: { "hf-inference": live("openai-community/gpt2", "text-generation") },
  },
  {
    id: "meta-llama/Llama-3.1-405B",
    pipeline_tag: "text-generation",
    library_name: "transformers",
    tags: ["transformers", "safetensors", "llama", "text-generation", "en"],
    inferenceProviderMapping: {
      hyperbolic: live("meta-llama/Meta-Llama-3.1-405B", "text-generation"),
      nebius: staging("meta-llama/Meta-Llama-3.1-405B", "text-generation"),
    },
  },
  {
    id: "mistralai/Mixtral-8x7B-v0.1",
    pipeline_tag: "text-generation",
    library_name: "transformers",
    tags: ["transformers", "safetensors", "mixtral", "text-generation", "en"],
    inferenceProviderMapping: {
      novita: staging("mistralai/mixtral-8x7b-v0.1", "text-generation"),
      together: live("mistralai/Mixtral-8x7B-v0.1", "text-generation"),
    },
  },
  {
    id: "Qwen/Qwen2.5-Coder-7B",
    pipeline_tag: "text-generation",
    library_name: "transformers",
    tags: ["transformers", "safetensors", "qwen2", "text-generation", "code"],
    inferenceProviderMapping: {
      nebius: live("Qwen/Qwen2.5-Coder-7B-fast", "text-generation"),
      novita: live("qwen/qwen2.5-coder-7b", "text-generation"),
    },
  },
  // Images
  {
    id: "black-forest-labs/FLUX.1-dev",
    pipeline_tag: "text-to-image",
    library_name: "diffusers",
    tags: ["diffusers", "safetensors", "text-to-image", "flux", "en"],
    inferenceProviderMapping: {
      "black-forest-labs": live("flux-dev", "text-to-image"),
      "fal-ai": live("fal-ai/flux/dev", "text-to-image"),
      "hf-inference": live("black-forest-labs/FLUX.1-dev", "text-to-image"),
      hyperbolic: live("FLUX.1-dev", "text-to-image"),
      nebius: live("black-forest-labs/flux-dev", "text-to-image"),
      replicate: live("black-forest-labs/flux-dev", "text-to-image"),
      together: live("black-forest-labs/FLUX.1-dev", "text-to-image"),
    },
  },
  {
    id: "black-forest-labs/FLUX.1-schnell",
    pipeline_tag: "text-to-image",
    library_name: "diffusers",
    tags: ["diffusers", "safetensors", "text-to-image", "flux", "en"],
    inferenceProviderMapping: {
      "fal-ai": live("fal-ai/flux/schnell", "text-to-image"),
      "hf-inference": live("black-forest-labs/FLUX.1-schnell", "text-to-image"),
      nebius: live("black-forest-labs/flux-schnell", "text-to-image"),
      replicate: live("black-forest-labs/flux-schnell", "text-to-image"),
      together: live("black-forest-labs/FLUX.1-schnell", "text-to-image"),
    },
  },
  {
    id: "stabilityai/stable-diffusion-xl-base-1.0",
    pipeline_tag: "text-to-image",
    library_name: "diffusers",
    tags: ["diffusers", "safetensors", "text-to-image", "stable-diffusion-xl"],
    inferenceProviderMapping: {
      "hf-inference": live("stabilityai/stable-diffusion-xl-base-1.0", "text-to-image"),
      hyperbolic: live("SDXL1.0-base", "text-to-image"),
      nebius: live("stability-ai/sdxl", "text-to-image"),
      replicate: staging(
        "stability-ai/sdxl:7762fd07cf82c948538e41f63f77d685e02b063e37e496e96eefd46c929f9bdc",
        "text-to-image",
      ),
    },
  },
  {
    id: "timbrooks/instruct-pix2pix",
    pipeline_tag: "image-to-image",
    library_name: "diffusers",
    tags: ["diffusers", "safetensors", "image-to-image"],
    inferenceProviderMapping: { "hf-inference": live("timbrooks/instruct-pix2pix", "image-to-image") },
  },
  {
    id: "google/vit-base-patch16-224",
    pipeline_tag: "image-classification",
    library_name: "transformers",
    tags: ["transformers", "pytorch", "vit", "image-classification", "vision"],
    inferenceProviderMapping: { "hf-inference": live("google/vit-base-patch16-224", "image-classification") },
  },
  {
    id: "facebook/detr-resnet-50",
    pipeline_tag: "object-detection",
    library_name: "transformers",
    tags: ["transformers", "pytorch", "detr", "object-detection", "vision"],
    inferenceProviderMapping: { "hf-inference": live("facebook/detr-resnet-50", "object-detection") },
  },
  {
    id: "nvidia/segformer-b0-finetuned-ade-512-512",
    pipeline_tag: "image-segmentation",
    library_name: "transformers",
    tags: ["transformers", "pytorch", "segformer", "image-segmentation", "vision"],
    inferenceProviderMapping: {
      "hf-inference": live("nvidia/segformer-b0-finetuned-ade-512-512", "image-segmentation"),
    },
  },
  {
    id: "Salesforce/blip-image-captioning-large",
    pipeline_tag: "image-to-text",
    library_name: "transformers",
    tags: ["transformers", "pytorch", "blip", "image-to-text", "image-captioning"],
    inferenceProviderMapping: {
      "hf-inference": live("Salesforce/blip-image-captioning-large", "image-to-text"),
    },
  },
  {
    id: "openai/clip-vit-large-patch14",
    pipeline_tag: "zero-shot-image-classification",
    library_name: "transformers",
    tags: ["transformers", "pytorch", "clip", "zero-shot-image-classification", "vision"],
    inferenceProviderMapping: {
      "hf-inference": live("openai/clip-vit-large-patch14", "zero-shot-image-classification"),
    },
  },
  {
    id: "impira/layoutlm-document-qa",
    pipeline_tag: "document-question-answering",
    library_name: "transformers",
    tags: ["transformers", "pytorch", "layoutlm", "document-question-answering", "pdf"],
    inferenceProviderMapping: {
      "hf-inference": live("impira/layoutlm-document-qa", "document-question-answering"),
    },
  },
  {
    id: "dandelin/vilt-b32-finetuned-vqa",
    pipeline_tag: "visual-question-answering",
    library_name: "transformers",
    tags: ["transformers", "pytorch", "vilt", "visual-question-answering"],
    inferenceProviderMapping: {
      "hf-inference": live("dandelin/vilt-b32-finetuned-vqa", "visual-question-answering"),
    },
  },
  // Text understanding
  {
    id: "distilbert/distilbert-base-uncased-finetuned-sst-2-english",
    pipeline_tag: "text-classification",
    library_name: "transformers",
    tags: ["transformers", "pytorch", "safetensors", "distilbert", "text-classification", "en"],
    inferenceProviderMapping: {
      "hf-inference": live(
        "distilbert/distilbert-base-uncased-finetuned-sst-2-english",
        "text-classification",
      ),
    },
    emulator: { labels: ["POSITIVE", "NEGATIVE"] },
  },
  {
    id: "cardiffnlp/twitter-roberta-base-sentiment-latest",
    pipeline_tag: "text-classification",
    library_name: "transformers",
    tags: ["transformers", "pytorch", "roberta", "text-classification", "en"],
    inferenceProviderMapping: {
      "hf-inference": live("cardiffnlp/twitter-roberta-base-sentiment-latest", "text-classification"),
    },
    emulator: { labels: ["positive", "neutral", "negative"] },
  },
  {
    id: "dslim/bert-base-NER",
    pipeline_tag: "token-classification",
    library_name: "transformers",
    tags: ["transformers", "pytorch", "bert", "token-classification", "en"],
    inferenceProviderMapping: { "hf-inference": live("dslim/bert-base-NER", "token-classification") },
  },
  {
    id: "deepset/roberta-base-squad2",
    pipeline_tag: "question-answering",
    library_name: "transformers",
    tags: ["transformers", "pytorch", "roberta", "question-answering", "en"],
    inferenceProviderMapping: { "hf-inference": live("deepset/roberta-base-squad2", "question-answering") },
  },
  {
    id: "google-bert/bert-base-uncased",
    pipeline_tag: "fill-mask",
    library_name: "transformers",
    tags: ["transformers", "pytorch", "bert", "fill-mask", "en"],
    mask_token: "[MASK]",
    inferenceProviderMapping: { "hf-inference": live("google-bert/bert-base-uncased", "fill-mask") },
  },
  {
    id: "FacebookAI/roberta-base",
    pipeline_tag: "fill-mask",
    library_name: "transformers",
    tags: ["transformers", "pytorch", "roberta", "fill-mask", "en"],
    mask_token: "<mask>",
    inferenceProviderMapping: { "hf-inference": live("FacebookAI/roberta-base", "fill-mask") },
  },
  {
    id: "facebook/bart-large-cnn",
    pipeline_tag: "summarization",
    library_name: "transformers",
    tags: ["transformers", "pytorch", "bart", "summarization", "en"],
    inferenceProviderMapping: { "hf-inference": live("facebook/bart-large-cnn", "summarization") },
  },
  {
    id: "Helsinki-NLP/opus-mt-en-fr",
    pipeline_tag: "translation",
    library_name: "transformers",
    tags: ["transformers", "pytorch", "marian", "translation", "en", "fr"],
    inferenceProviderMapping: { "hf-inference": live("Helsinki-NLP/opus-mt-en-fr", "translation") },
  },
  {
    id: "facebook/bart-large-mnli",
    pipeline_tag: "zero-shot-classification",
    library_name: "transformers",
    tags: ["transformers", "pytorch", "bart", "zero-shot-classification"],
    inferenceProviderMapping: {
      "hf-inference": live("facebook/bart-large-mnli", "zero-shot-classification"),
    },
  },
  {
    id: "google/tapas-base-finetuned-wtq",
    pipeline_tag: "table-question-answering",
    library_name: "transformers",
    tags: ["transformers", "pytorch", "tapas", "table-question-answering", "en"],
    inferenceProviderMapping: {
      "hf-inference": live("google/tapas-base-finetuned-wtq", "table-question-answering"),
    },
  },
  {
    id: "sentence-transformers/all-MiniLM-L6-v2",
    pipeline_tag: "sentence-similarity",
    library_name: "sentence-transformers",
    tags: ["sentence-transformers", "pytorch", "bert", "feature-extraction", "sentence-similarity"],
    inferenceProviderMapping: {
      "hf-inference": live("sentence-transformers/all-MiniLM-L6-v2", "sentence-similarity"),
    },
    emulator: { dimensions: 384 },
  },
  {
    id: "BAAI/bge-small-en-v1.5",
    pipeline_tag: "feature-extraction",
    library_name: "sentence-transformers",
    tags: ["sentence-transformers", "pytorch", "bert", "feature-extraction", "en"],
    inferenceProviderMapping: { "hf-inference": live("BAAI/bge-small-en-v1.5", "feature-extraction") },
    emulator: { dimensions: 384 },
  },
  {
    id: "intfloat/multilingual-e5-large",
    pipeline_tag: "feature-extraction",
    library_name: "sentence-transformers",
    tags: ["sentence-transformers", "pytorch", "xlm-roberta", "feature-extraction", "multilingual"],
    inferenceProviderMapping: {
      "hf-inference": staging("intfloat/multilingual-e5-large", "feature-extraction"),
    },
    emulator: { dimensions: 1024 },
  },
  // Tabular
  {
    id: "julien-c/wine-quality",
    pipeline_tag: "tabular-classification",
    library_name: "sklearn",
    tags: ["sklearn", "tabular-classification", "structured-data-classification"],
    inferenceProviderMapping: { "hf-inference": live("julien-c/wine-quality", "tabular-classification") },
  },
  {
    id: "scikit-learn/Fish-Weight",
    pipeline_tag: "tabular-regression",
    library_name: "sklearn",
    tags: ["sklearn", "tabular-regression"],
    inferenceProviderMapping: { "hf-inference": live("scikit-learn/Fish-Weight", "tabular-regression") },
  },
  // Audio
  {
    id: "openai/whisper-large-v3",
    pipeline_tag: "automatic-speech-recognition",
    library_name: "transformers",
    tags: ["transformers", "pytorch", "whisper", "automatic-speech-recognition", "audio"],
    inferenceProviderMapping: {
      "fal-ai": live("fal-ai/whisper", "automatic-speech-recognition"),
      "hf-inference": live("openai/whisper-large-v3", "automatic-speech-recognition"),
      replicate: live(
        "openai/whisper:8099696689d249cf8b122d833c36ac3f75505c666a395ca40ef26f68e7d3d16e",
        "automatic-speech-recognition",
      ),
      together: live("openai/whisper-large-v3", "automatic-speech-recognition"),
    },
  },
  {
    id: "openai/whisper-large-v3-turbo",
    pipeline_tag: "automatic-speech-recognition",
    library_name: "transformers",
    tags: ["transformers", "safetensors", "whisper", "automatic-speech-recognition", "audio"],
    inferenceProviderMapping: {
      "fal-ai": staging("fal-ai/wizper", "automatic-speech-recognition"),
      "hf-inference": live("openai/whisper-large-v3-turbo", "automatic-speech-recognition"),
    },
  },
  {
    id: "facebook/mms-tts-eng",
    pipeline_tag: "text-to-speech",
    library_name: "transformers",
    tags: ["transformers", "pytorch", "vits", "text-to-speech", "mms"],
    inferenceProviderMapping: { "hf-inference": live("facebook/mms-tts-eng", "text-to-speech") },
  },
  {
    id: "hexgrad/Kokoro-82M",
    pipeline_tag: "text-to-speech",
    library_name: "kokoro",
    tags: ["text-to-speech", "en"],
    inferenceProviderMapping: {
      replicate: live(
        "jaaari/kokoro-82m:f559560eb822dc509045f3921a1921234918b91739db4bf3daab2169b71c7a13",
        "text-to-speech",
      ),
      together: live("hexgrad/Kokoro-82M", "text-to-speech"),
    },
  },
  {
    id: "ASLP-lab/DiffRhythm-base",
    pipeline_tag: "text-to-speech",
    library_name: "diffrhythm",
    tags: ["text-to-speech", "music", "en", "zh"],
    inferenceProviderMapping: { "fal-ai": live("fal-ai/diffrhythm", "text-to-speech") },
  },
  {
    id: "facebook/musicgen-small",
    pipeline_tag: "text-to-audio",
    library_name: "transformers",
    tags: ["transformers", "pytorch", "musicgen", "text-to-audio"],
    inferenceProviderMapping: { "hf-inference": live("facebook/musicgen-small", "text-to-audio") },
  },
  {
    id: "MIT/ast-finetuned-audioset-10-10-0.4593",
    pipeline_tag: "audio-classification",
    library_name: "transformers",
    tags: ["transformers", "pytorch", "audio-spectrogram-transformer", "audio-classification"],
    inferenceProviderMapping: {
      "hf-inference": live("MIT/ast-finetuned-audioset-10-10-0.4593", "audio-classification"),
    },
    emulator: { labels: ["Speech", "Music", "Inside, small room", "Silence", "Animal"] },
  },
  {
    id: "speechbrain/sepformer-wham",
    pipeline_tag: "audio-to-audio",
    library_name: "speechbrain",
    tags: ["speechbrain", "audio-to-audio", "audio-source-separation"],
    inferenceProviderMapping: { "hf-inference": live("speechbrain/sepformer-wham", "audio-to-audio") },
  },
  // Video
  {
    id: "Lightricks/LTX-Video",
    pipeline_tag: "text-to-video",
    library_name: "diffusers",
    tags: ["diffusers", "safetensors", "text-to-video", "ltx-video"],
    inferenceProviderMapping: { "fal-ai": live("fal-ai/ltx-video", "text-to-video") },
  },
  {
    id: "tencent/HunyuanVideo",
    pipeline_tag: "text-to-video",
    library_name: "diffusers",
    tags: ["diffusers", "text-to-video"],
    inferenceProviderMapping: { "fal-ai": live("fal-ai/hunyuan-video", "text-to-video") },
  },
  {
    id: "genmo/mochi-1-preview",
    pipeline_tag: "text-to-video",
    library_name: "diffusers",
    tags: ["diffusers", "safetensors", "text-to-video", "mochi"],
    inferenceProviderMapping: {
      "fal-ai": live("fal-ai/mochi-v1", "text-to-video"),
      replicate: live("genmoai/mochi-1", "text-to-video"),
    },
  },
  {
    id: "Wan-AI/Wan2.1-T2V-14B",
    pipeline_tag: "text-to-video",
    library_name: "diffusers",
    tags: ["diffusers", "text-to-video", "video generation"],
    inferenceProviderMapping: {
      "fal-ai": staging("fal-ai/wan-t2v", "text-to-video"),
      novita: live("wan-t2v", "text-to-video"),
      replicate: live("wavespeedai/wan-2.1-t2v-480p", "text-to-video"),
    },
  },
  // 4.x media tasks on fal-ai, together, replicate and novita
  {
    id: "black-forest-labs/FLUX.1-Kontext-dev",
    pipeline_tag: "image-to-image",
    library_name: "diffusers",
    tags: ["diffusers", "safetensors", "image-to-image", "flux"],
    inferenceProviderMapping: {
      "fal-ai": live("fal-ai/flux-kontext/dev", "image-to-image"),
      replicate: live("black-forest-labs/flux-kontext-dev", "image-to-image"),
      together: live("black-forest-labs/FLUX.1-kontext-dev", "image-to-image"),
    },
  },
  {
    id: "black-forest-labs/FLUX.2-dev",
    pipeline_tag: "image-text-to-image",
    library_name: "diffusers",
    tags: ["diffusers", "safetensors", "image-text-to-image", "flux"],
    inferenceProviderMapping: { "fal-ai": live("fal-ai/flux-2/edit", "image-text-to-image") },
  },
  {
    id: "XLabs-AI/flux-RealismLora",
    pipeline_tag: "text-to-image",
    library_name: "diffusers",
    tags: ["diffusers", "lora", "text-to-image", "flux", "base_model:adapter:black-forest-labs/FLUX.1-dev"],
    inferenceProviderMapping: {
      "fal-ai": {
        ...live("fal-ai/flux-lora", "text-to-image"),
        adapter: "lora",
        adapterWeightsPath: "lora.safetensors",
      },
      replicate: {
        ...live("black-forest-labs/flux-dev-lora", "text-to-image"),
        adapter: "lora",
        adapterWeightsPath: "lora.safetensors",
      },
    },
  },
  {
    id: "Wan-AI/Wan2.1-I2V-14B-720P",
    pipeline_tag: "image-to-video",
    library_name: "diffusers",
    tags: ["diffusers", "image-to-video", "video generation"],
    inferenceProviderMapping: { "fal-ai": live("fal-ai/wan-i2v", "image-to-video") },
  },
  {
    id: "Wan-AI/Wan2.2-I2V-A14B",
    pipeline_tag: "image-to-video",
    library_name: "wan2.2",
    tags: ["image-to-video", "video generation"],
    inferenceProviderMapping: { together: live("Wan-AI/Wan2.2-I2V-A14B", "image-to-video") },
  },
  {
    id: "Wan-AI/Wan2.2-T2V-A14B",
    pipeline_tag: "text-to-video",
    library_name: "wan2.2",
    tags: ["text-to-video", "video generation"],
    inferenceProviderMapping: { together: live("Wan-AI/Wan2.2-T2V-A14B", "text-to-video") },
  },
  {
    id: "Wan-AI/Wan2.2-TI2V-5B",
    pipeline_tag: "image-text-to-video",
    library_name: "wan2.2",
    tags: ["text-to-video", "image-to-video", "video generation"],
    inferenceProviderMapping: {
      "fal-ai": live("fal-ai/wan/v2.2-5b/image-to-video", "image-text-to-video"),
    },
  },
  {
    id: "MiniMaxAI/MiniMax-H3",
    pipeline_tag: "image-text-to-video",
    library_name: "minimax-h3",
    tags: ["video"],
    inferenceProviderMapping: { novita: live("MiniMax-H3", "image-text-to-video") },
  },
  {
    id: "ZhengPeng7/BiRefNet",
    pipeline_tag: "image-segmentation",
    library_name: "birefnet",
    tags: ["birefnet", "image-segmentation", "background-removal"],
    inferenceProviderMapping: { "fal-ai": live("fal-ai/birefnet", "image-segmentation") },
  },
  {
    id: "stabilityai/stable-audio-open-1.0",
    pipeline_tag: "text-to-audio",
    library_name: "stable-audio-tools",
    tags: ["stable-audio-tools", "text-to-audio"],
    inferenceProviderMapping: { "fal-ai": live("fal-ai/stable-audio", "text-to-audio") },
  },
  {
    id: "ResembleAI/resemble-enhance",
    pipeline_tag: "audio-to-audio",
    tags: ["audio-to-audio", "speech-enhancement"],
    inferenceProviderMapping: { "fal-ai": live("fal-ai/resemble-enhance", "audio-to-audio") },
  },
  {
    id: "BAAI/bge-base-en-v1.5",
    pipeline_tag: "feature-extraction",
    library_name: "sentence-transformers",
    tags: ["sentence-transformers", "feature-extraction", "en"],
    inferenceProviderMapping: { together: live("BAAI/bge-base-en-v1.5", "feature-extraction") },
    emulator: { dimensions: 768 },
  },
];
