// Libraries: every library of the registry, searchable and filterable (hub filter flag, task), with
// repository and docs links, the download-count rule in words and a sample snippet.
import { TrendingUp } from "lucide-react";
import { startTransition, useEffect, useMemo, useState } from "react";
import { Link, useLoaderData, useSearchParams } from "react-router";
import { ErrorNotice, Loading } from "../components/Feedback.js";
import { SampleSnippets } from "../components/SampleSnippets.js";
import { RepoLinks } from "../components/RepoLinks.js";
import { RouteError } from "../components/RouteError.js";
import { SearchBox } from "../components/SearchBox.js";
import { getJson, getLibrary, type LibraryInfo, type LibrarySample } from "../lib/api.js";
import { downloadRuleText } from "../lib/download-rule.js";
import { formatCount, matchesQuery } from "../lib/format.js";
import { useTitle } from "../lib/title.js";

export function loader(): Promise<LibraryInfo[]> {
  return getJson<LibraryInfo[]>("/api/libraries");
}

type SampleState =
  | { state: "idle" | "loading" }
  | { state: "done"; sample: LibrarySample }
  | { state: "error"; error: unknown };

/** Asks the hub for the library's snippets, generated for a catalogue model of that library. */
function SampleSnippet({ library }: { library: LibraryInfo }) {
  const [sample, setSample] = useState<SampleState>({ state: "idle" });
  const load = async () => {
    if (sample.state !== "idle" && sample.state !== "error") return;
    setSample({ state: "loading" });
    try {
      const detail = await getLibrary(library.id);
      if (!detail.sample) throw new Error(`The hub has no snippet generator for ${library.id}`);
      setSample({ state: "done", sample: detail.sample });
    } catch (error) {
      setSample({ state: "error", error });
    }
  };
  return (
    <details
      className="sample"
      onToggle={(event) => {
        if ((event.currentTarget as HTMLDetailsElement).open) void load();
      }}
    >
      <summary>Sample snippet</summary>
      {sample.state === "loading" && <Loading label="Generating…" />}
      {sample.state === "error" && <ErrorNotice error={sample.error} context="Snippet" />}
      {sample.state === "done" && (
        <SampleSnippets sample={sample.sample} libraryLabel={library.prettyLabel} lead="For" />
      )}
    </details>
  );
}

/** Cards in the server's HTML: more than a tall screen holds. */
const FIRST_PAINT_CARDS = 24;

export function Component() {
  useTitle("Libraries");
  const libraries = useLoaderData() as LibraryInfo[];
  const [params, setParams] = useSearchParams();
  // Local state answers at once; the URL follows so a link reproduces the view.
  const [query, setQuery] = useState(params.get("q") ?? "");
  const [onlyFilter, setOnlyFilter] = useState(params.get("filter") === "1");
  const [task, setTask] = useState(params.get("task") ?? "");
  const tasks = useMemo(
    () => [...new Set(libraries.flatMap((library) => library.tasks))].sort(),
    [libraries],
  );

  const update = (key: "q" | "filter" | "task", value: string) => {
    if (key === "q") setQuery(value);
    else if (key === "filter") setOnlyFilter(value === "1");
    else setTask(value);
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  // The server (and so the hydrating render) sends the first cards only; the rest follow at once after
  // hydration, so the page's first paint does not wait for 200-odd cards.
  const [complete, setComplete] = useState(false);
  useEffect(() => {
    startTransition(() => setComplete(true));
  }, []);

  const shown = libraries.filter(
    (library) =>
      (!onlyFilter || library.filter) &&
      (!task || library.tasks.includes(task)) &&
      matchesQuery(query, library.id, library.prettyLabel, library.repoName),
  );

  return (
    <div className="page">
      <h1>Libraries</h1>
      <p className="lead">
        {libraries.length} libraries the hub recognises by a model&apos;s <code>library_name</code>.
      </p>
      <div className="filters">
        <SearchBox
          id="library-search"
          label="Search libraries"
          placeholder="Search libraries, e.g. diffusers"
          value={query}
          onChange={(value) => update("q", value)}
        />
        <div className="field inline">
          <label htmlFor="library-task">Task</label>
          <select id="library-task" value={task} onChange={(event) => update("task", event.target.value)}>
            <option value="">All tasks</option>
            {tasks.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={onlyFilter}
            onChange={(event) => update("filter", event.target.checked ? "1" : "")}
          />
          Only libraries in the hub&apos;s filter
        </label>
      </div>
      <p className="muted" role="status">
        {shown.length} shown
      </p>
      <ul className="library-list">
        {(complete ? shown : shown.slice(0, FIRST_PAINT_CARDS)).map((library) => (
          <li key={library.id} className="card library-card">
            <div className="library-head">
              <h2>
                <Link to={`/libraries/${encodeURIComponent(library.id)}`}>{library.prettyLabel}</Link>
              </h2>
              <code>{library.id}</code>
              {library.filter && <span className="badge info">in filter</span>}
              {library.modelCount > 0 ? (
                <Link className="model-count" to={`/models?library=${encodeURIComponent(library.id)}`}>
                  {formatCount(library.modelCount)} model{library.modelCount === 1 ? "" : "s"}
                </Link>
              ) : (
                // A link would only open an empty list.
                <span className="model-count muted">no models yet</span>
              )}
            </div>
            <RepoLinks repoUrl={library.repoUrl} repoLabel={library.repoName} docsUrl={library.docsUrl} />
            <p className="download-rule">
              <TrendingUp size={16} aria-hidden /> {downloadRuleText(library)}
            </p>
            {library.tasks.length > 0 && <p className="muted small">Tasks: {library.tasks.join(", ")}</p>}
            {library.hasSnippets ? (
              <SampleSnippet library={library} />
            ) : (
              <p className="muted small">No usage snippet for this library.</p>
            )}
          </li>
        ))}
      </ul>
      {shown.length === 0 && <p>No library matches these filters.</p>}
    </div>
  );
}

export const ErrorBoundary = RouteError;

/** The data does not depend on the search params (they only filter on the client). */
export function shouldRevalidate({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }): boolean {
  return currentUrl.pathname !== nextUrl.pathname;
}
