// `hubkit-hub user …` and `org …` on both metadata stores (SQLite in the data dir, PostgreSQL with
// HUBKIT_DATABASE_URL): accounts and memberships are made, listed and removed, bad input gets one
// clear line, and a membership change is what the hub's access control then follows: a member's
// token reads the organisation's private repo, and stops when the member is removed.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "../src/commands.js";
import { startHubServer } from "../src/index.js";
import { captureIo } from "./support/command-io.js";
import { postgresWithFolder } from "./support/hub.js";

interface Run {
  code: number;
  out: string;
  err: string;
}

function runner(env: Record<string, string>) {
  return async (argv: string[]): Promise<Run> => {
    const { io, out, err } = captureIo(env);
    const { exitCode } = await runCommand(argv, io);
    return { code: exitCode, out: out(), err: err() };
  };
}

let postgres: Awaited<ReturnType<typeof postgresWithFolder>>;

beforeAll(async () => {
  postgres = await postgresWithFolder("accounts");
}, 120_000);

afterAll(() => postgres?.cleanup());

for (const store of ["sqlite", "postgres"] as const) {
  describe(`user and org commands on ${store}`, () => {
    const env = () => ({
      HUBKIT_DATA_DIR: path.join(postgres.folder, store),
      ...(store === "postgres" ? { HUBKIT_DATABASE_URL: postgres.db.url } : {}),
    });

    it("make, list and remove accounts and members; refuse bad input with one line", async () => {
      const hub = runner(env());
      expect((await hub(["org", "create", "acme", "--admin", "alice"])).code).toBe(0);
      expect((await hub(["user", "create", "bob"])).code).toBe(0);
      expect(await hub(["org", "add", "acme", "bob", "--role", "write"])).toMatchObject({ code: 0 });
      expect(JSON.parse((await hub(["org", "members", "acme", "--json"])).out)).toEqual([
        { user: "alice", role: "admin" },
        { user: "bob", role: "write" },
      ]);
      // add changes an existing member's role
      expect((await hub(["org", "add", "acme", "bob", "--role", "read"])).code).toBe(0);
      expect((await hub(["org", "members", "acme"])).out).toBe("alice\tadmin\nbob\tread\n");
      const users = JSON.parse((await hub(["user", "list", "--json"])).out) as { name: string }[];
      expect(users.map((user) => user.name)).toEqual(["alice", "bob"]);
      expect((await hub(["org", "list"])).out).toMatch(/^acme\t/);

      expect(await hub(["org", "remove", "acme", "bob"])).toMatchObject({ code: 0 });
      const again = await hub(["org", "remove", "acme", "bob"]);
      expect(again).toMatchObject({ code: 1, err: "hubkit-hub: bob is not a member of acme\n" });
      const wrongKind = await hub(["org", "add", "alice", "bob"]);
      expect(wrongKind).toMatchObject({ code: 1, err: 'hubkit-hub: "alice" is a user\n' });
      expect((await hub(["org", "create", "acme"])).code).toBe(1);
      expect((await hub(["org", "members", "nosuch"])).code).toBe(1);
      const badRole = await hub(["org", "add", "acme", "carol", "--role", "boss"]);
      expect(badRole.code).toBe(2);
      expect(badRole.err).toContain("--role must be one of admin, write, contributor, read");
      const badName = await hub(["user", "create", "-not-a-name"]);
      expect(badName.code).toBe(2);
      expect((await hub(["user", "delete", "bob"])).code).toBe(2);
    });

    it("a membership added or removed is what access follows", async () => {
      const hub = runner(env());
      const token = async (user: string) =>
        (await hub(["token", "create", "--user", user, "--write"])).out.trim();
      const admin = await token("alice");
      const reader = await token("dana");
      const server = await startHubServer({
        port: 0,
        dataDir: env().HUBKIT_DATA_DIR,
        databaseUrl: env().HUBKIT_DATABASE_URL,
        hfToken: "",
        logger: false,
      });
      try {
        const created = await fetch(`${server.url}/api/repos/create`, {
          method: "POST",
          headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
          body: JSON.stringify({ name: "vault", organization: "acme", private: true }),
        });
        expect(created.status).toBe(200);
        const read = async () =>
          (
            await fetch(`${server.url}/api/models/acme/vault`, {
              headers: { authorization: `Bearer ${reader}` },
            })
          ).status;
        expect(await read()).toBe(404);
        expect((await hub(["org", "add", "acme", "dana"])).code).toBe(0);
        expect(await read()).toBe(200);
        expect((await hub(["org", "remove", "acme", "dana"])).code).toBe(0);
        expect(await read()).toBe(404);
      } finally {
        await server.close();
      }
    });
  });
}
