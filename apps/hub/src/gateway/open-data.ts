// The gateway's storage for a hub or its CLI: PostgreSQL when a database URL is given (its module is
// loaded only then), else the SQLite file in the data dir.
import { SqliteGatewayData, type GatewayData } from "./store.js";

export async function openGatewayData(dataDir: string, databaseUrl?: string): Promise<GatewayData> {
  if (databaseUrl) return (await import("./postgres-store.js")).PostgresGatewayData.open(databaseUrl);
  return new SqliteGatewayData(dataDir);
}
