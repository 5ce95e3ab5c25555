// Access control as a property: every caller (anonymous, another user, the owner's read token, an
// org member with the read role, an org member with the write role, an org admin) against every
// surface that can reveal or change a private repo gets the one expected answer. A caller who may not
// read it gets exactly what a missing repo gives (401 without a token, 404 with one, RepoNotFound);
// one who may read but not write gets 403 on writes; search, counts and rendered pages never show it;
// the `hubkit` command line (built, apps/cli/dist) lists, downloads and uploads for exactly the same callers;
// the router bills the organisation (X-HF-Bill-To, with its stored provider key) for its members only.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Readable, Writable } from "node:stream";
import { runCommand } from "../src/commands.js";
import { startHubServer, type HubServer } from "../src/index.js";

const MARKER = "vault-secret-marker-7f3a";
const HUBKIT = path.resolve(import.meta.dirname, "../../cli/dist/hubkit.js");
const execFileAsync = promisify(execFile);
/** The router gateway's sealing key, and a provider key stored for the organisation. */
const SECRET_KEY = "5a".repeat(32);
const ORG_GROQ_KEY = "gsk_vaultcoOrgKey0123456789abcdefgh";
let hub: HubServer;
let work: string;
// A token the hub does not know reads as anonymous (offline clients send any hf_ token) and may not write.
const tokens: Record<string, string | undefined> = {
  anonymous: undefined,
  unknownToken: `hf_${"y".repeat(34)}`,
};
type Caller =
  "anonymous" | "unknownToken" | "stranger" | "ownerRead" | "orgReader" | "orgWriter" | "orgAdmin";
const CALLERS: Caller[] = [
  "anonymous",
  "unknownToken",
  "stranger",
  "ownerRead",
  "orgReader",
  "orgWriter",
  "orgAdmin",
];
const READERS = new Set<Caller>(["ownerRead", "orgReader", "orgWriter", "orgAdmin"]);
const WRITERS = new Set<Caller>(["orgWriter", "orgAdmin"]);
let facetsBefore: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "hubkit-repos-access-"));
  const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
  const stored = await runCommand(
    ["provider-key", "set", "--provider", "groq", "--org", "vaultco", "--data-dir", path.join(work, "data")],
    {
      stdout: quiet,
      stderr: quiet,
      env: { HUBKIT_SECRET_KEY: SECRET_KEY },
      stdin: Readable.from([ORG_GROQ_KEY]),
    },
  );
  expect(stored.exitCode).toBe(0);
  hub = await startHubServer({
    port: 0,
    dataDir: path.join(work, "data"),
    hfToken: "",
    pageCacheMegabytes: 8,
    gateway: { secretKey: SECRET_KEY },
    onWarning: () => {},
  });
  const access = hub.repos.access;
  tokens.orgAdmin = await access.createToken("ivy", { write: true, orgs: ["vaultco"] });
  tokens.ownerRead = await access.createToken("ivy");
  tokens.orgWriter = await access.createToken("jack", { write: true });
  tokens.orgReader = await access.createToken("kate", { write: true });
  tokens.stranger = await access.createToken("leo", { write: true });
  await hub.repos.meta.setMember("vaultco", "jack", "write");
  await hub.repos.meta.setMember("vaultco", "kate", "read");
  facetsBefore = await (await fetch(`${hub.url}/api/models-facets`)).text();
  const admin = { authorization: `Bearer ${tokens.orgAdmin}` };
  const created = await fetch(`${hub.url}/api/repos/create`, {
    method: "POST",
    headers: { ...admin, "content-type": "application/json" },
    body: JSON.stringify({ name: "vault", organization: "vaultco", visibility: "private" }),
  });
  expect(created.status).toBe(200);
  const card = `---\nlibrary_name: vaultlib\ntags: [${MARKER}]\n---\n# ${MARKER}\n`;
  const commit = await fetch(`${hub.url}/api/models/vaultco/vault/commit/main`, {
    method: "POST",
    headers: { ...admin, "content-type": "application/x-ndjson" },
    body: [
      { key: "header", value: { summary: "card" } },
      {
        key: "file",
        value: { path: "README.md", content: Buffer.from(card).toString("base64"), encoding: "base64" },
      },
    ]
      .map((line) => JSON.stringify(line))
      .join("\n"),
  });
  expect(commit.status).toBe(200);
});

afterAll(async () => {
  await hub?.close();
  rmSync(work, { recursive: true, force: true });
});

function call(caller: Caller, method: string, url: string, body?: unknown, contentType = "application/json") {
  const token = tokens[caller];
  return fetch(`${hub.url}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": contentType }),
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** What a missing repo gives this caller: the answer a hidden one must give too. */
function hiddenStatus(caller: Caller): number {
  return caller === "anonymous" || caller === "unknownToken" ? 401 : 404;
}

const READS: [string, string, unknown?, string?][] = [
  ["GET", "/api/models/vaultco/vault"],
  ["GET", "/api/models/vaultco/vault/revision/main"],
  ["GET", "/api/models/vaultco/vault/tree/main"],
  ["GET", "/api/models/vaultco/vault/tree/main/sub"],
  ["POST", "/api/models/vaultco/vault/paths-info/main", { paths: ["README.md"] }],
  ["GET", "/api/models/vaultco/vault/refs"],
  ["GET", "/api/models/vaultco/vault/commits/main"],
  ["GET", "/api/models/vaultco/vault/usage"],
  ["GET", "/vaultco/vault/resolve/main/README.md"],
  ["HEAD", "/vaultco/vault/resolve/main/README.md"],
  ["GET", "/vaultco/vault/raw/main/README.md"],
  [
    "POST",
    "/vaultco/vault.git/info/lfs/objects/batch",
    { operation: "download", objects: [] },
    "application/vnd.git-lfs+json",
  ],
];

const WRITES: [string, string, unknown, string?][] = [
  ["POST", "/api/models/vaultco/vault/preupload/main", { files: [{ path: "a.txt", size: 1, sample: "" }] }],
  [
    "POST",
    "/vaultco/vault.git/info/lfs/objects/batch",
    { operation: "upload", objects: [] },
    "application/vnd.git-lfs+json",
  ],
  ["POST", "/api/models/vaultco/vault/branch/feature", {}],
  ["POST", "/api/models/vaultco/vault/tag/main", { tag: "v-test" }],
  ["PUT", "/api/models/vaultco/vault/settings", { private: true }],
];

describe("a private repo in an organisation, caller by caller", () => {
  for (const caller of CALLERS) {
    it(`${caller}: reads`, async () => {
      for (const [method, url, body, type] of READS) {
        const reply = await call(caller, method, url, body, type);
        // The path under tree/ does not exist: readers get EntryNotFound, others RepoNotFound.
        const readerStatus = url.endsWith("/sub") ? 404 : 200;
        const expected = READERS.has(caller) ? readerStatus : hiddenStatus(caller);
        expect(reply.status, `${caller} ${method} ${url}`).toBe(expected);
        if (!READERS.has(caller)) {
          expect(reply.headers.get("x-error-code"), `${caller} ${method} ${url}`).toBe("RepoNotFound");
          const missing = await call(
            caller,
            method,
            url.replace("vaultco/vault", "vaultco/absent"),
            body,
            type,
          );
          expect(missing.status, `missing: ${caller} ${method} ${url}`).toBe(reply.status);
          const text = await reply.text();
          expect(text).not.toContain(MARKER);
        }
      }
    });

    it(`${caller}: writes`, async () => {
      for (const [method, url, body, type] of WRITES) {
        const reply = await call(caller, method, url, body, type);
        const expected = WRITERS.has(caller) ? 200 : READERS.has(caller) ? 403 : hiddenStatus(caller);
        expect(reply.status, `${caller} ${method} ${url}: ${await reply.clone().text()}`).toBe(expected);
      }
      // Undo what a writer created, so that every writer meets the same repo.
      if (WRITERS.has(caller)) {
        expect((await call(caller, "DELETE", "/api/models/vaultco/vault/branch/feature")).status).toBe(200);
        expect((await call(caller, "DELETE", "/api/models/vaultco/vault/tag/v-test")).status).toBe(200);
      }
      const commit = await call(
        caller,
        "POST",
        "/api/models/vaultco/vault/commit/main",
        JSON.stringify({ key: "header", value: { summary: "probe" } }) + "\n",
        "application/x-ndjson",
      );
      expect(commit.status, `${caller} commit`).toBe(
        WRITERS.has(caller) ? 200 : READERS.has(caller) ? 403 : hiddenStatus(caller),
      );
      const moved = await call(caller, "POST", "/api/repos/move", {
        fromRepo: "vaultco/vault",
        toRepo: "vaultco/vault2",
        type: "model",
      });
      if (WRITERS.has(caller)) {
        expect(moved.status).toBe(200);
        expect(
          (
            await call(caller, "POST", "/api/repos/move", {
              fromRepo: "vaultco/vault2",
              toRepo: "vaultco/vault",
              type: "model",
            })
          ).status,
        ).toBe(200);
      } else expect(moved.status).toBe(READERS.has(caller) ? 403 : hiddenStatus(caller));
      if (!WRITERS.has(caller)) {
        const deleted = await call(caller, "DELETE", "/api/repos/delete", {
          name: "vault",
          organization: "vaultco",
          type: "model",
        });
        expect(deleted.status).toBe(READERS.has(caller) ? 403 : hiddenStatus(caller));
      }
    });

    it(`${caller}: search, counts and the rendered page never show it`, async () => {
      const token = tokens[caller];
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      for (const url of [
        "/api/models?search=vault",
        "/api/models?library=vaultlib&count=true",
        `/api/models?filter=${MARKER}`,
      ]) {
        const reply = await fetch(`${hub.url}${url}`, { headers });
        expect(await reply.json(), url).toEqual([]);
        if (url.includes("count=true")) expect(reply.headers.get("x-total-count")).toBe("0");
      }
      expect(await (await fetch(`${hub.url}/api/models-facets`, { headers })).text()).toBe(facetsBefore);
      const libraries = (await (await fetch(`${hub.url}/api/libraries`, { headers })).json()) as {
        id: string;
      }[];
      expect(libraries.some((library) => library.id === "vaultlib")).toBe(false);
      // Twice: the second answer comes from the page cache when the first was kept.
      for (let i = 0; i < 2; i++) {
        const page = await fetch(`${hub.url}/vaultco/vault`, { headers });
        expect(await page.text()).not.toContain(MARKER);
      }
    });
  }

  /** `hubkit ARGS` as `caller` (its token in HF_TOKEN), against this hub; never throws. */
  async function hubkit(caller: Caller, args: string[]): Promise<{ code: number; out: string }> {
    if (!existsSync(HUBKIT)) throw new Error(`${HUBKIT} is missing: run \`npm run build\` first`);
    const token = tokens[caller];
    const env = {
      PATH: process.env.PATH,
      HOME: work,
      HF_HOME: path.join(work, `hf-${caller}`),
      HF_ENDPOINT: hub.url,
      NO_COLOR: "1",
      ...(token ? { HF_TOKEN: token } : {}),
    };
    try {
      const { stdout, stderr } = await execFileAsync(process.execPath, [HUBKIT, ...args], { env });
      return { code: 0, out: stdout + stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, out: failed.stdout + failed.stderr };
    }
  }

  it("the hubkit command line: each caller lists, downloads and uploads only what it may", async () => {
    const upload = path.join(work, "probe.txt");
    writeFileSync(upload, "probe\n");
    await Promise.all(
      CALLERS.map(async (caller) => {
        const into = path.join(work, `download-${caller}`);
        const [listed, downloaded, uploaded] = await Promise.all([
          hubkit(caller, ["ls", "vaultco/vault"]),
          hubkit(caller, ["download", "vaultco/vault", "README.md", "--local-dir", into]),
          hubkit(caller, ["upload", "vaultco/vault", upload, `probes/${caller}.txt`]),
        ]);
        if (READERS.has(caller)) {
          expect(listed.code, `${caller} ls: ${listed.out}`).toBe(0);
          expect(listed.out).toContain("README.md");
          expect(downloaded.code, `${caller} download: ${downloaded.out}`).toBe(0);
          expect(readFileSync(path.join(into, "README.md"), "utf8")).toContain(MARKER);
        } else {
          for (const [name, run] of Object.entries({ listed, downloaded })) {
            expect(run.code, `${caller} ${name}: ${run.out}`).toBe(1);
            expect(run.out).not.toContain(MARKER);
          }
          expect(existsSync(path.join(into, "README.md"))).toBe(false);
        }
        expect(uploaded.code, `${caller} upload: ${uploaded.out}`).toBe(WRITERS.has(caller) ? 0 : 1);
        expect(uploaded.out).not.toContain(MARKER);
        // No caller's token is ever printed.
        for (const token of Object.values(tokens))
          if (token) for (const run of [listed, downloaded, uploaded]) expect(run.out).not.toContain(token);
      }),
    );
  }, 60_000);

  it("the router bills the organisation for its members only, with the organisation's key", async () => {
    const emulator = hub.emulator!;
    for (const caller of CALLERS) {
      const member = READERS.has(caller);
      emulator.clearRequests();
      const token = tokens[caller];
      const billed = await fetch(`${hub.url}/router/v1/chat/completions`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-hf-bill-to": "vaultco",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({
          model: "meta-llama/Llama-3.3-70B-Instruct:groq",
          messages: [{ role: "user", content: "Hello" }],
          max_tokens: 8,
        }),
      });
      const text = await billed.text();
      expect(text).not.toContain(ORG_GROQ_KEY);
      if (member) {
        expect(billed.status, `${caller}: ${text}`).toBe(200);
        const upstream = emulator.lastRequest((request) => request.host === "groq");
        expect(upstream?.headers.authorization).toBe(`Bearer ${ORG_GROQ_KEY}`);
      } else {
        expect(billed.status, `${caller}: ${text}`).toBe(403);
        expect(emulator.lastRequest((request) => request.method === "POST")).toBeUndefined();
      }
    }
  });

  it("the repo is intact after every caller tried", async () => {
    const reply = await call("orgAdmin", "GET", "/api/models/vaultco/vault/refs");
    const refs = (await reply.json()) as { branches: { name: string }[]; tags: unknown[] };
    expect(refs.branches.map((b) => b.name)).toEqual(["main"]);
    expect(refs.tags).toEqual([]);
    const readme = await (await call("orgReader", "GET", "/vaultco/vault/resolve/main/README.md")).text();
    expect(readme).toContain(MARKER);
  });
});
