// Shared steps of the quick-start scripts: install what is missing, build, run a command.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: "inherit", ...opts });
  return res.status ?? 1;
}

export function must(cmd, args, opts) {
  const status = run(cmd, args, opts);
  if (status !== 0) {
    console.error(`\n${cmd} ${args.join(" ")} failed with exit code ${status}`);
    process.exit(status);
  }
}

/** Runs `npm install` when node_modules is absent or older than the lock file. */
export function ensureInstalled() {
  const marker = path.join(root, "node_modules", ".package-lock.json");
  const lock = path.join(root, "package-lock.json");
  const fresh =
    existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs);
  if (fresh) return;
  console.log("Installing dependencies (npm install)…");
  must("npm", ["install", "--no-audit", "--no-fund"]);
}

/**
 * Runs `npm install --prefix bench` when bench/'s packages are absent or older than its lock file: the
 * reference packages the benchmarks and the catalogue's comparison test (packages/tasks/test/reference)
 * read.
 */
export function ensureBenchInstalled() {
  const bench = path.join(root, "bench");
  const marker = path.join(bench, "node_modules", ".package-lock.json");
  const lock = path.join(bench, "package-lock.json");
  const fresh =
    existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs);
  if (fresh) return;
  console.log("Installing bench/ dependencies (npm install --prefix bench)…");
  must("npm", ["install", "--prefix", "bench", "--no-audit", "--no-fund"]);
}

/** Installs Debian's chromium for the browser tests when /usr/bin/chromium is absent. */
export function ensureChromium() {
  if (existsSync("/usr/bin/chromium")) return true;
  console.log("Installing Debian's chromium for the browser tests (apt-get)…");
  const sudo = process.getuid && process.getuid() !== 0 ? ["sudo"] : [];
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const apt = (args) => run(sudo[0] ?? "apt-get", sudo.length ? ["apt-get", ...args] : args, { env: aptEnv });
  if (apt(["install", "-y", "-q", "chromium"]) !== 0) {
    apt(["update", "-q"]);
    apt(["install", "-y", "-q", "chromium"]);
  }
  return existsSync("/usr/bin/chromium");
}

/** Compiles the TypeScript packages, bundles the library entry points and builds the web app. */
export async function build() {
  must("npx", ["tsc", "-b"]);
  const { bundlePackages } = await import("./bundle.mjs");
  await bundlePackages();
  if (existsSync(path.join(root, "apps/web/vite.config.ts"))) {
    must("npm", ["run", "build", "--workspace", "@hubkit/web"]);
  }
}
