// Cold import: wall time of a fresh `node` process that imports the package, minus that of a bare
// `node` process doing nothing. Runs are interleaved (bare, ours, reference, …) so changes in the
// machine's load hit all variants alike; figures are medians. Each process also reports the time
// of the import statement itself (in-process), which is less exposed to process start-up noise.
// A diagnostic variant imports our dist bundled into one file with esbuild: it shows how much of our
// import time is the ES module loader walking many small files rather than our code running.
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import * as esbuild from "esbuild";
import { BENCH_DIR, DATA_DIR, OURS, SPECIFIERS } from "../lib/paths.mjs";
import { median, ms, ratio } from "../lib/stats.mjs";

export const title = "cold import";

const RUNS = 15;

// The child reports the import statement's own time and, at exit, its whole CPU time (user + system,
// all threads): on a shared machine CPU time is far steadier than wall time, which mostly measures
// how long the process waited for a core.
const PROBE = `process.on("exit", () => { const u = process.cpuUsage(); console.log(JSON.stringify({ inProcess: globalThis.importMs ?? 0, cpu: (u.user + u.system) / 1000 })); });`;

function timeProcess(specifier) {
  const code = specifier
    ? `${PROBE} const t = performance.now(); await import(${JSON.stringify(specifier)}); globalThis.importMs = performance.now() - t;`
    : PROBE;
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", code], {
    cwd: BENCH_DIR,
    encoding: "utf8",
  });
  const wall = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`importing ${specifier} failed: ${result.stderr}`);
  return { wall, ...JSON.parse(result.stdout.trim().split("\n").at(-1)) };
}

async function bundleToOneFile(entry, name) {
  const outfile = path.join(DATA_DIR, "bundled", `${name}.mjs`);
  mkdirSync(path.dirname(outfile), { recursive: true });
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: "esm",
    platform: "node",
    logLevel: "silent",
  });
  return outfile;
}

async function measure(pkg) {
  const variants = {
    bare: "",
    ours: SPECIFIERS.ours[pkg],
    reference: SPECIFIERS.reference[pkg],
    ...(SPECIFIERS.reference4[pkg] ? { reference4: SPECIFIERS.reference4[pkg] } : {}),
    oursBundled: await bundleToOneFile(OURS[pkg], pkg),
  };
  for (const specifier of Object.values(variants)) timeProcess(specifier); // warm the file cache
  const samples = Object.fromEntries(
    Object.keys(variants).map((key) => [key, { wall: [], cpu: [], inProcess: [] }]),
  );
  for (let i = 0; i < RUNS; i++) {
    for (const [key, specifier] of Object.entries(variants)) {
      const sample = timeProcess(specifier);
      samples[key].wall.push(sample.wall);
      samples[key].cpu.push(sample.cpu);
      samples[key].inProcess.push(sample.inProcess);
    }
  }
  const bare = { wall: median(samples.bare.wall), cpu: median(samples.bare.cpu) };
  const result = { bare };
  for (const key of Object.keys(variants).filter((key) => key !== "bare")) {
    result[key] = {
      wall: median(samples[key].wall) - bare.wall,
      cpu: median(samples[key].cpu) - bare.cpu,
      inProcess: median(samples[key].inProcess),
    };
  }
  return result;
}

export async function run() {
  const rows = [];
  const details = [];
  const cases = [
    { figure: "cold import of the client", pkg: "inference", factor: 0.25 },
    { figure: "cold import of the catalogue", pkg: "tasks", factor: 0.5 },
  ];
  for (const c of cases) {
    const m = await measure(c.pkg);
    const r = ratio(m.ours.cpu, m.reference.cpu);
    rows.push({
      figure: `${c.figure} (CPU time)`,
      ours: ms(m.ours.cpu),
      reference: ms(m.reference.cpu),
      reference4: m.reference4 ? ms(m.reference4.cpu) : undefined,
      ratio: r,
      target: `≤ ${c.factor}×`,
      met: r <= c.factor,
    });
    const rb = ratio(m.oursBundled.cpu, m.reference.cpu);
    rows.push({
      figure: `  (diagnostic) same, our dist bundled into one file`,
      ours: ms(m.oursBundled.cpu),
      reference: ms(m.reference.cpu),
      ratio: rb,
      target: `≤ ${c.factor}×`,
      status: rb <= c.factor ? "would meet" : "would miss",
    });
    details.push(
      `${c.figure}: bare node ${ms(m.bare.cpu)} CPU, ${ms(m.bare.wall)} wall (medians of ${RUNS} interleaved runs), subtracted from each.`,
      `  wall time: ours ${ms(m.ours.wall)}, reference ${ms(m.reference.wall)}, ours bundled ${ms(m.oursBundled.wall)}`,
      `  in-process time of the import statement: ours ${ms(m.ours.inProcess)}, reference ${ms(m.reference.inProcess)}, ` +
        `ours bundled into one file ${ms(m.oursBundled.inProcess)}`,
    );
  }
  return { rows, details };
}
