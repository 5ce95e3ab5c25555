// A real PostgreSQL for tests: the server named by HUBKIT_TEST_DATABASE_URL when set, else a throwaway
// cluster started from the installed binaries (initdb in a temporary folder, a free port) and removed
// afterwards. Each test file gets its own database (random name, dropped after), so parallel runs
// never share rows.
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

export interface TestCluster {
  /** URL of the maintenance database (postgres) with a superuser */
  adminUrl: string;
  /** the cluster's folder, when this process started it */
  dataDir?: string;
  port?: number;
  /** stops a throwaway cluster (the shared server is never stopped) */
  stop(): void;
  /** starts a stopped throwaway cluster again on the same port */
  start(): void;
  /** stops and removes a throwaway cluster */
  remove(): void;
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** The newest installed PostgreSQL's bin folder (Debian: /usr/lib/postgresql/<major>/bin). */
export function postgresBinDir(): string {
  const root = "/usr/lib/postgresql";
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((entry) => existsSync(path.join(root, entry, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (majors.length === 0) {
    throw new Error(
      "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): `npm test` installs Debian's postgresql, or set HUBKIT_TEST_DATABASE_URL",
    );
  }
  return path.join(root, majors[0], "bin");
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** initdb refuses to run as root: as root, the cluster belongs to the `postgres` system user. */
function asClusterOwner(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
}

export async function startThrowawayCluster(): Promise<TestCluster> {
  const bin = postgresBinDir();
  const dataDir = mkdtempSync(path.join(tmpdir(), "hubkit-pg-"));
  if (process.getuid?.() === 0) {
    chmodSync(dataDir, 0o700);
    execFileSync("chown", ["postgres:postgres", dataDir]);
  }
  let port = await freePort();
  const [initdb, initArgs] = asClusterOwner(path.join(bin, "initdb"), [
    "-D",
    dataDir,
    "-U",
    "postgres",
    "--auth=trust",
    "-E",
    "UTF8",
    "--no-sync",
  ]);
  const init = spawnSync(initdb, initArgs, { encoding: "utf8" });
  if (init.status !== 0) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  }
  const pgCtl = (action: "start" | "stop") => {
    const args =
      action === "start"
        ? [
            "-D",
            dataDir,
            "-l",
            path.join(dataDir, "server.log"),
            "-w",
            "-o",
            `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`,
            "start",
          ]
        : ["-D", dataDir, "-m", "fast", "-w", "stop"];
    const [command, commandArgs] = asClusterOwner(path.join(bin, "pg_ctl"), args);
    const result = spawnSync(command, commandArgs, { encoding: "utf8", timeout: 60_000 });
    if (result.status !== 0) throw new Error(`pg_ctl ${action} failed: ${result.stderr || result.stdout}`);
  };
  // Another process may take the free port before the server binds it: try a few.
  for (let attempt = 0; ; attempt++) {
    try {
      pgCtl("start");
      break;
    } catch (error) {
      if (attempt >= 4) {
        rmSync(dataDir, { recursive: true, force: true });
        throw error;
      }
      port = await freePort();
    }
  }
  let running = true;
  const stop = () => {
    if (running) pgCtl("stop");
    running = false;
  };
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dataDir,
    port,
    stop,
    start() {
      if (!running) pgCtl("start");
      running = true;
    },
    remove() {
      try {
        stop();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** HUBKIT_TEST_DATABASE_URL's server, or a throwaway cluster. */
export async function testCluster(): Promise<TestCluster> {
  const shared = process.env.HUBKIT_TEST_DATABASE_URL?.trim();
  if (shared) {
    const noop = () => {};
    return { adminUrl: shared, stop: noop, start: noop, remove: noop };
  }
  return startThrowawayCluster();
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A new, empty database on the cluster; drop() removes it (closing connections left open). */
export async function createTestDatabase(cluster: TestCluster): Promise<TestDatabase> {
  const name = `hubkit_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: withDatabase(cluster.adminUrl, name),
    async drop() {
      const client = new pg.Client({ connectionString: cluster.adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A cluster and a fresh database for one test file; cleanup() drops the database and the cluster. */
export async function freshPostgres(): Promise<{
  cluster: TestCluster;
  db: TestDatabase;
  cleanup(): Promise<void>;
}> {
  const cluster = await testCluster();
  try {
    const db = await createTestDatabase(cluster);
    return {
      cluster,
      db,
      async cleanup() {
        try {
          await db.drop();
        } finally {
          cluster.remove();
        }
      },
    };
  } catch (error) {
    cluster.remove();
    throw error;
  }
}
