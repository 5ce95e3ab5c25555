// Every snippet, run: all pipelines × providers (and "auto") × call modes (hub token, provider key,
// token from the environment, direct request, endpoint URL) × streaming. JavaScript snippets run
// in Node (fetch; hubkit's client installed as `@huggingface/inference`; the real `openai`), curl
// in bash, Python ones in the venv's interpreter (`requests`, the real `huggingface_hub` 2.0.0 and
// `openai` 3.22.1), each against the emulator with only the hosts rewritten (in the text, and for
// the Python clients below them, in their HTTP layer). The emulator's log must show exactly the
// request hubkit's client sends for the same call (method, URL, auth, body). fal_client has no
// wheel on these machines: its snippets run against a test double of the module
// (test/snippets/doubles/fal_client, put on PYTHONPATH here), which makes the requests fal_client
// makes (queue submit with `Key` auth, status polls, result) against the emulator's fal-ai queue and
// records each call, so the snippet's calls, arguments and flow are checked, not fal_client itself.
// The runners shorten waits (poll intervals) to 50 ms: the same requests, sooner.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MODELS,
  renderImage,
  renderWav,
  sniffAudio,
  sniffImage,
  startEmulator,
  type Emulator,
  type RecordedRequest,
} from "@hubkit/emulator";
import { snippets } from "@hubkit/inference";
import { INPUT_EXAMPLES, type InferenceSnippet, type ModelDataMinimal } from "@hubkit/tasks";
import * as taskFunctions from "../src/tasks/index.js";
import { makeRequestOptions } from "../src/lib/makeRequestOptions.js";
import { getProviderHelper } from "../src/lib/providerRegistry.js";
import { DEFINITIONS_BY_ID } from "../src/providers/definitions.js";
import { PROVIDER_TASKS } from "../src/providers/index.js";
import { AUTO_POLICY_CLIENTS, DEFAULT_CLIENTS, providerKeyEnvVar } from "../src/snippets/tables.js";

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, "../../..");

/**
 * hub: a hub token printed, billed to an org, every client hubkit can write (`allClients`);
 * env: no token (HF_TOKEN); key: a provider key printed (3.x call form); env-direct: a direct
 * request reading {PROVIDER}_API_KEY; endpoint: an endpoint URL reading API_TOKEN; auto: provider
 * "auto", reading HF_TOKEN.
 */
type Mode = "hub" | "env" | "key" | "env-direct" | "endpoint" | "auto" | "router";

interface Case {
  id: number;
  name: string;
  provider: string;
  model: ModelDataMinimal;
  providerModelId: string;
  task: string;
  mode: Mode;
  streaming: boolean;
  billTo?: string;
  endpointUrl?: string;
  /** The credential the call uses: given to the generator, or put in the environment. */
  token: string;
  envVar?: string;
  snippets: InferenceSnippet[];
}

// ---------------------------------------------------------------------------------------------------
// The matrix

const CHAT_PIPELINES = ["text-generation", "image-text-to-text"];

const OPENAI_MODEL: ModelDataMinimal = {
  id: "openai/gpt-4o-mini",
  pipeline_tag: "text-generation",
  tags: ["conversational"],
  inference: "",
};

type MappingEntry = {
  status: string;
  providerId: string;
  task: string;
  adapter?: string;
  adapterWeightsPath?: string;
};
/** A LoRA mapping's adapter fields (the client sends the weights' URL with the call). */
type Adapter = { adapter: string; adapterWeightsPath: string };
type Definition = { routed: boolean; clientSideRoutingOnly?: boolean };
const definitionOf = (provider: string) =>
  (DEFINITIONS_BY_ID as Record<string, Definition | undefined>)[provider];
const tasksOf = (provider: string) =>
  (PROVIDER_TASKS as Record<string, readonly string[] | undefined>)[provider] ?? [];

const asModel = (m: (typeof MODELS)[number]): ModelDataMinimal => ({
  id: m.id,
  pipeline_tag: m.pipeline_tag as ModelDataMinimal["pipeline_tag"],
  tags: m.tags,
  mask_token: m.mask_token,
  inference: "",
});

type ModelCase = { model: ModelDataMinimal; providerId: string; adapter?: Adapter };

/**
 * One model per (provider, task, pipeline) from the emulator's hub table, and one more with a LoRA
 * adapter where the provider has one, live entries only (the router serves no staging chat). Models
 * of a chat pipeline are chat models: 4.x writes chat snippets for them whatever their mapping's
 * task, so their text-generation entries are skipped.
 */
function modelsFor(provider: string, task: string): ModelCase[] {
  if (provider === "openai") return [{ model: OPENAI_MODEL, providerId: "gpt-4o-mini" }];
  const byPipeline = new Map<string, ModelCase>();
  for (const m of MODELS) {
    const entry = (m.inferenceProviderMapping as Record<string, MappingEntry | undefined>)[provider];
    if (!entry || entry.task !== task || entry.status !== "live") continue;
    const adapter =
      entry.adapter && entry.adapterWeightsPath
        ? { adapter: entry.adapter, adapterWeightsPath: entry.adapterWeightsPath }
        : undefined;
    const key = `${m.pipeline_tag}${adapter ? "|lora" : ""}`;
    if (byPipeline.has(key)) continue;
    if (CHAT_PIPELINES.includes(m.pipeline_tag) !== (task === "conversational")) continue;
    byPipeline.set(key, { model: asModel(m), providerId: entry.providerId, adapter });
  }
  return [...byPipeline.values()];
}

/** For "auto": one model per pipeline whose mapping starts with a routed provider serving its task. */
function autoModels(): { model: ModelDataMinimal; task: string }[] {
  const byPipeline = new Map<string, { model: ModelDataMinimal; task: string }>();
  for (const m of MODELS) {
    if (byPipeline.has(m.pipeline_tag)) continue;
    const task = CHAT_PIPELINES.includes(m.pipeline_tag) ? "conversational" : m.pipeline_tag;
    // The Python client takes the mapping's first entry as it is: it must be a provider it knows.
    const first = Object.entries(m.inferenceProviderMapping as Record<string, MappingEntry>)[0];
    if (!first || definitionOf(first[0])?.routed !== true) continue;
    if (first[1].task !== task || first[1].status !== "live") continue;
    if (!tasksOf(first[0]).includes(task)) continue;
    byPipeline.set(m.pipeline_tag, { model: asModel(m), task });
  }
  return [...byPipeline.values()];
}

const ROUTER = "https://router.huggingface.co";
/** The `routerUrl` of the "router" mode (another router, as a hubkit hub's /router): the emulator's. */
const OTHER_ROUTER = "http://other-router.hubkit.test/router";

function addCase(
  cases: Case[],
  provider: string,
  model: ModelDataMinimal,
  providerId: string,
  task: string,
  mode: Mode,
  streaming: boolean,
  adapter?: Adapter,
): void {
  const id = cases.length + 1;
  const direct = mode === "key" || mode === "env-direct";
  const token = direct ? `key-snippet-${id}` : `hf_snippet${id}token`;
  const billTo = mode === "hub" ? "hubkit-tests" : undefined;
  const chat = task === "conversational";
  const endpointUrl =
    mode === "endpoint" ? `${ROUTER}/hf-inference/models/${providerId}${chat ? "/v1" : ""}` : undefined;
  const envVar =
    mode === "env" || mode === "auto" || mode === "router"
      ? "HF_TOKEN"
      : mode === "env-direct"
        ? providerKeyEnvVar(provider)
        : mode === "endpoint"
          ? "API_TOKEN"
          : undefined;
  const mapping =
    provider === "auto"
      ? undefined
      : {
          provider,
          providerId,
          hfModelId: model.id,
          status: "live" as const,
          task: task as never,
          ...adapter,
        };
  let generated: InferenceSnippet[];
  if (mode === "key") {
    // The 3.x call form: (model, accessToken, provider, providerModelId, opts).
    generated = snippets.getInferenceSnippets(model, token, provider as never, providerId, { streaming });
  } else {
    const opts = {
      streaming,
      ...(mode === "hub" ? { accessToken: token, billTo, allClients: true } : {}),
      ...(mode === "router" ? { routerUrl: OTHER_ROUTER, allClients: true } : {}),
      ...(mode === "env-direct" ? { directRequest: true } : {}),
      ...(endpointUrl ? { endpointUrl } : {}),
    };
    generated = snippets.getInferenceSnippets(model, provider as never, mapping, opts);
  }
  cases.push({
    id,
    name: `${model.pipeline_tag} ${model.id} on ${provider}, ${mode}${streaming ? ", streaming" : ""}`,
    provider,
    model,
    providerModelId: providerId,
    task,
    mode,
    streaming,
    billTo,
    endpointUrl,
    token,
    envVar,
    snippets: generated,
  });
}

function buildMatrix(): Case[] {
  const cases: Case[] = [];
  for (const [provider, tasks] of Object.entries(PROVIDER_TASKS) as [string, readonly string[]][]) {
    const definition = definitionOf(provider) as Definition;
    const modes: Mode[] = [];
    // Providers the router does not serve are called directly only.
    if (definition.routed && !definition.clientSideRoutingOnly) modes.push("hub", "env");
    if (provider === "hf-inference") modes.push("endpoint");
    else modes.push("key", "env-direct");
    for (const task of tasks) {
      for (const { model, providerId, adapter } of modelsFor(provider, task)) {
        // Another router (routerUrl): chat, where every client but huggingface.js can be pointed at it.
        const routerMode: Mode[] = modes.includes("env") && task === "conversational" ? ["router"] : [];
        for (const mode of [...modes, ...routerMode]) {
          // The 3.x call form (key) takes no mapping entry, so no adapter: the client, which reads
          // the hub's mapping, would send the LoRA and the snippet not.
          if (adapter && mode === "key") continue;
          for (const streaming of task === "conversational" ? [false, true] : [false]) {
            addCase(cases, provider, model, providerId, task, mode, streaming, adapter);
          }
        }
      }
    }
  }
  for (const { model, task } of autoModels()) {
    for (const streaming of task === "conversational" ? [false, true] : [false]) {
      addCase(cases, "auto", model, model.id, task, "auto", streaming);
    }
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------------
// What each snippet should print or save

const OUTPUT_HINTS: Record<string, RegExp> = {
  "audio-classification": /label/,
  "audio-to-audio": /blob|content-type/,
  "automatic-speech-recognition": /text/,
  "document-question-answering": /answer/,
  "feature-extraction": /\d\.\d/,
  "fill-mask": /token_str/,
  "image-classification": /label/,
  "image-segmentation": /mask/,
  "image-to-text": /generated_text/,
  "object-detection": /box|xmin/,
  "question-answering": /answer/,
  "sentence-similarity": /\d\.\d/,
  summarization: /summary_text/,
  "table-question-answering": /answer/,
  "tabular-classification": /\d/,
  "tabular-regression": /\d/,
  "text-classification": /label/,
  "text-generation": /generated_text|\w+/,
  "token-classification": /entity_group|word/,
  translation: /translation_text/,
  "visual-question-answering": /answer/,
  "zero-shot-classification": /label/,
  "zero-shot-image-classification": /label/,
};

const MEDIA_FILES: Record<string, { file: string; check: (bytes: Uint8Array) => boolean }> = {
  "text-to-image": { file: "image.png", check: (b) => Boolean(sniffImage(Buffer.from(b))) },
  "image-to-image": { file: "image.png", check: (b) => Boolean(sniffImage(Buffer.from(b))) },
  "text-to-speech": { file: "speech.wav", check: (b) => Boolean(sniffAudio(Buffer.from(b))) },
  "text-to-audio": { file: "audio.wav", check: (b) => Boolean(sniffAudio(Buffer.from(b))) },
  // MP4 files carry an "ftyp" box at offset 4.
  "text-to-video": { file: "video.mp4", check: (b) => Buffer.from(b.subarray(4, 8)).toString() === "ftyp" },
  "image-to-video": { file: "video.mp4", check: (b) => Buffer.from(b.subarray(4, 8)).toString() === "ftyp" },
  "image-text-to-image": { file: "image.png", check: (b) => Boolean(sniffImage(Buffer.from(b))) },
  "image-text-to-video": {
    file: "video.mp4",
    check: (b) => Buffer.from(b.subarray(4, 8)).toString() === "ftyp",
  },
};

// ---------------------------------------------------------------------------------------------------
// The client's own request for a case (the oracle)

interface SentRequest {
  method: string;
  url: string;
  authorization?: string;
  xKey?: string;
  json?: unknown;
  bytes?: Uint8Array;
  /** A multipart body's fields: text, or a file's type and bytes (base64). Boundaries differ per client. */
  form?: Record<string, string>;
}

/** The fields of a multipart body, as comparable strings. */
async function formFields(form: FormData): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    out[name] =
      typeof value === "string" ? value : `file ${Buffer.from(await value.arrayBuffer()).toString("base64")}`;
  }
  return out;
}

class Captured extends Error {}

const camel = (pipeline: string) => pipeline.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

async function fileBlob(dir: string, filename: string, type: string): Promise<Blob> {
  return new Blob([new Uint8Array(await readFile(join(dir, filename)))], { type });
}

/**
 * Where the client sends the case's call: routed chat through the router's /v1 ("auto" with the
 * provider in the model string), an endpoint URL, or the provider (or "auto") and the hub id.
 */
function oracleTarget(c: Case): Record<string, unknown> {
  const chat = c.task === "conversational";
  if (c.mode === "endpoint")
    return { endpointUrl: c.endpointUrl, model: chat ? c.providerModelId : c.model.id };
  if (chat && (c.mode === "hub" || c.mode === "env" || c.mode === "auto" || c.mode === "router"))
    return { provider: "auto", model: c.provider === "auto" ? c.model.id : `${c.model.id}:${c.provider}` };
  return { provider: c.provider, model: c.model.id };
}

/** Args of the client's task function for the case, from the task's example input. */
async function oracleArgs(c: Case, filesDir: string): Promise<Record<string, unknown>> {
  const pipeline = c.model.pipeline_tag!;
  const head = oracleTarget(c);
  if (c.task === "conversational") {
    const example =
      INPUT_EXAMPLES[pipeline === "image-text-to-text" ? "image-text-to-text" : "conversational"];
    // No max_tokens: 4.x writes no parameter the caller did not choose.
    return { ...head, messages: example?.type === "messages" ? example.messages : [] };
  }
  const example = INPUT_EXAMPLES[pipeline as keyof typeof INPUT_EXAMPLES];
  switch (example?.type) {
    case "text": {
      const text =
        pipeline === "fill-mask"
          ? example.text.replace("<mask>", c.model.mask_token ?? "[MASK]")
          : example.text;
      return example.candidateLabels
        ? { ...head, inputs: text, parameters: { candidate_labels: example.candidateLabels } }
        : { ...head, inputs: text };
    }
    case "file": {
      const audio = example.mediaType === "audio";
      const falWav =
        (c.provider === "fal-ai" || c.provider === "auto") &&
        (c.task === "automatic-speech-recognition" || c.task === "audio-to-audio");
      const filename = falWav ? "sample1.wav" : example.filename;
      const blob = await fileBlob(
        filesDir,
        filename,
        audio ? (falWav ? "audio/wav" : "audio/flac") : "image/jpeg",
      );
      return example.candidateLabels
        ? { ...head, inputs: blob, parameters: { candidate_labels: example.candidateLabels } }
        : { ...head, inputs: blob };
    }
    case "json": {
      const { image, question, prompt } = example.value as Record<string, string>;
      if (image && question)
        return { ...head, inputs: { question, image: await fileBlob(filesDir, image, "image/png") } };
      if (image && prompt)
        return { ...head, inputs: await fileBlob(filesDir, image, "image/png"), parameters: { prompt } };
      return { ...head, inputs: example.value };
    }
    case "tabular":
      return { ...head, inputs: { data: example.data } };
    default:
      throw new Error(`no example for ${pipeline}`);
  }
}

async function toSent(url: string, init: RequestInit, emu: Emulator): Promise<SentRequest> {
  const headers = new Headers(init.headers);
  const real = Object.entries(emu.hosts).find(([, local]) => url.startsWith(local));
  const sent: SentRequest = {
    method: init.method ?? "GET",
    url: real ? real[0] + url.slice(real[1].length) : url,
    authorization: headers.get("authorization") ?? undefined,
    xKey: headers.get("x-key") ?? undefined,
  };
  const body = init.body;
  if (body instanceof FormData) sent.form = await formFields(body);
  else if (typeof body === "string") sent.json = JSON.parse(body);
  else if (body instanceof Blob) sent.bytes = new Uint8Array(await body.arrayBuffer());
  else if (body instanceof ArrayBuffer) sent.bytes = new Uint8Array(body);
  else if (ArrayBuffer.isView(body))
    sent.bytes = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  return sent;
}

/** The first request the client sends to the provider for this case (the hub lookup aside). */
async function clientRequest(c: Case, emu: Emulator, filesDir: string): Promise<SentRequest> {
  let captured: SentRequest | undefined;
  const fetchSpy: typeof fetch = async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith(emu.hubUrl)) return fetch(input, init);
    captured = await toSent(url, init ?? {}, emu);
    throw new Captured();
  };
  const args = { ...(await oracleArgs(c, filesDir)), accessToken: c.token };
  const options = { ...emu.clientOptions, fetch: fetchSpy, billTo: c.billTo, retry_on_error: false };
  try {
    if (c.task === "conversational") {
      if (c.streaming) {
        for await (const chunk of taskFunctions.chatCompletionStream(args as never, options)) void chunk;
      } else await taskFunctions.chatCompletion(args as never, options);
    } else if (c.task === "text-to-audio") {
      // No task function for text-to-audio: the client's request builder itself.
      const { url, info } = await makeRequestOptions(
        args as never,
        getProviderHelper(c.provider, "text-to-audio"),
        {
          ...options,
          task: "text-to-audio",
        },
      );
      return toSent(url, info, emu);
    } else {
      const fn = (taskFunctions as unknown as Record<string, (a: unknown, o: unknown) => Promise<unknown>>)[
        camel(c.model.pipeline_tag!)
      ];
      await fn(args, options);
    }
  } catch (err) {
    if (!(err instanceof Captured)) throw err;
  }
  if (!captured) throw new Error(`the client sent nothing for ${c.name}`);
  return captured;
}

async function recordedAsSent(r: RecordedRequest): Promise<SentRequest> {
  const type = r.headers["content-type"] ?? "";
  if (type.startsWith("multipart/form-data")) {
    const form = await new Response(Buffer.from(r.bodyBytes ?? []), {
      headers: { "content-type": type },
    }).formData();
    return {
      method: r.method,
      url: r.url,
      authorization: r.headers["authorization"],
      xKey: r.headers["x-key"],
      form: await formFields(form),
    };
  }
  const isJson = r.body !== null && typeof r.body === "object";
  return {
    method: r.method,
    url: r.url,
    authorization: r.headers["authorization"],
    xKey: r.headers["x-key"],
    ...(isJson ? { json: r.body } : { bytes: r.bodyBytes }),
  };
}

// ---------------------------------------------------------------------------------------------------
// Running

interface Job {
  caseId: number;
  client: string;
  language: string;
  file: string;
  dir: string;
  env: Record<string, string>;
  mode: "run" | "parse";
}

interface JobResult {
  ok: boolean;
  output: string;
  error?: string;
  /** How long the snippet ran. */
  ms?: number;
}

/** Runs `work`, recording its wall time under `label`. */
async function timed(label: string, work: () => Promise<void>): Promise<void> {
  const started = performance.now();
  await work();
  figures.seconds[label] = (performance.now() - started) / 1000;
}

/** Runs `tasks` with at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, worker: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await worker(items[next++]);
    }),
  );
}

/** hubkit's client, transpiled to plain ES modules, installed as `@huggingface/inference` for Node. */
async function installClient(root: string): Promise<void> {
  const transpile = async (srcDir: string, outDir: string) => {
    const entries = await readdir(srcDir, { recursive: true });
    for (const entry of entries) {
      if (!entry.endsWith(".ts") || entry.endsWith(".test.ts")) continue;
      const source = await readFile(join(srcDir, entry), "utf8");
      const { outputText } = ts.transpileModule(source, {
        compilerOptions: {
          module: ts.ModuleKind.ESNext,
          target: ts.ScriptTarget.ES2022,
          verbatimModuleSyntax: true,
        },
      });
      const out = join(outDir, entry.replace(/\.ts$/, ".js"));
      await mkdir(dirname(out), { recursive: true });
      await writeFile(out, outputText);
    }
    // The same entry and subpath exports as the real packages (the client imports catalogue subpaths).
    const manifest = { type: "module", main: "./index.js", exports: { ".": "./index.js", "./*": "./*.js" } };
    await writeFile(join(outDir, "package.json"), JSON.stringify(manifest));
  };
  await transpile(
    join(repoRoot, "packages/inference/src"),
    join(root, "node_modules/@huggingface/inference"),
  );
  await transpile(join(repoRoot, "packages/tasks/src"), join(root, "node_modules/@hubkit/tasks"));
  await symlink(join(repoRoot, "node_modules/openai"), join(root, "node_modules/openai"), "dir");
}

/** The venv with the real Python clients (npm test makes it: scripts/lib.mjs ensurePythonClients). */
function findPython(): string {
  const python = process.env.HUBKIT_PYTHON ?? join(repoRoot, ".data/py/bin/python");
  if (!existsSync(python)) {
    throw new Error(
      "No Python clients: run `npm test` (it sets up .data/py from the machine's wheel folder) or set HUBKIT_PYTHON",
    );
  }
  return python;
}

/** Python clients with no wheel on these machines and no test double: their snippets are parsed, not run. */
const PARSE_ONLY: Record<string, string> = {};

/** The fal_client test double's folder (PYTHONPATH) and the file it records its calls in. */
const PYTHON_DOUBLES = join(here, "snippets/doubles");
const falClientLog = () => join(root, "fal_client-calls.jsonl");

const INPUT_FILES: Record<string, Uint8Array> = {
  "cats.jpg": renderImage(11, 48, 32),
  "cat.png": renderImage(12, 32, 32),
  "sample1.flac": renderWav(5, 0.25),
  "sample1.wav": renderWav(6, 0.25),
};

const cases = buildMatrix();
const results = new Map<string, JobResult>();
const jobKey = (caseId: number, language: string, client: string) => `${caseId}/${language}/${client}`;
let emu: Emulator;
let root: string;
let expected: Map<number, SentRequest>;
const figures = {
  generated: 0,
  executed: 0,
  parsed: 0,
  passed: 0,
  onlyExtras: 0,
  /** Wall time of the set-up and of each batch, for the CI budget. */
  seconds: {} as Record<string, number>,
  clients: new Map<string, { generated: number; executed: number; parsed: number }>(),
};

// The last test reports what the others counted: they run in file order even in a shuffled run.
describe("every snippet runs against the emulator", { shuffle: false }, () => {
  beforeAll(async () => {
    emu = await startEmulator({ pollSteps: 1, maxRecordedRequests: 100_000 });
    root = await mkdtemp(join(tmpdir(), "hubkit-snippets-"));
    const filesDir = join(root, "files");
    await mkdir(filesDir);
    for (const [name, bytes] of Object.entries(INPUT_FILES)) await writeFile(join(filesDir, name), bytes);
    const python = findPython();
    await installClient(root);

    const oracleStarted = performance.now();
    expected = new Map();
    for (const c of cases) expected.set(c.id, await clientRequest(c, emu, filesDir));
    figures.seconds.oracle = (performance.now() - oracleStarted) / 1000;

    // Host rewriting: every real origin in a snippet becomes its loopback stand-in.
    const origins = Object.keys(emu.hosts).sort((a, b) => b.length - a.length);
    const rewrite = (text: string) =>
      origins.reduce(
        (t, origin) => t.replaceAll(origin, emu.hosts[origin]),
        text.replaceAll(OTHER_ROUTER, emu.routerUrl),
      );

    const jobs: Job[] = [];
    for (const c of cases) {
      for (const s of c.snippets) {
        figures.generated++;
        const dir = join(root, "jobs", `${c.id}-${s.language}-${s.client.replace(/\W/g, "_")}`);
        await mkdir(dir, { recursive: true });
        for (const name of Object.keys(INPUT_FILES)) await symlink(join(filesDir, name), join(dir, name));
        const extension = { python: "py", js: "mjs", sh: "sh" }[s.language];
        const file = join(dir, `snippet.${extension}`);
        await writeFile(file, rewrite(s.content));
        const executed = !(s.client in PARSE_ONLY);
        const key = `${s.language}/${s.client}`;
        const counts = figures.clients.get(key) ?? { generated: 0, executed: 0, parsed: 0 };
        counts.generated++;
        counts[executed ? "executed" : "parsed"]++;
        figures.clients.set(key, counts);
        jobs.push({
          caseId: c.id,
          client: s.client,
          language: s.language,
          file,
          dir,
          env: c.envVar ? { [c.envVar]: c.token } : {},
          mode: executed ? "run" : "parse",
        });
      }
    }

    const runnerEnv: Record<string, string | undefined> = {
      ...process.env,
      HF_HUB_URL: emu.hubUrl,
      HF_ROUTER_URL: emu.routerUrl,
      ...Object.fromEntries(
        Object.entries(emu.providerUrls).map(([p, url]) => [
          `HUBKIT_PROVIDER_URL_${p.toUpperCase().replace(/-/g, "_")}`,
          url,
        ]),
      ),
    };
    runnerEnv.HUBKIT_HOSTS = JSON.stringify(emu.hosts);
    runnerEnv.HF_HUB_DISABLE_TELEMETRY = "1";
    runnerEnv.PYTHONPATH = PYTHON_DOUBLES;
    runnerEnv.FAL_CLIENT_DOUBLE_LOG = falClientLog();
    // No credential of the machine's: each snippet gets only its case's.
    for (const key of Object.keys(runnerEnv))
      if (key === "HF_TOKEN" || key === "API_TOKEN" || key.endsWith("_API_KEY")) delete runnerEnv[key];

    const batch = async (command: string, script: string, list: Job[], label: string) => {
      if (list.length === 0) return;
      const started = performance.now();
      const jobsFile = join(root, `${label}-jobs.json`);
      const resultsFile = join(root, `${label}-results.json`);
      await writeFile(jobsFile, JSON.stringify(list.map((j) => ({ ...j, timeoutMs: 20_000 }))));
      await run(command, [script, jobsFile, resultsFile], {
        env: runnerEnv,
        maxBuffer: 64 << 20,
        timeout: 240_000,
      });
      const out = JSON.parse(await readFile(resultsFile, "utf8")) as JobResult[];
      list.forEach((job, i) => results.set(jobKey(job.caseId, job.language, job.client), out[i]));
      figures.seconds[label] = (performance.now() - started) / 1000;
    };
    const jsJobs = jobs.filter((j) => j.language === "js");
    const shJobs = jobs.filter((j) => j.language === "sh");
    await Promise.all([
      batch(
        "node",
        join(here, "snippets/runner.mjs"),
        jsJobs.filter((_, i) => i % 2 === 0),
        "js1",
      ),
      batch(
        "node",
        join(here, "snippets/runner.mjs"),
        jsJobs.filter((_, i) => i % 2 === 1),
        "js2",
      ),
      // One interpreter per batch (the clients are imported once), two batches side by side.
      ...[0, 1].map((part) =>
        batch(
          python,
          join(here, "snippets/runner.py"),
          jobs.filter((j, i) => j.language === "python" && i % 2 === part),
          `python${part}`,
        ),
      ),
      timed("sh", () =>
        pool(shJobs, 2, async (job) => {
          try {
            const { stdout } = await run("bash", [job.file], {
              cwd: job.dir,
              env: { ...runnerEnv, ...job.env },
              timeout: 20_000,
            });
            results.set(jobKey(job.caseId, job.language, job.client), { ok: true, output: stdout });
          } catch (err) {
            results.set(jobKey(job.caseId, job.language, job.client), {
              ok: false,
              output: "",
              error: String(err),
            });
          }
        }),
      ),
    ]);
    figures.executed = jobs.filter((j) => j.mode === "run").length;
    figures.parsed = jobs.length - figures.executed;
  }, 300_000);

  afterAll(async () => {
    await emu?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const pipeline = c.model.pipeline_tag!;
    // 4.x writes no snippet at all for a few pipelines (e.g. visual question answering, or
    // tabular tasks under "auto"); hubkit's extra clients (`allClients`, the hub mode) cover them.
    const fourX: readonly string[] = DEFAULT_CLIENTS[pipeline] ?? [];
    const auto: readonly string[] = AUTO_POLICY_CLIENTS;
    const fourXHere =
      c.task === "conversational"
        ? ["openai"]
        : c.mode === "auto"
          ? fourX.filter((x) => auto.includes(x))
          : fourX;
    if (c.mode !== "hub" && fourXHere.length === 0) {
      expect(c.snippets, "4.x writes none here").toEqual([]);
      return;
    }
    if (c.snippets.length === 0 && c.mode !== "hub") {
      // None of 4.x's clients can make this call here (e.g. zai-org image-to-text: huggingface_hub
      // lacks it, and its raw request needs the file read first): only hubkit's extras can, and
      // the hub mode runs those.
      const extras = hubModeSnippets(c);
      expect(extras.length, "hubkit's extra clients cover it").toBeGreaterThan(0);
      figures.onlyExtras++;
      return;
    }
    expect(c.snippets.length, "no snippets generated").toBeGreaterThan(0);
    const want = expected.get(c.id)!;
    let executed = 0;
    for (const s of c.snippets) {
      const label = `${s.language}/${s.client}`;
      const result = results.get(jobKey(c.id, s.language, s.client));
      expect(result, `${label} was not run`).toBeDefined();
      expect(result!.error ?? "", `${label} failed:\n${s.content}`).toBe("");
      expect(result!.ok, label).toBe(true);

      // Another router: the snippet names it itself (the host rewriting would hide one that did not).
      if (c.mode === "router") {
        expect(s.content, `${label} names the other router`).toContain(OTHER_ROUTER);
        expect(s.content, label).not.toContain(ROUTER);
      }
      // Never a placeholder: the token is printed or read from the environment.
      if (c.envVar) {
        expect(s.content, label).not.toContain(c.token);
        expect(s.content, `${label} reads ${c.envVar}`).toMatch(new RegExp(`\\b${c.envVar}\\b`));
      } else {
        expect(s.content, label).toContain(c.token);
      }

      const dir = join(root, "jobs", `${c.id}-${s.language}-${s.client.replace(/\W/g, "_")}`);
      if (s.client in PARSE_ONLY) continue;
      if (s.client === "fal_client") await checkFalClientCalls(c, want);
      executed++;

      const media = MEDIA_FILES[pipeline];
      if (media) {
        const bytes = new Uint8Array(await readFile(join(dir, media.file)));
        expect(media.check(bytes), `${label} saved a real ${media.file}`).toBe(true);
      } else {
        const hint = c.task === "conversational" ? /\w{2,}/ : OUTPUT_HINTS[pipeline];
        expect(result!.output.trim().length, `${label} printed nothing`).toBeGreaterThan(0);
        expect(result!.output, label).toMatch(hint);
      }
    }

    // What reached the emulator: the case's unique credential tells its requests from the others'.
    // Every snippet of the case must have sent the client's own request, once.
    const sent = emu.requests.filter(
      (r) =>
        r.host !== "hub" &&
        r.method === "POST" &&
        (r.headers["authorization"]?.endsWith(` ${c.token}`) || r.headers["x-key"] === c.token),
    );
    expect(sent.length, "one request per executed snippet").toBe(executed);
    for (const r of sent) {
      const got = await recordedAsSent(r);
      got.json = withRealHub(got.json);
      const hub = isHuggingfaceHub(r);
      // huggingface_hub has its own fal.ai and wavespeed payloads, and its own routes for some jobs.
      const own = hub ? ownHubRequest(c, r.url) : undefined;
      expect(got.method).toBe(want.method);
      if (own) expect(hubRoute(got.url), "huggingface_hub's route").toBe(hubRoute(want.url, own));
      else expect(got.url).toBe(want.url);
      expect(got.authorization ?? got.xKey).toBe(want.authorization ?? want.xKey);
      if (hub) {
        // huggingface_hub builds the body itself: its own defaults aside, the same request.
        if (own) {
          // fal.ai: no sync_mode, `text` for speech, `image_url` for images, its MIME guess;
          // wavespeed: the image as a data URL, no `images`; novita: the prompt only.
          expect(JSON.stringify(got.json), "huggingface_hub sent the example").toMatch(
            /"(prompt|text|audio_url|image|image_url)":"./,
          );
          continue;
        }
        got.json = withoutHubDefaults(got.json, c.provider);
      }
      if (want.form !== undefined) {
        expect(got.form, "multipart fields").toEqual(want.form);
        expect(r.status).toBeLessThan(300);
        continue;
      }
      if (want.json !== undefined)
        expect(got.json, `JSON body ${JSON.stringify(got.json)} vs ${JSON.stringify(want.json)}`).toEqual(
          want.json,
        );
      else
        expect(Buffer.from(got.bytes ?? []).equals(Buffer.from(want.bytes ?? [])), "body bytes").toBe(true);
      expect(r.status).toBeLessThan(300);
    }
    figures.passed += c.snippets.length;
  });

  it("reports the matrix size, per client", () => {
    const slowest = [...results.entries()]
      .sort(([, a], [, b]) => (b.ms ?? 0) - (a.ms ?? 0))
      .slice(0, 5)
      .map(([key, r]) => `${key} ${Math.round(r.ms ?? 0)} ms`)
      .join(", ");
    console.log(`slowest snippets: ${slowest}`);
    const timings = Object.entries(figures.seconds)
      .map(([label, seconds]) => `${label} ${seconds.toFixed(1)}`)
      .join(", ");
    const perClient = [...figures.clients.entries()]
      .map(([client, f]) => `${client} ${f.generated}/${f.executed}/${f.parsed}`)
      .join(", ");
    const line =
      `snippet matrix: ${cases.length} cases, ${figures.generated} snippets generated, ` +
      `${figures.executed} executed, ${figures.parsed} parsed only (${Object.entries(PARSE_ONLY)
        .map(([client, reason]) => `${client}: ${reason}`)
        .join(
          "; ",
        )}), ${figures.passed} passed; ${figures.onlyExtras} calls where only hubkit's extra clients run; per client generated/executed/parsed: ${perClient}; seconds: ${timings}`;
    console.log(line);
    // The matrix's share of CI's 20 minutes: 2 minutes at most, set-up included.
    expect(Object.values(figures.seconds).reduce((a, b) => Math.max(a, b), 0)).toBeLessThan(120);
    expect(figures.executed).toBeGreaterThan(0);
    expect(figures.passed).toBe(figures.generated);
  });
});

/** The snippets the hub mode (allClients) writes for a case's model and provider. */
function hubModeSnippets(c: Case): InferenceSnippet[] {
  const mapping =
    c.provider === "auto"
      ? undefined
      : {
          provider: c.provider,
          providerId: c.providerModelId,
          hfModelId: c.model.id,
          status: "live",
          task: c.task,
        };
  return snippets.getInferenceSnippets(c.model, c.provider as never, mapping as never, {
    streaming: c.streaming,
    accessToken: "hf_extras",
    allClients: true,
  });
}

/**
 * Calls for which huggingface_hub 2.0.0 sends its own request rather than the client's: fal.ai and
 * wavespeed (their payloads; fal.ai's queued apps called on the synchronous host), and novita's
 * text-to-video (its synchronous `/v3/hf/{model}` route, where 4.x submits a job). Returns the
 * provider, or undefined.
 */
function ownHubRequest(c: Case, url: string): string | undefined {
  const provider =
    c.provider === "auto" ? ["fal-ai", "wavespeed"].find((p) => url.includes(`/${p}/`)) : c.provider;
  if (provider === "fal-ai" || provider === "wavespeed") return provider;
  if (provider === "novita" && c.task === "text-to-video") return provider;
  return undefined;
}

/**
 * The URL huggingface_hub is expected at for such a call, from the client's: fal.ai's synchronous
 * host for a queued app, novita's synchronous route for its job.
 */
function hubRoute(url: string, provider?: string): string {
  let out = url.replace("?_subdomain=queue", "").replace("://queue.fal.run/", "://fal.run/");
  if (provider === "novita") out = out.replace(/\/v3\/async\//, "/v3/hf/");
  return out;
}

/** Requests sent by the real huggingface_hub (its User-Agent names it). */
const isHuggingfaceHub = (r: RecordedRequest) => /\bhf_hub\//.test(r.headers["user-agent"] ?? "");

/**
 * huggingface_hub's own defaults, which hubkit's client leaves out: `stream: false` on chat, an
 * empty `parameters`, `multi_label: false`, the model repeated in table QA's parameters, and
 * OpenAI's models sent under their hub name (`openai/gpt-4o-mini`).
 */
function withoutHubDefaults(body: unknown, provider: string): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  const out = { ...(body as Record<string, unknown>) };
  if (provider === "openai" && typeof out.model === "string") out.model = out.model.replace(/^openai\//, "");
  if (out.stream === false) delete out.stream;
  const parameters = out.parameters as Record<string, unknown> | undefined;
  if (parameters && typeof parameters === "object") {
    const rest = { ...parameters };
    if (rest.multi_label === false) delete rest.multi_label;
    delete rest.model;
    if (Object.keys(rest).length === 0) delete out.parameters;
    else out.parameters = rest;
  }
  return out;
}

/**
 * A body with the emulator's hub origin turned back into the real hub's: the host rewriting of the
 * snippets' text also rewrote URLs inside their payloads (a LoRA's weights on the hub), which the
 * client, given the real URLs, sends unchanged.
 */
function withRealHub(body: unknown): unknown {
  const real = Object.entries(emu.hosts).find(([, local]) => local === emu.hubUrl)?.[0];
  if (body === undefined || !real) return body;
  return JSON.parse(JSON.stringify(body).replaceAll(emu.hubUrl, real)) as unknown;
}

/**
 * What the fal_client test double recorded for the case's snippet: one subscribe call with the
 * provider's model id, the case's key and, as arguments, exactly the body the client sends to fal.ai;
 * then status polls until COMPLETED and the result fetched (the queue's flow).
 */
async function checkFalClientCalls(c: Case, want: SentRequest): Promise<void> {
  const label = "python/fal_client";
  const lines = existsSync(falClientLog()) ? (await readFile(falClientLog(), "utf8")).split("\n") : [];
  const calls = lines
    .filter((line) => line.trim())
    .map(
      (line) =>
        JSON.parse(line) as {
          application: string;
          arguments: unknown;
          key: string;
          statuses: string[];
          result: boolean;
        },
    )
    .filter((call) => call.key === c.token);
  expect(calls.length, `${label} subscribed once with the case's key`).toBe(1);
  const [call] = calls;
  expect(call.application, label).toBe(c.providerModelId);
  expect(withRealHub(call.arguments), `${label} arguments are the client's body`).toEqual(want.json);
  expect(call.statuses.at(-1), `${label} polled until COMPLETED`).toBe("COMPLETED");
  expect(call.result, `${label} fetched the result`).toBe(true);
}
