// The hubkit-hub commands: `serve` (default) runs the hub server, `import` loads a JSON-lines model
// file into the catalogue, `generate` writes a synthetic catalogue. Kept apart from cli.ts (process
// wiring) so tests can run them in-process.
import { createReadStream, existsSync, statSync } from "node:fs";
import { once } from "node:events";
import { Transform, type Readable, type Writable } from "node:stream";
import {
  describeProblem,
  importJsonl,
  seedEmbeddedCatalogue,
  startImportWorkers,
} from "./catalogue/importer.js";
import { DEFAULT_DATA_DIR, EMBEDDED_CATALOGUE_PATH } from "./paths.js";
import { parseAllowedHosts } from "./http/request-guard.js";
// The server (Fastify, the emulator, the page renderer) is loaded by `serve` only: `import` and
// `generate` start in a fraction of the time without it.
import type { HubServer } from "./server.js";
import { openStore, type HubStore } from "./store/hub-store.js";
import { syntheticCatalogueLines } from "./catalogue/synthetic.js";
import { UsageError } from "./command-line.js";
import { ACCOUNTS_USAGE, accountsCommand } from "./repos/accounts-command.js";
import { gcCommand, TOKEN_USAGE, tokenCommand } from "./repos/commands.js";
import { MIRROR_USAGE, mirrorCommand } from "./mirror/command.js";
import { mirrorOptionsFromEnv, type MirrorOptions } from "./mirror/config.js";
import { STORAGE_USAGE, storageCommand } from "./xet/usage.js";
import { LIMIT_USAGE, limitCommand, PROVIDER_KEY_USAGE, providerKeyCommand } from "./gateway/commands.js";

export const USAGE = `Usage:
  hubkit-hub serve [--host HOST] [--port PORT] [--data-dir DIR]
      Serve the hub API and the web app. Env: HOST (default 127.0.0.1), PORT (default 5173),
      HUBKIT_DATA_DIR (default <repo>/.data/hub), HUBKIT_DATABASE_URL (postgres://… keeps the catalogue
      in PostgreSQL, shared by several hub replicas; HUBKIT_DATABASE_POOL_SIZE, default 10),
      HF_TOKEN (set it to send inference to the real router),
      HUBKIT_EMULATOR_STREAM_INTERVAL_MS (offline: ms between streamed tokens, default 30),
      HUBKIT_ALLOWED_HOSTS (Host names served; default localhost, 127.0.0.1, [::1] and the bind address),
      HUBKIT_UPSTREAM_CONNECT_TIMEOUT_MS (10000), HUBKIT_UPSTREAM_IDLE_TIMEOUT_MS (120000),
      HUBKIT_REQUEST_TIMEOUT_MS (60000), HUBKIT_HEADERS_TIMEOUT_MS (10000),
      HUBKIT_PAGE_CACHE_MB (rendered pages kept in memory until the catalogue changes; default 32, 0: none),
      HUBKIT_UPSTREAM_URL (mirror that hub: repos and files it lacks are fetched and kept),
      HUBKIT_UPSTREAM_TOKEN, HUBKIT_UPSTREAM_TTL_SECONDS (600), HUBKIT_MIRROR_READERS (* or users/orgs
      who may read mirrored repos that are private or gated upstream; default none).
      router gateway: HUBKIT_SECRET_KEY (provider keys' encryption), HUBKIT_REDIS_URL (shared limits),
      HUBKIT_LIMIT_TOKEN_RPM/_TPM, HUBKIT_LIMIT_ORG_RPM/_TPM, HUBKIT_ROUTER_REQUIRE_TOKENS=1.
  hubkit-hub import <file.jsonl> [--data-dir DIR]
      Load models (one JSON object per line, in the hub API's model shape). Bad lines are reported
      with their line number; good lines are kept (upsert by id). Exit code 1 when a line was rejected.
  hubkit-hub generate --count N [--seed S]
      Write N synthetic models as JSON lines to stdout (deterministic).
${TOKEN_USAGE}
${ACCOUNTS_USAGE}
${MIRROR_USAGE}
${STORAGE_USAGE}
${PROVIDER_KEY_USAGE}
${LIMIT_USAGE}`;

export interface CommandIo {
  stdout: Writable;
  stderr: Writable;
  env: Record<string, string | undefined>;
  /** `import`: told how many bytes of the file have been read so far (for a progress bar) */
  onImportProgress?: (bytesRead: number, totalBytes: number) => void;
  /** where `provider-key set` reads the key (default process.stdin) */
  stdin?: Readable;
}

export interface CommandResult {
  exitCode: number;
  /** set by `serve`: the running server, which the caller stops */
  server?: HubServer;
}

interface ParsedArgs {
  command: "serve" | "import" | "generate" | "help";
  positional: string[];
  flags: Map<string, string>;
}

const FLAGS_WITH_VALUES = new Set(["host", "port", "data-dir", "count", "seed"]);
const COMMANDS = new Set(["serve", "import", "generate"]);

function parseArgs(argv: string[]): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "-h" || arg === "--help" || arg === "help") {
      help = true;
    } else if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      const name = arg.slice(2, eq === -1 ? undefined : eq);
      if (!FLAGS_WITH_VALUES.has(name)) throw new UsageError(`unknown option --${name}`);
      const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      flags.set(name, value);
    } else {
      positional.push(arg);
    }
  }
  // Bare `hubkit-hub` prints the usage rather than starting a server nobody asked for.
  if (help || argv.length === 0) return { command: "help", positional, flags };
  const command = positional[0] !== undefined && COMMANDS.has(positional[0]) ? positional.shift() : "serve";
  return { command: command as ParsedArgs["command"], positional, flags };
}

function integerFlag(value: string | undefined, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`${name} must be an integer between ${min} and ${max}`);
  }
  return Number(value);
}

function write(stream: Writable, text: string): void {
  stream.write(`${text}\n`);
}

function seedMessage(inserted: number, updated: number): string {
  return `hubkit-hub: seeded the embedded catalogue (${inserted} models added, ${updated} updated)`;
}

async function serve(args: ParsedArgs, io: CommandIo): Promise<CommandResult> {
  if (args.positional.length > 0) throw new UsageError(`unexpected argument "${args.positional[0]}"`);
  const { parseMilliseconds, parsePageCacheMegabytes, parsePoolSize, parseStreamInterval, startHubServer } =
    await import("./server.js");
  const explicitPort = args.flags.get("port") ?? io.env.PORT;
  const port = integerFlag(explicitPort, "PORT", 0, 65535) ?? 5173;
  let emulatorStreamIntervalMs: number | undefined;
  let allowedHosts: string[] | undefined;
  const timeouts: Record<string, number | undefined> = {};
  let databasePoolSize: number | undefined;
  let pageCacheMegabytes: number | undefined;
  let mirror: MirrorOptions | undefined;
  try {
    mirror = mirrorOptionsFromEnv(io.env);
    emulatorStreamIntervalMs = parseStreamInterval(io.env.HUBKIT_EMULATOR_STREAM_INTERVAL_MS);
    allowedHosts = parseAllowedHosts(io.env.HUBKIT_ALLOWED_HOSTS);
    databasePoolSize = parsePoolSize(io.env.HUBKIT_DATABASE_POOL_SIZE);
    pageCacheMegabytes = parsePageCacheMegabytes(io.env.HUBKIT_PAGE_CACHE_MB);
    for (const [option, name] of [
      ["upstreamConnectTimeoutMs", "HUBKIT_UPSTREAM_CONNECT_TIMEOUT_MS"],
      ["upstreamIdleTimeoutMs", "HUBKIT_UPSTREAM_IDLE_TIMEOUT_MS"],
      ["requestTimeoutMs", "HUBKIT_REQUEST_TIMEOUT_MS"],
      ["headersTimeoutMs", "HUBKIT_HEADERS_TIMEOUT_MS"],
    ] as const) {
      timeouts[option] = parseMilliseconds(name, io.env[name]);
    }
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const server = await startHubServer({
    host: args.flags.get("host") ?? io.env.HOST ?? "127.0.0.1",
    port,
    portFallback: explicitPort === undefined,
    dataDir: args.flags.get("data-dir") ?? io.env.HUBKIT_DATA_DIR ?? DEFAULT_DATA_DIR,
    databaseUrl: io.env.HUBKIT_DATABASE_URL ?? "",
    databasePoolSize,
    pageCacheMegabytes,
    hfToken: io.env.HF_TOKEN || undefined,
    emulatorStreamIntervalMs,
    allowedHosts,
    ...timeouts,
    logger: io.env.HUBKIT_LOG === "1",
    mirror: mirror ?? false,
  });
  const inference =
    server.mode === "offline"
      ? "offline: inference is answered by the in-process provider emulator"
      : "online: inference goes to the real router with the server's HF_TOKEN";
  const store = server.store.kind === "postgres" ? `PostgreSQL ${server.store.location}` : "SQLite";
  for (const repair of server.store.repairs)
    write(io.stdout, `hubkit hub: repaired the catalogue: ${repair}`);
  if (server.embeddedSeed?.seeded)
    write(io.stdout, seedMessage(server.embeddedSeed.inserted, server.embeddedSeed.updated));
  write(
    io.stdout,
    `hubkit hub: ${server.url}  (${await server.store.count()} models in ${store}; ${inference})`,
  );
  // After the address line: scripts take the first URL printed for the hub's.
  if (mirror)
    write(
      io.stdout,
      `hubkit hub: mirroring ${mirror.upstreamUrl} (branches re-checked after ${mirror.ttlSeconds} s)`,
    );
  write(
    io.stdout,
    server.gateway.limiter === "redis"
      ? "hubkit hub: router rate limits are counted in Redis (HUBKIT_REDIS_URL), shared by replicas"
      : "hubkit hub: router rate limits are counted in memory by this hub alone (set HUBKIT_REDIS_URL to share them)",
  );
  return { exitCode: 0, server };
}

async function importCommand(args: ParsedArgs, io: CommandIo): Promise<CommandResult> {
  const file = args.positional[0];
  if (!file || args.positional.length > 1) {
    throw new UsageError("import takes exactly one file: hubkit-hub import <file.jsonl>");
  }
  if (!existsSync(file) || !statSync(file).isFile()) throw new UsageError(`no such file: ${file}`);
  // Into PostgreSQL, lines are parsed in worker threads: they start while the store opens.
  const workers = io.env.HUBKIT_DATABASE_URL?.trim() ? startImportWorkers() : undefined;
  let store: HubStore;
  try {
    store = await openStore({
      dataDir: args.flags.get("data-dir") ?? io.env.HUBKIT_DATA_DIR ?? DEFAULT_DATA_DIR,
      databaseUrl: io.env.HUBKIT_DATABASE_URL,
    });
  } catch (error) {
    await workers?.close();
    throw error;
  }
  for (const repair of store.repairs) write(io.stdout, `hubkit-hub: repaired the catalogue: ${repair}`);
  const started = Date.now();
  try {
    // As `serve` does on start: the embedded catalogue first, so both count the same catalogue.
    if (existsSync(EMBEDDED_CATALOGUE_PATH)) {
      const { seeded, report } = await seedEmbeddedCatalogue(store, EMBEDDED_CATALOGUE_PATH);
      if (seeded && report) write(io.stdout, seedMessage(report.inserted, report.updated));
    }
    const report = await importJsonl(
      store,
      io.onImportProgress ? countingStream(file, io.onImportProgress) : file,
      {
        onProblem: (problem) => write(io.stderr, `${file}: ${describeProblem(problem)}`),
        workers,
      },
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    write(
      io.stdout,
      `${file}: ${report.lines} lines; ${report.inserted} models added, ${report.updated} updated; ` +
        `${report.invalid} invalid lines skipped; ${report.duplicates} duplicate ids (${seconds} s). ` +
        `The catalogue now holds ${await store.count()} models.`,
    );
    return { exitCode: report.invalid > 0 ? 1 : 0 };
  } finally {
    await workers?.close();
    await store.close();
  }
}

/** The file as a stream that reports the bytes read through it (the importer reads it once). */
function countingStream(file: string, onProgress: (bytesRead: number, totalBytes: number) => void) {
  const total = statSync(file).size;
  let read = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      read += chunk.length;
      onProgress(read, total);
      done(null, chunk);
    },
  });
  const source = createReadStream(file, { highWaterMark: 1 << 20 });
  source.on("error", (error) => counter.destroy(error));
  return source.pipe(counter);
}

async function generate(args: ParsedArgs, io: CommandIo): Promise<CommandResult> {
  if (args.positional.length > 0) throw new UsageError(`unexpected argument "${args.positional[0]}"`);
  const count = integerFlag(args.flags.get("count"), "--count", 1, 100_000_000);
  if (count === undefined) throw new UsageError("generate needs --count N");
  const seed = integerFlag(args.flags.get("seed"), "--seed", 0, 2 ** 31) ?? 1;
  let chunk = "";
  for (const line of syntheticCatalogueLines(count, seed)) {
    chunk += line;
    if (chunk.length > 1 << 16) {
      if (!io.stdout.write(chunk)) await once(io.stdout, "drain");
      chunk = "";
    }
  }
  if (chunk) io.stdout.write(chunk);
  return { exitCode: 0 };
}

/** Runs one command. Usage errors are reported on stderr with exit code 2. */
export async function runCommand(argv: string[], io: CommandIo): Promise<CommandResult> {
  try {
    if (argv[0] === "token") return { exitCode: await tokenCommand(argv.slice(1), io) };
    if (argv[0] === "gc") return { exitCode: await gcCommand(argv.slice(1), io) };
    if (argv[0] === "user" || argv[0] === "org")
      return { exitCode: await accountsCommand(argv[0], argv.slice(1), io) };
    if (argv[0] === "mirror") return { exitCode: await mirrorCommand(argv.slice(1), io) };
    if (argv[0] === "storage") return { exitCode: await storageCommand(argv.slice(1), io) };
    if (argv[0] === "provider-key") return { exitCode: await providerKeyCommand(argv.slice(1), io) };
    if (argv[0] === "limit") return { exitCode: await limitCommand(argv.slice(1), io) };
    const args = parseArgs(argv);
    if (args.command === "help") {
      write(io.stdout, USAGE);
      return { exitCode: 0 };
    }
    if (args.command === "import") return await importCommand(args, io);
    if (args.command === "generate") return await generate(args, io);
    return await serve(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      write(io.stderr, `hubkit-hub: ${error.message}\n\n${USAGE}`);
      return { exitCode: 2 };
    }
    throw error;
  }
}
