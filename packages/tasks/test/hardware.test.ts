import { describe, expect, it } from "vitest";
import { DEFAULT_MEMORY_OPTIONS, SKUS, type HardwareSpec } from "../src/hardware.js";

const groups = Object.entries(SKUS) as [string, Record<string, Record<string, HardwareSpec>>][];
const all = groups.flatMap(([type, vendors]) =>
  Object.entries(vendors).flatMap(([vendor, skus]) =>
    Object.entries(skus).map(([name, spec]) => ({ type, vendor, name, spec })),
  ),
);

describe("SKUS", () => {
  it("has 160 SKUs split by kind and vendor as in the contract", () => {
    expect(all).toHaveLength(160);
    const counts = Object.fromEntries(
      groups.flatMap(([type, vendors]) =>
        Object.entries(vendors).map(([vendor, skus]) => [`${type}/${vendor}`, Object.keys(skus).length]),
      ),
    );
    expect(counts).toEqual({
      "GPU/NVIDIA": 83,
      "GPU/AMD": 17,
      "GPU/INTEL": 4,
      "GPU/QUALCOMM": 5,
      "CPU/Intel": 20,
      "CPU/AMD": 16,
      "Apple Silicon/-": 15,
    });
  });

  it("has no memory sizes exactly for CPUs and Qualcomm chips", () => {
    const withoutMemory = all.filter((s) => s.spec.memory === undefined);
    expect(withoutMemory).toHaveLength(41);
    for (const sku of withoutMemory) {
      expect(sku.type === "CPU" || sku.vendor === "QUALCOMM", sku.name).toBe(true);
    }
  });

  it("has positive tflops and memory sizes", () => {
    for (const { name, spec } of all) {
      expect(spec.tflops, name).toBeGreaterThan(0);
      for (const gb of spec.memory ?? []) expect(gb, name).toBeGreaterThan(0);
    }
  });

  it("matches the contract's sample values", () => {
    expect(SKUS.GPU.NVIDIA.H100).toEqual({ tflops: 267.6, memory: [80] });
    expect(SKUS.GPU.NVIDIA.H200).toEqual({ tflops: 241.3, memory: [141] });
    expect(SKUS.GPU.NVIDIA.A100).toEqual({ tflops: 77.97, memory: [80, 40] });
    expect(SKUS.GPU.NVIDIA.T4).toEqual({ tflops: 65.13, memory: [16] });
    expect(SKUS.GPU.NVIDIA["RTX 4090"]).toEqual({ tflops: 82.58, memory: [24] });
    expect(SKUS["Apple Silicon"]["-"]["Apple M4 Max"]).toEqual({
      tflops: 18.4,
      memory: [36, 48, 64, 96, 128, 256, 512],
    });
  });
});

describe("DEFAULT_MEMORY_OPTIONS", () => {
  it("lists 12 increasing sizes up to 512 GB", () => {
    expect(DEFAULT_MEMORY_OPTIONS).toEqual([8, 16, 24, 32, 40, 48, 64, 80, 96, 128, 256, 512]);
  });
});
