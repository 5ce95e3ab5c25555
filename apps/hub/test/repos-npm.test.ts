// Hosted repositories through the published npm client, @huggingface/hub 2.x (installed in bench/
// as `hf-hub-2`, test-only) with `hubUrl` at the hub: whoAmI, createRepo, uploadFiles with a 12 MiB
// blob through LFS, listFiles, downloadFile, fileExists, deleteFile.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "./support/repo-files.js";
import type * as HubClientModule from "../../../bench/node_modules/hf-hub-2/dist/index.js";
import { startTestHub, type TestHub } from "./support/hub.js";

const clientEntry = fileURLToPath(
  new URL("../../../bench/node_modules/hf-hub-2/dist/index.mjs", import.meta.url),
);
type HubClient = typeof HubClientModule;

let hub: TestHub;
let token: string;
let client: HubClient;
const big = randomBytes(12 * 1024 * 1024);

beforeAll(async () => {
  if (!existsSync(clientEntry))
    throw new Error(
      "bench/node_modules/hf-hub-2 is missing: run `npm install --prefix bench` (npm test does)",
    );
  client = (await import(clientEntry)) as HubClient;
  hub = await startTestHub("repos-npm", { dataSubdir: "data", seed: false });
  token = await hub.repos.access.createToken("carol", { write: true });
});

afterAll(() => hub?.close());

describe("@huggingface/hub 2.x against hosted repositories", { timeout: 120_000 }, () => {
  const repo = { type: "model" as const, name: "carol/npm-model" };
  const credentials = () => ({ accessToken: token, hubUrl: hub.url });

  it("whoAmI and createRepo", async () => {
    const me = await client.whoAmI(credentials());
    expect(me.name).toBe("carol");
    expect(me.type).toBe("user");
    const created = await client.createRepo({ repo, ...credentials() });
    expect(created.repoUrl).toBe(`${hub.url}/carol/npm-model`);
  });

  it("uploadFiles with a 12 MiB blob and a small file; listFiles shows both", async () => {
    const commit = await client.uploadFiles({
      repo,
      ...credentials(),
      commitTitle: "Upload from npm",
      files: [
        { path: "weights.bin", content: new Blob([big]) },
        { path: "docs/readme.txt", content: new Blob(["hello from npm\n"]) },
      ],
    });
    expect(commit?.commit.oid).toMatch(/^[0-9a-f]{40}$/);
    const files = [];
    for await (const file of client.listFiles({ repo, recursive: true, ...credentials() })) files.push(file);
    const byPath = Object.fromEntries(files.map((file) => [file.path, file]));
    expect(Object.keys(byPath).sort()).toEqual([".gitattributes", "docs", "docs/readme.txt", "weights.bin"]);
    expect(byPath["weights.bin"]).toMatchObject({
      type: "file",
      size: big.length,
      lfs: { oid: sha256(big), size: big.length },
    });
    expect(byPath["docs"].type).toBe("directory");
  });

  it("downloadFile gives the same bytes; fileExists; deleteFile removes a file", async () => {
    const blob = await client.downloadFile({ repo, path: "weights.bin", ...credentials() });
    expect(sha256(new Uint8Array(await blob!.arrayBuffer()))).toBe(sha256(big));
    const text = await client.downloadFile({ repo, path: "docs/readme.txt", ...credentials() });
    expect(await text!.text()).toBe("hello from npm\n");
    expect(await client.fileExists({ repo, path: "docs/readme.txt", ...credentials() })).toBe(true);
    expect(await client.fileExists({ repo, path: "nope.txt", ...credentials() })).toBe(false);
    await client.deleteFile({ repo, path: "docs/readme.txt", ...credentials() });
    expect(await client.fileExists({ repo, path: "docs/readme.txt", ...credentials() })).toBe(false);
    expect(await client.downloadFile({ repo, path: "docs/readme.txt", ...credentials() })).toBeNull();
  });
});
