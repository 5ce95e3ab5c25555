import { describe, expect, it } from "vitest";
import {
  DEFAULT_MEMORY_OPTIONS,
  type AmdGpuHardwareSpec,
  type HardwareSpec,
  type NvidiaHardwareSpec,
} from "../src/hardware.js";
import { SKUS } from "../src/hardware-skus.js";
import { SKU_TABLE } from "../src/hardware-skus-table.js";

// Every figure is compared with @huggingface/tasks 0.21.54 in reference/reference-0.21.test.ts; these
// tests check the shape the hardware pickers rely on.
const groups = Object.entries(SKUS) as [string, Record<string, Record<string, HardwareSpec>>][];
const all = groups.flatMap(([type, vendors]) =>
  Object.entries(vendors).flatMap(([vendor, skus]) =>
    Object.entries(skus).map(([name, spec]) => ({ type, vendor, name, spec })),
  ),
);

describe("SKUS", () => {
  it("is the whole SKU table, kinds in table order (SKUS lists the kinds to build them lazily)", () => {
    expect(Object.keys(SKUS)).toEqual(Object.keys(SKU_TABLE));
    expect(SKUS).toStrictEqual(SKU_TABLE);
  });

  it("has 251 SKUs split by kind and vendor", () => {
    expect(all).toHaveLength(251);
    const counts = Object.fromEntries(
      groups.flatMap(([type, vendors]) =>
        Object.entries(vendors).map(([vendor, skus]) => [`${type}/${vendor}`, Object.keys(skus).length]),
      ),
    );
    expect(counts).toEqual({
      "GPU/NVIDIA": 122,
      "GPU/AMD": 42,
      "GPU/INTEL": 8,
      "GPU/QUALCOMM": 5,
      "CPU/Intel": 26,
      "CPU/AMD": 28,
      "Apple Silicon/-": 20,
    });
  });

  it("has no memory sizes exactly for CPUs and Qualcomm chips", () => {
    const withoutMemory = all.filter((s) => s.spec.memory === undefined);
    expect(withoutMemory).toHaveLength(59);
    for (const sku of withoutMemory) {
      expect(sku.type === "CPU" || sku.vendor === "QUALCOMM", sku.name).toBe(true);
    }
  });

  it("has positive figures and a plausible release year everywhere", () => {
    for (const { name, spec } of all) {
      expect(spec.tflops, name).toBeGreaterThan(0);
      expect(spec.msrp, name).toBeGreaterThan(0);
      expect(spec.power, name).toBeGreaterThan(0);
      expect(spec.releaseYear, name).toBeGreaterThanOrEqual(2010);
      expect(spec.releaseYear, name).toBeLessThanOrEqual(2030);
      for (const gb of spec.memory ?? []) expect(gb, name).toBeGreaterThan(0);
    }
  });

  it("gives every NVIDIA GPU a compute capability and every AMD GPU a gfx target", () => {
    for (const [name, spec] of Object.entries(SKUS.GPU.NVIDIA as Record<string, NvidiaHardwareSpec>)) {
      expect(spec.computeCapability, name).toBeGreaterThanOrEqual(5);
    }
    for (const [name, spec] of Object.entries(SKUS.GPU.AMD as Record<string, AmdGpuHardwareSpec>)) {
      expect(spec.gfxVersion, name).toMatch(/^gfx[0-9a-f]+$/);
    }
  });

  it("matches sample values", () => {
    expect(SKUS.GPU.NVIDIA.H100).toEqual({
      tflops: 267.6,
      memory: [80],
      computeCapability: 9,
      msrp: 30000,
      power: 700,
      releaseYear: 2022,
    });
    expect(SKUS["Apple Silicon"]["-"]["Apple M4 Max"]).toEqual({
      tflops: 18.4,
      memory: [36, 48, 64, 128],
      msrp: 5000,
      power: 100,
      releaseYear: 2024,
    });
  });
});

describe("DEFAULT_MEMORY_OPTIONS", () => {
  it("lists 18 increasing sizes up to 2048 GB", () => {
    expect(DEFAULT_MEMORY_OPTIONS).toHaveLength(18);
    expect(DEFAULT_MEMORY_OPTIONS.at(-1)).toBe(2048);
    expect([...DEFAULT_MEMORY_OPTIONS].sort((a, b) => a - b)).toEqual(DEFAULT_MEMORY_OPTIONS);
  });
});
