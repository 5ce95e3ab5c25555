/** Tensor quantisation types of the GGML/GGUF format, with their on-disk numeric ids. */
export enum GGMLQuantizationType {
  F32 = 0,
  F16 = 1,
  Q4_0 = 2,
  Q4_1 = 3,
  // 4 and 5 were Q4_2 and Q4_3, removed from ggml; the ids stay reserved.
  Q5_0 = 6,
  Q5_1 = 7,
  Q8_0 = 8,
  Q8_1 = 9,
  Q2_K = 10,
  Q3_K = 11,
  Q4_K = 12,
  Q5_K = 13,
  Q6_K = 14,
  Q8_K = 15,
  IQ2_XXS = 16,
  IQ2_XS = 17,
  IQ3_XXS = 18,
  IQ1_S = 19,
  IQ4_NL = 20,
  IQ3_S = 21,
  IQ2_S = 22,
  IQ4_XS = 23,
  I8 = 24,
  I16 = 25,
  I32 = 26,
  I64 = 27,
  F64 = 28,
  IQ1_M = 29,
  BF16 = 30,
  // 31–33 were Q4_0_4_4, Q4_0_4_8 and Q4_0_8_8 (now repacked at load time); 36–38 are reserved too.
  TQ1_0 = 34,
  TQ2_0 = 35,
  MXFP4 = 39,
  NVFP4 = 40,
  Q1_0 = 41,
  Q2_0 = 42,
}

/**
 * The quantisation of a whole GGUF file (llama.cpp's `general.file_type`, "llama_ftype"), which names
 * the mix of tensor types: Q4_K_M is mostly Q4_K with some Q6_K, for instance. Ids 1000 and up are not
 * llama.cpp's: they stand for the "XL" mixes some publishers ship (file names with "UD-" and "_K_XL").
 */
export enum GGMLFileQuantizationType {
  F32 = 0,
  F16 = 1,
  Q4_0 = 2,
  Q4_1 = 3,
  Q4_1_SOME_F16 = 4,
  Q4_2 = 5,
  Q4_3 = 6,
  Q8_0 = 7,
  Q5_0 = 8,
  Q5_1 = 9,
  Q2_K = 10,
  Q3_K_S = 11,
  Q3_K_M = 12,
  Q3_K_L = 13,
  Q4_K_S = 14,
  Q4_K_M = 15,
  Q5_K_S = 16,
  Q5_K_M = 17,
  Q6_K = 18,
  IQ2_XXS = 19,
  IQ2_XS = 20,
  Q2_K_S = 21,
  IQ3_XS = 22,
  IQ3_XXS = 23,
  IQ1_S = 24,
  IQ4_NL = 25,
  IQ3_S = 26,
  IQ3_M = 27,
  IQ2_S = 28,
  IQ2_M = 29,
  IQ4_XS = 30,
  IQ1_M = 31,
  BF16 = 32,
  Q4_0_4_4 = 33,
  Q4_0_4_8 = 34,
  Q4_0_8_8 = 35,
  TQ1_0 = 36,
  TQ2_0 = 37,
  MXFP4_MOE = 38,
  NVFP4 = 39,
  Q1_0 = 40,
  Q2_0 = 41,
  Q2_K_XL = 1000,
  Q3_K_XL = 1001,
  Q4_K_XL = 1002,
  Q5_K_XL = 1003,
  Q6_K_XL = 1004,
  Q8_K_XL = 1005,
}

// A numeric enum maps both ways at runtime; the names are the non-numeric keys, in declaration order.
const FILE_QUANT_NAMES = Object.keys(GGMLFileQuantizationType).filter((key) => Number.isNaN(Number(key)));

/*
 * Labels found in file names that are not file types: gpt-oss releases are named after their experts'
 * tensor type (MXFP4) while the file type is MXFP4_MOE. Listed after the file types so that the
 * longer MXFP4_MOE wins when both could match.
 */
const FILENAME_ONLY_LABELS = ["MXFP4"];

// An optional "UD-" prefix, the file type, then an optional size suffix (Q4_K_M_L, IQ2_XS_R…).
const QUANT_PATTERN =
  "(?<prefix>UD-)?" +
  `(?<quant>${[...FILE_QUANT_NAMES, ...FILENAME_ONLY_LABELS].join("|")})` +
  "(_(?<sizeVariation>[A-Z]+))?";

/** Finds a quantisation label (e.g. "Q4_K_M", "UD-Q4_K_XL", "BF16") in an upper-cased file name. */
export const GGUF_QUANT_RE = new RegExp(QUANT_PATTERN);
/** Same as GGUF_QUANT_RE, global, to list every label in a name. */
export const GGUF_QUANT_RE_GLOBAL = new RegExp(GGUF_QUANT_RE, "g");

/**
 * The quantisation label of a GGUF file name, e.g. "Q4_K_M" for "Mistral-7B-Instruct-v0.3-Q4_K_M.gguf".
 * Case-insensitive; when several labels occur (folder and file), the last one wins. Undefined when
 * the name carries no label.
 */
export function parseGGUFQuantLabel(fname: string): string | undefined {
  // A fresh global regex per call: the exported one keeps `lastIndex` state between uses.
  return fname.toUpperCase().match(new RegExp(QUANT_PATTERN, "g"))?.at(-1);
}

/** File types from the most precise (largest files) to the most compressed. */
export const GGUF_QUANT_ORDER: GGMLFileQuantizationType[] = [
  GGMLFileQuantizationType.F32,
  GGMLFileQuantizationType.BF16,
  GGMLFileQuantizationType.F16,
  GGMLFileQuantizationType.Q8_K_XL,
  GGMLFileQuantizationType.Q8_0,
  GGMLFileQuantizationType.Q6_K_XL,
  GGMLFileQuantizationType.Q6_K,
  GGMLFileQuantizationType.Q5_K_XL,
  GGMLFileQuantizationType.Q5_K_M,
  GGMLFileQuantizationType.Q5_K_S,
  GGMLFileQuantizationType.Q5_0,
  GGMLFileQuantizationType.Q5_1,
  GGMLFileQuantizationType.Q4_K_XL,
  GGMLFileQuantizationType.Q4_K_M,
  GGMLFileQuantizationType.Q4_K_S,
  GGMLFileQuantizationType.IQ4_NL,
  GGMLFileQuantizationType.IQ4_XS,
  GGMLFileQuantizationType.Q4_0_4_4,
  GGMLFileQuantizationType.Q4_0_4_8,
  GGMLFileQuantizationType.Q4_0_8_8,
  GGMLFileQuantizationType.Q4_1_SOME_F16,
  GGMLFileQuantizationType.Q4_0,
  GGMLFileQuantizationType.Q4_1,
  GGMLFileQuantizationType.Q4_2,
  GGMLFileQuantizationType.Q4_3,
  GGMLFileQuantizationType.MXFP4_MOE,
  GGMLFileQuantizationType.NVFP4,
  GGMLFileQuantizationType.Q3_K_XL,
  GGMLFileQuantizationType.Q3_K_L,
  GGMLFileQuantizationType.Q3_K_M,
  GGMLFileQuantizationType.Q3_K_S,
  GGMLFileQuantizationType.IQ3_M,
  GGMLFileQuantizationType.IQ3_S,
  GGMLFileQuantizationType.IQ3_XS,
  GGMLFileQuantizationType.IQ3_XXS,
  GGMLFileQuantizationType.Q2_K_XL,
  GGMLFileQuantizationType.Q2_K,
  GGMLFileQuantizationType.Q2_K_S,
  GGMLFileQuantizationType.IQ2_M,
  GGMLFileQuantizationType.IQ2_S,
  GGMLFileQuantizationType.IQ2_XS,
  GGMLFileQuantizationType.IQ2_XXS,
  GGMLFileQuantizationType.Q2_0,
  GGMLFileQuantizationType.IQ1_S,
  GGMLFileQuantizationType.IQ1_M,
  GGMLFileQuantizationType.TQ1_0,
  GGMLFileQuantizationType.TQ2_0,
  GGMLFileQuantizationType.Q1_0,
];

let quantRank: Map<GGMLFileQuantizationType, number> | undefined;

/**
 * The available file type closest to `quant` without being larger: the largest one that is at most
 * as precise as `quant`, or, when every available one is larger, the smallest of them. Types outside
 * GGUF_QUANT_ORDER are ignored; undefined when none is left.
 */
export function findNearestQuantType(
  quant: GGMLFileQuantizationType,
  availableQuants: GGMLFileQuantizationType[],
): GGMLFileQuantizationType | undefined {
  quantRank ??= new Map(GGUF_QUANT_ORDER.map((type, rank) => [type, rank]));
  const ranks = quantRank;
  const target = ranks.get(quant) ?? 0;
  let atMost: GGMLFileQuantizationType | undefined;
  let smallest: GGMLFileQuantizationType | undefined;
  for (const candidate of availableQuants) {
    const rank = ranks.get(candidate);
    if (rank === undefined) continue;
    if (rank >= target && (atMost === undefined || rank < ranks.get(atMost)!)) atMost = candidate;
    if (smallest === undefined || rank > ranks.get(smallest)!) smallest = candidate;
  }
  return atMost ?? smallest;
}
