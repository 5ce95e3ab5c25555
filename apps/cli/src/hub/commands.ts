// The hub's own commands (serve, import, generate, token, gc): options are checked here, then the
// hub's runCommand does the work, so both command lines behave the same.
import { Option, type Command } from "commander";
// The hub's code (stores, importer, server) loads only when a hub command runs.
import type { CommandIo } from "@hubkit/hub/dist/commands.js";
import { Writable } from "node:stream";
import { byteBars, progressShown, type Bar } from "../ui/progress.js";
import { UsageError } from "../errors.js";
import { integer } from "../options.js";

type Flags = Record<string, string | boolean | string[] | number | undefined>;

/** hub argv from commander's values: `--name value` for strings, `--name` for true booleans. */
function flagArgs(values: Flags, names: string[]): string[] {
  const args: string[] = [];
  for (const name of names) {
    const key = name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
    const value = values[key];
    if (value === undefined || value === false) continue;
    if (value === true) args.push(`--${name}`);
    else for (const item of Array.isArray(value) ? value : [value]) args.push(`--${name}`, String(item));
  }
  return args;
}

function io(extra: Partial<CommandIo> = {}): CommandIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, ...extra };
}

async function runHub(argv: string[], extra?: Partial<CommandIo>): Promise<void> {
  const { runCommand } = await import("@hubkit/hub/dist/commands.js");
  const { exitCode, server } = await runCommand(argv, io(extra));
  if (!server) {
    process.exitCode = exitCode;
    return;
  }
  const stop = (signal: string) => {
    process.stdout.write(`\n${signal}: stopping the hub server\n`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`hubkit: error while stopping: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
}

export function registerHubCommands(program: Command): void {
  registerServerCommands(program);
  registerAccountCommands(program);
  registerGatewayCommands(program);
  registerStorageCommands(program);
}

/** serve, import (with its progress bar on a terminal) and generate. */
function registerServerCommands(program: Command): void {
  program
    .command("serve")
    .description(
      "serve the hub API and the web app (env: HOST, PORT, HUBKIT_DATA_DIR, HUBKIT_DATABASE_URL, HF_TOKEN)",
    )
    .option("--host <host>", "address to listen on (default 127.0.0.1)")
    .option("--port <port>", "port (default 5173)", integer("--port", 0, 65535))
    .option("--data-dir <dir>", "where the catalogue and repositories live")
    .action((values: Flags) => runHub(["serve", ...flagArgs(values, ["host", "port", "data-dir"])]));

  program
    .command("import")
    .description("load a JSON-lines model file into the catalogue (bad lines are reported, good ones kept)")
    .argument("<file>", "models, one JSON object per line")
    .option("--data-dir <dir>", "the hub's data folder")
    .action(async (file: string, values: Flags) => {
      if (!progressShown()) return runHub(["import", file, ...flagArgs(values, ["data-dir"])]);
      // On a terminal: a bar of the bytes read, with the hub's messages printed above it.
      const bars = byteBars();
      let bar: Bar | undefined;
      const above = (stream: NodeJS.WriteStream) =>
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            if (bar) bars.log(chunk.toString());
            else stream.write(chunk);
            done();
          },
        });
      try {
        await runHub(["import", file, ...flagArgs(values, ["data-dir"])], {
          stdout: above(process.stdout),
          stderr: above(process.stderr),
          onImportProgress: (read, total) => {
            bar ??= bars.add("import", total);
            bar.update(read);
          },
        });
      } finally {
        bar?.stop();
        bars.stop();
      }
    });

  program
    .command("generate")
    .description("write N synthetic models as JSON lines to stdout (deterministic)")
    .requiredOption("--count <n>", "how many models", integer("--count", 1, 100_000_000))
    .option("--seed <s>", "seed (default 1)", integer("--seed", 0, 2 ** 31))
    .action((values: Flags) => runHub(["generate", ...flagArgs(values, ["count", "seed"])]));
}

/** token, user and org: accounts on the hub's own storage. */
function registerAccountCommands(program: Command): void {
  const token = program
    .command("token")
    .description("hub tokens, on the hub's own storage (no server needed)");
  token
    .command("create")
    .description("create a token for a user (printed once, alone on stdout)")
    .requiredOption("--user <name>", "the user (created when missing)")
    .option("--write", "a write token (default: read-only)")
    .option("--org <org...>", "orgs the user is a member of (created when missing)")
    .option("--name <label>", "the token's label")
    .option("--data-dir <dir>", "the hub's data folder")
    .action((values: Flags) =>
      runHub(["token", "create", ...flagArgs(values, ["user", "write", "org", "name", "data-dir"])]),
    );
  token
    .command("list")
    .description("list a user's tokens (id, role, created, label)")
    .requiredOption("--user <name>", "the user")
    .option("--data-dir <dir>", "the hub's data folder")
    .option("--json", "print the list as JSON")
    .action(async (values: Flags) => {
      const argv = ["token", "list", ...flagArgs(values, ["user", "data-dir"])];
      if (!values.json) return runHub(argv);
      // The hub prints one tab-separated line per token: id, role, created, label.
      let text = "";
      const capture = new Writable({
        write(chunk: Buffer, _encoding, done) {
          text += chunk.toString();
          done();
        },
      });
      await runHub(argv, { stdout: capture });
      const tokens = text
        .split("\n")
        .filter(Boolean)
        .map((line) => {
          const [id, role, createdAt, ...label] = line.split("\t");
          return { id, role, createdAt, name: label.join("\t") };
        });
      process.stdout.write(`${JSON.stringify(tokens, null, 2)}\n`);
    });
  token
    .command("revoke")
    .description("revoke a token by id (see token list)")
    .argument("<id>", "the token's id")
    .option("--data-dir <dir>", "the hub's data folder")
    .action((id: string, values: Flags) =>
      runHub(["token", "revoke", id, ...flagArgs(values, ["data-dir"])]),
    );

  const user = program.command("user").description("users of the hub, on its own storage (no server needed)");
  user
    .command("create")
    .description("create a user (tokens: token create)")
    .argument("<name>", "the user's name")
    .option("--data-dir <dir>", "the hub's data folder")
    .action((name: string, values: Flags) =>
      runHub(["user", "create", name, ...flagArgs(values, ["data-dir"])]),
    );
  user
    .command("list")
    .description("list the users")
    .option("--json", "print the list as JSON")
    .option("--data-dir <dir>", "the hub's data folder")
    .action((values: Flags) => runHub(["user", "list", ...flagArgs(values, ["json", "data-dir"])]));

  const org = program
    .command("org")
    .description("organisations and their members, on the hub's own storage (no server needed)");
  org
    .command("create")
    .description("create an organisation")
    .argument("<name>", "the organisation's name")
    .option("--admin <user>", "its first admin (created when missing)")
    .option("--data-dir <dir>", "the hub's data folder")
    .action((name: string, values: Flags) =>
      runHub(["org", "create", name, ...flagArgs(values, ["admin", "data-dir"])]),
    );
  org
    .command("list")
    .description("list the organisations")
    .option("--json", "print the list as JSON")
    .option("--data-dir <dir>", "the hub's data folder")
    .action((values: Flags) => runHub(["org", "list", ...flagArgs(values, ["json", "data-dir"])]));
  org
    .command("members")
    .description("an organisation's members and their roles")
    .argument("<org>", "the organisation")
    .option("--json", "print the list as JSON")
    .option("--data-dir <dir>", "the hub's data folder")
    .action((name: string, values: Flags) =>
      runHub(["org", "members", name, ...flagArgs(values, ["json", "data-dir"])]),
    );
  org
    .command("add")
    .description("make a user a member (or change a member's role)")
    .argument("<org>", "the organisation")
    .argument("<user>", "the user (created when missing)")
    .addOption(
      new Option("--role <role>", "the member's role")
        .choices(["admin", "write", "contributor", "read"])
        .default("read"),
    )
    .option("--data-dir <dir>", "the hub's data folder")
    .action((name: string, member: string, values: Flags) =>
      runHub(["org", "add", name, member, ...flagArgs(values, ["role", "data-dir"])]),
    );
  org
    .command("remove")
    .description("remove a member")
    .argument("<org>", "the organisation")
    .argument("<user>", "the member")
    .option("--data-dir <dir>", "the hub's data folder")
    .action((name: string, member: string, values: Flags) =>
      runHub(["org", "remove", name, member, ...flagArgs(values, ["data-dir"])]),
    );
}

/** provider-key and limit: the router gateway's keys, rate limits and budgets. */
function registerGatewayCommands(program: Command): void {
  const keys = program
    .command("provider-key")
    .description("provider keys of the router gateway, sealed with HUBKIT_SECRET_KEY (no server needed)");
  keys
    .command("set")
    .description("store a key for a provider (read from stdin), for the hub or for calls billed to an org")
    .requiredOption("--provider <provider>", "the provider, e.g. together")
    .option("--org <org>", "only for calls billed to this organisation")
    .option("--data-dir <dir>", "the hub's data folder")
    .action((values: Flags) =>
      runHub(["provider-key", "set", ...flagArgs(values, ["provider", "org", "data-dir"])]),
    );
  keys
    .command("list")
    .description("which providers have a key, for the hub and for each org (never the keys)")
    .option("--data-dir <dir>", "the hub's data folder")
    .action((values: Flags) => runHub(["provider-key", "list", ...flagArgs(values, ["data-dir"])]));
  keys
    .command("remove")
    .description("remove a provider's key")
    .requiredOption("--provider <provider>", "the provider")
    .option("--org <org>", "the organisation's key instead of the hub's")
    .option("--data-dir <dir>", "the hub's data folder")
    .action((values: Flags) =>
      runHub(["provider-key", "remove", ...flagArgs(values, ["provider", "org", "data-dir"])]),
    );

  const limits = program
    .command("limit")
    .description("rate limits and spend budgets of router callers (no server needed)");
  limits
    .command("set")
    .description("requests/tokens per minute and a monthly USD budget for one token or an org's calls")
    .option("--token <id>", "a hub token's id (see token list)")
    .option("--org <org>", "calls billed to this organisation")
    .option("--rpm <n>", "requests per minute (0: none)", integer("--rpm", 0, 1e12))
    .option("--tpm <n>", "tokens per minute (0: none)", integer("--tpm", 0, 1e12))
    .option("--budget <usd>", "USD per calendar month (0: none)")
    .option("--data-dir <dir>", "the hub's data folder")
    .action((values: Flags) => {
      if (Boolean(values.token) === Boolean(values.org))
        throw new UsageError("limit set: give --token ID or --org ORG");
      return runHub([
        "limit",
        "set",
        ...flagArgs(values, ["token", "org", "rpm", "tpm", "budget", "data-dir"]),
      ]);
    });
  limits
    .command("list")
    .description("the limits and budgets set")
    .option("--data-dir <dir>", "the hub's data folder")
    .action((values: Flags) => runHub(["limit", "list", ...flagArgs(values, ["data-dir"])]));
  limits
    .command("remove")
    .description("remove a token's or an org's limits")
    .option("--token <id>", "a hub token's id")
    .option("--org <org>", "an organisation")
    .option("--data-dir <dir>", "the hub's data folder")
    .action((values: Flags) => {
      if (Boolean(values.token) === Boolean(values.org))
        throw new UsageError("limit remove: give --token ID or --org ORG");
      return runHub(["limit", "remove", ...flagArgs(values, ["token", "org", "data-dir"])]);
    });
}

/** mirror, storage and gc: what the hub stores. */
function registerStorageCommands(program: Command): void {
  program
    .command("mirror")
    .description(
      "fetch repos (and their files) from the upstream hub into this hub's storage, or --catalogue: its model list",
    )
    .argument("[repos...]", "repo ids (owner/name)")
    .option("--revision <rev>", "branch, tag or commit (default main)")
    .option("--include <glob...>", "only files matching (* within a folder, ** across folders)")
    .option("--dataset", "the repos are datasets")
    .option("--catalogue", "import upstream's model list (metadata only) instead")
    .option(
      "--limit <n>",
      "with --catalogue: how many models (default 1000)",
      integer("--limit", 1, 10_000_000),
    )
    .option("--upstream <url>", "the hub mirrored (default $HUBKIT_UPSTREAM_URL)")
    .option("--data-dir <dir>", "the hub's data folder")
    .action((repos: string[], values: Flags) => {
      if (!values.catalogue && repos.length === 0)
        throw new UsageError("mirror: name the repos to fetch, or pass --catalogue");
      if (!values.upstream && !process.env.HUBKIT_UPSTREAM_URL)
        throw new UsageError("mirror: no upstream: set HUBKIT_UPSTREAM_URL or pass --upstream URL");
      return runHub([
        "mirror",
        ...repos,
        ...flagArgs(values, ["revision", "include", "dataset", "catalogue", "limit", "upstream", "data-dir"]),
      ]);
    });

  program
    .command("storage")
    .description("storage per repo and in total: whole files, Xet chunks, and what dedup saves")
    .option("--data-dir <dir>", "the hub's data folder")
    .action((values: Flags) => runHub(["storage", ...flagArgs(values, ["data-dir"])]));

  program
    .command("gc")
    .description("remove stored file contents that no commit names")
    .option("--data-dir <dir>", "the hub's data folder")
    .action((values: Flags) => runHub(["gc", ...flagArgs(values, ["data-dir"])]));
}
