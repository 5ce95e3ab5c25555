// The `hubkit` program: one commander tree, errors mapped to exit codes (2: usage, 1: failure).
import { Command, CommanderError } from "commander";
import { readFileSync } from "node:fs";
import { registerAuthCommands } from "./auth/commands.js";
import { registerCompletion } from "./completion.js";
import { CliError, UsageError } from "./errors.js";
import { registerFileCommands } from "./files/commands.js";
import { registerHubCommands } from "./hub/commands.js";
import { registerInferenceCommands } from "./inference/commands.js";

const VERSION = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }
).version;

export function buildProgram(): Command {
  const program = new Command("hubkit");
  program
    .description(
      "hubkit: run a hub, move files in and out of it, and call models.\n" +
        "Env: HF_ENDPOINT (the hub, default https://huggingface.co), HF_TOKEN, HF_HOME, HF_TOKEN_PATH, HF_HUB_CACHE, NO_COLOR.",
    )
    .version(VERSION, "-V, --version")
    .exitOverride()
    .showSuggestionAfterError(false)
    .configureOutput({
      // One line naming what was wrong: commander's "error: unknown option '--x'" → "hubkit: unknown …".
      outputError: (text, write) => write(`hubkit: ${text.trim().replace(/^error: /, "")}\n`),
    })
    .configureHelp({ sortSubcommands: false, showGlobalOptions: false });
  program.commandsGroup("Hub (on this machine's data folder):");
  registerHubCommands(program);
  program.commandsGroup("Account (HF_ENDPOINT):");
  registerAuthCommands(program);
  program.commandsGroup("Files:");
  registerFileCommands(program);
  program.commandsGroup("Inference and catalogue:");
  registerInferenceCommands(program);
  program.commandsGroup("Shell:");
  registerCompletion(program);
  return program;
}

/** Runs the program on `argv` (without node and the script); resolves with the exit code. */
export async function runProgram(argv: string[]): Promise<number> {
  const program = buildProgram();
  // A bare `hubkit` explains itself and starts nothing.
  if (argv.length === 0) {
    program.outputHelp();
    return 0;
  }
  try {
    await program.parseAsync(argv, { from: "user" });
    return typeof process.exitCode === "number" ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === "commander.helpDisplayed" || error.code === "commander.version") return 0;
      return 2;
    }
    const message = (error as Error).message.replace(/hf_[A-Za-z0-9]{10,}/g, "hf_***");
    process.stderr.write(`hubkit: ${message.split("\n")[0]}\n`);
    if (error instanceof UsageError) return 2;
    if (error instanceof CliError) return error.exitCode;
    return 1;
  }
}
