import type { Command } from "commander";
export function registerFileCommands(_program: Command): void {}
