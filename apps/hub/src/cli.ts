#!/usr/bin/env node
// hubkit-hub: process wiring for the commands in commands.ts (exit codes, signals, broken pipes).
import { isMainThread } from "node:worker_threads";
import { runCommand } from "./commands.js";

// A bundle of this file is also the entry of the importer's worker threads (see importer.ts): they
// only encode lines.
if (isMainThread) main();

function main(): void {
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    // `hubkit-hub generate --count N | head` closes the pipe early: that is not an error.
    if (error.code === "EPIPE") process.exit(0);
    throw error;
  });

  runCommand(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  }).then(
    ({ exitCode, server }) => {
      if (!server) {
        process.exitCode = exitCode;
        return;
      }
      const stop = (signal: string) => {
        console.log(`\n${signal}: stopping the hub server`);
        server.close().then(
          () => process.exit(0),
          (error: unknown) => {
            console.error(`hubkit-hub: error while stopping: ${(error as Error).message}`);
            process.exit(1);
          },
        );
      };
      process.once("SIGINT", () => stop("SIGINT"));
      process.once("SIGTERM", () => stop("SIGTERM"));
    },
    (error: unknown) => {
      console.error(`hubkit-hub: ${(error as Error).message}`);
      process.exitCode = 1;
    },
  );
}
