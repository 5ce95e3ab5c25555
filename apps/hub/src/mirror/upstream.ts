// The mirror's client for its upstream hub: repo info at a revision (with file hashes), file
// downloads, and the models list. Upstream's answers become this hub's errors: 404 and 401 as the
// real hub answers them (RepoNotFound, RevisionNotFound, EntryNotFound), 403 as GatedRepo, and an
// unreachable upstream or a 5xx as 502. The upstream token goes to upstream only, never into an
// error or a log line.
import { HttpError, type HubErrorCode } from "../http/errors.js";
import type { RepoType } from "../repos/model.js";

const API_SEGMENT: Record<RepoType, string> = { model: "models", dataset: "datasets" };
const URL_PREFIX: Record<RepoType, string> = { model: "", dataset: "datasets/" };
const ERROR_CODES = new Set<HubErrorCode>(["RepoNotFound", "RevisionNotFound", "EntryNotFound", "GatedRepo"]);
/** Most ms to wait for upstream's headers. */
const HEADERS_TIMEOUT_MS = 30_000;

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
    const code = response.headers.get("x-error-code") as HubErrorCode | null;
    const said = upstreamMessage(response.headers.get("x-error-message"));
    const detail = said ? `: ${said}` : "";
    if (response.status === 404 || response.status === 401)
      throw new UpstreamError(
        response.status,
        `${what} is not on the upstream hub ${this.origin}, or it needs a token this hub does not have (upstream answered ${response.status}${detail})`,
        false,
        code && ERROR_CODES.has(code) ? code : "RepoNotFound",
      );
    if (response.status === 403)
      throw new UpstreamError(
        403,
        `The upstream hub ${this.origin} refused ${what} (403${detail}): its token may not have accepted the repo's conditions`,
        false,
        "GatedRepo",
      );
    throw new UpstreamError(
      502,
      `The upstream hub ${this.origin} failed for ${what}: it answered ${response.status}${detail}`,
      response.status >= 500 || response.status === 429,
    );
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
  async file(type: RepoType, id: string, commit: string, path: string): Promise<Response> {
    return this.get(`/${URL_PREFIX[type]}${id}/resolve/${commit}/${encodePath(path)}`, `${id}/${path}`);
  }
}
