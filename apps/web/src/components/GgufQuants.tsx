// The quantisations of a GGUF repository: one row per quant (split files summed), its bits per weight,
// its size (the hub's file sizes, else estimated from the parameter count), and whether it fits the
// memory of the hardware picked (the catalogue's SKUs and memory options). Loaded only on GGUF pages.
import { DEFAULT_MEMORY_OPTIONS } from "@hubkit/tasks/hardware";
import { SKUS } from "@hubkit/tasks/hardware-skus";
import { Check, X } from "lucide-react";
import { useId, useMemo } from "react";
import { formatBytes, memoryNeeded, quantRows } from "../lib/gguf-quants.js";

interface HardwareOption {
  id: string;
  label: string;
  group: string;
  gb: number;
}

/** GPUs and Apple Silicon with each of their memory sizes, then plain memory sizes. */
function hardwareOptions(): HardwareOption[] {
  const options: HardwareOption[] = [];
  const kinds = SKUS as unknown as Record<string, Record<string, Record<string, { memory?: number[] }>>>;
  for (const [kind, vendors] of Object.entries(kinds)) {
    if (kind === "CPU") continue;
    for (const [vendor, models] of Object.entries(vendors)) {
      const group = vendor === "-" ? kind : `${vendor} ${kind}`;
      for (const [name, spec] of Object.entries(models)) {
        for (const gb of spec.memory ?? []) {
          const label = `${vendor === "-" || name.startsWith(vendor) ? "" : `${vendor} `}${name} · ${gb} GB`;
          options.push({ id: `${kind}/${vendor}/${name}/${gb}`, label, group, gb });
        }
      }
    }
  }
  for (const gb of DEFAULT_MEMORY_OPTIONS) {
    options.push({ id: `memory/${gb}`, label: `${gb} GB of memory`, group: "Memory", gb });
  }
  return options;
}

export const DEFAULT_HARDWARE = "GPU/NVIDIA/RTX 4090/24";

interface GgufQuantsProps {
  siblings: { rfilename: string; size?: number }[];
  parameters?: number;
  /** hardware option id (kept in the page's URL) */
  hardware?: string;
  onHardwareChange(id: string): void;
}

export default function GgufQuants({ siblings, parameters, hardware, onHardwareChange }: GgufQuantsProps) {
  const rows = useMemo(() => quantRows(siblings, parameters), [siblings, parameters]);
  const options = useMemo(hardwareOptions, []);
  const selectId = useId();
  const picked =
    options.find((option) => option.id === hardware) ??
    options.find((option) => option.id === DEFAULT_HARDWARE) ??
    options[0];
  const groups = [...new Set(options.map((option) => option.group))];
  if (rows.length === 0) return null;
  return (
    <div className="gguf-quants">
      <div className="field inline">
        <label htmlFor={selectId}>Hardware</label>
        <select id={selectId} value={picked.id} onChange={(event) => onHardwareChange(event.target.value)}>
          {groups.map((group) => (
            <optgroup key={group} label={group}>
              {options
                .filter((option) => option.group === group)
                .map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.label}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div
        className="table-scroll"
        tabIndex={0}
        role="region"
        aria-label="GGUF quantizations (scrolls sideways)"
      >
        <table className="quant-table">
          <caption className="visually-hidden">
            GGUF quantisations, their sizes and whether they fit {picked.label}
          </caption>
          <thead>
            <tr>
              <th scope="col">Quant</th>
              <th scope="col">Bits / weight</th>
              <th scope="col">Size</th>
              <th scope="col">Fits {picked.gb} GB?</th>
              <th scope="col">Smallest memory</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const need = row.bytes === undefined ? undefined : memoryNeeded(row.bytes);
              const fits = need === undefined ? undefined : need <= picked.gb * 1e9;
              const smallest =
                need === undefined ? undefined : DEFAULT_MEMORY_OPTIONS.find((gb) => gb * 1e9 >= need);
              return (
                <tr key={row.quant} data-quant={row.quant}>
                  <th scope="row">
                    <code>{row.quant}</code>
                    {row.files.length > 1 && <span className="muted small"> · {row.files.length} parts</span>}
                  </th>
                  <td>{row.bits === undefined ? "–" : row.bits}</td>
                  <td>
                    {row.bytes === undefined ? "–" : `${row.estimated ? "≈ " : ""}${formatBytes(row.bytes)}`}
                  </td>
                  <td className={fits === undefined ? "" : fits ? "fits" : "too-big"}>
                    {fits === undefined ? (
                      "–"
                    ) : fits ? (
                      <>
                        <Check size={14} aria-hidden /> fits
                      </>
                    ) : (
                      <>
                        <X size={14} aria-hidden /> too big
                      </>
                    )}
                  </td>
                  <td>
                    {smallest === undefined
                      ? need === undefined
                        ? "–"
                        : "more than 2 TB"
                      : `${smallest} GB`}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="hint">
        A quant fits when its file plus 20 % (at least 1 GB) for the context cache and runtime fits in memory.
        {rows.some((row) => row.estimated) && " Sizes marked ≈ are estimated from the parameter count."}
      </p>
    </div>
  );
}
