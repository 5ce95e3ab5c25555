// Evaluation frameworks and benchmarks whose results the hub can show on model pages. Ids and URLs
// are facts; the descriptions are ours.

/** One evaluation framework or benchmark suite. */
export interface EvaluationFramework {
  /** Its id (the same as its key). */
  name: string;
  /** One line on what it measures. */
  description: string;
  /** Home page or repository. */
  url: string;
}

export const EVALUATION_FRAMEWORKS = {
  exgentic: {
    name: "exgentic",
    description: "Open framework for evaluating general-purpose agents across many domains and benchmarks.",
    url: "https://github.com/Exgentic/exgentic",
  },
  "inspect-ai": {
    name: "inspect-ai",
    description: "The UK AI Security Institute's open-source framework for writing and running LLM evals.",
    url: "https://inspect.aisi.org.uk/",
  },
  "math-arena": {
    name: "math-arena",
    description: "Scores models on fresh competition and olympiad maths problems, to avoid contamination.",
    url: "https://github.com/eth-sri/matharena",
  },
  mteb: {
    name: "mteb",
    description:
      "Massive benchmark of text and multimodal embedding models on retrieval, clustering and more.",
    url: "https://github.com/embeddings-benchmark/mteb",
  },
  "olmocr-bench": {
    name: "olmocr-bench",
    description: "Unit-test style benchmark of PDF-to-text conversion (tables, formulas, reading order).",
    url: "https://github.com/allenai/olmocr/tree/main/olmocr/bench",
  },
  harbor: {
    name: "harbor",
    description: "Framework for running agents against containerised task suites such as Terminal-Bench.",
    url: "https://github.com/laude-institute/harbor",
  },
  ifstruct: {
    name: "ifstruct",
    description: "Checks how well models follow structured-output instructions.",
    url: "https://github.com/Liquid4All/ifstruct",
  },
  pier: {
    name: "pier",
    description: "Benchmark of coding agents on realistic engineering tasks.",
    url: "https://github.com/datacurve-ai/pier",
  },
  "redline-bench": {
    name: "redline-bench",
    description: "Measures how well models redline and revise legal contracts.",
    url: "https://github.com/crosbylegal/redline-bench",
  },
  archipelago: {
    name: "archipelago",
    description: "Infrastructure for running and grading agents in professional work environments.",
    url: "https://github.com/Mercor-Intelligence/archipelago",
  },
  benchflow: {
    name: "benchflow",
    description: "Runs agent benchmarks in a common harness and collects comparable results.",
    url: "https://github.com/benchflow-ai/benchflow",
  },
  "apex-evals": {
    name: "apex-evals",
    description: "Evaluations of models on the economically valuable tasks of professionals.",
    url: "https://github.com/Mercor-Intelligence/apex-evals",
  },
  "screenspot-pro": {
    name: "screenspot-pro",
    description: "GUI grounding on high-resolution screenshots of professional software.",
    url: "https://github.com/likaixin2000/ScreenSpot-Pro-GUI-Grounding",
  },
  "swe-bench": {
    name: "swe-bench",
    description: "Can a model resolve real GitHub issues? Patches are judged by the projects' own tests.",
    url: "https://github.com/swe-bench/swe-bench",
  },
  "swe-bench-pro": {
    name: "swe-bench-pro",
    description: "Harder, long-horizon software engineering tasks in the style of SWE-bench.",
    url: "https://github.com/scaleapi/SWE-bench_Pro-os",
  },
  "nemo-evaluator": {
    name: "nemo-evaluator",
    description: "NVIDIA NeMo's tool for running many standard benchmarks against a model endpoint.",
    url: "https://github.com/NVIDIA-NeMo/Evaluator",
  },
  "yc-bench": {
    name: "yc-bench",
    description: "Long-horizon benchmark in which an agent runs a simulated start-up.",
    url: "https://github.com/collinear-ai/yc-bench",
  },
  "open-asr-leaderboard": {
    name: "open-asr-leaderboard",
    description: "Word error rate and speed of speech recognition models on public test sets.",
    url: "https://github.com/huggingface/open_asr_leaderboard",
  },
  mdpbench: {
    name: "mdpbench",
    description: "Benchmark of multimodal models on document parsing and OCR.",
    url: "https://github.com/Yuliang-Liu/MultimodalOCR",
  },
  "real5-omnidocbench": {
    name: "real5-omnidocbench",
    description: "OmniDocBench pages photographed under real-world conditions, for robust document parsing.",
    url: "https://huggingface.co/datasets/PaddlePaddle/Real5-OmniDocBench",
  },
  parsebench: {
    name: "parsebench",
    description: "Scores document parsers on the structure and content of what they extract.",
    url: "https://github.com/run-llama/ParseBench",
  },
  "video-mme-v2": {
    name: "video-mme-v2",
    description: "Second version of the Video-MME benchmark of video understanding.",
    url: "https://github.com/MME-Benchmarks/Video-MME-v2",
  },
  "claw-eval": {
    name: "claw-eval",
    description: "Evaluates personal-assistant agents on end-to-end tasks.",
    url: "https://github.com/claw-eval/claw-eval",
  },
  researchclawbench: {
    name: "researchclawbench",
    description: "Benchmark of agents carrying out scientific research tasks.",
    url: "https://github.com/InternScience/ResearchClawBench",
  },
  pbench: {
    name: "pbench",
    description: "Perception benchmark released with TII's Falcon Perception models.",
    url: "https://github.com/tiiuae/Falcon-Perception",
  },
  wildclawbench: {
    name: "wildclawbench",
    description: "Assistant agents evaluated on tasks collected in the wild.",
    url: "https://github.com/InternLM/WildClawBench",
  },
  wbench: {
    name: "wbench",
    description: "Meituan LongCat's benchmark of agents on real-world web tasks.",
    url: "https://github.com/meituan-longcat/WBench",
  },
  nanofold: {
    name: "nanofold",
    description: "A protein structure prediction competition under a fixed compute budget.",
    url: "https://github.com/ChrisHayduk/nanoFold-Competition",
  },
  mmmu: {
    name: "mmmu",
    description: "College-level multimodal questions across many disciplines.",
    url: "https://mmmu-benchmark.github.io/",
  },
  extractbench: {
    name: "extractbench",
    description: "Scores structured data extraction from documents against a schema.",
    url: "https://github.com/run-llama/ExtractBench",
  },
} as const satisfies Record<string, EvaluationFramework>;

export type EvaluationFrameworkKey = keyof typeof EVALUATION_FRAMEWORKS;
