// Connecting to the catalogue's PostgreSQL: the URL shown without its password, how int8 is read, and
// which errors mean the database is unreachable (a 503) rather than a bad statement.
import pg from "pg";

/** The URL without its password, for messages and logs. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparsable URL)";
  }
}

/** Node-postgres returns int8 as strings; every bigint here (counts, ms timestamps, rowids) fits a double. */
export const TYPES = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === 20
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const CONNECTION_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
]);

/** True for errors that mean "the database is not reachable right now" (as opposed to a bad query). */
export function isConnectionError(error: unknown): boolean {
  const err = error as { code?: string; message?: string };
  if (err.code && (CONNECTION_ERROR_CODES.has(err.code) || err.code.startsWith("08"))) return true;
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    err.message ?? "",
  );
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export function arrayLiteral(values: string[]): string {
  return `{${values.map((value) => `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`).join(",")}}`;
}
