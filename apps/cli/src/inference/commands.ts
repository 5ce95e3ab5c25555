// Inference commands, through @hubkit/inference (loaded on first use): chat, run, snippet, and the
// catalogue's models/search, tasks and libraries.
import type { Command } from "commander";
import { registerCatalogueCommands } from "./catalogue.js";
import { registerChat } from "./chat.js";
import { registerRun } from "./run.js";
import { registerSnippet } from "./snippet.js";

export function registerInferenceCommands(program: Command): void {
  registerChat(program);
  registerRun(program);
  registerSnippet(program);
  registerCatalogueCommands(program);
}
