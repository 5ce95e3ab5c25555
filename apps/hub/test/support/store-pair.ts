// One hub on SQLite and one on a fresh PostgreSQL database, for the tests that hold the two stores to
// the same answers, byte for byte.
import { expect } from "vitest";
import type { HubServer } from "../../src/index.js";
import { startTestHub, type TestHub } from "./hub.js";

export interface StorePair {
  sqlite: TestHub;
  postgres: TestHub;
  close(): Promise<void>;
}

export async function startStorePair(name: string): Promise<StorePair> {
  const sqlite = await startTestHub(`${name}-sqlite`, { store: "sqlite" });
  try {
    const postgres = await startTestHub(`${name}-postgres`, { store: "postgres" });
    return {
      sqlite,
      postgres,
      async close() {
        await Promise.allSettled([sqlite.close(), postgres.close()]);
      },
    };
  } catch (error) {
    await sqlite.close();
    throw error;
  }
}

export interface Answer {
  status: number;
  body: string;
  /** the headers asked for, and the Link header with the server's origin as ORIGIN */
  headers: Record<string, string | null>;
}

/** GET `pathname`: the status, the body and the named headers. */
export async function answerOf(
  server: HubServer,
  pathname: string,
  headerNames: string[] = [],
): Promise<Answer> {
  const res = await fetch(`${server.url}${pathname}`);
  const headers: Record<string, string | null> = {};
  for (const name of headerNames) headers[name] = res.headers.get(name);
  headers.link = res.headers.get("link")?.replace(server.url, "ORIGIN") ?? null;
  return { status: res.status, body: await res.text(), headers };
}

/** The answer of both stores, which must be the same. */
export async function sameOnBoth(
  pair: StorePair,
  pathname: string,
  headerNames: string[] = [],
): Promise<Answer> {
  const [a, b] = await Promise.all([
    answerOf(pair.sqlite, pathname, headerNames),
    answerOf(pair.postgres, pathname, headerNames),
  ]);
  expect(b, `PostgreSQL vs SQLite on ${pathname}`).toEqual(a);
  return a;
}

/** The path of an answer's next page, from its Link header. */
export function nextPage(answer: Answer): string | undefined {
  return answer.headers.link ? /<ORIGIN([^>]+)>/.exec(answer.headers.link)?.[1] : undefined;
}
