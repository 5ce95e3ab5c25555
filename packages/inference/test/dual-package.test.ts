// The package as published: `npm pack`, unpacked into a consumer's node_modules (what npm install
// does with a tarball), then used from CommonJS (require) and ESM (import), with types for each.
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HUB_TOKEN, modelFor, useEmulator } from "./helpers.js";

const emu = useEmulator();
const packageDir = fileURLToPath(new URL("..", import.meta.url));
const repoRoot = join(packageDir, "../..");
let consumer: string;

beforeAll(async () => {
  if (
    !existsSync(join(packageDir, "dist/cjs/index.js")) ||
    !existsSync(join(packageDir, "dist/hubkit-inference.js"))
  ) {
    throw new Error("packages/inference/dist is not built: run `npm run build` first (npm test does)");
  }
  consumer = await mkdtemp(join(tmpdir(), "hubkit-consumer-"));
  const tarball = execFileSync("npm", ["pack", "--silent", "--pack-destination", consumer], {
    cwd: packageDir,
    encoding: "utf8",
  }).trim();
  const installed = join(consumer, "node_modules/@hubkit/inference");
  await mkdir(installed, { recursive: true });
  execFileSync("tar", ["-xzf", join(consumer, tarball), "-C", installed, "--strip-components=1"]);
  // Its one dependency (types only, at run time the bundles inline what they use) from the workspace.
  await symlink(join(repoRoot, "packages/tasks"), join(consumer, "node_modules/@hubkit/tasks"), "dir");
  await writeFile(join(consumer, "package.json"), JSON.stringify({ name: "consumer", private: true }));
}, 60_000);

afterAll(async () => {
  if (consumer) await rm(consumer, { recursive: true, force: true });
});

const execFileAsync = promisify(execFile);

/** Runs a consumer script with the emulator's bases, returns its stdout (JSON). Asynchronously: the
 * emulator answers from this process's event loop. */
async function runNode(file: string): Promise<unknown> {
  const e = emu();
  const { stdout: out } = await execFileAsync(process.execPath, [file], {
    cwd: consumer,
    encoding: "utf8",
    env: {
      ...process.env,
      HF_HUB_URL: e.hubUrl,
      HF_ROUTER_URL: e.routerUrl,
      MODEL: modelFor("cerebras", "conversational").id,
      TOKEN: HUB_TOKEN,
    },
  });
  return JSON.parse(out);
}

const script = (load: string) => `${load}
(async () => {
  const client = new InferenceClient(process.env.TOKEN);
  const out = await client.chatCompletion({ model: process.env.MODEL, messages: [{ role: "user", content: "hi" }] });
  let error;
  try { await chatCompletion({ model: "x", provider: "nope", messages: [] }); } catch (e) { error = e; }
  console.log(JSON.stringify({
    names: [typeof InferenceClient, typeof chatCompletion, typeof InferenceClientInputError],
    content: typeof out.choices[0].message.content,
    inputError: error instanceof InferenceClientInputError,
  }));
})();
`;

describe("dual package from a packed tarball", () => {
  it("require() works (CommonJS consumer)", async () => {
    await writeFile(
      join(consumer, "consumer.cjs"),
      script(
        `const { InferenceClient, chatCompletion, InferenceClientInputError } = require("@hubkit/inference");`,
      ),
    );
    expect(await runNode("consumer.cjs")).toEqual({
      names: ["function", "function", "function"],
      content: "string",
      inputError: true,
    });
  });

  it("import works (ESM consumer)", async () => {
    await writeFile(
      join(consumer, "consumer.mjs"),
      script(
        `import { InferenceClient, chatCompletion, InferenceClientInputError } from "@hubkit/inference";`,
      ),
    );
    expect(await runNode("consumer.mjs")).toEqual({
      names: ["function", "function", "function"],
      content: "string",
      inputError: true,
    });
  });

  it("has types for require and for import", async () => {
    const typed = (load: string) => `${load}
const client = new InferenceClient("hf_x", { endpointUrl: "http://localhost:8080" });
const chat: Promise<ChatCompletionOutput> = client.chatCompletion({ messages: [{ role: "user", content: "hi" }] });
const image: Promise<string> = textToImage({ model: "m", inputs: "x" }, { outputType: "dataUrl" });
const providers: readonly string[] = PROVIDERS_OR_POLICIES;
void chat; void image; void providers;
// @ts-expect-error: a typo in a task function's name is a type error
client.chatCompletions;
`;
    await writeFile(
      join(consumer, "typed.cts"),
      typed(`import { InferenceClient, textToImage, PROVIDERS_OR_POLICIES } from "@hubkit/inference";
import type { ChatCompletionOutput } from "@hubkit/tasks";`),
    );
    await writeFile(
      join(consumer, "typed.mts"),
      typed(`import { InferenceClient, textToImage, PROVIDERS_OR_POLICIES } from "@hubkit/inference";
import type { ChatCompletionOutput } from "@hubkit/tasks";`),
    );
    const tsc = join(repoRoot, "node_modules/typescript/bin/tsc");
    const args = [
      "--noEmit",
      "--strict",
      "--module",
      "nodenext",
      "--moduleResolution",
      "nodenext",
      "--target",
      "es2022",
      "--skipLibCheck",
    ];
    // Each file type-checks, and TypeScript resolved the require (CJS) and import (ESM) declarations.
    const trace = execFileSync(
      process.execPath,
      [tsc, ...args, "--traceResolution", "typed.cts", "typed.mts"],
      {
        cwd: consumer,
        encoding: "utf8",
      },
    );
    expect(trace).toMatch(
      /'@hubkit\/inference' was successfully resolved to '[^']*\/dist\/cjs\/index\.d\.ts'/,
    );
    expect(trace).toMatch(/'@hubkit\/inference' was successfully resolved to '[^']*\/dist\/index\.d\.ts'/);
  }, 60_000);
});
