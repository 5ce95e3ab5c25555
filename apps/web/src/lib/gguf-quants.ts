// GGUF quantisations of a repository's files: the quant of each file (split files grouped), its bits
// per weight (data/gguf-quant-bits.json) and its size, known or estimated from the parameter count.
import { parseGGUFQuantLabel } from "@hubkit/tasks/gguf";
import QUANT_BITS from "../data/gguf-quant-bits.json" with { type: "json" };

/** Memory a model needs beyond its weights (context cache, runtime): 20 % more, at least 1 GB. */
export function memoryNeeded(fileBytes: number): number {
  return Math.max(fileBytes * 1.2, fileBytes + 1e9);
}

export interface QuantRow {
  quant: string;
  files: string[];
  bits?: number;
  bytes?: number;
  /** true when `bytes` is estimated from the parameter count */
  estimated: boolean;
}

const BITS = QUANT_BITS as unknown as Record<string, number>;

export function quantRows(siblings: { rfilename: string; size?: number }[], parameters?: number): QuantRow[] {
  const rows = new Map<string, QuantRow & { knownBytes: number; unknown: number }>();
  for (const file of siblings) {
    if (!file.rfilename.toLowerCase().endsWith(".gguf")) continue;
    const name = file.rfilename.split("/").pop() ?? file.rfilename;
    const quant = parseGGUFQuantLabel(name)?.replace(/^UD-/, "") ?? "unknown";
    const row = rows.get(quant) ?? { quant, files: [], estimated: false, knownBytes: 0, unknown: 0 };
    row.files.push(file.rfilename);
    if (file.size === undefined) row.unknown++;
    else row.knownBytes += file.size;
    rows.set(quant, row);
  }
  return [...rows.values()]
    .map(({ knownBytes, unknown, ...row }) => {
      const bits = BITS[row.quant];
      if (unknown === 0) return { ...row, bits, bytes: knownBytes };
      const estimate = bits !== undefined && parameters ? (parameters * bits) / 8 : undefined;
      return { ...row, bits, bytes: estimate, estimated: estimate !== undefined };
    })
    .sort((a, b) => (b.bits ?? 0) - (a.bits ?? 0));
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1e12) return `${(bytes / 1e12).toFixed(2)} TB`;
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(bytes >= 1e11 ? 0 : 1)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(0)} MB`;
  if (bytes >= 1e3) return `${(bytes / 1e3).toFixed(0)} KB`;
  return `${bytes} B`;
}

/** The estimated size of one file: its quant's estimate shared between the quant's parts. */
export function estimatedFileSize(rows: QuantRow[], file: string): number | undefined {
  const row = rows.find((entry) => entry.files.includes(file));
  return row?.estimated && row.bytes !== undefined ? row.bytes / row.files.length : undefined;
}
