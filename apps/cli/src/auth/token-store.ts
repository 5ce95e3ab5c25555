// The token file huggingface_hub keeps (see config.ts): one line, the token. HF_TOKEN wins over it,
// as in the Python client.
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { tokenPath } from "../config.js";

type Env = Record<string, string | undefined>;

export function readStoredToken(env: Env = process.env): string | undefined {
  const file = tokenPath(env);
  if (!existsSync(file)) return undefined;
  const token = readFileSync(file, "utf8").trim();
  return token || undefined;
}

/** The token a request sends: HF_TOKEN, else the stored one. */
export function currentToken(env: Env = process.env): string | undefined {
  return env.HF_TOKEN?.trim() || readStoredToken(env);
}

/** Writes the token file atomically (tmp then rename), readable by its owner only. */
export function saveToken(token: string, env: Env = process.env): string {
  const file = tokenPath(env);
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, token, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
  return file;
}

export function deleteToken(env: Env = process.env): boolean {
  const file = tokenPath(env);
  if (!existsSync(file)) return false;
  rmSync(file);
  return true;
}
