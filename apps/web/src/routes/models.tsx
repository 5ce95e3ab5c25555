// Models list: search and filters (task, library, sort) in the URL, cursor pagination.
import { PIPELINE_DATA, type PipelineType } from "@hubkit/tasks/pipelines";
import { ArrowRight, Heart, Search, TrendingUp } from "lucide-react";
import { Form, Link, useLoaderData, useSearchParams, type LoaderFunctionArgs } from "react-router";
import { RouteError } from "../components/RouteError.js";
import { listModels, modelPath, type ModelListPage } from "../lib/api.js";
import { formatCount, formatDate } from "../lib/format.js";
import { useTitle } from "../lib/title.js";

const SORTS = [
  { id: "downloads", label: "Most downloads" },
  { id: "likes", label: "Most likes" },
  { id: "lastModified", label: "Recently updated" },
  { id: "createdAt", label: "Newest" },
];
const PAGE_SIZE = 30;

export async function loader({ request }: LoaderFunctionArgs): Promise<ModelListPage> {
  const url = new URL(request.url);
  const get = (name: string) => url.searchParams.get(name) || undefined;
  return listModels(
    {
      search: get("q"),
      pipelineTag: get("task"),
      library: get("library"),
      sort: get("sort"),
      cursor: get("cursor"),
      limit: PAGE_SIZE,
      expand: ["pipeline_tag", "library_name", "downloads", "likes", "lastModified", "tags", "description"],
    },
    request.signal,
  );
}

export function Component() {
  const { models, nextCursor } = useLoaderData() as ModelListPage;
  const [params] = useSearchParams();
  const search = params.get("q");
  useTitle(search ? `Models matching “${search}”` : "Models");
  const tasks = (
    Object.entries(PIPELINE_DATA) as [PipelineType, { name: string; hideInModels?: boolean }][]
  ).filter(([, data]) => !data.hideInModels);
  const firstParams = new URLSearchParams(params);
  firstParams.delete("cursor");
  const nextParams = new URLSearchParams(params);
  if (nextCursor) nextParams.set("cursor", nextCursor);
  const hasFilters = ["q", "task", "library"].some((name) => params.get(name));

  return (
    <div className="page">
      <h1>Models</h1>
      <Form method="get" className="filters" role="search" key={params.toString()}>
        <div className="search-box">
          <Search size={18} aria-hidden />
          <label htmlFor="model-search" className="visually-hidden">
            Search models
          </label>
          <input
            id="model-search"
            type="search"
            name="q"
            placeholder="Search models, e.g. llama"
            defaultValue={params.get("q") ?? ""}
          />
        </div>
        <div className="field inline">
          <label htmlFor="model-task">Task</label>
          <select id="model-task" name="task" defaultValue={params.get("task") ?? ""}>
            <option value="">All tasks</option>
            {tasks.map(([id, data]) => (
              <option key={id} value={id}>
                {data.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field inline">
          <label htmlFor="model-library">Library</label>
          <input
            id="model-library"
            name="library"
            placeholder="e.g. transformers"
            defaultValue={params.get("library") ?? ""}
            size={14}
          />
        </div>
        <div className="field inline">
          <label htmlFor="model-sort">Sort</label>
          <select id="model-sort" name="sort" defaultValue={params.get("sort") ?? "downloads"}>
            {SORTS.map((sort) => (
              <option key={sort.id} value={sort.id}>
                {sort.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button primary">
          Apply
        </button>
        {hasFilters && (
          <Link to="/models" className="button">
            Clear
          </Link>
        )}
      </Form>
      {models.length === 0 ? (
        <p role="status">No model matches these filters.</p>
      ) : (
        <ul className="model-list">
          {models.map((model) => (
            <li key={model.id}>
              <Link to={`/models/${modelPath(model.id)}`} className="card model-card">
                <h2>{model.id}</h2>
                {model.description && <p className="model-description">{model.description}</p>}
                <p className="model-meta">
                  {model.pipeline_tag && (
                    <span className="badge">
                      {PIPELINE_DATA[model.pipeline_tag as PipelineType]?.name ?? model.pipeline_tag}
                    </span>
                  )}
                  {model.library_name && <span className="badge subtle">{model.library_name}</span>}
                  <span title="Downloads">
                    <TrendingUp size={14} aria-hidden /> <span className="visually-hidden">Downloads: </span>
                    {formatCount(model.downloads)}
                  </span>
                  <span title="Likes">
                    <Heart size={14} aria-hidden /> <span className="visually-hidden">Likes: </span>
                    {formatCount(model.likes)}
                  </span>
                  <span className="muted">Updated {formatDate(model.lastModified)}</span>
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <nav className="pager" aria-label="Pages">
        {params.get("cursor") && (
          <Link to={`/models?${firstParams}`} className="button">
            First page
          </Link>
        )}
        {nextCursor && (
          <Link to={`/models?${nextParams}`} className="button">
            Next page <ArrowRight size={16} aria-hidden />
          </Link>
        )}
      </nav>
    </div>
  );
}

export const ErrorBoundary = RouteError;
