// End-to-end: hosted repositories in the web app. Repos are uploaded with the real Python
// huggingface_hub (HF_ENDPOINT at the hub); then, in Chromium: sign-in with a hub token (and a wrong
// one, and sign-out), an uploaded model's page (card, files with LFS marks and sizes, folders,
// history, size and parameter count from the safetensors header), the branch picker, a download,
// a private repo that shows only to its owner, an embedded catalogue model that says no files are
// hosted, and a dataset page with CSV and Parquet previews. Screenshots go to screenshots/.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parquetWriteBuffer } from "hyparquet-writer";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeViolations,
  hydrated,
  overflowing,
  PHONE,
  repoRoot,
  screenshots,
  startE2E,
  type E2E,
} from "./e2e-setup.js";

const run = promisify(execFile);
const python = process.env.HUBKIT_PYTHON ?? path.join(repoRoot, ".data/py/bin/python");

let e2e: E2E;
let work: string;
let alice: string;
let bob: string;

/** A safetensors file whose header names the tensors (the data is zeros). */
function safetensors(tensors: Record<string, { dtype: string; shape: number[] }>): Buffer {
  const width: Record<string, number> = { F16: 2, BF16: 2, F32: 4 };
  const header: Record<string, unknown> = {};
  let offset = 0;
  for (const [name, { dtype, shape }] of Object.entries(tensors)) {
    const bytes = shape.reduce((a, b) => a * b, 1) * width[dtype];
    header[name] = { dtype, shape, data_offsets: [offset, offset + bytes] };
    offset += bytes;
  }
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(json.length));
  return Buffer.concat([length, json, Buffer.alloc(offset)]);
}

async function py(token: string, script: string): Promise<void> {
  if (!existsSync(python))
    throw new Error(`No Python clients at ${python}: run npm test (it sets up .data/py)`);
  await run(python, ["-c", script], {
    env: {
      PATH: process.env.PATH,
      HF_ENDPOINT: e2e.hub.url,
      HF_TOKEN: token,
      HF_HUB_DISABLE_XET: "1",
      HF_HUB_DISABLE_TELEMETRY: "1",
      HF_HOME: path.join(work, "hf-home"),
    },
    timeout: 120_000,
  });
}

function folder(name: string, files: Record<string, string | Buffer>): string {
  const dir = path.join(work, name);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

const MODEL = "alice/tiny-llama";
/** A private repo answers 401 to anonymous callers and 404 to others, as huggingface.co does. */
const HIDDEN = /This page was not found|This request was refused/;
const CONFIG = JSON.stringify({ architectures: ["LlamaForCausalLM"], model_type: "llama" }, null, 2);
const CSV = 'id,review,stars\n1,"Great, would buy again",5\n2,Too small,2\n3,"Said ""fine""",3\n';

beforeAll(async () => {
  e2e = await startE2E();
  work = mkdtempSync(path.join(tmpdir(), "hubkit-hosted-e2e-"));
  alice = await e2e.hub.repos.access.createToken("alice", { write: true });
  bob = await e2e.hub.repos.access.createToken("bob", { write: true });
  const model = folder("model", {
    "README.md":
      "---\nlicense: mit\npipeline_tag: text-generation\n---\n# Tiny Llama\n\nA **tiny** model uploaded by Alice.\n",
    "config.json": CONFIG,
    // 1000×64 F16 + 64 F32 = 64,064 parameters
    "model.safetensors": safetensors({
      "embed.weight": { dtype: "F16", shape: [1000, 64] },
      "norm.weight": { dtype: "F32", shape: [64] },
    }),
    "onnx/model.onnx": "not really onnx",
  });
  const dev = folder("dev", { "dev-notes.txt": "work in progress\n" });
  const secret = folder("secret", { "README.md": "# Secret weights\n" });
  const rows = 1000;
  const data = folder("data", {
    "README.md": "---\nlicense: cc-by-4.0\n---\n# Reviews\n\nShop reviews.\n",
    "data/reviews.csv": CSV,
    "data/reviews.parquet": Buffer.from(
      parquetWriteBuffer({
        columnData: [
          { name: "id", data: Int32Array.from({ length: rows }, (_, i) => i + 1), type: "INT32" },
          {
            name: "review",
            data: Array.from({ length: rows }, (_, i) => `parquet review ${i + 1}`),
            type: "STRING",
          },
        ],
      }),
    ),
  });
  await py(
    alice,
    `
from huggingface_hub import HfApi
api = HfApi()
api.create_repo("${MODEL}")
api.upload_folder(repo_id="${MODEL}", folder_path=${JSON.stringify(model)}, commit_message="Add the tiny llama", commit_description="Weights, config and card.")
api.create_branch("${MODEL}", branch="dev")
api.upload_folder(repo_id="${MODEL}", folder_path=${JSON.stringify(dev)}, revision="dev", commit_message="Dev notes")
api.create_repo("alice/secret-model", private=True)
api.upload_folder(repo_id="alice/secret-model", folder_path=${JSON.stringify(secret)}, commit_message="Secret card")
api.create_repo("alice/reviews", repo_type="dataset")
api.upload_folder(repo_id="alice/reviews", repo_type="dataset", folder_path=${JSON.stringify(data)}, commit_message="Add reviews")
`,
  );
}, 180_000);

afterAll(async () => {
  await e2e?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function open(url: string, token?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.browser.newContext({
    viewport: { width: 1440, height: 900 },
    acceptDownloads: true,
  });
  if (token) await context.addInitScript((value) => localStorage.setItem("hubkit-hub-token", value), token);
  const page = await context.newPage();
  page.setDefaultTimeout(8_000);
  await page.goto(e2e.hub.url + url);
  await hydrated(page);
  return { context, page };
}

async function signIn(page: Page, token: string): Promise<void> {
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByLabel("Hub token").fill(token);
  await page.locator(".sign-in-form").getByRole("button", { name: "Sign in" }).click();
}

describe("sign-in", () => {
  it("signs in with a hub token, says who, refuses a wrong one, and signs out", async () => {
    const { context, page } = await open("/");
    try {
      await signIn(page, "hf_thisTokenIsNotKnownHere1234");
      await expect.poll(() => page.getByRole("alert").textContent()).toMatch(/does not know that token/);
      await page.getByLabel("Hub token").fill(alice);
      await page.locator(".sign-in-form").getByRole("button", { name: "Sign in" }).click();
      await page.getByText("Signed in as").waitFor();
      expect(await page.getByTestId("session").textContent()).toContain("alice");
      expect(await page.evaluate(() => localStorage.getItem("hubkit-hub-token"))).toBe(alice);
      await screenshots(page, "hosted-signed-in", false);
      // Remembered across a reload, checked again with the hub.
      await page.reload();
      await page.getByText("Signed in as").waitFor();
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.getByRole("button", { name: "Sign in" }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem("hubkit-hub-token"))).toBeNull();
    } finally {
      await context.close();
    }
  });
});

describe("an uploaded model's page", () => {
  it("shows the card, files, history, size and parameter count; opens folders; downloads a file", async () => {
    const { context, page } = await open(`/${MODEL}`);
    try {
      await page.getByTestId("repo-files").waitFor();
      const card = page.locator(".model-card-section");
      expect(await card.textContent()).toContain("A tiny model uploaded by Alice.");
      await card.getByRole("heading", { name: "Tiny Llama" }).waitFor();
      const files = page.getByTestId("repo-files");
      const safetensorsRow = files.locator("tr", { hasText: "model.safetensors" });
      expect(await safetensorsRow.textContent()).toContain("LFS");
      expect(await safetensorsRow.locator(".file-size").textContent()).toBe("128.4 KB");
      expect(await files.locator("tr", { hasText: "config.json" }).textContent()).not.toContain("LFS");
      expect(await page.getByTestId("repo-size").textContent()).toMatch(/5 files · 130\.2 KB/);
      // 64,064 parameters from the safetensors header
      expect(await page.locator(".model-side").textContent()).toContain("64.1K params");
      const history = page.getByTestId("repo-history");
      expect(await history.textContent()).toContain("Add the tiny llama");
      expect(await history.textContent()).toContain("Weights, config and card.");
      expect(await history.textContent()).toContain("alice");
      expect(await history.textContent()).toContain("initial commit");
      await screenshots(page, "hosted-model");
      expect(await axeViolations(page)).toEqual([]);

      // A folder opens in place, and the way back is its breadcrumb.
      await files.getByRole("button", { name: "onnx/" }).click();
      await files.locator("tr", { hasText: "model.onnx" }).waitFor();
      expect(new URL(page.url()).searchParams.get("path")).toBe("onnx");
      expect(await files.locator("tbody tr").count()).toBe(1);
      await page
        .getByRole("navigation", { name: "Folder" })
        .getByRole("button", { name: "tiny-llama" })
        .click();
      await files.locator("tr", { hasText: "config.json" }).waitFor();

      // Download: the link goes to /{id}/resolve/{rev}/{path} and gives the same bytes.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Download config.json" }).click(),
      ]);
      expect(download.url()).toBe(`${e2e.hub.url}/${MODEL}/resolve/main/config.json?download=true`);
      expect(readFileSync((await download.path())!, "utf8")).toBe(CONFIG);
    } finally {
      await context.close();
    }
  });

  it("switches branch: the dev branch's files and history", async () => {
    const { context, page } = await open(`/${MODEL}`);
    try {
      const files = page.getByTestId("repo-files");
      await files.waitFor();
      expect(await files.textContent()).not.toContain("dev-notes.txt");
      await page.getByLabel("Branch or tag").selectOption("dev");
      await files.locator("tr", { hasText: "dev-notes.txt" }).waitFor();
      expect(new URL(page.url()).searchParams.get("rev")).toBe("dev");
      await expect.poll(() => page.getByTestId("repo-history").textContent()).toContain("Dev notes");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Download dev-notes.txt" }).click(),
      ]);
      expect(download.url()).toContain("/resolve/dev/dev-notes.txt");
      expect(readFileSync((await download.path())!, "utf8")).toBe("work in progress\n");
      await screenshots(page, "hosted-model-branch", false);
      // An old commit from the history: its files, without the branch's later ones.
      await page
        .getByTestId("repo-history")
        .locator("li", { hasText: "initial commit" })
        .getByRole("button")
        .click();
      await expect.poll(() => files.locator("tbody tr").count()).toBe(1);
      expect(await files.textContent()).toContain(".gitattributes");
    } finally {
      await context.close();
    }
  });

  it("an embedded catalogue model says no files are hosted for it", async () => {
    const { context, page } = await open("/meta-llama/Llama-3.3-70B-Instruct");
    try {
      await page.getByTestId("not-hosted").waitFor();
      expect(await page.getByTestId("not-hosted").textContent()).toContain("No files are hosted on this hub");
    } finally {
      await context.close();
    }
  });
});

describe("a private repo", () => {
  it("is not in the anonymous page or the catalogue, not for another user, and shows for its owner", async () => {
    // The server's render (anonymous) and the catalogue know nothing of it.
    const html = await (await fetch(`${e2e.hub.url}/alice/secret-model`)).text();
    expect(html).not.toContain("Secret weights");
    const listed = (await (await fetch(`${e2e.hub.url}/api/models?search=secret`)).json()) as unknown[];
    expect(listed).toEqual([]);

    const { context, page } = await open("/alice/secret-model");
    try {
      await page.getByRole("heading", { name: HIDDEN }).waitFor();
      await signIn(page, bob);
      await page.getByText("Signed in as").waitFor();
      // Bob may not read it: still not found.
      await page.getByRole("heading", { name: HIDDEN }).waitFor();
      await page.getByRole("button", { name: "Sign out" }).click();
      await signIn(page, alice);
      await page.getByRole("heading", { name: "alice/secret-model", level: 1 }).waitFor();
      expect(await page.locator(".model-card-section").textContent()).toContain("Secret weights");
      await page.getByTestId("repo-files").locator("tr", { hasText: "README.md" }).waitFor();
      // A private file downloads with the token.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Download README.md" }).click(),
      ]);
      expect(readFileSync((await download.path())!, "utf8")).toBe("# Secret weights\n");
      await screenshots(page, "hosted-private-owner", false);
      // Signing out hides it again.
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.getByRole("heading", { name: HIDDEN }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("a signed-in owner opening its address directly gets the page", async () => {
    const { context, page } = await open("/alice/secret-model", alice);
    try {
      await page.getByRole("heading", { name: "alice/secret-model", level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe("a dataset's page", () => {
  it("shows the card, the files, and previews of the CSV and the Parquet file", async () => {
    const { context, page } = await open("/datasets/alice/reviews");
    try {
      await page.getByRole("heading", { name: "alice/reviews", level: 1 }).waitFor();
      expect(await page.locator(".model-card-section").textContent()).toContain("Shop reviews.");
      const preview = page.getByTestId("dataset-preview");
      await preview.locator("table").waitFor();
      const headers = await preview.locator("th").allTextContents();
      expect(headers).toEqual(["id", "review", "stars"]);
      expect(await preview.locator("tbody tr").first().textContent()).toContain("Great, would buy again");
      expect(await preview.locator("tbody tr").nth(2).textContent()).toContain('Said "fine"');
      await screenshots(page, "hosted-dataset-csv");
      expect(await axeViolations(page)).toEqual([]);
      await page.getByLabel("File to preview").selectOption("data/reviews.parquet");
      await expect.poll(() => preview.textContent()).toContain("parquet review 1");
      expect(await preview.textContent()).toContain("the first 20 rows of 1,000");
      expect(await preview.locator("tbody tr").count()).toBe(20);
      expect(await preview.locator("tbody tr").nth(19).textContent()).toBe("20parquet review 20");
      await screenshots(page, "hosted-dataset-parquet");
      await page.setViewportSize(PHONE);
      await screenshots(page, "hosted-dataset-phone", false);
      expect(await overflowing(page, PHONE.width)).toEqual([]);
      expect(await page.getByTestId("repo-history").textContent()).toContain("Add reviews");
    } finally {
      await context.close();
    }
  });
});
