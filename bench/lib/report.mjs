// The results table, printed to the terminal and written as bench/RESULTS.md.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import { ROOT } from "./paths.mjs";

// Both references are measured in every comparison, in the same run and interleaved: 3.7.1 / 0.18.7
// (the first targets were set against them) and 4.13.30 / 0.21.54 (the current contract). "limit"
// is the physical bound where one exists (the raw read loop for streaming, direct for the proxy).
// "ratio" is the median of per-round ratios with its spread; "status" is met when the median meets
// the goal, and says so when the interquartile range reaches past it.
const COLUMNS = [
  "figure",
  "ours",
  "3.7.1 / 0.18.7",
  "4.13.30 / 0.21.54",
  "limit",
  "ratio: median (spread)",
  "goal",
  "status",
];

function status(row) {
  if (row.status) return row.status;
  if (row.met === undefined) return "reported";
  if (row.met === "median") return "met (median; the IQR reaches past the goal)";
  return row.met ? "met" : "MISSED";
}

function cells(row) {
  const r = row.ratio;
  const ratioText =
    typeof r === "number"
      ? Number.isFinite(r)
        ? `${r < 0.1 ? r.toFixed(3) : r.toFixed(2)}×`
        : "—"
      : (r ?? "—");
  return [
    row.figure,
    row.ours ?? "—",
    row.reference ?? "—",
    row.reference4 ?? "—",
    row.limit ?? "—",
    ratioText,
    row.target ?? "—",
    status(row),
  ];
}

export function formatTable(rows) {
  const table = [COLUMNS, ...rows.map(cells)];
  const widths = COLUMNS.map((_, i) => Math.max(...table.map((line) => String(line[i]).length)));
  const line = (values) =>
    values
      .map((value, i) => String(value).padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  return [line(table[0]), widths.map((w) => "-".repeat(w)).join("  "), ...table.slice(1).map(line)].join(
    "\n",
  );
}

function markdownTable(rows) {
  const escape = (value) => String(value).replaceAll("|", "\\|");
  return [
    `| ${COLUMNS.join(" | ")} |`,
    `|${COLUMNS.map(() => "---").join("|")}|`,
    ...rows.map((row) => `| ${cells(row).map(escape).join(" | ")} |`),
  ].join("\n");
}

export function machine() {
  const cpus = os.cpus();
  let commit = "unknown";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
  } catch {
    // not a git checkout: leave it unknown
  }
  return {
    cpu: `${cpus[0]?.model?.trim() ?? "unknown CPU"} × ${cpus.length}`,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    commit,
  };
}

export function writeResults(file, { rows, sections, notes = [], startedAt, seconds }) {
  const m = machine();
  const text = [
    "# hubkit benchmarks",
    "",
    "Written by `npm run bench` (bench/run.mjs): ours and both reference generations",
    "(`@huggingface/inference` 3.7.1 and 4.13.30, `@huggingface/tasks` 0.18.7 and 0.21.54) measured in the",
    "same run on the same machine, interleaved (a fresh process each, rounds alternating), so a change in",
    "the machine's load hits every variant alike. Each ratio is the median of per-round ratios with its",
    "spread: IQR (q1–q3) and range (min–max) over n rounds. A figure is **met when its median meets the",
    "goal** (the performance issue's rule); where the IQR reaches past the goal the status says so.",
    '"limit" is the physical bound where one exists: the raw `node:http` and `fetch` read loops for',
    "streaming, direct streaming (no proxy) for the hub's /router proxy.",
    "",
    `- date: ${startedAt.toISOString()} (run took ${seconds.toFixed(0)} s)`,
    `- CPU: ${m.cpu}; memory ${m.memory}`,
    `- Node: ${m.node}; ${m.os}`,
    `- commit: ${m.commit}`,
    "",
    markdownTable(rows),
    "",
    ...(notes.length
      ? ["## Why the missed figures missed (profiles)", "", ...notes.map((note) => `- ${note}`), ""]
      : []),
    ...sections.flatMap((section) => [`## ${section.title}`, "", "```", ...section.lines, "```", ""]),
  ].join("\n");
  writeFileSync(file, text);
}
