// hubkit in a real terminal (tmux): chat typed into and read from the screen (a streamed reply,
// multi-line input, Ctrl-C mid-reply without leaving, /save, /clear, /model, /exit), and the progress
// bars of import, upload and download drawn on the terminal.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startHubServer, type HubServer } from "../../hub/src/index.js";
import { baseEnv, hubkitBin, runHubkit } from "./support/cli.js";
import { Terminal } from "./support/tmux.js";

let hub: HubServer;
let work: string;
let token: string;
let terminal: Terminal | undefined;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "hubkit-cli-terminal-"));
  // Offline, with tokens streamed 150 ms apart: a reply (12 to 40 tokens) lasts 2 to 6 s, long
  // enough to be stopped mid-way even on a loaded machine.
  hub = await startHubServer({
    port: 0,
    dataDir: path.join(work, "data"),
    hfToken: "",
    mode: "offline",
    emulatorStreamIntervalMs: 150,
  });
  token = await hub.repos.access.createToken("hana", { write: true });
});

afterEach(() => {
  terminal?.close();
  terminal = undefined;
});

afterAll(async () => {
  await hub?.close();
  rmSync(work, { recursive: true, force: true });
});

const env = () => ({
  ...baseEnv({ HF_ENDPOINT: hub.url, HF_TOKEN: token, HF_HOME: path.join(work, "hf-home") }),
  TERM: "xterm-256color",
});
const MODEL = "meta-llama/Llama-3.3-70B-Instruct";
const prompts = (screen: string) => screen.split("\n").filter((line) => line.startsWith(`${MODEL} ›`));

describe("hubkit chat in a terminal", () => {
  it("streams replies, takes multi-line input, stops a reply on Ctrl-C and saves the conversation", async () => {
    terminal = new Terminal([process.execPath, hubkitBin, "chat", MODEL], env(), work);
    await terminal.waitFor(/Chatting with meta-llama/);
    await terminal.waitFor((s) => prompts(s).length === 1);

    // A line ending in "\" goes on: one message of two lines.
    terminal.type("first line\\");
    terminal.keys("Enter");
    terminal.type("second line");
    terminal.keys("Enter");
    // The reply streams, then the prompt comes back.
    await terminal.waitFor((s) => prompts(s).length === 2, 20_000);
    const request = hub.emulator!.lastRequest((r) => r.path.endsWith("/chat/completions"));
    const body = request?.body as { messages: { content: string }[]; stream: boolean };
    expect(body.stream).toBe(true);
    expect(body.messages.at(-1)?.content).toBe("first line\nsecond line");

    // Ctrl-C once text has arrived: the reply stops, the chat stays.
    terminal.type("tell me a long story");
    terminal.keys("Enter");
    await terminal.waitFor((s) => {
      const after = s.split("tell me a long story")[1] ?? "";
      return /\n\S+/.test(after);
    });
    terminal.keys("C-c");
    const stopped = await terminal.waitFor(/\[stopped\]/);
    await terminal.waitFor((s) => prompts(s).length === 3);
    expect(stopped).not.toMatch(/\[exit/);

    const saved = path.join(work, "chat.json");
    terminal.type(`/save ${saved}`);
    terminal.keys("Enter");
    await terminal.waitFor(/saved to /);
    const conversation = JSON.parse(readFileSync(saved, "utf8")) as {
      model: string;
      messages: { role: string; content: string }[];
    };
    expect(conversation.model).toBe(MODEL);
    expect(conversation.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(conversation.messages[0].content).toBe("first line\nsecond line");
    expect(conversation.messages[3].content.length).toBeGreaterThan(0);

    terminal.type("/clear");
    terminal.keys("Enter");
    await terminal.waitFor(/conversation cleared/);
    terminal.type("/model Qwen/Qwen2.5-7B-Instruct:together");
    terminal.keys("Enter");
    await terminal.waitFor(/now chatting with Qwen\/Qwen2\.5-7B-Instruct \(together\)/);
    terminal.type("/exit");
    terminal.keys("Enter");
    await terminal.waitFor(/\[exit 0\]/);
  });
});

describe("login on a terminal", () => {
  it("asks for the token without showing it", async () => {
    const home = path.join(work, "login-home");
    terminal = new Terminal([process.execPath, hubkitBin, "login"], {
      ...env(),
      HF_TOKEN: undefined,
      HF_HOME: home,
    });
    await terminal.waitFor(/Token \(input hidden\): /);
    terminal.type(token);
    terminal.keys("Enter");
    const screen = await terminal.waitFor(/\[exit 0\]/);
    expect(screen).toContain("as hana;");
    expect(screen).not.toContain(token);
    expect(readFileSync(path.join(home, "token"), "utf8")).toBe(token);
  });
});

describe("colours", () => {
  it("are used on a terminal, and not with NO_COLOR", async () => {
    const coloured = (extra: Record<string, string | undefined>) => {
      terminal?.close();
      terminal = new Terminal([process.execPath, hubkitBin, "login", "--token", token], {
        ...env(),
        ...extra,
      });
      return terminal.waitFor(/\[exit 0\]/).then(() => terminal!.screen(true));
    };
    expect(await coloured({ NO_COLOR: undefined })).toContain("\u001b[1mhana");
    expect(await coloured({ NO_COLOR: "1" })).not.toContain("\u001b[");
    // Piped: never.
    const piped = await runHubkit(["login", "--token", token], { env: { ...env(), NO_COLOR: undefined } });
    expect(piped.stdout).toContain("as hana;");
    expect(piped.stdout).not.toContain("\u001b[");
  });
});

describe("progress bars", () => {
  it("import, upload and download draw bars on a terminal (and only there)", async () => {
    const generated = await runHubkit(["generate", "--count", "2000"]);
    const lines = path.join(work, "models.jsonl");
    writeFileSync(lines, generated.stdout);
    terminal = new Terminal(
      [process.execPath, hubkitBin, "import", lines, "--data-dir", path.join(work, "import-data")],
      env(),
    );
    const imported = await terminal.waitFor(/\[exit 0\]/);
    expect(imported).toMatch(/^import\s+█{24} 100% 7\d\d KB\/7\d\d KB .*\/s ETA 0:00$/m);
    expect(imported).toMatch(/^\S*models\.jsonl: 2000 lines; 2000 models added/m);

    const folder = path.join(work, "upload");
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, "a.bin"), randomBytes(3 << 20));
    writeFileSync(path.join(folder, "b.bin"), randomBytes(2 << 20));
    terminal.close();
    terminal = new Terminal([process.execPath, hubkitBin, "upload", "hana/bars", folder], env());
    const uploaded = await terminal.waitFor(/\[exit 0\]/, 30_000);
    expect(uploaded).toMatch(/^hashing \(2 files\)\s+█{24} 100%/m);
    expect(uploaded).toMatch(/a\.bin\s+█+\s+100%/);
    expect(uploaded).toMatch(/total \(2 files\)\s+█+\s+100%/);

    // A slow download, read mid-way: a partly filled bar with its rate and ETA.
    terminal.close();
    terminal = new Terminal(
      [
        process.execPath,
        hubkitBin,
        "download",
        "hana/bars",
        "--limit-rate",
        "2M",
        "--max-workers",
        "2",
        "--cache-dir",
        path.join(work, "cache"),
      ],
      env(),
    );
    const midway = await terminal.waitFor(/a\.bin\s+█*░+\s+\d+% .* ETA \d+:\d\d/, 20_000);
    expect(midway).toMatch(/^total \(3 files\)\s+█*░+\s+\d+%/m);
    await terminal.waitFor(/\[exit 0\]/, 30_000);
  });
});
