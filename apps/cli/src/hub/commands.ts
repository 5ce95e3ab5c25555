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

/** A command on the hub's own storage that the hub's command line runs as it is. */
interface ForwardedCommand {
  name: string;
  description: string;
  /** positional arguments: the name as commander takes it, and what it is */
  arguments?: [string, string][];
  /** options besides --data-dir, which every such command takes */
  options?: Option[];
  /** a usage check of the options, before the hub's code loads */
  check?: (values: Flags) => void;
}

const jsonOption = () => new Option("--json", "print the list as JSON");

/** Adds commands whose arguments and options go to `hubkit-hub <parent> <name>` unchanged. */
function forwardCommands(parent: Command, commands: ForwardedCommand[]): void {
  for (const spec of commands) {
    const command = parent.command(spec.name).description(spec.description);
    for (const [name, description] of spec.arguments ?? []) command.argument(name, description);
    const options = [...(spec.options ?? []), new Option("--data-dir <dir>", "the hub's data folder")];
    for (const option of options) command.addOption(option);
    const names = options.map((option) => option.long!.slice(2));
    // commander calls the action with the arguments, then the options, then the command itself.
    command.action((...received: unknown[]) => {
      const positional = received.slice(0, spec.arguments?.length ?? 0) as string[];
      const values = received[positional.length] as Flags;
      spec.check?.(values);
      return runHub([parent.name(), spec.name, ...positional, ...flagArgs(values, names)]);
    });
  }
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
  forwardCommands(token, [
    {
      name: "revoke",
      description: "revoke a token by id (see token list)",
      arguments: [["<id>", "the token's id"]],
    },
  ]);

  const user = program.command("user").description("users of the hub, on its own storage (no server needed)");
  forwardCommands(user, [
    {
      name: "create",
      description: "create a user (tokens: token create)",
      arguments: [["<name>", "the user's name"]],
    },
    { name: "list", description: "list the users", options: [jsonOption()] },
  ]);

  const org = program
    .command("org")
    .description("organisations and their members, on the hub's own storage (no server needed)");
  forwardCommands(org, [
    {
      name: "create",
      description: "create an organisation",
      arguments: [["<name>", "the organisation's name"]],
      options: [new Option("--admin <user>", "its first admin (created when missing)")],
    },
    { name: "list", description: "list the organisations", options: [jsonOption()] },
    {
      name: "members",
      description: "an organisation's members and their roles",
      arguments: [["<org>", "the organisation"]],
      options: [jsonOption()],
    },
    {
      name: "add",
      description: "make a user a member (or change a member's role)",
      arguments: [
        ["<org>", "the organisation"],
        ["<user>", "the user (created when missing)"],
      ],
      options: [
        new Option("--role <role>", "the member's role")
          .choices(["admin", "write", "contributor", "read"])
          .default("read"),
      ],
    },
    {
      name: "remove",
      description: "remove a member",
      arguments: [
        ["<org>", "the organisation"],
        ["<user>", "the member"],
      ],
    },
  ]);
}

/** provider-key and limit: the router gateway's keys, rate limits and budgets. */
function registerGatewayCommands(program: Command): void {
  const keys = program
    .command("provider-key")
    .description("provider keys of the router gateway, sealed with HUBKIT_SECRET_KEY (no server needed)");
  forwardCommands(keys, [
    {
      name: "set",
      description: "store a key for a provider (read from stdin), for the hub or for calls billed to an org",
      options: [
        new Option("--provider <provider>", "the provider, e.g. together").makeOptionMandatory(),
        new Option("--org <org>", "only for calls billed to this organisation"),
      ],
    },
    {
      name: "list",
      description: "which providers have a key, for the hub and for each org (never the keys)",
    },
    {
      name: "remove",
      description: "remove a provider's key",
      options: [
        new Option("--provider <provider>", "the provider").makeOptionMandatory(),
        new Option("--org <org>", "the organisation's key instead of the hub's"),
      ],
    },
  ]);

  const limits = program
    .command("limit")
    .description("rate limits and spend budgets of router callers (no server needed)");
  const oneCaller = (command: string) => (values: Flags) => {
    if (Boolean(values.token) === Boolean(values.org))
      throw new UsageError(`limit ${command}: give --token ID or --org ORG`);
  };
  forwardCommands(limits, [
    {
      name: "set",
      description: "requests/tokens per minute and a monthly USD budget for one token or an org's calls",
      options: [
        new Option("--token <id>", "a hub token's id (see token list)"),
        new Option("--org <org>", "calls billed to this organisation"),
        new Option("--rpm <n>", "requests per minute (0: none)").argParser(integer("--rpm", 0, 1e12)),
        new Option("--tpm <n>", "tokens per minute (0: none)").argParser(integer("--tpm", 0, 1e12)),
        new Option("--budget <usd>", "USD per calendar month (0: none)"),
      ],
      check: oneCaller("set"),
    },
    { name: "list", description: "the limits and budgets set" },
    {
      name: "remove",
      description: "remove a token's or an org's limits",
      options: [new Option("--token <id>", "a hub token's id"), new Option("--org <org>", "an organisation")],
      check: oneCaller("remove"),
    },
  ]);
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
