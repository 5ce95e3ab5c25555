// The mirror's client for its upstream hub: repo info at a revision (with file hashes), file
// downloads, and the models list. Upstream's answers become this hub's errors: 404 and 401 as the
// real hub answers them (RepoNotFound, RevisionNotFound, EntryNotFound), 403 as GatedRepo, and an
// unreachable upstream or a 5xx as 502. The upstream token goes to upstream only, never into an
// error or a log line.
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { HttpError, type HubErrorCode } from "../http/errors.js";
import type { RepoType } from "../repos/model.js";

const API_SEGMENT: Record<RepoType, string> = { model: "models", dataset: "datasets" };
const URL_PREFIX: Record<RepoType, string> = { model: "", dataset: "datasets/" };
const ERROR_CODES = new Set<HubErrorCode>(["RepoNotFound", "RevisionNotFound", "EntryNotFound", "GatedRepo"]);
/** Most ms to wait for upstream's headers. */
const HEADERS_TIMEOUT_MS = 30_000;
const MAX_REDIRECTS = 5;

/** An error from upstream; `unavailable` when upstream could not answer (down, 5xx), not a refusal. */
export class UpstreamError extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    readonly unavailable: boolean,
    errorCode?: HubErrorCode,
  ) {
    super(statusCode, message, errorCode);
  }
}

export interface UpstreamSibling {
  rfilename: string;
  size?: number;
  blobId?: string;
  lfs?: { sha256?: string; size?: number };
}

export interface UpstreamInfo {
  id: string;
  sha: string;
  private?: boolean;
  gated?: boolean | "auto" | "manual";
  lastModified?: string;
  createdAt?: string;
  siblings: UpstreamSibling[];
}

/** Path segments percent-encoded, slashes kept (as the clients build resolve URLs). */
function encodePath(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

/** Upstream's words for an error, cut short and stripped of anything shaped like a token. */
function upstreamMessage(text: string | null): string {
  return (text ?? "")
    .replace(/hf_[A-Za-z0-9]{10,}/g, "hf_***")
    .replace(/[^\x20-\x7e]/g, "?")
    .slice(0, 300);
}

export class Upstream {
  readonly origin: string;

  constructor(
    readonly url: string,
    private readonly token?: string,
  ) {
    this.origin = new URL(url).host;
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return this.token ? { authorization: `Bearer ${this.token}`, ...extra } : extra;
  }

  /** GET a path of upstream; a refusal or failure is thrown as an UpstreamError. */
  async get(path: string, what: string): Promise<Response> {
    let response: Response;
    // The timeout covers the wait for headers only: a large file's body takes what it takes.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), HEADERS_TIMEOUT_MS);
    try {
      response = await fetch(`${this.url}${path}`, {
        headers: this.headers(),
        redirect: "follow",
        signal: controller.signal,
      });
    } catch (error) {
      const cause = (error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      throw new UpstreamError(
        502,
        `The upstream hub ${this.origin} could not be reached for ${what} (${cause})`,
        true,
      );
    } finally {
      clearTimeout(timer);
    }
    if (response.ok) return response;
    await response.body?.cancel().catch(() => {});
    throw this.refusal(response.status, (name) => response.headers.get(name), what);
  }

  /** Upstream's refusal as this hub's error (see the top of this file). */
  private refusal(status: number, header: (name: string) => string | null, what: string): UpstreamError {
    const code = header("x-error-code") as HubErrorCode | null;
    const said = upstreamMessage(header("x-error-message"));
    const detail = said ? `: ${said}` : "";
    if (status === 404 || status === 401)
      return new UpstreamError(
        status,
        `${what} is not on the upstream hub ${this.origin}, or it needs a token this hub does not have (upstream answered ${status}${detail})`,
        false,
        code && ERROR_CODES.has(code) ? code : "RepoNotFound",
      );
    if (status === 403)
      return new UpstreamError(
        403,
        `The upstream hub ${this.origin} refused ${what} (403${detail}): its token may not have accepted the repo's conditions`,
        false,
        "GatedRepo",
      );
    return new UpstreamError(
      502,
      `The upstream hub ${this.origin} failed for ${what}: it answered ${status}${detail}`,
      status >= 500 || status === 429,
    );
  }

  /**
   * A file's bytes as node:http delivers them (a large file moves several times faster so than
   * through fetch's web streams). Redirects are followed (huggingface.co sends LFS files from a
   * CDN); the token goes to upstream's own origin only.
   */
  async stream(path: string, what: string): Promise<IncomingMessage> {
    let url = new URL(`${this.url}${path}`);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const answer = await this.request(url, what);
      const status = answer.statusCode ?? 0;
      const location = answer.headers.location;
      if (status >= 300 && status < 400 && location) {
        answer.resume();
        url = new URL(location, url);
        continue;
      }
      if (status >= 200 && status < 300) return answer;
      answer.resume();
      throw this.refusal(
        status,
        (name) => {
          const value = answer.headers[name];
          return typeof value === "string" ? value : null;
        },
        what,
      );
    }
    throw new UpstreamError(502, `The upstream hub ${this.origin} redirected ${what} too many times`, true);
  }

  private request(url: URL, what: string): Promise<IncomingMessage> {
    const sameOrigin = `${url.protocol}//${url.host}` === new URL(this.url).origin;
    const client = url.protocol === "https:" ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.get(url, { headers: sameOrigin ? this.headers() : {} }, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      const fail = (cause: string) =>
        reject(
          new UpstreamError(
            502,
            `The upstream hub ${this.origin} could not be reached for ${what} (${cause})`,
            true,
          ),
        );
      // The timeout covers the wait for headers only: a large file's body takes what it takes.
      const timer = setTimeout(() => {
        request.destroy();
        fail("no answer in time");
      }, HEADERS_TIMEOUT_MS);
      request.on("error", (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        fail(error.code ?? error.name);
      });
    });
  }

  /** The repo's info at `revision`, with each file's size, git blob id and LFS sha256. */
  async info(type: RepoType, id: string, revision: string): Promise<UpstreamInfo> {
    const what = `${type} ${id} at ${revision}`;
    const response = await this.get(
      `/api/${API_SEGMENT[type]}/${id}/revision/${encodeURIComponent(revision)}?blobs=true`,
      what,
    );
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new UpstreamError(502, `The upstream hub ${this.origin} sent no JSON for ${what}`, true);
    }
    const info = body as Partial<UpstreamInfo> | null;
    if (
      !info ||
      typeof info.sha !== "string" ||
      !/^[0-9a-f]{40}$/.test(info.sha) ||
      !Array.isArray(info.siblings)
    )
      throw new UpstreamError(
        502,
        `The upstream hub ${this.origin} sent ${what} without a commit id (sha) or file list (siblings)`,
        true,
      );
    return { ...info, id: typeof info.id === "string" ? info.id : id } as UpstreamInfo;
  }

  /** A file's bytes at a commit (its LFS content for an LFS file), streamed. */
  async file(type: RepoType, id: string, commit: string, path: string): Promise<IncomingMessage> {
    return this.stream(`/${URL_PREFIX[type]}${id}/resolve/${commit}/${encodePath(path)}`, `${id}/${path}`);
  }
}
