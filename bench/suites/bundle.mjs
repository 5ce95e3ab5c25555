// Bundle sizes: esbuild, minified, browser ESM, gzipped (level 9). Each entry imports only the named
// export from the package, as an application would, and tree shaking keeps what that name reaches.
import { gzipSync } from "node:zlib";
import * as esbuild from "esbuild";
import { BENCH_DIR, SPECIFIERS } from "../lib/paths.mjs";
import { runWorker } from "../lib/child.mjs";
import { kb, ratio } from "../lib/stats.mjs";

export const title = "bundle sizes";

/** Bundles `source` (resolved from bench/) and returns its sizes and the biggest contributors. */
export async function bundle(source) {
  const result = await esbuild.build({
    stdin: { contents: source, resolveDir: BENCH_DIR, loader: "js", sourcefile: "entry.js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const code = result.outputFiles[0].contents;
  const inputs = Object.values(result.metafile.outputs)[0].inputs;
  const top = Object.entries(inputs)
    .map(([file, info]) => ({ file: file.replace(/^(\.\.\/)+/, ""), bytes: info.bytesInOutput }))
    .filter((entry) => entry.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length, top };
}

function entry(impl, pkg, names) {
  return `export { ${names.join(", ")} } from "${SPECIFIERS[impl][pkg]}";`;
}

function topLines(top, count = 6) {
  return top.slice(0, count).map((entry) => `${kb(entry.bytes)} ${entry.file}`);
}

export async function run() {
  const rows = [];
  const details = [];

  const cases = [
    { figure: "bundle, `chatCompletion` only (gz)", names: ["chatCompletion"], limit: 6 * 1024, factor: 0.1 },
    { figure: "bundle, whole `InferenceClient` (gz)", names: ["InferenceClient"], limit: 20 * 1024 },
  ];
  for (const c of cases) {
    const ours = await bundle(entry("ours", "inference", c.names));
    const reference = await bundle(entry("reference", "inference", c.names));
    const reference4 = await bundle(entry("reference4", "inference", c.names));
    const r = ratio(ours.gzipped, reference.gzipped);
    const met = ours.gzipped <= c.limit && (c.factor === undefined || r <= c.factor);
    rows.push({
      figure: c.figure,
      ours: `${kb(ours.gzipped)} (${kb(ours.minified)} min)`,
      reference: `${kb(reference.gzipped)} (${kb(reference.minified)} min)`,
      reference4: `${kb(reference4.gzipped)} (${kb(reference4.minified)} min)`,
      ratio: r,
      target: c.factor ? `≤ ${kb(c.limit)}, ≥ ${1 / c.factor}× smaller` : `≤ ${kb(c.limit)}`,
      met,
    });
    details.push(
      `${c.figure}: biggest modules in ours (minified bytes in the bundle):`,
      ...topLines(ours.top).map((line) => `  ${line}`),
      `  reference:`,
      ...topLines(reference.top, 4).map((line) => `  ${line}`),
    );
  }

  // The library registry: bytes per library, since the two registries list different numbers of libraries.
  const counts = await runWorker("count-libraries");
  const ours = await bundle(entry("ours", "tasks", ["MODEL_LIBRARIES_UI_ELEMENTS"]));
  const reference = await bundle(entry("reference", "tasks", ["MODEL_LIBRARIES_UI_ELEMENTS"]));
  const oursPer = ours.gzipped / counts.ours;
  const referencePer = reference.gzipped / counts.reference;
  rows.push({
    figure: "bundle, library registry (gz per library)",
    ours: `${oursPer.toFixed(0)} B (${kb(ours.gzipped)} / ${counts.ours})`,
    reference: `${referencePer.toFixed(0)} B (${kb(reference.gzipped)} / ${counts.reference})`,
    ratio: ratio(oursPer, referencePer),
    target: "≤ 0.5×",
    met: oursPer <= 0.5 * referencePer,
  });
  const share = (test) =>
    ours.top.filter((entry) => test(entry.file)).reduce((sum, entry) => sum + entry.bytes, 0);
  const snippetBytes = share((file) => file.includes("/library-snippets/"));
  const dataBytes = share((file) => file.endsWith("/model-libraries-data.js"));
  details.push(
    `library registry: ours lists ${counts.ours} libraries (${counts.oursWithSnippets} with snippet generators), ` +
      `the reference ${counts.reference} (${counts.referenceWithSnippets} with snippet generators)`,
    `  ours, minified: snippet generators ${kb(snippetBytes)}, library data ${kb(dataBytes)}, ` +
      `other ${kb(ours.minified - snippetBytes - dataBytes)} of ${kb(ours.minified)}`,
    "  biggest modules in ours:",
    ...topLines(ours.top).map((line) => `  ${line}`),
  );
  return { rows, details };
}
