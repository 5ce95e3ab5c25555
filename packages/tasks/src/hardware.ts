/** Approximate peak compute and memory sizes of accelerators and CPUs, for "can I run this model" estimates. */
export interface HardwareSpec {
  /**
   * Theoretical peak TFLOPS: FP16 where the vendor publishes it for GPUs, FP32 for CPUs. An order of
   * magnitude for comparing devices, not a benchmark.
   */
  tflops: number;
  /** Memory sizes (GB of VRAM or unified memory) the SKU ships with, e.g. [80, 40] for an A100. */
  memory?: number[];
  /**
   * Launch price in US dollars (for SKUs with several memory sizes, the largest). Street price where
   * no list price exists (datacenter parts), module cost for laptop GPUs, price of a Mac with that
   * chip for Apple Silicon, a flagship part's price for CPU families.
   */
  msrp: number;
  /** Highest sustained power draw in watts (max turbo for CPUs, estimated package power for SoCs). */
  power: number;
  /** Year the SKU (or the CPU family) first shipped. */
  releaseYear: number;
  /** Other names the SKU goes by (a device it powers, a codename), for search. Not unique. */
  aliases?: string[];
}

/** An NVIDIA GPU: also its CUDA compute capability (e.g. 9 for Hopper, 8.9 for Ada Lovelace). */
export interface NvidiaHardwareSpec extends HardwareSpec {
  computeCapability: number;
}

/** An AMD GPU: also its LLVM gfx target (e.g. "gfx942" for the MI300 series), which ROCm builds target. */
export interface AmdGpuHardwareSpec extends HardwareSpec {
  gfxVersion: string;
}

/*
 * Compute thresholds from AI regulation, in TFLOPs (1 TFLOP = 10^12 FLOPs). Kept for reference; not
 * part of the public barrel.
 */
/** US executive order of October 2023 (since revoked): total training compute of a model. */
export const TFLOPS_THRESHOLD_WHITE_HOUSE_MODEL_TRAINING_TOTAL = 10 ** 14;
/** Same order, for models trained mainly on biological sequence data. */
export const TFLOPS_THRESHOLD_WHITE_HOUSE_MODEL_TRAINING_TOTAL_BIOLOGY = 10 ** 11;
/** Same order: a computing cluster's theoretical capacity per second. */
export const TFLOPS_THRESHOLD_WHITE_HOUSE_CLUSTER = 10 ** 8;
/** EU AI Act: training compute above which a general-purpose model is presumed to carry systemic risk. */
export const TFLOPS_THRESHOLD_EU_AI_ACT_MODEL_TRAINING_TOTAL = 10 ** 13;

/** Memory sizes (GB) offered when the user picks custom hardware. */
export const DEFAULT_MEMORY_OPTIONS: number[] = [
  8, 16, 24, 32, 40, 48, 64, 80, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048,
];
