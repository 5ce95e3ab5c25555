#!/usr/bin/env node
// hubkit: the command line (see program.ts). Process wiring: exit codes and broken pipes.
import { runProgram } from "./program.js";

process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  // `hubkit generate --count N | head` closes the pipe early: that is not an error.
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

const code = await runProgram(process.argv.slice(2));
process.exitCode = code;
