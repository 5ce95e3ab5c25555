// A hosted repository's files and versions: a branch and tag picker, the files of a folder at that
// revision (sizes, LFS marks, download links to /{id}/resolve/{rev}/{path}, folders to open), the
// repo's size, its history (commit messages, authors, dates; a commit opens its files), and for
// datasets the first rows of a CSV, JSON Lines or Parquet file. Everything is fetched in the browser
// with the signed-in person's token (lib/session.ts), never in the server's render, so private repos
// stay out of server-rendered pages and the page cache. The revision and folder are URL parameters
// (`rev`, `path`) that do not reload the page's data.
import { Download, FileText, Folder, GitBranch, GitCommitHorizontal, HardDrive, Table2 } from "lucide-react";
import { useEffect, useMemo, useState, type MouseEvent, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { modelPath } from "../lib/api.js";
import { formatDate } from "../lib/format.js";
import { useSession, withHubToken } from "../lib/session.js";
import { DataTable } from "./DataTable.js";
import { NotHosted } from "./NotHosted.js";
import "./repo-browser.css";

export type RepoKind = "model" | "dataset";

interface TreeItem {
  type: "file" | "directory";
  path: string;
  size: number;
  lfs?: { oid: string; size: number };
}

interface Ref {
  name: string;
  targetCommit: string;
}

interface Commit {
  id: string;
  title: string;
  message: string;
  date: string;
  authors: { user: string }[];
}

interface Preview {
  columns: string[];
  rows: unknown[][];
  truncated: boolean;
  numRows?: number;
  format: string;
}

class FetchError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function getJson<T>(path: string, signal: AbortSignal): Promise<{ body: T; next?: string }> {
  const response = await fetch(path, withHubToken({ signal, headers: { accept: "application/json" } }));
  if (!response.ok) {
    let message = `HTTP ${response.status}`;
    try {
      const body = (await response.json()) as { error?: string };
      if (body.error) message = body.error;
    } catch {
      // the status is all there is
    }
    throw new FetchError(message, response.status);
  }
  const link = response.headers.get("link");
  const next = link ? /<([^>]+)>;\s*rel="next"/.exec(link)?.[1] : undefined;
  return {
    body: (await response.json()) as T,
    next: next ? new URL(next).pathname + new URL(next).search : undefined,
  };
}

export function bytesText(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(2)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  if (bytes >= 1e3) return `${(bytes / 1e3).toFixed(1)} KB`;
  return `${bytes} B`;
}

const PREVIEWABLE_RE = /\.(csv|tsv|jsonl|ndjson|parquet)$/i;

function apiBase(kind: RepoKind, id: string): string {
  return `/api/${kind === "model" ? "models" : "datasets"}/${modelPath(id)}`;
}

export function fileUrl(kind: RepoKind, id: string, revision: string, path: string): string {
  const prefix = kind === "dataset" ? "/datasets" : "";
  return `${prefix}/${modelPath(id)}/resolve/${encodeURIComponent(revision)}/${path
    .split("/")
    .map(encodeURIComponent)
    .join("/")}`;
}

interface Loaded {
  refs: { branches: Ref[]; tags: Ref[] };
  tree: TreeItem[];
  commits: Commit[];
}

type State =
  | { status: "loading" }
  | { status: "missing" }
  | { status: "error"; message: string }
  | ({ status: "ready"; revision: string } & Loaded);

/** Saves a file fetched with the token (a private repo's link cannot carry it). */
async function downloadWithToken(url: string, name: string): Promise<void> {
  const response = await fetch(url, withHubToken());
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const objectUrl = URL.createObjectURL(await response.blob());
  const anchor = document.createElement("a");
  anchor.href = objectUrl;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}

export function RepoBrowser({
  kind,
  id,
  isPrivate,
}: {
  kind: RepoKind;
  id: string;
  /** a private repo's downloads go through fetch with the token */
  isPrivate?: boolean;
}) {
  const { token } = useSession();
  const [params, setParams] = useSearchParams();
  const revision = params.get("rev") || "main";
  const folder = (params.get("path") ?? "").replace(/^\/+|\/+$/g, "");
  const [state, setState] = useState<State>({ status: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const base = apiBase(kind, id);
    const rev = encodeURIComponent(revision);
    (async () => {
      try {
        const refs = (await getJson<Loaded["refs"]>(`${base}/refs`, signal)).body;
        const tree: TreeItem[] = [];
        let next: string | undefined = `${base}/tree/${rev}?recursive=true`;
        for (let page = 0; next && page < 20; page++) {
          const answer: { body: TreeItem[]; next?: string } = await getJson<TreeItem[]>(next, signal);
          tree.push(...answer.body);
          next = answer.next;
        }
        const commits = (await getJson<Commit[]>(`${base}/commits/${rev}?limit=30`, signal)).body;
        setState({ status: "ready", revision, refs, tree, commits });
      } catch (error) {
        if (signal.aborted) return;
        const status = (error as FetchError).status;
        if (
          (status === 404 || status === 401) &&
          /RepoNotFound|not found|Repository/i.test((error as Error).message) &&
          revision === "main"
        )
          setState({ status: "missing" });
        else setState({ status: "error", message: (error as Error).message });
      }
    })();
    return () => controller.abort();
  }, [kind, id, revision, token]);

  const setParam = (change: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(change)) {
          if (!value) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  if (state.status === "missing") return <NotHosted kind={kind} />;
  if (state.status === "loading")
    return (
      <section className="card repo-browser" aria-busy="true">
        <h2>Files and versions</h2>
        <p className="muted">Loading the repository's files…</p>
      </section>
    );
  if (state.status === "error")
    return (
      <section className="card repo-browser">
        <h2>Files and versions</h2>
        <p className="form-error" role="alert">
          The files at “{revision}” could not be loaded: {state.message}
        </p>
        {revision !== "main" && (
          <button
            type="button"
            className="button"
            onClick={() => setParam({ rev: undefined, path: undefined })}
          >
            Back to main
          </button>
        )}
      </section>
    );
  return (
    <Browser
      kind={kind}
      id={id}
      state={state}
      folder={folder}
      isPrivate={isPrivate}
      preview={params.get("preview") ?? undefined}
      setParam={setParam}
    />
  );
}

/** The files directly in a folder, and its subfolders with the bytes under each. */
function folderEntries(files: TreeItem[], prefix: string): { folders: [string, number][]; here: TreeItem[] } {
  const folders = new Map<string, number>();
  const here: TreeItem[] = [];
  for (const item of files) {
    if (!item.path.startsWith(prefix)) continue;
    const rest = item.path.slice(prefix.length);
    const slash = rest.indexOf("/");
    if (slash === -1) here.push(item);
    else {
      const name = rest.slice(0, slash);
      folders.set(name, (folders.get(name) ?? 0) + item.size);
    }
  }
  return { folders: [...folders].sort(([a], [b]) => a.localeCompare(b)), here };
}

type SetParam = (change: Record<string, string | undefined>) => void;
type ReadyState = Extract<State, { status: "ready" }>;

/** The branch or tag shown (a commit id when one is browsed). */
function RefPicker({
  refs,
  revision,
  setParam,
}: {
  refs: ReadyState["refs"];
  revision: string;
  setParam: SetParam;
}) {
  const isCommit = /^[0-9a-f]{40}$/.test(revision);
  const knownRef = [...refs.branches, ...refs.tags].some((ref) => ref.name === revision);
  return (
    <label className="branch-picker">
      <GitBranch size={16} aria-hidden />
      <span className="visually-hidden">Branch or tag</span>
      <select
        aria-label="Branch or tag"
        value={knownRef ? revision : ""}
        onChange={(event) =>
          setParam({
            rev: event.target.value === "main" ? undefined : event.target.value,
            path: undefined,
          })
        }
      >
        {!knownRef && <option value="">{isCommit ? revision.slice(0, 7) : revision}</option>}
        <optgroup label="Branches">
          {refs.branches.map((ref) => (
            <option key={`b:${ref.name}`} value={ref.name}>
              {ref.name}
            </option>
          ))}
        </optgroup>
        {refs.tags.length > 0 && (
          <optgroup label="Tags">
            {refs.tags.map((ref) => (
              <option key={`t:${ref.name}`} value={ref.name}>
                {ref.name}
              </option>
            ))}
          </optgroup>
        )}
      </select>
    </label>
  );
}

/** The folder shown, each parent a button back to it. */
function FolderPath({ id, folder, setParam }: { id: string; folder: string; setParam: SetParam }) {
  const crumbs = folder ? folder.split("/") : [];
  return (
    <nav aria-label="Folder" className="breadcrumb repo-path">
      <button type="button" className="link-button" onClick={() => setParam({ path: undefined })}>
        {id.split("/").pop()}
      </button>
      {crumbs.map((name, index) => (
        <span key={index}>
          {" / "}
          {index === crumbs.length - 1 ? (
            <span aria-current="location">{name}</span>
          ) : (
            <button
              type="button"
              className="link-button"
              onClick={() => setParam({ path: crumbs.slice(0, index + 1).join("/") })}
            >
              {name}
            </button>
          )}
        </span>
      ))}
    </nav>
  );
}

/** The commits of the revision, each a button to browse the files at it. */
function CommitHistory({
  commits,
  revision,
  isCommit,
  setParam,
}: {
  commits: ReadyState["commits"];
  revision: string;
  isCommit: boolean;
  setParam: SetParam;
}) {
  return (
    <section className="card repo-history" aria-labelledby="repo-history-title" data-testid="repo-history">
      <h2 id="repo-history-title">
        <GitCommitHorizontal size={18} aria-hidden /> History
        {isCommit ? "" : ` of ${revision}`}
      </h2>
      <ol className="commit-list">
        {commits.map((commit) => (
          <li key={commit.id}>
            <div className="commit-title">{commit.title || "(no message)"}</div>
            {commit.message && <p className="commit-message">{commit.message}</p>}
            <div className="commit-meta muted">
              {commit.authors.map((author) => author.user).join(", ")} · {formatDate(commit.date)} ·{" "}
              <button
                type="button"
                className="link-button mono"
                title="Browse the files at this commit"
                onClick={() => setParam({ rev: commit.id, path: undefined })}
              >
                {commit.id.slice(0, 7)}
              </button>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Browser({
  kind,
  id,
  state,
  folder,
  isPrivate,
  preview,
  setParam,
}: {
  kind: RepoKind;
  id: string;
  state: Extract<State, { status: "ready" }>;
  folder: string;
  isPrivate?: boolean;
  preview?: string;
  setParam: (change: Record<string, string | undefined>) => void;
}) {
  const { revision, refs, tree, commits } = state;
  const files = tree.filter((item) => item.type === "file");
  const totalBytes = files.reduce((sum, item) => sum + item.size, 0);
  const prefix = folder ? `${folder}/` : "";
  const entries = useMemo(() => folderEntries(files, prefix), [files, prefix]);
  const isCommit = /^[0-9a-f]{40}$/.test(revision);
  const [failed, setFailed] = useState<string | undefined>();

  const onDownload = (event: MouseEvent<HTMLAnchorElement>, url: string, name: string) => {
    if (!isPrivate) return;
    event.preventDefault();
    setFailed(undefined);
    downloadWithToken(url, name).catch((error: unknown) =>
      setFailed(`${name} could not be downloaded: ${(error as Error).message}`),
    );
  };

  return (
    <>
      <section className="card repo-browser" aria-labelledby="repo-files-title" data-testid="repo-files">
        <div className="repo-browser-head">
          <h2 id="repo-files-title">
            <FileText size={18} aria-hidden /> Files and versions
          </h2>
          <RefPicker refs={refs} revision={revision} setParam={setParam} />
          <span className="repo-size" data-testid="repo-size">
            <HardDrive size={14} aria-hidden /> {files.length} file{files.length === 1 ? "" : "s"} ·{" "}
            {bytesText(totalBytes)}
          </span>
        </div>
        <FolderPath id={id} folder={folder} setParam={setParam} />
        {failed && (
          <p className="form-error" role="alert">
            {failed}
          </p>
        )}
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Files (scrolls sideways)">
          <table className="files-table repo-files-table">
            <caption className="visually-hidden">
              Files of {id} at {revision}
              {folder ? `, in ${folder}` : ""}
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Size</th>
                <th scope="col">
                  <span className="visually-hidden">Download</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.folders.map(([name, bytes]) => (
                <tr key={`d:${name}`}>
                  <td className="file-name">
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => setParam({ path: prefix + name })}
                    >
                      <Folder size={14} aria-hidden />
                      {name}/
                    </button>
                  </td>
                  <td className="file-size">{bytesText(bytes)}</td>
                  <td />
                </tr>
              ))}
              {entries.here.map((item) => {
                const name = item.path.slice(prefix.length);
                const url = fileUrl(kind, id, revision, item.path);
                return (
                  <tr key={item.path}>
                    <td className="file-name">
                      {name}{" "}
                      {item.lfs && (
                        <span
                          className="badge subtle lfs-mark"
                          title={`Stored with Git LFS (sha256 ${item.lfs.oid})`}
                        >
                          LFS
                        </span>
                      )}
                      {kind === "dataset" && PREVIEWABLE_RE.test(item.path) && (
                        <button
                          type="button"
                          className="link-button preview-link"
                          onClick={() => setParam({ preview: item.path })}
                        >
                          <Table2 size={14} aria-hidden />
                          preview
                        </button>
                      )}
                    </td>
                    <td className="file-size">{bytesText(item.size)}</td>
                    <td>
                      <a
                        href={`${url}?download=true`}
                        download={name.split("/").pop()}
                        aria-label={`Download ${item.path}`}
                        onClick={(event) =>
                          onDownload(event, `${url}?download=true`, name.split("/").pop() ?? name)
                        }
                      >
                        <Download size={14} aria-hidden />
                      </a>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
      {kind === "dataset" && (
        <DatasetPreview
          id={id}
          revision={revision}
          files={files.filter((item) => PREVIEWABLE_RE.test(item.path)).map((item) => item.path)}
          selected={preview}
          onSelect={(path) => setParam({ preview: path })}
        />
      )}
      <CommitHistory commits={commits} revision={revision} isCommit={isCommit} setParam={setParam} />
    </>
  );
}

/** A previewed value in its cell: null marked as such, objects as JSON. */
function previewCell(value: unknown): ReactNode {
  if (value === null) return <span className="muted">null</span>;
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

function DatasetPreview({
  id,
  revision,
  files,
  selected,
  onSelect,
}: {
  id: string;
  revision: string;
  files: string[];
  selected?: string;
  onSelect: (path: string) => void;
}) {
  const path = selected && files.includes(selected) ? selected : files[0];
  const [state, setState] = useState<{ path: string; preview?: Preview; error?: string } | undefined>();
  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    const encoded = path.split("/").map(encodeURIComponent).join("/");
    getJson<Preview>(
      `/api/datasets/${modelPath(id)}/preview/${encodeURIComponent(revision)}/${encoded}?rows=20`,
      controller.signal,
    ).then(
      ({ body }) => setState({ path, preview: body }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ path, error: (error as Error).message });
      },
    );
    return () => controller.abort();
  }, [id, revision, path]);
  if (!path) return null;
  const shown = state?.path === path ? state : undefined;
  return (
    <section className="card dataset-preview" aria-labelledby="preview-title" data-testid="dataset-preview">
      <div className="repo-browser-head">
        <h2 id="preview-title">
          <Table2 size={18} aria-hidden /> Dataset preview
        </h2>
        {files.length > 1 && (
          <select
            aria-label="File to preview"
            value={path}
            onChange={(event) => onSelect(event.target.value)}
          >
            {files.map((file) => (
              <option key={file} value={file}>
                {file}
              </option>
            ))}
          </select>
        )}
      </div>
      {!shown ? (
        <p className="muted">Reading the first rows of {path}…</p>
      ) : shown.error ? (
        <p className="form-error" role="alert">
          {path} cannot be previewed: {shown.error}
        </p>
      ) : (
        <>
          <p className="muted">
            {path}: the first {shown.preview!.rows.length} rows
            {shown.preview!.numRows !== undefined
              ? ` of ${shown.preview!.numRows.toLocaleString("en-US")}`
              : ""}
            {shown.preview!.truncated && shown.preview!.numRows === undefined ? " (the file has more)" : ""}.
          </p>
          <DataTable
            columns={shown.preview!.columns}
            rows={shown.preview!.rows.map((row) => row.map(previewCell))}
            label={`Rows of ${path} (scrolls sideways)`}
            scrollClassName="table-scroll"
            className="files-table preview-table"
          />
        </>
      )}
    </section>
  );
}

export default RepoBrowser;
