import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "Global-MMLU: MMLU translated and culturally reviewed in 42 languages, to evaluate multilingual knowledge.",
      id: "CohereForAI/Global-MMLU",
    },
    {
      description: "FineWeb 2: filtered, deduplicated web text in over 1,000 languages for pretraining.",
      id: "HuggingFaceFW/fineweb-2",
    },
    {
      description: "UltraChat 200k: filtered multi-turn dialogues for supervised fine-tuning of chat models.",
      id: "HuggingFaceH4/ultrachat_200k",
    },
    {
      description: "Math problems with step-by-step reasoning traces distilled from a reasoning model.",
      id: "open-r1/OpenThoughts-114k-math",
    },
    {
      description: "Tülu 3 SFT mixture: the instruction-tuning data behind AI2's Tülu 3 models.",
      id: "allenai/tulu-3-sft-mixture",
    },
    {
      description: "SmolTalk: synthetic instruction data used to fine-tune the SmolLM2 chat models.",
      id: "HuggingFaceTB/smoltalk",
    },
    {
      description: "FineMath: high-quality mathematical web pages for pretraining.",
      id: "HuggingFaceTB/finemath",
    },
  ],
  demo: {
    inputs: [
      { label: "Input", content: "Once upon a time, in a village at the edge of a forest,", type: "text" },
    ],
    outputs: [
      {
        label: "Output",
        content:
          "Once upon a time, in a village at the edge of a forest, there lived a clockmaker who could repair anything except the old tower clock, which had stopped the night his daughter disappeared.",
        type: "text",
      },
    ],
  },
  metrics: [
    {
      description: "Average negative log-likelihood of the true next tokens. Lower is better.",
      id: "Cross Entropy",
    },
    {
      description:
        "Exponential of the cross-entropy: how many tokens the model is effectively choosing between.",
      id: "Perplexity",
    },
  ],
  models: [
    {
      description: "Gemma 2 2B instruct: a small, capable chat model from Google.",
      id: "google/gemma-2-2b-it",
    },
    {
      description: "Qwen3 Coder: a large mixture-of-experts model for agentic coding.",
      id: "Qwen/Qwen3-Coder-480B-A35B-Instruct",
    },
    {
      description: "gpt-oss-120b: OpenAI's open-weight reasoning model, with tool use.",
      id: "openai/gpt-oss-120b",
    },
    {
      description: "GLM-4.5: a mixture-of-experts model built for reasoning, coding and agents.",
      id: "zai-org/GLM-4.5",
    },
    {
      description: "Qwen3 4B Thinking: a small model that reasons step by step before it answers.",
      id: "Qwen/Qwen3-4B-Thinking-2507",
    },
    {
      description: "Qwen2.5 7B Instruct with a one-million-token context window.",
      id: "Qwen/Qwen2.5-7B-Instruct-1M",
    },
    {
      description: "Qwen2.5 Coder 32B Instruct: an open code model for generation, repair and reasoning.",
      id: "Qwen/Qwen2.5-Coder-32B-Instruct",
    },
    {
      description: "DeepSeek-R1: a large open reasoning model trained with reinforcement learning.",
      id: "deepseek-ai/DeepSeek-R1",
    },
  ],
  spaces: [
    {
      description: "Generate small web apps from a prompt with a choice of code models.",
      id: "akhaliq/anycoder",
    },
    { description: "Build and edit a website by chatting with a model.", id: "enzostvs/deepsite" },
    {
      description: "Leaderboard of how much chain-of-thought improves open models.",
      id: "logikon/open_cot_leaderboard",
    },
    {
      description: "Chat with Llama 2 served by Text Generation Inference.",
      id: "ysharma/Explore_llamav2_with_TGI",
    },
    {
      description: "Chat with Zephyr, a small model aligned with direct preference optimisation.",
      id: "HuggingFaceH4/zephyr-chat",
    },
    {
      description: "Chatbot Arena leaderboard: models ranked by human pairwise votes.",
      id: "lmsys/chatbot-arena-leaderboard",
    },
    {
      description: "Chat with Phixtral, a mixture of experts built from Phi-2 models.",
      id: "mlabonne/phixtral-chat",
    },
  ],
  summary:
    "Text generation models continue a text or answer a prompt, one token at a time. Base models complete text, while instruction-tuned chat models follow requests, hold conversations, write code and reason step by step. Generation is shaped by decoding parameters such as temperature, top-p and the maximum number of new tokens.",
  widgetModels: ["mistralai/Mistral-Nemo-Instruct-2407"],
  youtubeId: "e9gNEAlsOvU",
};

export default taskData;
