// login, logout, whoami: the token lives where huggingface_hub keeps it (token-store.ts).
import type { Command } from "commander";
import { endpoint, tokenPath } from "../config.js";
import { CliError, UsageError } from "../errors.js";
import { hubClient } from "../hub-api.js";
import { print, printJson, styler } from "../ui/output.js";
import { readSecret } from "./prompt.js";
import { currentToken, deleteToken, saveToken } from "./token-store.js";

interface WhoAmI {
  name: string;
  type?: string;
  orgs?: { name: string; roleInOrg?: string }[];
  auth?: { accessToken?: { role?: string } };
}

async function whoami(token: string): Promise<WhoAmI> {
  const response = await hubClient(process.env, token).request("/api/whoami-v2");
  if (response.status === 401) throw new CliError(`${endpoint()} does not accept this token (HTTP 401)`);
  if (!response.ok) throw new CliError(`${endpoint()}/api/whoami-v2 answered HTTP ${response.status}`);
  return (await response.json()) as WhoAmI;
}

export function registerAuthCommands(program: Command): void {
  program
    .command("login")
    .description("check a token against the hub (HF_ENDPOINT) and save it where huggingface_hub keeps it")
    .option("--token <token>", "the token (default: asked for, without echo)")
    .option("--json", "print the account as JSON")
    .action(async (values: { token?: string; json?: boolean }) => {
      const token = values.token ?? (await readSecret("Token (input hidden): "));
      if (!/^hf_[A-Za-z0-9]{10,}$/.test(token)) throw new UsageError("--token must be a hub token (hf_…)");
      const account = await whoami(token);
      const file = saveToken(token);
      if (values.json) printJson({ name: account.name, tokenPath: file, endpoint: endpoint() });
      else print(`Logged in to ${endpoint()} as ${styler()("bold", account.name)}; token saved to ${file}`);
    });

  program
    .command("logout")
    .description("delete the saved token")
    .action(() => {
      const removed = deleteToken();
      print(removed ? `Removed ${tokenPath()}` : `Not logged in (no ${tokenPath()})`);
      if (process.env.HF_TOKEN) print("HF_TOKEN is still set in this environment and is still sent.");
    });

  program
    .command("whoami")
    .description("who the current token (HF_TOKEN, else the saved one) belongs to")
    .option("--json", "print the hub's answer as JSON")
    .action(async (values: { json?: boolean }) => {
      const token = currentToken();
      if (!token) throw new CliError("Not logged in: run `hubkit login` or set HF_TOKEN");
      const account = await whoami(token);
      if (values.json) return printJson(account);
      const orgs = (account.orgs ?? []).map((org) => org.name);
      print(account.name);
      if (orgs.length) print(`orgs: ${orgs.join(", ")}`);
      print(`endpoint: ${endpoint()}`);
    });
}
