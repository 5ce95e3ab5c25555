// SKUS: the SKU table of hardware-skus-table.ts, each kind (GPU, CPU, Apple Silicon) built on first read (see
// lazy.ts). In the Node bundle the table is compiled on that first read, not at import: its many
// small objects cost more to compile than any other data of the package (see scripts/bundle.mjs).
import * as skuTableModule from "./hardware-skus-table.js";
import { lazyRecord } from "./lazy.js";

type SkuTable = typeof skuTableModule.SKU_TABLE;

/** The whole table. Keep it `return <namespace>.<export>;`: the bundle step rewrites that form. */
function loadTable(): SkuTable {
  return skuTableModule.SKU_TABLE;
}

/** Known SKUs by kind, then vendor (Apple Silicon has a single "-" vendor group), then model name. */
export const SKUS: SkuTable = lazyRecord(
  ["GPU", "CPU", "Apple Silicon"] as const,
  (kind) => loadTable()[kind],
) as SkuTable;

export type SkuType = keyof typeof SKUS;
