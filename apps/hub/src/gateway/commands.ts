// `hubkit-hub provider-key set|list|remove --provider P [--org ORG]`: provider keys on the server's
// own storage (the data dir, or HUBKIT_DATABASE_URL), without a running server. `set` reads the key from stdin (never from the command
// line, where the shell's history and the process list would keep it); nothing prints a key.
import type { Readable, Writable } from "node:stream";
import { parseCommandArgs, UsageError } from "../command-line.js";
import { DEFAULT_DATA_DIR } from "../paths.js";
import { ProviderKeys, providerNameProblem } from "./keys.js";
import { secretKeyFromEnv } from "./open.js";
import { openGatewayData } from "./open-data.js";

export const PROVIDER_KEY_USAGE = `  hubkit-hub provider-key set --provider P [--org ORG] [--data-dir DIR]
      Store a key for provider P (read from stdin), for the whole hub or for calls billed to ORG.
      Encrypted with HUBKIT_SECRET_KEY (32 bytes: openssl rand -hex 32), never shown again.
  hubkit-hub provider-key list [--data-dir DIR]
  hubkit-hub provider-key remove --provider P [--org ORG] [--data-dir DIR]`;

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString("utf8");
}

/** The command's action, its one positional argument: set, list or remove. */
function actionOf(command: string, positionals: string[]): "set" | "list" | "remove" {
  const [action, ...rest] = positionals;
  if (rest.length) throw new UsageError(`unexpected argument "${rest[0]}"`);
  if (action !== "set" && action !== "list" && action !== "remove") {
    throw new UsageError(`${command} needs an action: set, list or remove`);
  }
  return action;
}

export async function providerKeyCommand(
  argv: string[],
  io: { stdout: Writable; stderr: Writable; env: Record<string, string | undefined>; stdin?: Readable },
): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    provider: { type: "string" },
    org: { type: "string" },
    "data-dir": { type: "string" },
  });
  const action = actionOf("provider-key", positionals);
  if (action !== "list") {
    if (!values.provider) throw new UsageError(`provider-key ${action} needs --provider P`);
    const problem = providerNameProblem(values.provider);
    if (problem) throw new UsageError(problem);
  }
  const scope = { org: values.org };
  const store = await openGatewayData(
    values["data-dir"] ?? io.env.HUBKIT_DATA_DIR ?? DEFAULT_DATA_DIR,
    io.env.HUBKIT_DATABASE_URL?.trim() || undefined,
  );
  try {
    if (action === "list") {
      const keys = new ProviderKeys(store, undefined);
      for (const key of await keys.list())
        io.stdout.write(`${key.provider}\t${key.org ?? "(hub)"}\t${key.updatedAt}\n`);
      return 0;
    }
    if (action === "remove") {
      const keys = new ProviderKeys(store, undefined);
      if (!(await keys.remove(values.provider!, scope))) {
        io.stderr.write(`hubkit-hub: no ${values.provider} key stored for ${values.org ?? "the hub"}\n`);
        return 1;
      }
      io.stdout.write(`removed the ${values.provider} key of ${values.org ?? "the hub"}\n`);
      return 0;
    }
    let secretKey;
    try {
      secretKey = secretKeyFromEnv(io.env);
    } catch (error) {
      io.stderr.write(`hubkit-hub: ${(error as Error).message}\n`);
      return 1;
    }
    if (!secretKey) {
      io.stderr.write(
        "hubkit-hub: HUBKIT_SECRET_KEY is not set: provider keys are encrypted with it (openssl rand -hex 32)\n",
      );
      return 1;
    }
    const plain = (await readAll(io.stdin ?? process.stdin)).trim();
    if (plain === "") {
      io.stderr.write(
        'hubkit-hub: no key on stdin (e.g. printf %s "$KEY" | hubkit-hub provider-key set …)\n',
      );
      return 1;
    }
    try {
      await new ProviderKeys(store, secretKey).set(values.provider!, scope, plain);
    } catch (error) {
      io.stderr.write(`hubkit-hub: ${(error as Error).message}\n`);
      return 1;
    }
    io.stdout.write(`stored the ${values.provider} key of ${values.org ?? "the hub"}\n`);
    return 0;
  } finally {
    await store.close();
  }
}

export const LIMIT_USAGE = `  hubkit-hub limit set (--token ID | --org ORG) [--rpm N] [--tpm N] [--budget USD] [--data-dir DIR]
      Requests / tokens per minute and a spend budget in USD per calendar month (UTC) for one hub
      token (its id: token list) or calls billed to ORG, in place of HUBKIT_LIMIT_*; 0 or left out:
      none. Past its budget a caller gets 402. Running hubs apply it within a second.
  hubkit-hub limit list [--data-dir DIR]
  hubkit-hub limit remove (--token ID | --org ORG) [--data-dir DIR]`;

/** A per-minute figure from the command line: a whole number, 0 or absent for none. */
function perMinute(name: string, text: string | undefined): number | null {
  if (text === undefined) return null;
  if (!/^\d{1,12}$/.test(text)) throw new UsageError(`--${name} must be a whole number per minute`);
  return Number(text) === 0 ? null : Number(text);
}

/** A monthly budget in USD from the command line: a decimal number, 0 or absent for none. */
function budgetOf(text: string | undefined): number | null {
  if (text === undefined) return null;
  if (!/^\d{1,9}(\.\d{1,9})?$/.test(text))
    throw new UsageError(`--budget must be an amount in USD per month, e.g. 25 or 0.5`);
  return Number(text) === 0 ? null : Number(text);
}

export async function limitCommand(
  argv: string[],
  io: { stdout: Writable; stderr: Writable; env: Record<string, string | undefined> },
): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    token: { type: "string" },
    org: { type: "string" },
    rpm: { type: "string" },
    tpm: { type: "string" },
    budget: { type: "string" },
    "data-dir": { type: "string" },
  });
  const action = actionOf("limit", positionals);
  let subject = "";
  if (action !== "list") {
    if ((values.token === undefined) === (values.org === undefined)) {
      throw new UsageError(`limit ${action} needs one of --token ID or --org ORG`);
    }
    subject = values.token !== undefined ? `token:${values.token}` : `org:${values.org!.toLowerCase()}`;
  }
  const rule =
    action === "set"
      ? {
          rpm: perMinute("rpm", values.rpm),
          tpm: perMinute("tpm", values.tpm),
          budgetUsd: budgetOf(values.budget),
        }
      : null;
  const store = await openGatewayData(
    values["data-dir"] ?? io.env.HUBKIT_DATA_DIR ?? DEFAULT_DATA_DIR,
    io.env.HUBKIT_DATABASE_URL?.trim() || undefined,
  );
  try {
    if (action === "list") {
      for (const limit of await store.limits()) {
        const budget = limit.budgetUsd === null ? "-" : `$${limit.budgetUsd}/month`;
        io.stdout.write(
          `${limit.subject}\trpm ${limit.rpm ?? "-"}\ttpm ${limit.tpm ?? "-"}\tbudget ${budget}\n`,
        );
      }
      return 0;
    }
    if (!(await store.setLimit(subject, rule))) {
      io.stderr.write(`hubkit-hub: no limit stored for ${subject}\n`);
      return 1;
    }
    io.stdout.write(action === "set" ? `limits set for ${subject}\n` : `limits removed for ${subject}\n`);
    return 0;
  } finally {
    await store.close();
  }
}
