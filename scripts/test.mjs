// `npm test`: install what is missing (npm packages, bench/'s reference packages, Debian's chromium
// for the browser tests and its postgresql for the hub's PostgreSQL tests, the Python clients),
// build, lint, then run every test suite. Ends with the failed tests, if any, and one line: "N passed,
// N failed".
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import {
  ensureBenchInstalled,
  ensureChromium,
  ensureInstalled,
  ensurePostgres,
  ensurePythonClients,
  ensureTmux,
  ensureRedis,
  root,
  run,
} from "./lib.mjs";

ensureInstalled();
// the reference packages (@huggingface/tasks 0.21.54, @huggingface/inference 4.13.30) that the
// comparison and differential tests read
ensureBenchInstalled();
const hasWeb = existsSync(path.join(root, "apps/web/vite.config.ts"));
if (hasWeb) ensureChromium();
ensurePostgres();
// tmux: the command line's tests drive `hubkit chat` and read progress bars in a real terminal
ensureTmux();
// redis-server for the router's rate limits shared by replicas (the tests start their own from it)
ensureRedis();
ensureSnippetRuntimes();
// The real huggingface_hub and openai Python clients, for the tests that run Python snippets and
// point those clients at a hubkit hub; tests read the interpreter from HUBKIT_PYTHON.
const python = ensurePythonClients();
if (python) process.env.HUBKIT_PYTHON = python;

let passed = 0;
let failed = 0;
const failures = [];
/** Each failed test with the start of its message, repeated at the end where a log's tail shows it. */
const failedTests = [];

/** A check that is not a test runner (build, lint) counts as one test. */
function step(name, cmd, args) {
  console.log(`\n▶ ${name}`);
  if (run(cmd, args) === 0) passed++;
  else {
    failed++;
    failures.push(name);
  }
}

/** Runs one Vitest config and adds its test counts from the JSON report. */
function vitest(name, config) {
  console.log(`\n▶ ${name}`);
  const out = path.join(root, ".data", `vitest-${name.replace(/\W+/g, "-")}.json`);
  mkdirSync(path.dirname(out), { recursive: true });
  rmSync(out, { force: true });
  const status = run("npx", [
    "vitest",
    "run",
    "--config",
    config,
    "--reporter=default",
    "--reporter=json",
    `--outputFile=${out}`,
  ]);
  if (!existsSync(out)) {
    failed++;
    failures.push(`${name} (no report, exit ${status})`);
    return;
  }
  const report = JSON.parse(readFileSync(out, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A suite that fails to load has no failed tests but fails the run.
  const broken = report.testResults.filter(
    (r) => r.status === "failed" && r.assertionResults.every((a) => a.status !== "failed"),
  );
  failed += broken.length;
  for (const file of report.testResults) {
    const where = path.relative(root, file.name);
    for (const test of file.assertionResults.filter((a) => a.status === "failed"))
      failedTests.push(`${where} > ${test.fullName}\n    ${firstLines(test.failureMessages)}`);
    if (broken.includes(file))
      failedTests.push(
        `${where} (failed outside its tests: loading it, or a hook)\n    ${firstLines([file.message])}`,
      );
  }
  if (report.numFailedTests || broken.length) failures.push(name);
  // Every test passed but Vitest failed the run: an unhandled error (an uncaught exception or
  // rejection while the tests ran), which may have made a test pass that should not have.
  // It counts as one failure, so the closing count agrees with the exit code.
  else if (status !== 0) {
    failed++;
    failures.push(`${name} (Vitest exited ${status}: unhandled errors, see above)`);
  }
}

/** The first lines of a failure (its message and where in our code), indented under its name. */
function firstLines(messages) {
  return stripVTControlCharacters((messages ?? []).join("\n"))
    .split("\n")
    .filter((line) => line.trim() && !/^\s*at .*(node_modules|node:|<anonymous>)/.test(line))
    .slice(0, 6)
    .join("\n    ");
}

/** python3's `requests` runs the Python snippets in tests; Debian packages it. */
function ensureSnippetRuntimes() {
  if (run("python3", ["-c", "import requests"], { stdio: "ignore" }) === 0) return;
  if (
    existsSync("/usr/bin/python3") &&
    run("/usr/bin/python3", ["-c", "import requests"], { stdio: "ignore" }) === 0
  )
    return;
  const sudo = process.getuid && process.getuid() !== 0 ? ["sudo"] : [];
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const args = ["install", "-y", "-q", "python3-requests"];
  const cmd = sudo.length ? "sudo" : "apt-get";
  if (run(cmd, sudo.length ? ["apt-get", ...args] : args, { env }) !== 0) {
    run(cmd, sudo.length ? ["apt-get", "update", "-q"] : ["update", "-q"], { env });
    run(cmd, sudo.length ? ["apt-get", ...args] : args, { env });
  }
}

step("build (tsc -b, vite build)", process.execPath, [path.join(root, "scripts/build.mjs")]);
step("eslint", "npx", ["eslint", "."]);
step("prettier --check", "npx", ["prettier", "--check", "."]);
// every test file (and what it reaches) under tsc: tsconfig.tests.json maps @hubkit/* to the sources
// as Vitest does; the web app's tests are checked by its own build (apps/web/tsconfig.json)
step("type-check tests (tsc -p tsconfig.tests.json)", "npx", ["tsc", "-p", "tsconfig.tests.json"]);
// no import cycles anywhere, and the layering docs/ARCHITECTURE.md states (.dependency-cruiser.cjs)
step("import rules (dependency-cruiser)", "npx", [
  "depcruise",
  "packages",
  "apps",
  "scripts",
  "bench",
  "-T",
  "err",
]);
vitest("unit and integration", "vitest.config.ts");
if (hasWeb) vitest("browser end-to-end", "apps/web/vitest.e2e.config.ts");

if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.join("\n")}`);
if (failures.length) console.log(`\nFailed: ${failures.join("; ")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed || failures.length ? 1 : 0);
