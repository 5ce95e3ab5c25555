// Every snippet, run: all pipelines × providers × token kinds (hub token, provider key, none →
// environment) × streaming. JavaScript snippets run in Node, curl in bash, Python `requests` in
// python3, each against the emulator with only the hosts rewritten; the emulator's log must show
// exactly the request the client itself sends for the same call (method, URL, auth, body).
// Python clients that are not installed here (huggingface_hub, openai, fal_client) are parsed and
// checked for the exact URL, model, method and token.
import { execFile } from "node:child_process";
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
import { snippets, type InferenceProvider } from "@hubkit/inference";
import { INPUT_EXAMPLES, type InferenceSnippet, type ModelDataMinimal } from "@hubkit/tasks";
import * as taskFunctions from "../src/tasks/index.js";
import { makeRequestOptions } from "../src/lib/makeRequestOptions.js";
import { getProviderHelper } from "../src/lib/providerRegistry.js";
import { PROVIDER_TASKS } from "../src/providers/index.js";
import { PROVIDER_KEY_ENV_VARS, SNIPPETS_PENDING } from "../src/snippets/tables.js";

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, "../../..");

type TokenMode = "hub" | "key" | "env" | "env-direct";

interface Case {
  id: number;
  name: string;
  provider: InferenceProvider;
  model: ModelDataMinimal;
  providerModelId: string;
  task: string;
  mode: TokenMode;
  streaming: boolean;
  billTo?: string;
  /** The credential the call uses: given to the generator, or put in the environment. */
  token: string;
  envVar?: string;
  snippets: InferenceSnippet[];
}

// ---------------------------------------------------------------------------------------------------
// The matrix

const OPENAI_MODEL: ModelDataMinimal = {
  id: "openai/gpt-4o-mini",
  pipeline_tag: "text-generation",
  tags: ["conversational"],
  inference: "",
};

/** One model per (provider, task, pipeline) from the emulator's hub table, preferring live ones. */
function modelsFor(
  provider: InferenceProvider,
  task: string,
): { model: ModelDataMinimal; providerId: string }[] {
  if (provider === "openai") return [{ model: OPENAI_MODEL, providerId: "gpt-4o-mini" }];
  const byPipeline = new Map<string, { model: ModelDataMinimal; providerId: string; live: boolean }>();
  for (const m of MODELS) {
    const entry = m.inferenceProviderMapping[provider];
    if (!entry || entry.task !== task) continue;
    const current = byPipeline.get(m.pipeline_tag);
    if (current?.live) continue;
    byPipeline.set(m.pipeline_tag, {
      model: {
        id: m.id,
        pipeline_tag: m.pipeline_tag as ModelDataMinimal["pipeline_tag"],
        tags: m.tags,
        mask_token: m.mask_token,
        inference: "",
      },
      providerId: entry.providerId,
      live: entry.status === "live",
    });
  }
  return [...byPipeline.values()];
}

/**
 * The new providers' media and embedding routes (multipart uploads, polled jobs, base64 JSON
 * images, OpenAI-style embeddings): the snippet generator does not write their requests yet (the
 * snippets move to 4.x separately); their chat and completions snippets run below.
 */
const NEW_PROVIDERS_PENDING = new Set(["deepinfra", "nscale", "scaleway", "wavespeed", "zai-org"]);

function buildMatrix(): Case[] {
  const cases: Case[] = [];
  for (const [provider, tasks] of Object.entries(PROVIDER_TASKS) as [
    InferenceProvider,
    readonly string[],
  ][]) {
    const modes: TokenMode[] = [];
    // Providers the router no longer serves: the client refuses routed calls to them (snippets for
    // those still exist until the snippet generator moves to 4.x).
    const routed = !["black-forest-labs", "hyperbolic", "nebius", "sambanova"].includes(provider);
    if (provider !== "openai" && routed) modes.push("hub");
    if (provider !== "hf-inference") modes.push("key");
    if (routed || provider === "openai") modes.push("env");
    if (provider !== "hf-inference" && provider !== "openai") modes.push("env-direct");
    for (const task of tasks) {
      // Both skip lists: the 4.x media pairs the generator does not write yet give no snippets
      // (SNIPPETS_PENDING), and the new providers' media and embedding routes.
      if (SNIPPETS_PENDING[provider]?.includes(task)) continue;
      if (NEW_PROVIDERS_PENDING.has(provider) && task !== "conversational" && task !== "text-generation")
        continue;
      for (const { model, providerId } of modelsFor(provider, task)) {
        for (const mode of modes) {
          for (const streaming of task === "conversational" ? [false, true] : [false]) {
            const id = cases.length + 1;
            const direct = mode === "key" || mode === "env-direct" || provider === "openai";
            const token = direct ? `key-snippet-${id}` : `hf_snippet${id}token`;
            const billTo = mode === "hub" ? "hubkit-tests" : undefined;
            const envVar = mode.startsWith("env")
              ? direct
                ? PROVIDER_KEY_ENV_VARS[provider]
                : "HF_TOKEN"
              : undefined;
            const generated = snippets.getInferenceSnippets(
              model,
              mode.startsWith("env") ? "" : token,
              provider,
              providerId,
              { streaming, billTo, directRequest: mode === "env-direct" },
            );
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
              token,
              envVar,
              snippets: generated,
            });
          }
        }
      }
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
}

class Captured extends Error {}

const camel = (pipeline: string) => pipeline.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

async function fileBlob(dir: string, filename: string, type: string): Promise<Blob> {
  return new Blob([new Uint8Array(await readFile(join(dir, filename)))], { type });
}

/** Args of the client's task function for the case, from the task's example input. */
async function oracleArgs(c: Case, filesDir: string): Promise<Record<string, unknown>> {
  const pipeline = c.model.pipeline_tag!;
  const head = { provider: c.provider, model: c.model.id };
  if (c.task === "conversational") {
    const example =
      INPUT_EXAMPLES[pipeline === "image-text-to-text" ? "image-text-to-text" : "conversational"];
    return { ...head, messages: example?.type === "messages" ? example.messages : [], max_tokens: 512 };
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
      const falWav = c.provider === "fal-ai" && audio;
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
  if (typeof body === "string") sent.json = JSON.parse(body);
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

function recordedAsSent(r: RecordedRequest): SentRequest {
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

async function findPython(): Promise<string> {
  for (const candidate of ["python3", "/usr/bin/python3"]) {
    try {
      await run(candidate, ["-c", "import requests"]);
      return candidate;
    } catch {
      // try the next one
    }
  }
  throw new Error("no python3 with the requests package (install Debian's python3-requests)");
}

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
const figures = { generated: 0, executed: 0, parsed: 0, passed: 0 };

describe("every snippet runs against the emulator", () => {
  beforeAll(async () => {
    emu = await startEmulator({ pollSteps: 1, maxRecordedRequests: 100_000 });
    root = await mkdtemp(join(tmpdir(), "hubkit-snippets-"));
    const filesDir = join(root, "files");
    await mkdir(filesDir);
    for (const [name, bytes] of Object.entries(INPUT_FILES)) await writeFile(join(filesDir, name), bytes);
    const [python] = await Promise.all([findPython(), installClient(root)]);

    expected = new Map();
    for (const c of cases) expected.set(c.id, await clientRequest(c, emu, filesDir));

    // Host rewriting: every real origin in a snippet becomes its loopback stand-in.
    const origins = Object.keys(emu.hosts).sort((a, b) => b.length - a.length);
    const rewrite = (text: string) =>
      origins.reduce((t, origin) => t.replaceAll(origin, emu.hosts[origin]), text);

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
        const executed = s.language !== "python" || s.client === "requests";
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
    for (const key of ["HF_TOKEN", ...Object.values(PROVIDER_KEY_ENV_VARS)]) delete runnerEnv[key];

    const batch = async (command: string, script: string, list: Job[], label: string) => {
      if (list.length === 0) return;
      const jobsFile = join(root, `${label}-jobs.json`);
      const resultsFile = join(root, `${label}-results.json`);
      await writeFile(jobsFile, JSON.stringify(list.map((j) => ({ ...j, timeoutMs: 20_000 }))));
      await run(command, [script, jobsFile, resultsFile], { env: runnerEnv, maxBuffer: 64 << 20 });
      const out = JSON.parse(await readFile(resultsFile, "utf8")) as JobResult[];
      list.forEach((job, i) => results.set(jobKey(job.caseId, job.language, job.client), out[i]));
    };
    const jsJobs = jobs.filter((j) => j.language === "js");
    const half = Math.ceil(jsJobs.length / 2);
    const shJobs = jobs.filter((j) => j.language === "sh");
    await Promise.all([
      batch("node", join(here, "snippets/runner.mjs"), jsJobs.slice(0, half), "js1"),
      batch("node", join(here, "snippets/runner.mjs"), jsJobs.slice(half), "js2"),
      batch(
        python,
        join(here, "snippets/runner.py"),
        jobs.filter((j) => j.language === "python"),
        "python",
      ),
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
    ]);
    figures.executed = jobs.filter((j) => j.mode === "run").length;
    figures.parsed = jobs.length - figures.executed;
  }, 180_000);

  afterAll(async () => {
    await emu?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    expect(c.snippets.length, "no snippets generated").toBeGreaterThan(0);
    const want = expected.get(c.id)!;
    const pipeline = c.model.pipeline_tag!;
    let executed = 0;
    for (const s of c.snippets) {
      const label = `${s.language}/${s.client}`;
      const result = results.get(jobKey(c.id, s.language, s.client));
      expect(result, `${label} was not run`).toBeDefined();
      expect(result!.error ?? "", `${label} failed:\n${s.content}`).toBe("");
      expect(result!.ok, label).toBe(true);

      // Never a placeholder: the token is printed or read from the environment.
      if (c.envVar) {
        expect(s.content, label).not.toContain(c.token);
        expect(s.content, `${label} reads ${c.envVar}`).toMatch(
          s.client === "fal_client" ? /fal_client/ : new RegExp(`\\b${c.envVar}\\b`),
        );
      } else if (s.client !== "fal_client") {
        expect(s.content, label).toContain(c.token);
      }

      const dir = join(root, "jobs", `${c.id}-${s.language}-${s.client.replace(/\W/g, "_")}`);
      if (s.language === "python" && s.client !== "requests") {
        checkParsedPython(s.client, s.content, c, want);
        continue;
      }
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
      const got = recordedAsSent(r);
      expect(got.method).toBe(want.method);
      expect(got.url).toBe(want.url);
      expect(got.authorization ?? got.xKey).toBe(want.authorization ?? want.xKey);
      if (want.json !== undefined) expect(got.json, "JSON body").toEqual(want.json);
      else
        expect(Buffer.from(got.bytes ?? []).equals(Buffer.from(want.bytes ?? [])), "body bytes").toBe(true);
      expect(r.status).toBeLessThan(300);
    }
    figures.passed += c.snippets.length;
  });

  it("reports the matrix size", () => {
    const line =
      `snippet matrix: ${cases.length} cases, ${figures.generated} snippets generated, ` +
      `${figures.executed} executed, ${figures.parsed} parsed only, ${figures.passed} passed`;
    console.log(line);
    expect(figures.executed).toBeGreaterThan(0);
    expect(figures.passed).toBe(figures.generated);
  });
});

/** Checks on a Python snippet for a client not installed here: exact model, method, URL and token. */
function checkParsedPython(client: string, content: string, c: Case, want: SentRequest): void {
  const label = `python/${client}`;
  const token = c.envVar ? `os.environ["${c.envVar}"]` : JSON.stringify(c.token);
  if (client === "huggingface_hub") {
    expect(content, label).toContain(`provider=${JSON.stringify(c.provider)}`);
    expect(content, label).toContain(`model=${JSON.stringify(c.model.id)}`);
    expect(content, label).toContain(`api_key=${token}`);
    const method =
      c.task === "conversational"
        ? "chat.completions.create("
        : `.${c.model.pipeline_tag!.replace(/-/g, "_")}(`;
    expect(content, label).toContain(method);
    if (c.billTo) expect(content, label).toContain(`bill_to=${JSON.stringify(c.billTo)}`);
  } else if (client === "openai") {
    expect(content, label).toContain(
      `base_url=${JSON.stringify(want.url.replace(/\/chat\/completions$/, ""))}`,
    );
    expect(content, label).toContain(`model=${JSON.stringify(c.providerModelId)}`);
    expect(content, label).toContain(`api_key=${token}`);
    expect(content, label).toContain("client.chat.completions.create(");
  } else if (client === "fal_client") {
    expect(content, label).toContain(JSON.stringify(c.providerModelId));
    expect(content, label).toContain(".subscribe(");
    if (c.mode === "key") expect(content, label).toContain(`key=${JSON.stringify(c.token)}`);
  } else {
    throw new Error(`unexpected python client ${client}`);
  }
}
