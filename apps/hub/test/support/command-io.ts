// The hub's commands (runCommand) with their output captured as text, for the tests that run them.
import { PassThrough } from "node:stream";
import type { CommandIo } from "../../src/commands.js";

export function captureIo(env: CommandIo["env"] = {}): { io: CommandIo; out(): string; err(): string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = "";
  let err = "";
  stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  return { io: { stdout, stderr, env }, out: () => out, err: () => err };
}
