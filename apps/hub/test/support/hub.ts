// A hub server for a test file, started in-process the way most hub tests need one: a free port, no
// server token (offline, the in-process emulator answers inference), a fresh temporary folder for its
// data, and the catalogue on the store the test asks for. close() stops the server, then drops its
// PostgreSQL database and removes the folder, so a file's afterAll is one call.
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo, Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { startHubServer, type HubServer, type HubServerOptions } from "../../src/index.js";
import { freshPostgres } from "./postgres.js";
import { storeOptions } from "./store-under-test.js";

/** A new temporary folder named after the test (`hubkit-<name>-…`); the caller removes it. */
export function tempFolder(name: string): string {
  return mkdtempSync(path.join(tmpdir(), `hubkit-${name}-`));
}

export function removeFolder(folder: string): void {
  rmSync(folder, { recursive: true, force: true });
}

export interface TestHubOptions extends HubServerOptions {
  /**
   * The catalogue's store: "sqlite" (whatever HUBKIT_DATABASE_URL says), "postgres" (a fresh
   * database) or "chosen" (the store support/store-under-test.ts was told to use). Default: left to
   * startHubServer, as databaseUrl is.
   */
  store?: "sqlite" | "postgres" | "chosen";
  /** the data dir inside the temporary folder (default: the folder itself) */
  dataSubdir?: string;
}

export interface TestHub extends HubServer {
  /** the temporary folder, removed by close() */
  folder: string;
  /** the database the hub's store uses ("" on SQLite) */
  databaseUrl: string;
}

async function databaseFor(
  store: TestHubOptions["store"],
): Promise<{ url: string; cleanup(): Promise<void> }> {
  if (store === "postgres") {
    const postgres = await freshPostgres();
    return { url: postgres.db.url, cleanup: () => postgres.cleanup() };
  }
  if (store === "chosen") {
    const chosen = await storeOptions();
    return { url: chosen.databaseUrl, cleanup: chosen.cleanup };
  }
  return { url: "", cleanup: async () => {} };
}

/** Starts a hub for a test; `name` names its temporary folder, which options may be made from. */
export async function startTestHub(
  name: string,
  options: TestHubOptions | ((folder: string) => TestHubOptions) = {},
): Promise<TestHub> {
  const folder = tempFolder(name);
  const { store, dataSubdir, ...serverOptions } = typeof options === "function" ? options(folder) : options;
  const database = await databaseFor(store);
  const removeAll = async () => {
    try {
      await database.cleanup();
    } finally {
      removeFolder(folder);
    }
  };
  let server: HubServer;
  try {
    server = await startHubServer({
      port: 0,
      dataDir: dataSubdir ? path.join(folder, dataSubdir) : folder,
      hfToken: "",
      ...(store ? { databaseUrl: database.url } : {}),
      ...serverOptions,
    });
  } catch (error) {
    await removeAll();
    throw error;
  }
  const closeServer = server.close.bind(server);
  return Object.assign(server, {
    folder,
    databaseUrl: store ? database.url : (serverOptions.databaseUrl ?? ""),
    async close() {
      try {
        await closeServer();
      } finally {
        await removeAll();
      }
    },
  });
}

/**
 * An online hub (server token `hfToken`) whose router is `upstream`, a loopback server the test
 * scripts in place of the real one: `upstream` listens on a free port first; close() stops both.
 */
export async function startHubInFrontOf(name: string, upstream: Server, hfToken: string): Promise<TestHub> {
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const { port } = upstream.address() as AddressInfo;
  const closeUpstream = () => new Promise((resolve) => upstream.close(resolve));
  const hub = await startTestHub(name, { hfToken, onlineRouterUrl: `http://127.0.0.1:${port}` }).catch(
    async (error: unknown) => {
      await closeUpstream();
      throw error;
    },
  );
  const closeHub = hub.close;
  hub.close = async () => {
    try {
      await closeHub();
    } finally {
      await closeUpstream();
    }
  };
  return hub;
}

/** A fresh PostgreSQL database and a temporary folder for a test file; cleanup() removes both. */
export async function postgresWithFolder(
  name: string,
): Promise<Awaited<ReturnType<typeof freshPostgres>> & { folder: string }> {
  const postgres = await freshPostgres();
  const folder = tempFolder(name);
  return {
    ...postgres,
    folder,
    async cleanup() {
      try {
        await postgres.cleanup();
      } finally {
        removeFolder(folder);
      }
    },
  };
}
