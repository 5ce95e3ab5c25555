// Unit tests of the web app's lib/ modules that hold logic without a browser: the display helpers,
// the GGUF quant table, the provider order, the try-it task mapping and the contract's toModelData.
// They run in Node with the unit suites (the root vitest.config.ts), on the sources.
import { describe, expect, it } from "vitest";
import { toModelData } from "../../../hub/src/contract/model-data.js";
import type { HubModel } from "../../src/lib/api.js";
import { parseDownloadRule } from "@hubkit/tasks/model-libraries-downloads";
import { describeDownloadRule } from "../../src/lib/download-rule.js";
import { formatCount, formatDate, matchesQuery } from "../../src/lib/format.js";
import { estimatedFileSize, formatBytes, memoryNeeded, quantRows } from "../../src/lib/gguf-quants.js";
import { mappingTasksFor, NOT_ROUTED_PROVIDERS, orderProviders } from "../../src/lib/providers.js";
import { inferenceTask, tableColumns } from "../../src/lib/try-tasks.js";

describe("format", () => {
  it("counts compactly, and shows a dash for what is unknown", () => {
    expect(formatCount(1_234_567)).toBe("1.2M");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(undefined)).toBe("–");
  });

  it("formats ISO dates, and a dash for a missing or invalid one", () => {
    expect(formatDate("2024-11-26T10:00:00.000Z")).toBe("Nov 26, 2024");
    expect(formatDate(undefined)).toBe("–");
    expect(formatDate("not a date")).toBe("–");
  });

  it("matches every word of the query in any field, ignoring case", () => {
    expect(matchesQuery("", "anything")).toBe(true);
    expect(matchesQuery("IMAGE class", "Image Classification")).toBe(true);
    expect(matchesQuery("image audio", "Image Classification", "labels")).toBe(false);
    expect(matchesQuery("audio", undefined, "Audio Classification")).toBe(true);
  });
});

describe("download rules in words", () => {
  it("describes terms, negations and alternatives, and says when the default applies", () => {
    const rule = parseDownloadRule('path:"config.json" OR path_extension:"gguf"');
    expect(describeDownloadRule(rule, false)).toBe(
      'A download is counted each time someone fetches the file "config.json" or any ".gguf" file.',
    );
    expect(describeDownloadRule(rule, true)).toMatch(
      /^No rule of its own, so the hub's default applies: a download/,
    );
  });
});

describe("GGUF quant table", () => {
  it("groups split files by quant, sums known sizes and orders by bits per weight", () => {
    const rows = quantRows([
      { rfilename: "model-Q4_K_M-00001-of-00002.gguf", size: 3e9 },
      { rfilename: "model-Q4_K_M-00002-of-00002.gguf", size: 1e9 },
      { rfilename: "model-Q8_0.gguf", size: 8e9 },
      { rfilename: "README.md", size: 10 },
    ]);
    expect(rows.map((row) => row.quant)).toEqual(["Q8_0", "Q4_K_M"]);
    expect(rows[1]).toMatchObject({ bytes: 4e9, estimated: false, files: expect.any(Array) });
    expect(rows[1].files).toHaveLength(2);
  });

  it("estimates a size from the parameter count when a file's size is unknown, shared between its parts", () => {
    const rows = quantRows([{ rfilename: "a/model.Q8_0.gguf" }], 7e9);
    expect(rows[0].estimated).toBe(true);
    expect(rows[0].bytes).toBeCloseTo((7e9 * rows[0].bits!) / 8);
    expect(estimatedFileSize(rows, "a/model.Q8_0.gguf")).toBe(rows[0].bytes);
    expect(estimatedFileSize(rows, "other.gguf")).toBeUndefined();
  });

  it("needs 20 % more memory than the weights, at least 1 GB more", () => {
    expect(memoryNeeded(10e9)).toBe(12e9);
    expect(memoryNeeded(1e9)).toBe(2e9);
    expect(formatBytes(1.5e9)).toBe("1.5 GB");
    expect(formatBytes(2e12)).toBe("2.00 TB");
    expect(formatBytes(512)).toBe("512 B");
  });
});

describe("provider order", () => {
  const model = (mapping: HubModel["inferenceProviderMapping"]): HubModel => ({
    _id: "1",
    id: "org/model",
    inferenceProviderMapping: mapping,
  });

  it("offers routed providers first, those serving the task next, live before staging", () => {
    const notRouted = [...NOT_ROUTED_PROVIDERS][0];
    const mapping: HubModel["inferenceProviderMapping"] = {
      staging: { status: "staging", providerId: "a", task: "conversational" },
      other: { status: "live", providerId: "b", task: "text-to-image" },
      live: { status: "live", providerId: "c", task: "conversational" },
    };
    if (notRouted) mapping[notRouted] = { status: "live", providerId: "d", task: "conversational" };
    const order = orderProviders(model(mapping), "text-generation");
    expect(order.slice(0, 3)).toEqual(["live", "staging", "other"]);
    if (notRouted) expect(order.at(-1)).toBe(notRouted);
  });

  it("maps a chat task page to the mapping tasks that serve it", () => {
    expect(mappingTasksFor("text-generation")).toEqual(["text-generation", "conversational"]);
    expect(mappingTasksFor("image-text-to-text")).toEqual(["conversational", "image-text-to-text"]);
    expect(mappingTasksFor("text-to-image")).toEqual(["text-to-image"]);
  });
});

describe("try-it tasks", () => {
  it("runs chat models as conversational, vision chat as image-text-to-text, else the mapping's task", () => {
    expect(inferenceTask("text-generation", ["conversational"])).toBe("conversational");
    expect(inferenceTask("image-text-to-text", ["conversational"])).toBe("image-text-to-text");
    expect(inferenceTask("image-text-to-text", [], "conversational")).toBe("image-text-to-text");
    expect(inferenceTask("text-generation", [], "text-generation")).toBe("text-generation");
    expect(inferenceTask("text-to-image", [])).toBe("text-to-image");
  });

  it("turns a table into columns of cells, empty for a short row", () => {
    expect(tableColumns({ columns: ["a", "b"], rows: [["1", "2"], ["3"]] })).toEqual({
      a: ["1", "3"],
      b: ["2", ""],
    });
  });
});

describe("the contract's toModelData", () => {
  it("reads a served model: inference as served, else derived from a live mapping entry", () => {
    const served: HubModel = {
      _id: "1",
      id: "org/chat",
      pipeline_tag: "text-generation",
      tags: ["conversational"],
      inferenceProviderMapping: { together: { status: "live", providerId: "x", task: "conversational" } },
    };
    expect(toModelData(served)).toMatchObject({
      id: "org/chat",
      inference: "warm",
      pipeline_tag: "text-generation",
      tags: ["conversational"],
    });
    expect(toModelData({ ...served, inference: "" }).inference).toBe("");
    const staging = { status: "staging" as const, providerId: "x", task: "conversational" as const };
    expect(toModelData({ _id: "2", id: "org/m", inferenceProviderMapping: { a: staging } })).toMatchObject({
      inference: "",
      tags: [],
    });
  });
});
