import type { Command } from "commander";
export function registerInferenceCommands(_program: Command): void {}
