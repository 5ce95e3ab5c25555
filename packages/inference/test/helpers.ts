// Shared test fixtures: one emulator per test file, media inputs, and a logger that records lines.
import { afterAll, beforeAll, expect } from "vitest";
import { MODELS, renderImage, renderWav, startEmulator, type Emulator } from "@hubkit/emulator";
import type { Logger } from "@hubkit/inference";

/** Starts one emulator for the file; `emu()` returns it inside tests. */
export function useEmulator(options: Parameters<typeof startEmulator>[0] = {}): () => Emulator {
  let emulator: Emulator | undefined;
  beforeAll(async () => {
    emulator = await startEmulator(options);
  });
  afterAll(async () => {
    await emulator?.close();
  });
  return () => {
    if (!emulator) throw new Error("emulator not started");
    return emulator;
  };
}

type Entry = { providerId: string; task: string; status: string };

/** A hub model whose mapping has `provider` serving `task`: a live one if any, else a staging one. */
export function modelFor(
  provider: string,
  task: string,
  status?: "live" | "staging",
): { id: string; providerId: string; status: string } {
  const matches = MODELS.flatMap((model) => {
    const entry = (model.inferenceProviderMapping as Record<string, Entry>)[provider];
    return entry && entry.task === task
      ? [{ id: model.id, providerId: entry.providerId, status: entry.status }]
      : [];
  });
  const found = status
    ? matches.find((m) => m.status === status)
    : (matches.find((m) => m.status === "live") ?? matches[0]);
  if (!found) throw new Error(`the emulator has no ${status ?? ""} model for ${provider} / ${task}`);
  return found;
}

export const HUB_TOKEN = "hf_testtoken1234567890abcdef";
export const PROVIDER_KEY = "sk-provider-key-0987654321";

export const png = () => new Blob([new Uint8Array(renderImage(7, 32, 32))], { type: "image/png" });
export const wav = () => new Blob([new Uint8Array(renderWav(3, 0.25))], { type: "audio/wav" });

export interface RecordingLogger extends Logger {
  lines: { level: string; message: string }[];
}

export function recordingLogger(): RecordingLogger {
  const lines: { level: string; message: string }[] = [];
  const log = (level: string) => (message: string) => void lines.push({ level, message });
  return { lines, debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") };
}

/** Resolves with the error a promise rejects with; fails if it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected the call to fail, but it succeeded");
}

/** Drains an async generator into an array. */
export async function collect<T>(generator: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of generator) items.push(item);
  return items;
}

/** Every string reachable through an error's enumerable fields, plus its message and stack. */
export function errorText(error: Error): string {
  return [
    error.message,
    String(error.stack),
    JSON.stringify(error),
    JSON.stringify(Object.entries(error)),
  ].join("\n");
}

/**
 * The server echoes the token back in its error (a 400 to the next POST): `call`'s error must not
 * repeat it (nor a hub-token-shaped string), saying "[redacted]" instead, and no log line holds it.
 */
export async function expectEchoedTokenRedacted(
  emulator: Emulator,
  token: string,
  call: () => Promise<unknown>,
  logger: RecordingLogger,
): Promise<void> {
  const fault = emulator.fault({
    match: { method: "POST" },
    status: 400,
    body: { error: `bad token ${token} (hf_abcdefghijklmnop)` },
  });
  try {
    const text = errorText(await rejection(call()));
    expect(text).not.toContain(token);
    expect(text).not.toContain("hf_abcdefghijklmnop");
    expect(text).toContain("[redacted]");
  } finally {
    fault.remove();
  }
  expect(logger.lines.map((l) => l.message).join("\n")).not.toContain(token);
}
