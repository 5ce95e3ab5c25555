// Fuzzing the hub over raw HTTP (fast-check): random paths (route words, prototype keys, traversal,
// broken percent-encoding, arbitrary bytes), query parameters (known names and random ones, any
// byte in the values) and headers (Host, Origin, Sec-Fetch-Site, Accept, Content-Type). Whatever
// arrives, the server answers, with a status below 500 and the security headers. Bounded in runs
// and in time.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { missingSecurityHeaders, rawExchange } from "./helpers.js";
import { startTestHub, type TestHub } from "./support/hub.js";

let server: TestHub;

beforeAll(async () => {
  server = await startTestHub("hub-fuzz", { emulatorStreamIntervalMs: 0 });
});
afterAll(() => server?.close());

/** Every byte as %XX except unreserved ASCII, which stays as is. */
const percentEncode = (bytes: Uint8Array) =>
  [...bytes]
    .map((byte) =>
      /[A-Za-z0-9._~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, "0").toUpperCase()}`,
    )
    .join("");

/**
 * A string with no CR or LF (those would end the request line or a header early): mostly printable
 * ASCII, sometimes any byte (Node's parser refuses most control characters before the hub sees them).
 */
/** Text of any script (valid UTF-8 once encoded), percent-encoded; sometimes arbitrary bytes instead. */
const encodedText = (maxLength: number) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .string({ unit: "grapheme", maxLength })
        .map((text) => percentEncode(new Uint8Array(Buffer.from(text, "utf8")))),
    },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength }).map(percentEncode) },
  );

const lineText = (maxLength: number) =>
  fc
    .oneof(
      { weight: 4, arbitrary: fc.string({ unit: "grapheme-ascii", maxLength }) },
      { weight: 1, arbitrary: fc.string({ unit: "binary-ascii", maxLength }) },
    )
    .map((text) => text.replace(/[\r\n]/g, ""));

const ROUTE_WORDS = [
  "api",
  "models",
  "tasks",
  "libraries",
  "usage",
  "hubkit",
  "config",
  "router",
  "emulator",
  "assets",
  "together",
  "hf-inference",
  "v1",
  "chat",
  "completions",
  "meta-llama",
  "Llama-3.3-70B-Instruct",
  "text-classification",
  "transformers",
  "index.html",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "..",
  ".",
  "",
  "%00",
  "%",
  "%zz",
  "%E0%A4%A",
  "%2e%2e",
  "%2F",
  "%5C",
  "%C0%AF",
  "\\",
  "a".repeat(400),
];

const segment = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ROUTE_WORDS) },
  { weight: 1, arbitrary: encodedText(12) },
  { weight: 1, arbitrary: lineText(12).map((text) => text.replace(/[ ?#]/g, "")) },
);

const PARAM_NAMES = [
  "search",
  "author",
  "pipeline_tag",
  "library",
  "filter",
  "sort",
  "direction",
  "limit",
  "cursor",
  "expand",
  "expand[]",
  "full",
  "config",
  "file",
  "__proto__",
  "constructor",
  "toString",
];
const PARAM_VALUES = [
  "",
  "1",
  "-1",
  "0",
  "1001",
  "true",
  "downloads",
  "likes",
  "llama",
  "%00",
  "%",
  "__proto__",
];

const param = fc
  .tuple(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...PARAM_NAMES) },
      { weight: 1, arbitrary: encodedText(8) },
    ),
    fc.oneof(
      { weight: 2, arbitrary: fc.constantFrom(...PARAM_VALUES) },
      { weight: 3, arbitrary: encodedText(40) },
      { weight: 1, arbitrary: lineText(30).map((text) => text.replace(/[ #&]/g, "")) },
    ),
  )
  .map(([name, value]) => `${name}=${value}`);

/** Real routes, so that the random parameters reach the handlers, not only the 404 page. */
const KNOWN_PATHS = [
  "/api/models",
  "/api/models/meta-llama/Llama-3.3-70B-Instruct",
  "/api/models/meta-llama/Llama-3.3-70B-Instruct/usage",
  "/api/models/gpt2",
  "/api/tasks",
  "/api/tasks/text-classification",
  "/api/libraries",
  "/api/libraries/transformers",
  "/api/hubkit/config",
  "/router/together/v1/models",
  "/",
  "/models",
];

const target = fc
  .tuple(
    fc.oneof(
      fc.constantFrom(...KNOWN_PATHS),
      fc
        .tuple(fc.array(segment, { minLength: 1, maxLength: 5 }), fc.boolean())
        .map(([segments, trailingSlash]) => `/${segments.join("/")}${trailingSlash ? "/" : ""}`),
    ),
    fc.array(param, { maxLength: 5 }),
  )
  .map(([pathname, params]) => (params.length ? `${pathname}?${params.join("&")}` : pathname));

function headerArbitrary(selfHost: string, selfOrigin: string) {
  return fc.record(
    {
      host: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(selfHost, `localhost:${selfHost.split(":")[1]}`) },
        { weight: 1, arbitrary: fc.constantFrom("", "evil.example", "[::1", "a b", "x:99999", "<x>") },
        { weight: 1, arbitrary: lineText(30) },
      ),
      origin: fc.oneof(
        fc.constantFrom(selfOrigin, "null", "https://attacker.example", "file://"),
        lineText(30),
      ),
      "sec-fetch-site": fc.oneof(
        fc.constantFrom("same-origin", "cross-site", "same-site", "none"),
        lineText(12),
      ),
      accept: fc.oneof(fc.constantFrom("*/*", "application/json", "text/event-stream"), lineText(30)),
      "content-type": fc.oneof(
        fc.constantFrom("application/json", "text/plain", "multipart/form-data; boundary=x"),
        lineText(30),
      ),
      "accept-encoding": fc.constantFrom("gzip", "br", "deflate", "identity", "*;q=0", "gzip;q=abc"),
    },
    { requiredKeys: ["host"] },
  );
}

describe("fuzzing the hub's paths, query parameters and headers", () => {
  it("never answers 5xx, always with the security headers", async () => {
    const selfHost = new URL(server.url).host;
    const requests = fc.record({
      method: fc.constantFrom("GET", "GET", "GET", "HEAD", "POST", "OPTIONS", "DELETE", "PUT"),
      target,
      headers: headerArbitrary(selfHost, server.url),
      body: lineText(60),
    });
    let sent = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(requests, async ({ method, target: requestTarget, headers, body }) => {
        const withBody = method === "POST" || method === "PUT";
        const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
        if (withBody) lines.push(`content-length: ${Buffer.byteLength(body, "latin1")}`);
        const raw = `${method} ${requestTarget} HTTP/1.1\r\n${lines.join("\r\n")}\r\nconnection: close\r\n\r\n${withBody ? body : ""}`;
        const reply = await rawExchange(server.url, raw, 8000);
        sent++;
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
        const where = `${method} ${requestTarget} ${JSON.stringify(headers)}`;
        expect(reply.status, where).toBeGreaterThanOrEqual(200);
        expect(reply.status, where).toBeLessThan(500);
        expect(missingSecurityHeaders(reply.headers), where).toEqual([]);
      }),
      { numRuns: 700, interruptAfterTimeLimit: 40_000, markInterruptAsFailure: false },
    );
    // The run must have covered successes and refusals alike.
    expect(sent).toBeGreaterThan(100);
    const counts = [...statuses.entries()].sort(([a], [b]) => a - b);
    console.log(`fuzz: ${sent} requests; status counts ${JSON.stringify(Object.fromEntries(counts))}`);
    expect(counts.some(([status]) => status < 300)).toBe(true);
    expect(counts.some(([status]) => status >= 400)).toBe(true);
  }, 60_000);

  it("answers any search text with 200 or a 400 naming the parameter", async () => {
    const selfHost = new URL(server.url).host;
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        encodedText(80),
        fc.constantFrom("downloads", "likes", "createdAt"),
        async (search, sort) => {
          const requestTarget = `/api/models?search=${search}&sort=${sort}&limit=5`;
          const reply = await rawExchange(
            server.url,
            `GET ${requestTarget} HTTP/1.1\r\nhost: ${selfHost}\r\nconnection: close\r\n\r\n`,
          );
          seen.set(reply.status, (seen.get(reply.status) ?? 0) + 1);
          if (reply.status !== 200) {
            expect(reply.status, requestTarget).toBe(400);
            expect(JSON.parse(reply.body).error, requestTarget).toMatch(/search|query/);
          }
        },
      ),
      { numRuns: 300, interruptAfterTimeLimit: 20_000, markInterruptAsFailure: false },
    );
    console.log(`fuzz search: status counts ${JSON.stringify(Object.fromEntries(seen))}`);
    expect(seen.get(200) ?? 0).toBeGreaterThan(50);
  }, 40_000);
});
