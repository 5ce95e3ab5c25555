// Bundle sizes: esbuild, minified, browser ESM, gzipped (level 9). Each entry imports only the named
// export from the package, as an application would, and tree shaking keeps what that name reaches.
import { readFile } from "node:fs/promises";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import * as esbuild from "esbuild";
import { parse } from "acorn";
import { BENCH_DIR, SPECIFIERS } from "../lib/paths.mjs";
import { runWorker } from "../lib/child.mjs";
import { kb, ratio } from "../lib/stats.mjs";

export const title = "bundle sizes";

/** Bundles `source` (resolved from bench/) and returns its sizes and the biggest contributors. */
export async function bundle(source, external = [], plugins = []) {
  const result = await esbuild.build({
    external,
    plugins,
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
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length, top, code };
}

/**
 * Splits a bundle into the text of its string and template literals and the code around them, each
 * gzipped on its own: says whether bytes go to what a snippet prints or to the logic that prints it.
 */
function textAndCode(code) {
  const source = Buffer.from(code).toString("utf8");
  const pieces = [];
  const visit = (node) => {
    if (!node || typeof node.type !== "string") return;
    if ((node.type === "Literal" && typeof node.value === "string") || node.type === "TemplateElement") {
      pieces.push(node);
      return;
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === "object") visit(value);
    }
  };
  visit(parse(source, { ecmaVersion: "latest", sourceType: "module" }));
  pieces.sort((a, b) => a.start - b.start);
  let rest = "";
  let at = 0;
  for (const piece of pieces) {
    rest += source.slice(at, piece.start);
    at = piece.end;
  }
  rest += source.slice(at);
  const text = pieces
    .map((piece) => (piece.type === "Literal" ? piece.value : piece.value.cooked))
    .join("\n");
  const gz = (string) => gzipSync(Buffer.from(string), { level: 9 }).length;
  return { text: gz(text), code: gz(rest) };
}

/**
 * An esbuild plugin that keeps, of our snippet generators, only those of `keys`: the other entries of
 * each family object (`*_SNIPPETS` in library-snippets/) are cut from the built files as they load, and
 * the helpers only they used are then tree-shaken. Like for like with a reference: the same libraries.
 */
function onlySnippetsOf(keys) {
  const keep = new Set(keys);
  return {
    name: "only-these-snippets",
    setup(build) {
      build.onLoad({ filter: /[\\/]library-snippets[\\/][^\\/]+\.js$/ }, async (args) => {
        const source = await readFile(args.path, "utf8");
        const cuts = [];
        for (const node of parse(source, { ecmaVersion: "latest", sourceType: "module" }).body) {
          if (node.type !== "ExportNamedDeclaration" || node.declaration?.type !== "VariableDeclaration")
            continue;
          for (const declarator of node.declaration.declarations) {
            if (!/_SNIPPETS$/.test(declarator.id.name) || declarator.init?.type !== "ObjectExpression")
              continue;
            for (const property of declarator.init.properties) {
              if (property.type !== "Property") continue;
              const key = property.key.type === "Identifier" ? property.key.name : property.key.value;
              if (keep.has(key)) continue;
              // The entry and the comma after it.
              const comma = /^\s*,/.exec(source.slice(property.end));
              cuts.push([property.start, property.end + (comma ? comma[0].length : 0)]);
            }
          }
        }
        let contents = "";
        let at = 0;
        for (const [start, end] of cuts) {
          contents += source.slice(at, start);
          at = end;
        }
        return { contents: contents + source.slice(at), loader: "js" };
      });
    },
  };
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
      ours: `${kb(ours.gzipped)} = ${ours.gzipped} B (${kb(ours.minified)} min)`,
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

  // The library registry: bytes per library, since the registries list different numbers of
  // libraries. Like for like: the registry modules alone (not the package index, which pulls in
  // unrelated modules of the reference), and our facts-only entry point against what a consumer that
  // needs only facts must load from a reference (its registry module, which imports its snippets).
  const counts = await runWorker("count-libraries");
  const registryEntry = (from) => `export { MODEL_LIBRARIES_UI_ELEMENTS } from "${from}";`;
  const ours = await bundle(registryEntry("@hubkit/tasks/model-libraries"));
  const oursFacts = await bundle(
    `export { MODEL_LIBRARIES_DATA } from "@hubkit/tasks/model-libraries-data";`,
  );
  const reference = await bundle(
    registryEntry("./node_modules/@huggingface/tasks/dist/esm/model-libraries.js"),
  );
  const reference4 = await bundle(registryEntry("./node_modules/hf-tasks-021/dist/esm/model-libraries.js"));
  const oursPer = ours.gzipped / counts.ours;
  const factsPer = oursFacts.gzipped / counts.ours;
  const referencePer = reference.gzipped / counts.reference;
  const reference4Per = reference4.gzipped / counts.reference4;
  const perLibrary = (bytes, size, count) => `${bytes.toFixed(0)} B (${kb(size)} / ${count})`;
  rows.push({
    figure: "library facts only, gz per library (facts entry vs reference registry module)",
    ours: perLibrary(factsPer, oursFacts.gzipped, counts.ours),
    reference: perLibrary(referencePer, reference.gzipped, counts.reference),
    reference4: perLibrary(reference4Per, reference4.gzipped, counts.reference4),
    ratio: `${ratio(factsPer, referencePer).toFixed(2)}× / ${ratio(factsPer, reference4Per).toFixed(2)}× (exact sizes)`,
    target: "≤ 0.5× both",
    met: factsPer <= 0.5 * referencePer && factsPer <= 0.5 * reference4Per,
  });
  rows.push({
    figure: "library registry module alone, gz per library (facts + snippets)",
    ours: perLibrary(oursPer, ours.gzipped, counts.ours),
    reference: perLibrary(referencePer, reference.gzipped, counts.reference),
    reference4: perLibrary(reference4Per, reference4.gzipped, counts.reference4),
    ratio: `${ratio(oursPer, referencePer).toFixed(2)}× / ${ratio(oursPer, reference4Per).toFixed(2)}× (exact sizes)`,
    target: "report",
  });
  // Snippet code per library that has snippets: the registry minus the same registry bundled with its
  // snippet generators left out, for ours as for the references. (Subtracting our facts-only entry
  // instead charged the snippets with registry code that is not snippets: the key lists and the lazy
  // record, 1.5 KB gz, which the references' own subtraction keeps on the facts side.)
  const oursWithout = await bundle(registryEntry("@hubkit/tasks/model-libraries"), [
    "./library-snippets/index.js",
  ]);
  const oursFactsInRegistry = oursWithout.gzipped;
  const snippetPer = (total, facts, withSnippets) => (total - facts) / withSnippets;
  const referenceFacts = await bundle(
    registryEntry("./node_modules/@huggingface/tasks/dist/esm/model-libraries.js"),
    ["./model-libraries-snippets.js"],
  );
  const reference4Facts = await bundle(
    registryEntry("./node_modules/hf-tasks-021/dist/esm/model-libraries.js"),
    ["./model-libraries-snippets.js"],
  );
  const oursSnippets = snippetPer(ours.gzipped, oursFactsInRegistry, counts.oursWithSnippets);
  const referenceSnippets = snippetPer(
    reference.gzipped,
    referenceFacts.gzipped,
    counts.referenceWithSnippets,
  );
  const reference4Snippets = snippetPer(
    reference4.gzipped,
    reference4Facts.gzipped,
    counts.reference4WithSnippets,
  );
  rows.push({
    figure: "  snippet code per library with snippets (registry − facts, gz)",
    ours: `${oursSnippets.toFixed(0)} B (${counts.oursWithSnippets} libraries)`,
    reference: `${referenceSnippets.toFixed(0)} B (${counts.referenceWithSnippets})`,
    reference4: `${reference4Snippets.toFixed(0)} B (${counts.reference4WithSnippets})`,
    ratio: `${ratio(oursSnippets, referenceSnippets).toFixed(2)}× / ${ratio(oursSnippets, reference4Snippets).toFixed(2)}×`,
    target: "≤ 1× both",
    met: oursSnippets <= referenceSnippets && oursSnippets <= reference4Snippets,
  });
  // Diagnostic: the same figure like for like, on the same libraries: our registry bundled with only the
  // generators of the libraries that the reference has generators for. The subset bundle must show the
  // very snippets the whole registry shows for those libraries (checked on a bare and a tagged model).
  const sameLibraries = async (referenceKeys) => {
    const keys = referenceKeys.filter((key) => counts.oursSnippetKeys.includes(key));
    const subset = await bundle(registryEntry("@hubkit/tasks/model-libraries"), [], [onlySnippetsOf(keys)]);
    const load = (code) =>
      import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`).then(
        (module) => module.MODEL_LIBRARIES_UI_ELEMENTS,
      );
    const [whole, part] = await Promise.all([load(ours.code), load(subset.code)]);
    const models = [
      { id: "org/model", tags: [], config: {}, cardData: {} },
      { id: "org/model", pipeline_tag: "text-to-image", tags: ["lora"], config: {}, cardData: {} },
    ];
    for (const [key, library] of Object.entries(whole)) {
      if (!library.snippets) continue;
      if (!keys.includes(key)) {
        if (part[key]?.snippets) throw new Error(`like for like: ${key} kept its snippets`);
        continue;
      }
      for (const model of models) {
        const shown = (registry) => {
          try {
            return JSON.stringify(registry[key].snippets({ ...model, library_name: key }));
          } catch (error) {
            return `throws ${error.message}`;
          }
        };
        if (shown(part) !== shown(whole)) throw new Error(`like for like: ${key} shows other snippets`);
      }
    }
    return { count: keys.length, perLibrary: (subset.gzipped - oursFactsInRegistry) / keys.length };
  };
  const likeForLike = await sameLibraries(counts.referenceSnippetKeys);
  const likeForLike4 = await sameLibraries(counts.reference4SnippetKeys);
  rows.push({
    figure:
      "  (diagnostic) same, like for like: ours with only the generators of the libraries the reference has",
    ours: `${likeForLike.perLibrary.toFixed(0)} B (${likeForLike.count}) / ${likeForLike4.perLibrary.toFixed(0)} B (${likeForLike4.count})`,
    reference: `${referenceSnippets.toFixed(0)} B (${counts.referenceWithSnippets})`,
    reference4: `${reference4Snippets.toFixed(0)} B (${counts.reference4WithSnippets})`,
    ratio: `${ratio(likeForLike.perLibrary, referenceSnippets).toFixed(2)}× / ${ratio(likeForLike4.perLibrary, reference4Snippets).toFixed(2)}×`,
    target: "report",
  });
  // Diagnostic: snippet code per byte of snippet it shows (bare model, every library, both gzipped).
  // Snippets differ in length between registries; this says how lean the code is for what it emits.
  const perShown = (code, shown) => `${(code / shown).toFixed(2)} (${kb(code)} code / ${kb(shown)} shown)`;
  rows.push({
    figure: "  (diagnostic) snippet code per byte of snippet shown, bare model (gz / gz)",
    ours: perShown(ours.gzipped - oursFactsInRegistry, counts.oursShownGzipped),
    reference: perShown(reference.gzipped - referenceFacts.gzipped, counts.referenceShownGzipped),
    reference4: perShown(reference4.gzipped - reference4Facts.gzipped, counts.reference4ShownGzipped),
    ratio: `${ratio((ours.gzipped - oursFactsInRegistry) / counts.oursShownGzipped, (reference.gzipped - referenceFacts.gzipped) / counts.referenceShownGzipped).toFixed(2)}× / ${ratio((ours.gzipped - oursFactsInRegistry) / counts.oursShownGzipped, (reference4.gzipped - reference4Facts.gzipped) / counts.reference4ShownGzipped).toFixed(2)}×`,
    target: "report",
  });
  // Diagnostic: the same snippet share split into literal text and the code around it, per library.
  const split = (full, facts, withSnippets) => {
    const [a, b] = [textAndCode(full.code), textAndCode(facts.code)];
    return `${((a.text - b.text) / withSnippets).toFixed(0)} B text + ${((a.code - b.code) / withSnippets).toFixed(0)} B code`;
  };
  rows.push({
    figure: "  (diagnostic) snippet share split: string/template text vs code around it, gz per library",
    ours: split(ours, oursWithout, counts.oursWithSnippets),
    reference: split(reference, referenceFacts, counts.referenceWithSnippets),
    reference4: split(reference4, reference4Facts, counts.reference4WithSnippets),
    ratio: "",
    target: "report",
  });
  // Diagnostic: what sharing repeated text could still save. Text that repeats farther apart than
  // gzip's 32 KB window costs gzip twice; brotli with a 16 MB window sees the whole module, with a 32 KB
  // one it sees what gzip sees. The snippet share's ratio of the two scales our gzip figure down to
  // what it would be if every such repetition were shared (a bound: brotli also codes better overall).
  const brotli = (code, window) =>
    brotliCompressSync(Buffer.from(code), {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_LGWIN]: window },
    }).length;
  const sharedBound = (full, facts, perLibrary) => {
    const [near, far] = [15, 24].map((window) => brotli(full.code, window) - brotli(facts.code, window));
    return { perLibrary: (perLibrary * far) / near, saved: 1 - far / near };
  };
  const bounds = [
    sharedBound(ours, oursWithout, oursSnippets),
    sharedBound(reference, referenceFacts, referenceSnippets),
    sharedBound(reference4, reference4Facts, reference4Snippets),
  ];
  const boundText = (bound) =>
    `${bound.perLibrary.toFixed(0)} B (−${(bound.saved * 100).toFixed(1)} % of the share)`;
  rows.push({
    figure: "  (diagnostic) snippet code per library if all text repeated beyond gzip's window were shared",
    ours: boundText(bounds[0]),
    reference: boundText(bounds[1]),
    reference4: boundText(bounds[2]),
    ratio: `${ratio(bounds[0].perLibrary, referenceSnippets).toFixed(2)}× / ${ratio(bounds[0].perLibrary, reference4Snippets).toFixed(2)}× (against their actual figures)`,
    target: "report",
  });
  details.push(
    `registry facts of the references: 0.18.7 ${kb(referenceFacts.gzipped)}, 0.21.54 ${kb(reference4Facts.gzipped)} ` +
      `(their registry module bundled with the snippets module left out); per library ` +
      `${(referenceFacts.gzipped / counts.reference).toFixed(0)} B and ${(reference4Facts.gzipped / counts.reference4).toFixed(0)} B, ` +
      `ours ${factsPer.toFixed(0)} B: the facts-only entry point (@hubkit/tasks/model-libraries-data) saves a consumer the ` +
      `snippet generators, which no reference can`,
  );
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
  const notes = [];
  if (!(oursSnippets <= referenceSnippets && oursSnippets <= reference4Snippets)) {
    notes.push(
      `Snippet code per library with snippets (${oursSnippets.toFixed(0)} B against ${referenceSnippets.toFixed(0)} / ` +
        `${reference4Snippets.toFixed(0)} B): our generators cover ${counts.oursWithSnippets} libraries (the references ` +
        `${counts.referenceWithSnippets} and ${counts.reference4WithSnippets}) and most emit longer snippets (install line, ` +
        `download, a complete runnable usage example per task): for one bare model they show ` +
        `${kb(counts.oursShownGzipped)} gz of snippets (${(counts.oursShownGzipped / counts.oursWithSnippets).toFixed(0)} B per ` +
        `library), already about the goal before any code; the split row says that the string text alone costs more ` +
        `per library than either reference's text, while the code around it is within a few bytes of theirs. ` +
        `Shared building blocks were extracted where outputs repeat, and family files are ordered so gzip's 32 KB ` +
        `window sees similar text together (same outputs, checked against a golden file of 476 model shapes × every ` +
        `library: packages/tasks/test/library-snippets-golden.test.ts). ` +
        `Sharing cannot close the gap: with every repetition beyond gzip's window shared, the share would be about ` +
        `${bounds[0].perLibrary.toFixed(0)} B per library (the row above). ` +
        `Nor is the gap the number of libraries: on the same libraries as each reference (the like-for-like row) ours ` +
        `cost ${likeForLike.perLibrary.toFixed(0)} / ${likeForLike4.perLibrary.toFixed(0)} B per library, more than on all ` +
        `${counts.oursWithSnippets}, because the well-known libraries are where our generators branch most (a snippet per ` +
        `task, per model shape) and the shared helpers are spread over fewer libraries. ` +
        `Meeting the goal would mean shorter snippets, which issue 18 rules out. Consumers that need no snippets use ` +
        `the facts-only entry point, ${factsPer.toFixed(0)} B per library.`,
    );
  }
  return { rows, details, notes };
}
