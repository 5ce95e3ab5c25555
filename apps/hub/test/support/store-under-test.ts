// Which store a shared suite runs on: api.test.ts runs on SQLite, and api.postgres.test.ts imports it
// after choosing PostgreSQL, so the one suite checks both stores.
import { freshPostgres } from "./postgres.js";

export type StoreKind = "sqlite" | "postgres";

let chosen: StoreKind = "sqlite";

export function useStore(kind: StoreKind): void {
  chosen = kind;
}

export function storeKind(): StoreKind {
  return chosen;
}

/** Server options for the chosen store (a fresh PostgreSQL database), and how to remove it after. */
export async function storeOptions(): Promise<{ databaseUrl: string; cleanup(): Promise<void> }> {
  if (chosen === "sqlite") return { databaseUrl: "", cleanup: async () => {} };
  const postgres = await freshPostgres();
  return { databaseUrl: postgres.db.url, cleanup: () => postgres.cleanup() };
}
