// The dependency set installs on Node 20 with no engine warning (npm prints EBADENGINE for a package
// whose `engines.node` the running Node does not satisfy), and fastify works with the `cookie` the
// root package.json's `overrides` pins (cookie 2.x, which light-my-request asks for, needs Node 22;
// 1.1.x has the same stringifySetCookie it calls).
import { describe, expect, it } from "vitest";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import Fastify from "fastify";

const require = createRequire(import.meta.url);
// semver is npm's own range matcher; it is installed here as a dependency of several packages.
const semver = require("semver") as { satisfies(version: string, range: string): boolean };
const root = new URL("../../../", import.meta.url);
const lock = JSON.parse(readFileSync(new URL("package-lock.json", root), "utf8")) as {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
};
const rootPackage = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as {
  engines: { node: string };
};

describe("dependencies on Node 20", () => {
  it("every locked package accepts the oldest Node the project supports", () => {
    const [major, minor = "0", patch = "0"] = rootPackage.engines.node.replace(/^>=\s*/, "").split(".");
    const oldest = `${major}.${minor}.${patch}`;
    expect(oldest).toMatch(/^20\.\d+\.\d+$/);
    const refused = Object.entries(lock.packages)
      .filter(([, entry]) => entry.engines && !Array.isArray(entry.engines) && entry.engines.node)
      .filter(([, entry]) => !semver.satisfies(oldest, (entry.engines as { node: string }).node))
      .map(([name, entry]) => `${name} (${(entry.engines as { node: string }).node})`);
    expect(refused).toEqual([]);
  });

  it("fastify's inject sends cookies and reads a Set-Cookie with the overridden cookie package", async () => {
    const app = Fastify();
    app.get("/", async (request, reply) => {
      reply.header("set-cookie", "seen=yes; Path=/");
      return { cookie: request.headers.cookie ?? null };
    });
    const response = await app.inject({ method: "GET", url: "/", cookies: { a: "1", b: "two" } });
    await app.close();
    expect(response.json()).toEqual({ cookie: "a=1; b=two" });
    expect(response.cookies).toEqual([expect.objectContaining({ name: "seen", value: "yes", path: "/" })]);
  });
});
