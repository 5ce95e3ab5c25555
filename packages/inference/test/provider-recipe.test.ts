// The provider recipe of docs/ARCHITECTURE.md ("Adding a provider"), followed for a made-up
// OpenAI-compatible provider with chat and text-to-image in a copy of the client's and the emulator's
// sources: it must touch at most 4 client files and 2 emulator files, and then work end to end —
// the copied client calls the copied emulator directly and through the router, and the snippet
// generator writes its snippets. A table that is restated rather than derived would need a fifth
// file, and a derived table that missed the new entry would fail one of these calls.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
const copyRoot = path.join(repoRoot, ".data", `provider-recipe-${process.pid}`);
const ID = "acme-ai";
const MODEL = "acme/acme-chat-7b";
const IMAGE_MODEL = "acme/acme-diffusion";
const HUB_TOKEN = "hf_recipetoken1234567890";
const KEY = "acme-provider-key-123";

/** Every file under `dir`, relative to it. */
function filesOf(dir: string, prefix = ""): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const name = path.join(prefix, entry.name);
    return entry.isDirectory() ? filesOf(dir, name) : [name];
  });
}

/** Files of the copy that are new or differ from the original. */
function touched(original: string, copy: string): string[] {
  return filesOf(copy).filter((file) => {
    try {
      return !readFileSync(path.join(original, file)).equals(readFileSync(path.join(copy, file)));
    } catch {
      return true;
    }
  });
}

/** Inserts `text` after the first occurrence of `anchor` in `file`; fails loudly if the anchor moved. */
function insertAfter(file: string, anchor: string, text: string): void {
  const source = readFileSync(file, "utf8");
  const at = source.indexOf(anchor);
  if (at === -1) throw new Error(`the recipe's anchor "${anchor}" is no longer in ${file}`);
  writeFileSync(file, source.slice(0, at + anchor.length) + text + source.slice(at + anchor.length));
}

function followRecipe(client: string, emulator: string): void {
  const providers = path.join(client, "providers");
  // 1–2. The provider's folder: its facts, and one helper per task.
  mkdirSync(path.join(providers, ID));
  writeFileSync(
    path.join(providers, ID, "definition.ts"),
    `import { defineListing, defineProvider, defineTasks } from "../definition.js";
export const definition = defineProvider({ id: "${ID}", baseUrl: "https://api.acme-ai.example", routed: true });
export const tasks = defineTasks(definition, { tasks: ["conversational", "text-to-image"] });
export const listing = defineListing(definition, { hubOrg: "acme" });
`,
  );
  writeFileSync(
    path.join(providers, ID, "index.ts"),
    `import { conversationalHelper } from "../helper.js";
import { imageGenerationHelper } from "../openaiCompatible.js";
export const acmeConversational = conversationalHelper("${ID}");
export const acmeTextToImage = imageGenerationHelper("${ID}", "v1/images/generations");
`,
  );
  // 3. definitions.ts: the definition, its listing and its tasks.
  const definitions = path.join(providers, "definitions.ts");
  insertAfter(
    definitions,
    `from "./definition.js";`,
    `\nimport { definition as acme, listing as acmeListing, tasks as acmeTasks } from "./${ID}/definition.js";`,
  );
  insertAfter(definitions, "export const PROVIDER_DEFINITIONS = [", "\n  acme,");
  insertAfter(
    definitions,
    "export const PROVIDER_LISTINGS: readonly ProviderListing<ProviderId>[] = [",
    "\n  acmeListing,",
  );
  insertAfter(
    definitions,
    "export const PROVIDER_TASK_LISTS: readonly ProviderTasks<ProviderId>[] = [",
    "\n  acmeTasks,",
  );
  // 4. providers/index.ts: each helper in its task's map.
  const index = path.join(providers, "index.ts");
  insertAfter(
    index,
    `from "./nscale/index.js";`,
    `\nimport { acmeConversational, acmeTextToImage } from "./${ID}/index.js";`,
  );
  insertAfter(index, "  nscale: nscaleConversational,", "\n  " + `"${ID}": acmeConversational,`);
  insertAfter(index, "  nscale: nscaleTextToImage,", "\n  " + `"${ID}": acmeTextToImage,`);
  // 5. The emulator: one row in the provider table, and mapped models.
  insertAfter(
    path.join(emulator, "providers.ts"),
    "export const EMULATED_PROVIDERS = {",
    `\n  "${ID}": { origin: "https://api.acme-ai.example", errorStyle: "openai", faultTask: "conversational", openai: { chat: ["/v1/chat/completions"], images: ["/v1/images/generations"] } },`,
  );
  insertAfter(
    path.join(emulator, "data", "models.ts"),
    "export const MODELS: readonly EmulatedModel[] = [",
    `
  { id: "${MODEL}", pipeline_tag: "text-generation", library_name: "transformers", tags: ["conversational"],
    inferenceProviderMapping: { "${ID}": { status: "live", providerId: "acme-chat-7b-v1", task: "conversational" } } },
  { id: "${IMAGE_MODEL}", pipeline_tag: "text-to-image", library_name: "diffusers", tags: [],
    inferenceProviderMapping: { "${ID}": { status: "live", providerId: "acme-diffusion-v2", task: "text-to-image" } } },`,
  );
}

interface CopiedEmulator {
  clientOptions: Record<string, unknown>;
  requests: { host: string; path: string; method: string }[];
  close(): Promise<void>;
}
interface CopiedClient {
  InferenceClient: new (token: string) => {
    chatCompletion(
      args: Record<string, unknown>,
      options?: Record<string, unknown>,
    ): Promise<{
      choices: { message: { content: string } }[];
    }>;
    textToImage(args: Record<string, unknown>, options?: Record<string, unknown>): Promise<Blob>;
  };
  snippets: {
    getInferenceSnippets(
      model: Record<string, unknown>,
      provider: string,
      mapping?: Record<string, unknown>,
    ): { language: string; client: string; content: string }[];
  };
}

let emulator: CopiedEmulator;
let client: CopiedClient;
let changed: { client: string[]; emulator: string[] };

beforeAll(async () => {
  const clientCopy = path.join(copyRoot, "inference", "src");
  const emulatorCopy = path.join(copyRoot, "emulator", "src");
  rmSync(copyRoot, { recursive: true, force: true });
  cpSync(path.join(repoRoot, "packages/inference/src"), clientCopy, { recursive: true });
  cpSync(path.join(repoRoot, "packages/emulator/src"), emulatorCopy, { recursive: true });
  followRecipe(clientCopy, emulatorCopy);
  changed = {
    client: touched(path.join(repoRoot, "packages/inference/src"), clientCopy),
    emulator: touched(path.join(repoRoot, "packages/emulator/src"), emulatorCopy),
  };
  const emulatorModule = (await import(/* @vite-ignore */ path.join(emulatorCopy, "index.ts"))) as {
    startEmulator(): Promise<CopiedEmulator>;
  };
  emulator = await emulatorModule.startEmulator();
  client = (await import(/* @vite-ignore */ path.join(clientCopy, "index.ts"))) as CopiedClient;
}, 60_000);

afterAll(async () => {
  await emulator?.close();
  rmSync(copyRoot, { recursive: true, force: true });
});

describe("adding a provider (chat and text-to-image) by the recipe", () => {
  it("touches at most 4 client files and 2 emulator files", () => {
    expect(changed.client.sort()).toEqual([
      `providers/${ID}/definition.ts`,
      `providers/${ID}/index.ts`,
      "providers/definitions.ts",
      "providers/index.ts",
    ]);
    expect(changed.emulator.sort()).toEqual(["data/models.ts", "providers.ts"]);
  });

  it("chats with the new provider directly (its key) and through the router (a hub token)", async () => {
    for (const token of [KEY, HUB_TOKEN]) {
      const hf = new client.InferenceClient(token);
      const reply = await hf.chatCompletion(
        { model: MODEL, provider: ID, messages: [{ role: "user", content: "Hello" }], max_tokens: 16 },
        emulator.clientOptions,
      );
      expect(reply.choices[0].message.content.length).toBeGreaterThan(0);
      const request = emulator.requests.at(-1)!;
      expect(request.method).toBe("POST");
      if (token === KEY) expect([request.host, request.path]).toEqual([ID, "/v1/chat/completions"]);
      else expect([request.host, request.path]).toEqual(["router", `/${ID}/v1/chat/completions`]);
    }
  });

  it("makes an image with it", async () => {
    const image = await new client.InferenceClient(KEY).textToImage(
      { model: IMAGE_MODEL, provider: ID, inputs: "a red fox" },
      emulator.clientOptions,
    );
    expect(image.type).toMatch(/^image\//);
    expect(image.size).toBeGreaterThan(100);
    expect(emulator.requests.at(-1)).toMatchObject({ host: ID, path: "/v1/images/generations" });
  });

  it("gets snippets in every language", () => {
    const snippets = client.snippets.getInferenceSnippets(
      { id: MODEL, pipeline_tag: "text-generation", tags: ["conversational"], inference: "" },
      ID,
      {
        hfModelId: MODEL,
        provider: ID,
        providerId: "acme-chat-7b-v1",
        status: "live",
        task: "conversational",
      },
    );
    const languages = new Set(snippets.map((snippet) => snippet.language));
    expect([...languages].sort()).toEqual(["js", "python", "sh"]);
    for (const snippet of snippets) expect(snippet.content).toContain(MODEL);
  });
});
