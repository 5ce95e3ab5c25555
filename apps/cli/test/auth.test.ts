// login, whoami and logout share the token file with the real huggingface_hub (Python): a token
// saved by `hubkit login` is read by huggingface_hub's whoami, and one saved by huggingface_hub's
// login is read by `hubkit whoami`; a file downloaded by hubkit is read from the cache by Python offline.
import { mkdtempSync, readFileSync, rmSync, statSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHubServer, type HubServer } from "../../hub/src/index.js";
import { clientEnv, runPython } from "../../hub/test/support/python.js";
import { baseEnv, runHubkit } from "./support/cli.js";

let hub: HubServer;
let work: string;
let erin: string;
let frank: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "hubkit-cli-auth-"));
  hub = await startHubServer({ port: 0, dataDir: path.join(work, "data"), hfToken: "", seed: false });
  erin = await hub.repos.access.createToken("erin", { write: true, orgs: ["team"] });
  frank = await hub.repos.access.createToken("frank", { write: true });
});

afterAll(async () => {
  await hub?.close();
  rmSync(work, { recursive: true, force: true });
});

/** hubkit and Python with the same HF_HOME and endpoint (and no HF_TOKEN unless given). */
const home = (name: string) => path.join(work, name);
const cliEnv = (name: string, extra: Record<string, string> = {}) =>
  baseEnv({ HF_ENDPOINT: hub.url, HF_HOME: path.join(home(name), "hf-home"), ...extra });
const pyEnv = (name: string) => {
  const env = clientEnv(hub.url, home(name));
  delete env.HF_HUB_CACHE;
  return env;
};

describe("the token file shared with huggingface_hub", () => {
  it("hubkit login saves a token that huggingface_hub's whoami reads; logout removes it", async () => {
    const login = await runHubkit(["login", "--token", erin], { env: cliEnv("a") });
    expect(login.code).toBe(0);
    expect(login.stdout).toContain("erin");
    expect(login.stdout + login.stderr).not.toContain(erin);
    const file = path.join(home("a"), "hf-home", "token");
    expect(readFileSync(file, "utf8")).toBe(erin);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const py = await runPython(
      "import json\nfrom huggingface_hub import HfApi\nprint(json.dumps({'name': HfApi().whoami()['name']}))",
      pyEnv("a"),
    );
    expect(py).toEqual({ name: "erin" });

    const who = await runHubkit(["whoami", "--json"], { env: cliEnv("a") });
    expect(JSON.parse(who.stdout)).toMatchObject({
      name: "erin",
      orgs: [expect.objectContaining({ name: "team" })],
    });

    const logout = await runHubkit(["logout"], { env: cliEnv("a") });
    expect(logout.code).toBe(0);
    expect(existsSync(file)).toBe(false);
    const after = await runHubkit(["whoami"], { env: cliEnv("a") });
    expect(after.code).toBe(1);
    expect(after.stderr).toMatch(/Not logged in/);
  });

  it("a token saved by huggingface_hub's login is read by hubkit whoami; HF_TOKEN wins over it", async () => {
    await runPython(
      `import json\nfrom huggingface_hub import login\nlogin(token=${JSON.stringify(frank)}, add_to_git_credential=False)\nprint(json.dumps({}))`,
      pyEnv("b"),
    );
    const who = await runHubkit(["whoami"], { env: cliEnv("b") });
    expect(who.code).toBe(0);
    expect(who.stdout.split("\n")[0]).toBe("frank");
    const overridden = await runHubkit(["whoami", "--json"], { env: cliEnv("b", { HF_TOKEN: erin }) });
    expect(JSON.parse(overridden.stdout).name).toBe("erin");
  });

  it("HF_TOKEN_PATH moves the token file for both tools", async () => {
    const tokenPath = path.join(home("c"), "elsewhere", "my-token");
    const login = await runHubkit(["login", "--token", frank], {
      env: cliEnv("c", { HF_TOKEN_PATH: tokenPath }),
    });
    expect(login.code).toBe(0);
    expect(readFileSync(tokenPath, "utf8")).toBe(frank);
    const py = await runPython(
      "import json\nfrom huggingface_hub import HfApi\nprint(json.dumps({'name': HfApi().whoami()['name']}))",
      { ...pyEnv("c"), HF_TOKEN_PATH: tokenPath },
    );
    expect(py).toEqual({ name: "frank" });
  });

  it("login refuses a token the hub does not know, without saving it or printing it", async () => {
    const bogus = `hf_${"x".repeat(34)}`;
    const login = await runHubkit(["login", "--token", bogus], { env: cliEnv("d") });
    expect(login.code).toBe(1);
    expect(login.stderr).toMatch(/does not accept this token/);
    expect(login.stderr).not.toContain(bogus);
    expect(existsSync(path.join(home("d"), "hf-home", "token"))).toBe(false);
    const malformed = await runHubkit(["login", "--token", "secret"], { env: cliEnv("d") });
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toMatch(/--token/);
  });

  it("login reads the token from stdin when it is not a terminal", async () => {
    const login = await runHubkit(["login"], { env: cliEnv("e"), input: `${erin}\n` });
    expect(login.code).toBe(0);
    expect(readFileSync(path.join(home("e"), "hf-home", "token"), "utf8")).toBe(erin);
  });

  it("a file hubkit downloaded is read from the shared cache by huggingface_hub offline", async () => {
    const up = await runHubkit(
      ["upload", "erin/shared", path.join(import.meta.dirname, "cli-basics.test.ts"), "notes.txt"],
      {
        env: cliEnv("f", { HF_TOKEN: erin }),
      },
    );
    expect(up.code).toBe(0);
    const down = await runHubkit(["download", "erin/shared", "notes.txt"], {
      env: cliEnv("f", { HF_TOKEN: erin }),
    });
    expect(down.code).toBe(0);
    const py = await runPython(
      "import json\nfrom huggingface_hub import hf_hub_download\n" +
        "p = hf_hub_download('erin/shared', 'notes.txt')\nprint(json.dumps({'text': open(p).read()}))",
      { ...pyEnv("f"), HF_HUB_OFFLINE: "1" },
    );
    expect(py.text).toBe(readFileSync(path.join(import.meta.dirname, "cli-basics.test.ts"), "utf8"));
  });
});
