// Settings for admins: which providers have a key for the hub and for each org (never the key
// itself), with a write-only field to set one and a button to remove one, and the storage report
// (`hubkit-hub storage`). Hub admins are named in HUBKIT_ADMINS; an org's admins manage its keys.
// The server renders pages without the token, so the page asks the hub from the browser; anyone the
// API refuses (signed out, not an admin) sees the app's "not found" page.
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { ErrorNotice, Loading } from "../components/Feedback.js";
import { NotFound } from "../components/NotFound.js";
import { RouteError } from "../components/RouteError.js";
import { getJson, HubApiError, type AdminKeysReply, type StorageReply } from "../lib/api.js";
import { withHubToken } from "../lib/session.js";
import { formatCount } from "../lib/format.js";
import { useSession } from "../lib/session.js";
import { useTitle } from "../lib/title.js";

const KEYS_PATH = "/api/hubkit/provider-keys";
const HUB_SCOPE = "";
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

type State =
  | { kind: "loading" }
  | { kind: "refused" }
  | { kind: "failed"; error: unknown }
  | { kind: "ready"; keys: AdminKeysReply; storage?: StorageReply };

/** A PUT or DELETE with the signed-in person's token; rejects with the hub's error. */
async function sendJson(method: "PUT" | "DELETE", path: string, body?: unknown): Promise<void> {
  const response = await fetch(
    path,
    withHubToken({
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  if (response.ok) return;
  const reply = (await response.json().catch(() => ({}))) as { error?: string };
  throw new HubApiError(reply.error ?? `${method} failed: HTTP ${response.status}`, response.status);
}

function keyPath(provider: string, scope: string): string {
  return `${KEYS_PATH}/${encodeURIComponent(provider)}${scope ? `?org=${encodeURIComponent(scope)}` : ""}`;
}

function KeyForm({ scopes, hubAdmin, onSaved }: { scopes: string[]; hubAdmin: boolean; onSaved(): void }) {
  const ids = useId();
  const [scope, setScope] = useState("");
  const [provider, setProvider] = useState("");
  const [key, setKey] = useState("");
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await sendJson("PUT", keyPath(provider.trim(), scope), { key });
      setKey("");
      setProvider("");
      onSaved();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="settings-form" onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor={`${ids}-scope`}>Organisation</label>
        <input
          id={`${ids}-scope`}
          list={`${ids}-scopes`}
          value={scope}
          placeholder={hubAdmin ? "empty: the whole hub" : undefined}
          required={!hubAdmin}
          onChange={(event) => setScope(event.target.value.trim())}
        />
        <datalist id={`${ids}-scopes`}>
          {scopes.filter(Boolean).map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-provider`}>Provider</label>
        <input
          id={`${ids}-provider`}
          value={provider}
          placeholder="e.g. groq"
          required
          onChange={(event) => setProvider(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${ids}-key`}>Key</label>
        <input
          id={`${ids}-key`}
          type="password"
          autoComplete="off"
          value={key}
          required
          onChange={(event) => setKey(event.target.value)}
        />
      </div>
      <button type="submit" className="button primary" disabled={busy}>
        Save key
      </button>
      <p className="hint">Stored encrypted; it is never shown again, here or anywhere.</p>
      {error !== undefined && <ErrorNotice error={error} context="Saving the key" />}
    </form>
  );
}

function StorageTable({ storage }: { storage: StorageReply }) {
  const share = storage.logicalBytes ? Math.round((100 * storage.savedBytes) / storage.logicalBytes) : 0;
  return (
    <section className="card" aria-labelledby="storage-title">
      <h2 id="storage-title">Storage</h2>
      <p data-testid="storage-summary">
        {formatCount(storage.repos.length)} repos, {mib(storage.logicalBytes)} of files; stored{" "}
        {mib(storage.storedBytes)} ({formatCount(storage.blobs)} whole blobs, {formatCount(storage.xorbs)}{" "}
        xorbs); dedup saves {mib(storage.savedBytes)} ({share}%).
      </p>
      {storage.repos.length > 0 && (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Storage per repo">
          <table>
            <thead>
              <tr>
                <th scope="col">Repo</th>
                <th scope="col">Type</th>
                <th scope="col">Files</th>
                <th scope="col">Size</th>
              </tr>
            </thead>
            <tbody>
              {storage.repos.map((repo) => (
                <tr key={`${repo.type}/${repo.id}`}>
                  <td>{repo.id}</td>
                  <td>{repo.type}</td>
                  <td>{formatCount(repo.files)}</td>
                  <td>{mib(repo.bytes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function Component() {
  useTitle("Settings");
  const { token } = useSession();
  const [state, setState] = useState<State>({ kind: "loading" });
  const [removeError, setRemoveError] = useState<unknown>();

  const load = useCallback(async () => {
    try {
      const keys = await getJson<AdminKeysReply>(KEYS_PATH);
      const storage = keys.hubAdmin ? await getJson<StorageReply>("/api/hubkit/storage") : undefined;
      setState({ kind: "ready", keys, storage });
    } catch (error) {
      const refused = error instanceof HubApiError && (error.status === 401 || error.status === 403);
      setState(refused ? { kind: "refused" } : { kind: "failed", error });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load, token]);

  if (state.kind === "loading") return <Loading label="Loading the settings…" />;
  if (state.kind === "refused") {
    return <NotFound heading="Page not found" text="There is no page at this address." />;
  }
  if (state.kind === "failed") return <ErrorNotice error={state.error} context="Settings" />;

  const { keys, storage } = state;
  const scopes = [
    ...(keys.hubAdmin ? [HUB_SCOPE] : []),
    ...new Set([...keys.orgs, ...keys.keys.flatMap((key) => (key.org ? [key.org] : []))]),
  ];
  const remove = async (provider: string, scope: string) => {
    setRemoveError(undefined);
    try {
      await sendJson("DELETE", keyPath(provider, scope));
      await load();
    } catch (error) {
      setRemoveError(error);
    }
  };
  return (
    <div className="page settings-page">
      <h1>Settings</h1>
      <section className="card" aria-labelledby="keys-title">
        <h2 id="keys-title">Provider keys</h2>
        <p className="lead">
          The router uses a provider&apos;s key for the hub&apos;s calls, or an organisation&apos;s for calls
          billed to it. Which providers have one:
        </p>
        {keys.keys.length === 0 ? (
          <p className="hint">No provider keys stored yet.</p>
        ) : (
          <div className="table-wrap" tabIndex={0} role="region" aria-label="Stored provider keys">
            <table>
              <thead>
                <tr>
                  <th scope="col">Provider</th>
                  <th scope="col">For</th>
                  <th scope="col">Set</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.keys.map((key) => (
                  <tr key={`${key.org ?? ""}/${key.provider}`}>
                    <td>{key.provider}</td>
                    <td>{key.org ?? "the whole hub"}</td>
                    <td>{key.updatedAt.slice(0, 16).replace("T", " ")}</td>
                    <td>
                      <button
                        type="button"
                        className="button"
                        aria-label={`Remove the ${key.provider} key of ${key.org ?? "the hub"}`}
                        onClick={() => void remove(key.provider, key.org ?? HUB_SCOPE)}
                      >
                        Remove
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {removeError !== undefined && <ErrorNotice error={removeError} context="Removing the key" />}
        <h3>Set a key</h3>
        <KeyForm scopes={scopes} hubAdmin={keys.hubAdmin} onSaved={() => void load()} />
      </section>
      {storage && <StorageTable storage={storage} />}
    </div>
  );
}

export const ErrorBoundary = RouteError;
