// Runs the benchmarks, prints one table (figure, ours, reference, ratio, target, status) and writes
// bench/RESULTS.md. `node bench/run.mjs --only bundle,sse` runs a subset; expects a built workspace
// (scripts/bench.mjs builds it first).
import path from "node:path";
import { BENCH_DIR } from "./lib/paths.mjs";
import { formatTable, machine, writeResults } from "./lib/report.mjs";

const SUITES = [
  "bundle",
  "import",
  "sse",
  "overhead",
  "hub-lookups",
  "snippets",
  "hub-api",
  "hub-proxy",
  "proxy-client",
  "hub-gateway",
  "hub-stores",
  "hub-mirror",
  "hub-xet",
  "web",
  "files",
  "db-import",
  "search-scale",
];

function parseArgs(argv) {
  const options = { only: SUITES, write: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--only" || arg.startsWith("--only=")) {
      const value = arg.includes("=") ? arg.slice(7) : argv[++i];
      const names = (value ?? "").split(",").filter(Boolean);
      const unknown = names.filter((name) => !SUITES.includes(name));
      if (names.length === 0 || unknown.length > 0) {
        throw new Error(
          `--only takes suite names from: ${SUITES.join(", ")}${unknown.length ? ` (unknown: ${unknown.join(", ")})` : ""}`,
        );
      }
      options.only = names;
    } else if (arg === "--no-write") {
      options.write = false;
    } else {
      throw new Error(`unknown argument "${arg}" (use --only a,b and --no-write)`);
    }
  }
  return options;
}

let options;
try {
  options = parseArgs(process.argv.slice(2));
} catch (error) {
  console.error(`bench: ${error.message}`);
  process.exit(2);
}

const startedAt = new Date();
const m = machine();
console.log(`hubkit bench on ${m.cpu}, ${m.memory}, Node ${m.node} (commit ${m.commit})`);
const rows = [];
const sections = [];
/** Why a figure missed, from its profile (suites add one only when the figure missed). */
const notes = [];
for (const name of options.only) {
  const suite = await import(`./suites/${name}.mjs`);
  const started = performance.now();
  process.stdout.write(`\n▶ ${suite.title} … `);
  try {
    const result = await suite.run();
    rows.push(...result.rows);
    for (const note of result.notes ?? []) notes.push(note);
    if (result.details?.length) sections.push({ title: suite.title, lines: result.details });
    console.log(`${((performance.now() - started) / 1000).toFixed(1)} s`);
    for (const line of result.details ?? []) console.log(`  ${line}`);
  } catch (error) {
    console.log("failed");
    console.error(`  ${error.stack ?? error}`);
    rows.push({
      figure: suite.title,
      status: `error: ${String(error.message).split("\n")[0].slice(0, 120)}`,
    });
    sections.push({ title: `${suite.title} (error)`, lines: String(error.stack ?? error).split("\n") });
  }
}

// A partial run still writes a table that names every suite: the ones left out say so.
for (const name of SUITES.filter((name) => !options.only.includes(name))) {
  rows.push({ figure: `(${name} suite)`, status: "not run in this pass" });
}

const seconds = (Date.now() - startedAt.getTime()) / 1000;
console.log(`\n${formatTable(rows)}\n`);
if (options.write) {
  const file = path.join(BENCH_DIR, "RESULTS.md");
  writeResults(file, { rows, sections, notes, startedAt, seconds });
  console.log(`Wrote ${path.relative(process.cwd(), file)} (${seconds.toFixed(0)} s).`);
}
