// Shared steps of the quick-start scripts: install what is missing, build, run a command.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync } from "node:fs";
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
  return ensureDebianPackage(() => existsSync("/usr/bin/chromium"), "chromium", "for the browser tests");
}

/** Installs Debian's tmux for the command line's terminal tests (chat, progress bars) when it is absent. */
export function ensureTmux() {
  const found = () => spawnSync("tmux", ["-V"], { stdio: "ignore" }).status === 0;
  return ensureDebianPackage(found, "tmux", "for the command line's terminal tests");
}

/**
 * The hub's PostgreSQL tests start a throwaway cluster from the installed binaries
 * (/usr/lib/postgresql/<major>/bin) when HUBKIT_TEST_DATABASE_URL is not set: Debian's postgresql.
 */
export function ensurePostgres() {
  const installed = () =>
    existsSync("/usr/lib/postgresql") &&
    readdirSync("/usr/lib/postgresql").some((major) =>
      existsSync(path.join("/usr/lib/postgresql", major, "bin", "initdb")),
    );
  return ensureDebianPackage(installed, "postgresql", "for the hub's PostgreSQL tests");
}

/**
 * `npx hubkit` runs node_modules/.bin/hubkit. npm links a workspace's bin only when its file exists at
 * install time, which a fresh checkout's dist/ does not: link it (and mark it executable) after the build.
 */
export function linkCliBin() {
  const target = path.join(root, "apps", "cli", "dist", "hubkit.js");
  if (!existsSync(target)) return;
  chmodSync(target, 0o755);
  const link = path.join(root, "node_modules", ".bin", "hubkit");
  if (existsSync(link)) return;
  mkdirSync(path.dirname(link), { recursive: true });
  rmSync(link, { force: true });
  symlinkSync(path.relative(path.dirname(link), target), link);
}

/** Whether something answers Redis's PING on host:port within a second. */
function redisAnswers(port, host = "127.0.0.1") {
  const probe = spawnSync(
    process.execPath,
    [
      "-e",
      `const s=require("net").connect(${port},"${host}");s.setTimeout(1000,()=>process.exit(1));` +
        `s.on("error",()=>process.exit(1));s.on("connect",()=>s.write("PING\\r\\n"));` +
        `s.on("data",d=>process.exit(String(d).startsWith("+PONG")?0:1));`,
    ],
    { timeout: 5000 },
  );
  return probe.status === 0;
}

/**
 * Redis for the hub's rate-limit tests: installs Debian's redis-server when missing (the tests start
 * their own throwaway servers from it, to stop and restart them), and starts a throwaway one on
 * 127.0.0.1:6379 (no persistence, stopped with this process) when none answers there.
 */
export function ensureRedis() {
  const binary = () =>
    ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].find((file) => existsSync(file));
  if (!ensureDebianPackage(() => Boolean(binary()), "redis-server", "for the hub's rate-limit tests"))
    return false;
  const installed = binary();
  if (redisAnswers(6379)) return true;
  console.log("Starting a throwaway redis-server on 127.0.0.1:6379 for the tests…");
  const child = spawn(
    installed,
    ["--port", "6379", "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: "ignore",
    },
  );
  process.on("exit", () => child.kill());
  return true;
}

/**
 * Installs Debian's `pkg` with apt-get unless `present()` already holds (`apt-get update` once when
 * the first try finds nothing; through sudo when not root). Returns whether it is present afterwards.
 */
function ensureDebianPackage(present, pkg, why) {
  if (present()) return true;
  console.log(`Installing Debian's ${pkg} ${why} (apt-get)…`);
  const sudo = process.getuid && process.getuid() !== 0 ? ["sudo"] : [];
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const apt = (args) => run(sudo[0] ?? "apt-get", sudo.length ? ["apt-get", ...args] : args, { env: aptEnv });
  if (apt(["install", "-y", "-q", pkg]) !== 0) {
    apt(["update", "-q"]);
    apt(["install", "-y", "-q", pkg]);
  }
  return present();
}

/** nginx, the files bench's reference server (run as a throwaway on a loopback port, never the service). */
export function ensureNginx() {
  return ensureDebianPackage(
    () => existsSync("/usr/sbin/nginx"),
    "nginx",
    "for the files bench's reference server",
  );
}

/** The sqlite3 shell, the SQLite import bench's reference (the same inserts in one transaction). */
export function ensureSqlite3() {
  return ensureDebianPackage(
    () => existsSync("/usr/bin/sqlite3"),
    "sqlite3",
    "for the import bench's reference",
  );
}

/** Compiles the TypeScript packages, bundles the library entry points and builds the web app. */
export async function build() {
  must("npx", ["tsc", "-b"]);
  linkCliBin();
  const { bundlePackages } = await import("./bundle.mjs");
  await bundlePackages();
  if (existsSync(path.join(root, "apps/web/vite.config.ts"))) {
    must("npm", ["run", "build", "--workspace", "@hubkit/web"]);
  }
}

// pillow: huggingface_hub returns images as PIL images.
// numpy: huggingface_hub returns embeddings (feature extraction, sentence similarity) as numpy arrays.
const PYTHON_CLIENTS = ["huggingface_hub==2.0.0", "openai==3.22.1", "requests", "pillow", "numpy"];
const PYTHON_WHEEL = "huggingface_hub-2.0.0-py3-none-any.whl";

/** The folder of wheels this machine kind ships (PyPI itself is unreachable), or undefined. */
function findWheelFolder() {
  for (const dir of ["/opt/pypi/files", "/opt/wheels", "/opt/pypi"]) {
    if (existsSync(path.join(dir, PYTHON_WHEEL))) return dir;
  }
  const found = spawnSync(
    "find",
    ["/opt", "/srv", "/usr/share", "/root", "-name", PYTHON_WHEEL, "-print", "-quit"],
    {
      encoding: "utf8",
      timeout: 60_000,
    },
  );
  const hit = found.stdout?.trim().split("\n")[0];
  return hit ? path.dirname(hit) : undefined;
}

/**
 * A virtual environment (.data/py) with the real Python clients that snippets use (huggingface_hub,
 * openai, requests), installed offline from the machine's wheel folder. Returns its python, or
 * undefined when it cannot be made (the tests that need it then say so and fail).
 */
export function ensurePythonClients() {
  const venv = path.join(root, ".data", "py");
  const python = path.join(venv, "bin", "python");
  const check = [
    "-c",
    "import huggingface_hub, openai, requests, PIL, numpy; assert huggingface_hub.__version__ == '2.0.0'",
  ];
  if (existsSync(python) && run(python, check, { stdio: "ignore" }) === 0) return python;
  const wheels = findWheelFolder();
  if (!wheels) {
    console.error(`No folder with ${PYTHON_WHEEL} on this machine: the Python client snippets cannot run.`);
    return undefined;
  }
  console.log(`Setting up the Python clients in .data/py from ${wheels}…`);
  if (run("python3", ["-m", "venv", venv]) !== 0) return undefined;
  const pip = [python, "-m", "pip", "install", "-q", "--no-index", "--find-links", wheels, ...PYTHON_CLIENTS];
  if (run(pip[0], pip.slice(1)) !== 0) return undefined;
  return run(python, check, { stdio: "ignore" }) === 0 ? python : undefined;
}
