// Tasks index: every task, grouped by the seven modalities in canonical order, searchable.
import { MODALITIES, MODALITY_LABELS, PIPELINE_DATA, type PipelineType } from "@hubkit/tasks/pipelines";
import { useState } from "react";
import { Link, useLoaderData, useSearchParams } from "react-router";
import { RouteError } from "../components/RouteError.js";
import { SearchBox } from "../components/SearchBox.js";
import { getTaskPages } from "../lib/api.js";
import { matchesQuery } from "../lib/format.js";
import { useTitle } from "../lib/title.js";

/** What the index shows of each task page (the server sends this, not the whole pages, to hydrate). */
type TaskSummaries = Record<string, { summary: string; isPlaceholder?: boolean }>;

export async function loader(): Promise<TaskSummaries> {
  const pages = await getTaskPages();
  return Object.fromEntries(
    Object.entries(pages).map(([id, page]) => [
      id,
      { summary: page.summary, isPlaceholder: page.isPlaceholder },
    ]),
  );
}

export function Component() {
  useTitle("Tasks");
  const pages = useLoaderData() as TaskSummaries;
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState(params.get("q") ?? "");
  const entries = Object.entries(PIPELINE_DATA) as [PipelineType, (typeof PIPELINE_DATA)[PipelineType]][];
  const groups = MODALITIES.map((modality) => ({
    modality,
    tasks: entries.filter(
      ([id, pipeline]) =>
        pipeline.modality === modality && matchesQuery(query, id, pipeline.name, pages[id]?.summary),
    ),
  }));
  const total = groups.reduce((sum, group) => sum + group.tasks.length, 0);

  return (
    <div className="page">
      <h1>Tasks</h1>
      <p className="lead">Pick a task to learn what it does, see a demo, and find models to run it.</p>
      <SearchBox
        id="task-search"
        label="Search tasks"
        placeholder="Search tasks, e.g. segmentation"
        value={query}
        onChange={(value) => {
          setQuery(value);
          setParams(value ? { q: value } : {}, { replace: true });
        }}
      />
      <p className="muted" role="status">
        {total} task{total === 1 ? "" : "s"}
      </p>
      {groups
        .filter((group) => group.tasks.length > 0)
        .map(({ modality, tasks }) => (
          <section key={modality} aria-labelledby={`modality-${modality}`} className="modality">
            <h2 id={`modality-${modality}`}>{MODALITY_LABELS[modality]}</h2>
            <ul className="card-grid tasks-grid">
              {tasks.map(([id, pipeline]) => {
                const page = pages[id];
                return (
                  <li key={id}>
                    {page ? (
                      <Link to={`/tasks/${id}`} className={`card task-card color-${pipeline.color}`}>
                        <h3>{pipeline.name}</h3>
                        <p className="task-summary">{page.summary}</p>
                        {page.isPlaceholder && <span className="badge">help wanted: page in progress</span>}
                      </Link>
                    ) : (
                      <div className={`card task-card color-${pipeline.color}`}>
                        <h3>{pipeline.name}</h3>
                        <p className="muted">No task page yet.</p>
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      {total === 0 && <p>No task matches “{query}”.</p>}
    </div>
  );
}

export const ErrorBoundary = RouteError;

/** The data does not depend on the search params (they only filter on the client). */
export function shouldRevalidate({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }): boolean {
  return currentUrl.pathname !== nextUrl.pathname;
}
