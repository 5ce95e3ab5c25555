// Where things are, read from the environment as huggingface_hub reads it: HF_ENDPOINT, HF_TOKEN,
// HF_HOME (default $XDG_CACHE_HOME/huggingface, else ~/.cache/huggingface), HF_TOKEN_PATH (default
// $HF_HOME/token) and HF_HUB_CACHE (default $HF_HOME/hub), so both tools share a login and a cache.
import { homedir } from "node:os";
import path from "node:path";

export const DEFAULT_ENDPOINT = "https://huggingface.co";
export const DEFAULT_ROUTER = "https://router.huggingface.co";

type Env = Record<string, string | undefined>;

const expand = (value: string) => (value.startsWith("~") ? path.join(homedir(), value.slice(1)) : value);

export function hfHome(env: Env = process.env): string {
  if (env.HF_HOME) return expand(env.HF_HOME);
  const cache = env.XDG_CACHE_HOME ? expand(env.XDG_CACHE_HOME) : path.join(homedir(), ".cache");
  return path.join(cache, "huggingface");
}

export function tokenPath(env: Env = process.env): string {
  return env.HF_TOKEN_PATH ? expand(env.HF_TOKEN_PATH) : path.join(hfHome(env), "token");
}

export function hubCacheDir(env: Env = process.env): string {
  if (env.HF_HUB_CACHE) return expand(env.HF_HUB_CACHE);
  if (env.HUGGINGFACE_HUB_CACHE) return expand(env.HUGGINGFACE_HUB_CACHE);
  return path.join(hfHome(env), "hub");
}

export function endpoint(env: Env = process.env): string {
  return (env.HF_ENDPOINT || DEFAULT_ENDPOINT).replace(/\/+$/, "");
}

/** The router: HF_ROUTER_URL, else a hubkit hub's own /router, else the real one. */
export function routerUrl(env: Env = process.env): string {
  if (env.HF_ROUTER_URL) return env.HF_ROUTER_URL.replace(/\/+$/, "");
  const hub = endpoint(env);
  return hub === DEFAULT_ENDPOINT ? DEFAULT_ROUTER : `${hub}/router`;
}
