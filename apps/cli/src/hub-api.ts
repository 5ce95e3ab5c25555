// Requests to a hub (HF_ENDPOINT): the token as a bearer, JSON in and out, and errors that say what
// the hub answered without ever repeating the token.
import { currentToken } from "./auth/token-store.js";
import { endpoint } from "./config.js";
import { CliError } from "./errors.js";

export type RepoType = "model" | "dataset";

export interface HubClient {
  endpoint: string;
  token: string | undefined;
  request(path: string, init?: RequestInit): Promise<Response>;
  json<T>(path: string, init?: RequestInit): Promise<T>;
}

/** "models" or "datasets": the segment of API paths for a repo type. */
export const typeSegment = (type: RepoType) => (type === "dataset" ? "datasets" : "models");
/** "" or "datasets/": the prefix of file URLs for a repo type. */
export const filePrefix = (type: RepoType) => (type === "dataset" ? "datasets/" : "");

export function repoTypeOption(value: string): RepoType {
  if (value !== "model" && value !== "dataset") throw new CliError(`--repo-type must be model or dataset`, 2);
  return value;
}

async function failure(response: Response, what: string): Promise<CliError> {
  let detail = "";
  try {
    const text = await response.text();
    try {
      const body = JSON.parse(text) as { error?: unknown };
      detail = typeof body.error === "string" ? body.error : text;
    } catch {
      detail = text;
    }
  } catch {
    // the body could not be read: the status says enough
  }
  detail = detail.replace(/hf_[A-Za-z0-9]{10,}/g, "hf_***").slice(0, 300);
  return new CliError(`${what}: HTTP ${response.status}${detail ? ` ${detail}` : ""}`);
}

export function hubClient(
  env: Record<string, string | undefined> = process.env,
  token = currentToken(env),
): HubClient {
  const base = endpoint(env);
  const request = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const url = path.startsWith("http") ? path : `${base}${path}`;
    // The token goes to the hub only, never to a link elsewhere (storage, a CDN).
    if (token && !headers.has("authorization") && new URL(url).origin === new URL(base).origin)
      headers.set("authorization", `Bearer ${token}`);
    try {
      return await fetch(url, { ...init, headers });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      throw new CliError(`cannot reach ${new URL(url).origin} (${cause})`);
    }
  };
  return {
    endpoint: base,
    token,
    request,
    async json<T>(path: string, init?: RequestInit) {
      const response = await request(path, init);
      if (!response.ok) throw await failure(response, `${init?.method ?? "GET"} ${path.split("?")[0]}`);
      return (await response.json()) as T;
    },
  };
}

export async function ensureOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw await failure(response, what);
  return response;
}
