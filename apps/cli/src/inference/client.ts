// The inference client aimed at HF_ENDPOINT's hub and router (a hubkit hub's /router, which offline is
// its provider emulator), with the current token.
import type { InferenceClient } from "@hubkit/inference";
import { currentToken } from "../auth/token-store.js";
import { endpoint, routerUrl } from "../config.js";
import { CliError } from "../errors.js";

export async function inferenceClient(): Promise<InferenceClient> {
  const token = currentToken();
  if (!token) throw new CliError("Inference needs a token: run `hubkit login` or set HF_TOKEN");
  const { InferenceClient, setLogger } = await import("@hubkit/inference");
  // stdout carries results only: the client's notes ("Auto selected provider: …") go to a terminal's
  // stderr, and nowhere when stderr is piped.
  const note = (message: string) => {
    if (process.stderr.isTTY) process.stderr.write(`${message}\n`);
  };
  setLogger({
    debug() {},
    info: note,
    warn: (message) => process.stderr.write(`${message}\n`),
    error: (message) => process.stderr.write(`${message}\n`),
  });
  return new InferenceClient(token, { hubUrl: endpoint(), routerUrl: routerUrl() });
}

/** "org/model:provider" → the model and the provider or policy ("auto" when none is named). */
export function splitModel(spec: string): { model: string; provider: string } {
  const colon = spec.lastIndexOf(":");
  return colon === -1
    ? { model: spec, provider: "auto" }
    : { model: spec.slice(0, colon), provider: spec.slice(colon + 1) || "auto" };
}
