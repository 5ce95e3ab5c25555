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
}

// A numeric enum maps both ways at runtime; the names are the non-numeric keys, in declaration order.
const QUANT_NAMES = Object.keys(GGMLQuantizationType).filter((key) => Number.isNaN(Number(key)));

// Alternatives in declaration order; an optional size suffix (Q4_K_M, Q2_K_S, Q4_K_L…) follows the type.
const QUANT_PATTERN = `(?<quant>${QUANT_NAMES.join("|")})(_(?<sizeVariation>[A-Z]+))?`;

/** Finds a quantisation label (e.g. "Q4_K_M", "IQ4_XS", "BF16") in an upper-cased file name. */
export const GGUF_QUANT_RE = new RegExp(QUANT_PATTERN);
/** Same as GGUF_QUANT_RE, global, to list every label in a name. */
export const GGUF_QUANT_RE_GLOBAL = new RegExp(GGUF_QUANT_RE, "g");

/**
 * The quantisation label of a GGUF file name, e.g. "Q4_K_M" for "Mistral-7B-Instruct-v0.3-Q4_K_M.gguf".
 * Case-insensitive; when several labels occur (folder and file), the last one wins. Undefined when
 * the name carries no label.
 */
export function parseGGUFQuantLabel(fname: string): string | undefined {
  let last: string | undefined;
  // A fresh global regex per call: the exported one keeps `lastIndex` state between uses.
  for (const match of fname.toUpperCase().matchAll(new RegExp(QUANT_PATTERN, "g"))) {
    last = match[0];
  }
  return last;
}
