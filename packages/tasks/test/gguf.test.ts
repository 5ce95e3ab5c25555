import { describe, expect, it } from "vitest";
import {
  GGMLFileQuantizationType,
  GGMLQuantizationType,
  GGUF_QUANT_ORDER,
  GGUF_QUANT_RE,
  GGUF_QUANT_RE_GLOBAL,
  findNearestQuantType,
  parseGGUFQuantLabel,
} from "../src/gguf.js";

describe("GGMLQuantizationType", () => {
  it("has the 35 ggml type ids", () => {
    // prettier-ignore
    const expected: Record<string, number> = {
      F32: 0, F16: 1, Q4_0: 2, Q4_1: 3, Q5_0: 6, Q5_1: 7, Q8_0: 8, Q8_1: 9, Q2_K: 10, Q3_K: 11, Q4_K: 12,
      Q5_K: 13, Q6_K: 14, Q8_K: 15, IQ2_XXS: 16, IQ2_XS: 17, IQ3_XXS: 18, IQ1_S: 19, IQ4_NL: 20, IQ3_S: 21,
      IQ2_S: 22, IQ4_XS: 23, I8: 24, I16: 25, I32: 26, I64: 27, F64: 28, IQ1_M: 29, BF16: 30,
      TQ1_0: 34, TQ2_0: 35, MXFP4: 39, NVFP4: 40, Q1_0: 41, Q2_0: 42,
    };
    const names = Object.keys(GGMLQuantizationType).filter((k) => Number.isNaN(Number(k)));
    expect(names).toHaveLength(35);
    expect(
      Object.fromEntries(names.map((n) => [n, GGMLQuantizationType[n as keyof typeof GGMLQuantizationType]])),
    ).toEqual(expected);
    // numeric enums map back from value to name
    expect(GGMLQuantizationType[30]).toBe("BF16");
    expect(GGMLQuantizationType[4]).toBeUndefined();
  });
});

describe("GGUF_QUANT_RE", () => {
  it("captures the type and the size variant", () => {
    // File types are matched whole (Q4_K_M is one file type); a suffix beyond them is the size variant.
    const match = "LLAMA-3-8B-Q4_K_M.GGUF".match(GGUF_QUANT_RE);
    expect(match?.groups?.quant).toBe("Q4_K_M");
    expect(match?.groups?.sizeVariation).toBeUndefined();
    const unsloth = "MODEL-UD-Q4_K_XL.GGUF".match(GGUF_QUANT_RE);
    expect(unsloth?.groups).toMatchObject({ prefix: "UD-", quant: "Q4_K_XL" });
    // MXFP4_MOE (a file type) wins over the file-name label MXFP4 followed by a size variant.
    expect("GPT-OSS-MXFP4_MOE.GGUF".match(GGUF_QUANT_RE)?.groups?.quant).toBe("MXFP4_MOE");
    expect(GGUF_QUANT_RE.flags).not.toContain("g");
    expect(GGUF_QUANT_RE_GLOBAL.flags).toContain("g");
    expect(GGUF_QUANT_RE_GLOBAL.source).toBe(GGUF_QUANT_RE.source);
  });

  it("lists every label with the global variant", () => {
    const labels = [..."Q8_0/MODEL-Q8_0-00001-OF-00002.GGUF".matchAll(GGUF_QUANT_RE_GLOBAL)].map((m) => m[0]);
    expect(labels).toEqual(["Q8_0", "Q8_0"]);
  });
});

describe("parseGGUFQuantLabel", () => {
  it.each([
    ["Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf", "Q4_K_M"],
    ["Qwen2.5-7B-Instruct-IQ4_XS.gguf", "IQ4_XS"],
    ["gemma-2b-f16.gguf", "F16"],
    ["phi-3-mini.BF16.gguf", "BF16"],
    ["mistral-7b-instruct-v0.2.q2_k_s.gguf", "Q2_K_S"],
    ["Q4_0/Llama-3.3-70B-Instruct-Q4_0-00001-of-00003.gguf", "Q4_0"],
    ["DeepSeek-R1-Distill-Qwen-7B-UD-Q4_K_XL.gguf", "UD-Q4_K_XL"],
    ["gpt-oss-20b-MXFP4.gguf", "MXFP4"],
    ["tinyllama-1.1b-chat-v1.0.Q8_0.gguf", "Q8_0"],
    ["Mixtral-8x7B-Instruct-v0.1.IQ1_M.gguf", "IQ1_M"],
    ["model-IQ2_XXS.gguf", "IQ2_XXS"],
    ["stablelm-2-1_6b-chat.Q5_K_M.gguf", "Q5_K_M"],
  ])("%s → %s", (fname, label) => {
    expect(parseGGUFQuantLabel(fname)).toBe(label);
  });

  it("takes the last label when a folder and a file disagree", () => {
    expect(parseGGUFQuantLabel("Q8_0/model-Q4_K_M.gguf")).toBe("Q4_K_M");
  });

  it("returns undefined when there is no label", () => {
    expect(parseGGUFQuantLabel("nothing.gguf")).toBeUndefined();
    expect(parseGGUFQuantLabel("")).toBeUndefined();
  });

  it("is not affected by earlier uses of the global regex", () => {
    GGUF_QUANT_RE_GLOBAL.exec("AAA-Q4_0-BBB-Q8_0");
    try {
      expect(parseGGUFQuantLabel("x-Q6_K.gguf")).toBe("Q6_K");
    } finally {
      // The exported regex is shared: leave it as the other tests expect it, whatever their order.
      GGUF_QUANT_RE_GLOBAL.lastIndex = 0;
    }
  });
});

describe("GGUF_QUANT_ORDER and findNearestQuantType", () => {
  const Q = GGMLFileQuantizationType;

  it("orders every file type from the most precise to the most compressed", () => {
    expect(GGUF_QUANT_ORDER[0]).toBe(Q.F32);
    expect(GGUF_QUANT_ORDER.at(-1)).toBe(Q.Q1_0);
    expect(new Set(GGUF_QUANT_ORDER).size).toBe(GGUF_QUANT_ORDER.length);
    expect(GGUF_QUANT_ORDER.indexOf(Q.Q8_0)).toBeLessThan(GGUF_QUANT_ORDER.indexOf(Q.Q4_K_M));
  });

  it("picks the largest available type that is not more precise than the one asked for", () => {
    expect(findNearestQuantType(Q.Q4_K_M, [Q.Q8_0, Q.Q4_K_M, Q.Q2_K])).toBe(Q.Q4_K_M);
    expect(findNearestQuantType(Q.Q4_K_M, [Q.Q8_0, Q.Q2_K, Q.Q3_K_S])).toBe(Q.Q3_K_S);
  });

  it("falls back to the smallest available type when all are more precise, and to undefined when none", () => {
    expect(findNearestQuantType(Q.Q2_K, [Q.Q8_0, Q.Q4_0])).toBe(Q.Q4_0);
    expect(findNearestQuantType(Q.F16, [])).toBeUndefined();
  });
});
