// The models list: huggingface.co's query parameters and paths (?search=, ?pipeline_tag=, ?library=,
// ?other=, ?apps=, ?inference_provider=, ?license=, ?language=, ?num_parameters=, ?sort=, ?p=; /org
// lists an author's models), a filter sidebar with per-value counts, search as you type, a total count
// and numbered pages. Parameters the hub refuses are named above the list, which still shows.
import { PIPELINE_DATA, type PipelineType } from "@hubkit/tasks/pipelines";
import { ArrowLeft, ArrowRight, Heart, Search, SlidersHorizontal, TrendingUp, X } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import {
  Link,
  useLoaderData,
  useNavigate,
  useNavigation,
  useSearchParams,
  type LoaderFunctionArgs,
} from "react-router";
import { RouteError } from "../components/RouteError.js";
import {
  getModelFacets,
  HubApiError,
  listModels,
  modelPath,
  type HubModel,
  type ModelFacets,
  type ModelListPage,
} from "../lib/api.js";
import { formatCount, formatDate } from "../lib/format.js";
import { useTitle } from "../lib/title.js";

/** Sorts by the hub's names; huggingface.co's "modified" and "created" are accepted too. */
const SORTS = [
  { id: "trending", label: "Trending" },
  { id: "downloads", label: "Most downloads" },
  { id: "likes", label: "Most likes" },
  { id: "lastModified", label: "Recently updated" },
  { id: "createdAt", label: "Newest" },
];
const SORT_ALIASES: Record<string, string> = { modified: "lastModified", created: "createdAt" };
const DEFAULT_SORT = "trending";
export const PAGE_SIZE = 30;
/** URL parameters passed to the hub as they are (huggingface.co's names). */
const PASSED_PARAMS = [
  "library",
  "other",
  "apps",
  "inference_provider",
  "inference",
  "license",
  "language",
  "num_parameters",
  // hubkit's: only the models this hub mirrors from its upstream
  "mirrored",
] as const;
const EXPAND = ["pipeline_tag", "library_name", "downloads", "likes", "lastModified", "tags", "description"];

interface ModelsLoaderData {
  page: ModelListPage;
  facets?: ModelFacets;
  /** parameters that were ignored, and why */
  notices: string[];
  owner?: string;
  sort: string;
  pageIndex: number;
}

export async function loader({ request, params }: LoaderFunctionArgs): Promise<ModelsLoaderData> {
  const url = new URL(request.url);
  const get = (name: string) => url.searchParams.get(name)?.trim() || undefined;
  const notices: string[] = [];
  const owner = params.owner;

  let sort = get("sort") ?? DEFAULT_SORT;
  // Own keys only: "__proto__" or "constructor" would otherwise come back as Object's own members.
  if (Object.hasOwn(SORT_ALIASES, sort)) sort = SORT_ALIASES[sort];
  if (!SORTS.some((entry) => entry.id === sort)) {
    notices.push(`Unknown sort “${sort.slice(0, 40)}”: showing ${SORTS[0].label.toLowerCase()} models.`);
    sort = DEFAULT_SORT;
  }
  let pageIndex = 0;
  const pageText = get("p");
  if (pageText !== undefined) {
    if (/^\d{1,4}$/.test(pageText)) pageIndex = Number(pageText);
    else notices.push(`Page “${pageText.slice(0, 20)}” is not a page number: showing the first page.`);
  }
  const extra: [string, string][] = [];
  for (const name of PASSED_PARAMS)
    for (const value of url.searchParams.getAll(name)) extra.push([name, value]);
  const search = get("search") ?? get("q");
  const pipelineTag = get("pipeline_tag") ?? get("task");
  const cursor = get("cursor");
  const base = { search, sort, limit: PAGE_SIZE, expand: EXPAND, author: owner, count: true };

  // Counts that follow the active filters; when the hub refuses one of them (the list then ignores
  // them too), the counts of the search alone.
  const facetsPromise = getModelFacets({ search, pipelineTag, author: owner, extra }, request.signal)
    .catch(() => getModelFacets({ search, author: owner }, request.signal))
    .catch(() => undefined);
  let page: ModelListPage;
  try {
    page = await listModels(
      { ...base, pipelineTag, extra, cursor, page: cursor ? undefined : pageIndex },
      request.signal,
    );
  } catch (error) {
    if (!(error instanceof HubApiError) || error.status !== 400) throw error;
    // A parameter the hub refused: say which, and list with the search and sort alone.
    notices.push(`${error.message}. The list below ignores the filters and page.`);
    pageIndex = 0;
    page = await listModels(base, request.signal);
  }
  if (owner && page.models.length === 0 && !search && extra.length === 0 && !pipelineTag) {
    throw new HubApiError(`“${owner}” has no models in this hub's catalogue`, 404);
  }
  return { page, facets: await facetsPromise, notices, owner, sort, pageIndex };
}

function taskName(id: string): string {
  return PIPELINE_DATA[id as PipelineType]?.name ?? id;
}

const LANGUAGES =
  typeof Intl.DisplayNames === "function" ? new Intl.DisplayNames(["en"], { type: "language" }) : undefined;
function languageName(code: string): string {
  try {
    return LANGUAGES?.of(code) ?? code;
  } catch {
    return code;
  }
}

const PARAM_LABELS: Record<string, string> = {};
function paramRangeLabel(range: string): string {
  if (PARAM_LABELS[range]) return PARAM_LABELS[range];
  const min = /min:([^,]+)/.exec(range)?.[1];
  const max = /max:([^,]+)/.exec(range)?.[1];
  return !min || min === "0" ? `< ${max}` : max ? `${min} – ${max}` : `≥ ${min}`;
}

interface FacetGroup {
  /** URL parameter */
  param: string;
  title: string;
  values: { value: string; label: string; count: number }[];
  /** one value at a time (selecting another replaces it) */
  single?: boolean;
}

function facetGroups(facets: ModelFacets): FacetGroup[] {
  const sorted = (record: Record<string, number>, label: (value: string) => string = (value) => value) =>
    Object.entries(record)
      .filter(([, count]) => count > 0)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([value, count]) => ({ value, label: label(value), count }));
  return [
    { param: "pipeline_tag", title: "Tasks", values: sorted(facets.pipeline_tag, taskName), single: true },
    { param: "library", title: "Libraries", values: sorted(facets.library), single: true },
    {
      param: "inference_provider",
      title: "Inference providers",
      values: [
        { value: "all", label: "Inference available", count: facets.inference },
        ...sorted(facets.inference_provider),
      ],
      single: true,
    },
    { param: "apps", title: "Local apps", values: sorted(facets.apps) },
    {
      param: "num_parameters",
      title: "Parameters",
      values: Object.entries(facets.num_parameters)
        .filter(([, count]) => count > 0)
        .map(([value, count]) => ({ value, label: paramRangeLabel(value), count })),
      single: true,
    },
    { param: "license", title: "Licenses", values: sorted(facets.license), single: true },
    { param: "language", title: "Languages", values: sorted(facets.language, languageName) },
    { param: "other", title: "Other tags", values: sorted(facets.other) },
  ].filter((group) => group.values.length > 0);
}

/** The URL with `param` toggled to `value` (and back to page one). */
function toggled(params: URLSearchParams, param: string, value: string, single?: boolean): string {
  const next = new URLSearchParams(params);
  next.delete("p");
  next.delete("cursor");
  const values = next.getAll(param);
  if (param === "pipeline_tag") next.delete("task");
  if (values.includes(value)) {
    next.delete(param);
    for (const other of values) if (other !== value) next.append(param, other);
  } else {
    if (single) next.delete(param);
    next.append(param, value);
  }
  const text = next.toString();
  return text ? `?${text}` : "?";
}

const VISIBLE_VALUES = 8;

function FilterGroup({ group, params }: { group: FacetGroup; params: URLSearchParams }) {
  const active = new Set(params.getAll(group.param));
  if (group.param === "pipeline_tag" && params.get("task")) active.add(params.get("task")!);
  const item = (entry: FacetGroup["values"][number]) => {
    const on = active.has(entry.value);
    return (
      <li key={entry.value}>
        <Link
          to={toggled(params, group.param, entry.value, group.single)}
          className={`facet${on ? " active" : ""}`}
          data-count={entry.count}
          aria-current={on ? "true" : undefined}
          preventScrollReset
        >
          <span className="facet-label">{entry.label}</span>
          <span className="facet-count">
            <span className="visually-hidden">, models: </span>
            {formatCount(entry.count)}
          </span>
          {on && <X size={14} aria-label="remove" />}
        </Link>
      </li>
    );
  };
  // Active values stay visible even when they rank past the first few.
  const first = group.values.slice(0, VISIBLE_VALUES);
  const rest = group.values.slice(VISIBLE_VALUES);
  const promoted = rest.filter((entry) => active.has(entry.value));
  return (
    <section className="filter-group" aria-labelledby={`facet-${group.param}`}>
      <h2 id={`facet-${group.param}`}>{group.title}</h2>
      <ul>{[...first, ...promoted].map(item)}</ul>
      {rest.length > promoted.length && (
        <MoreValues summary={`${rest.length - promoted.length} more ${group.title.toLowerCase()}`}>
          {() => <ul>{rest.filter((entry) => !active.has(entry.value)).map(item)}</ul>}
        </MoreValues>
      )}
    </section>
  );
}

/**
 * A group's values past the first few, folded. Their list is rendered once the fold is opened: the
 * page's HTML then has no hundreds of hidden links (libraries, licenses, tags…), which made up half
 * of it and delayed its first paint.
 */
function MoreValues({ summary, children }: { summary: string; children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{summary}</summary>
      {open && children()}
    </details>
  );
}

/** Chips for the filters in force, each removable. */
function ActiveFilters({ params, facets }: { params: URLSearchParams; facets?: ModelFacets }) {
  const chips: { param: string; value: string; label: ReactNode }[] = [];
  const groups = facets ? facetGroups(facets) : [];
  for (const param of ["pipeline_tag", "task", ...PASSED_PARAMS]) {
    for (const value of params.getAll(param)) {
      const group = groups.find((entry) => entry.param === (param === "task" ? "pipeline_tag" : param));
      const label = group?.values.find((entry) => entry.value === value)?.label ?? value;
      chips.push({ param, value, label: `${group?.title ?? param}: ${label}` });
    }
  }
  if (chips.length === 0) return null;
  const clear = new URLSearchParams();
  for (const name of ["search", "sort"]) if (params.get(name)) clear.set(name, params.get(name)!);
  return (
    <ul className="active-filters" aria-label="Filters in force">
      {chips.map((chip) => (
        <li key={`${chip.param}=${chip.value}`}>
          <Link className="chip removable" to={toggled(params, chip.param, chip.value)}>
            {chip.label} <X size={14} aria-hidden />
            <span className="visually-hidden">(remove)</span>
          </Link>
        </li>
      ))}
      <li>
        <Link className="chip clear" to={`?${clear}`}>
          Clear all
        </Link>
      </li>
    </ul>
  );
}

/** Page links: previous, the first, those around the current, the last, next. */
function Pager({
  params,
  pageIndex,
  page,
}: {
  params: URLSearchParams;
  pageIndex: number;
  page: ModelListPage;
}) {
  const total = page.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const hasNext = pageIndex + 1 < pages || page.totalExact === false;
  const href = (index: number) => {
    const next = new URLSearchParams(params);
    next.delete("cursor");
    if (index === 0) next.delete("p");
    else next.set("p", String(index));
    const text = next.toString();
    return text ? `?${text}` : "?";
  };
  const shown = [...new Set([0, pageIndex - 1, pageIndex, pageIndex + 1, pages - 1])]
    .filter((index) => index >= 0 && index < pages)
    .sort((a, b) => a - b);
  if (pages <= 1 && pageIndex === 0) return null;
  return (
    <nav className="pager" aria-label="Pages">
      {pageIndex > 0 ? (
        <Link to={href(pageIndex - 1)} className="button" rel="prev">
          <ArrowLeft size={16} aria-hidden /> Previous
        </Link>
      ) : (
        <span className="button" aria-disabled="true">
          <ArrowLeft size={16} aria-hidden /> Previous
        </span>
      )}
      <ol className="page-numbers">
        {shown.map((index, position) => (
          <li key={index}>
            {position > 0 && index - shown[position - 1] > 1 && <span className="gap">…</span>}
            {index === pageIndex ? (
              <span className="page-number current" aria-current="page">
                {index + 1}
              </span>
            ) : (
              <Link className="page-number" to={href(index)} aria-label={`Page ${index + 1}`}>
                {index + 1}
              </Link>
            )}
          </li>
        ))}
        {page.totalExact === false && <li className="gap">…</li>}
      </ol>
      {hasNext ? (
        <Link to={href(pageIndex + 1)} className="button" rel="next">
          Next <ArrowRight size={16} aria-hidden />
        </Link>
      ) : (
        <span className="button" aria-disabled="true">
          Next <ArrowRight size={16} aria-hidden />
        </span>
      )}
    </nav>
  );
}

export function ModelRow({ model }: { model: HubModel }) {
  return (
    <li>
      <Link to={`/models/${modelPath(model.id)}`} className="card model-card">
        <h2>{model.id}</h2>
        {model.description && <p className="model-description">{model.description}</p>}
        <p className="model-meta">
          {model.pipeline_tag && <span className="badge">{taskName(model.pipeline_tag)}</span>}
          {model.library_name && <span className="badge subtle">{model.library_name}</span>}
          {model.tags?.includes("gguf") && model.library_name !== "gguf" && (
            <span className="badge subtle">GGUF</span>
          )}
          {model.hubkitMirror && (
            <span
              className="badge info"
              title={`Mirrored from ${model.hubkitMirror.upstream} at ${formatDate(model.hubkitMirror.fetchedAt)}`}
            >
              Mirrored
            </span>
          )}
          <span title="Downloads in the last 30 days">
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
  );
}

/** Search box that updates the URL (and so the list) as the user types. */
function SearchAsYouType({ params }: { params: URLSearchParams }) {
  const navigate = useNavigate();
  const current = params.get("search") ?? params.get("q") ?? "";
  const [text, setText] = useState(current);
  const focused = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Text typed before the page was hydrated is in the field (React keeps it) but not in the state,
    // and no change event comes for it: take it up once hydrated (this effect runs once, at mount).
    const field = input.current;
    if (field && field.value !== text) {
      focused.current = document.activeElement === field;
      setText(field.value);
    }
  }, []);
  useEffect(() => {
    // Follow the URL (back button, a filter link) unless the user is typing.
    if (!focused.current) setText(current);
  }, [current]);
  useEffect(() => {
    if (text.trim() === current.trim()) return;
    const timer = setTimeout(() => {
      const next = new URLSearchParams(params);
      next.delete("q");
      next.delete("p");
      next.delete("cursor");
      if (text.trim()) next.set("search", text.trim());
      else next.delete("search");
      navigate(`?${next}`, { replace: true, preventScrollReset: true });
    }, 250);
    return () => clearTimeout(timer);
  }, [text, current, params, navigate]);
  return (
    <form
      className="search-box"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <Search size={18} aria-hidden />
      <label htmlFor="model-search" className="visually-hidden">
        Search models
      </label>
      <input
        ref={input}
        id="model-search"
        type="search"
        name="search"
        placeholder="Search models, e.g. llama"
        autoComplete="off"
        value={text}
        onFocus={() => (focused.current = true)}
        onBlur={() => (focused.current = false)}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}

export function Component() {
  const { page, facets, notices, owner, sort, pageIndex } = useLoaderData() as ModelsLoaderData;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const search = params.get("search") ?? params.get("q");
  const heading = owner ? `Models by ${owner}` : "Models";
  useTitle(search ? `${heading} matching “${search}”` : heading);
  const groups = facets ? facetGroups(facets) : [];
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeCount = ["pipeline_tag", "task", ...PASSED_PARAMS].reduce(
    (sum, name) => sum + params.getAll(name).length,
    0,
  );
  const first = pageIndex * PAGE_SIZE + 1;

  return (
    <div className="page models-page">
      {owner && (
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <Link to="/models">Models</Link> / <span aria-current="page">{owner}</span>
        </nav>
      )}
      <header className="models-header">
        <h1>
          {heading}{" "}
          {page.total !== undefined && (
            <span className="total-count" data-testid="total-count">
              {page.total.toLocaleString("en-US")}
              {page.totalExact === false ? "+" : ""}
            </span>
          )}
        </h1>
        <div className="models-tools">
          <SearchAsYouType params={params} />
          <div className="field inline">
            <label htmlFor="model-sort">Sort</label>
            <select
              id="model-sort"
              value={sort}
              onChange={(event) => {
                const next = new URLSearchParams(params);
                next.delete("p");
                next.delete("cursor");
                if (event.target.value === DEFAULT_SORT) next.delete("sort");
                else next.set("sort", event.target.value);
                navigate(`?${next}`, { preventScrollReset: true });
              }}
            >
              {SORTS.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      </header>
      <div className="models-layout">
        {groups.length > 0 && (
          // On a phone the filters fold behind a button (CSS hides it on wider screens).
          <aside className="filter-sidebar" aria-label="Filters" data-open={filtersOpen ? "true" : undefined}>
            <button
              type="button"
              className="button filter-toggle"
              aria-expanded={filtersOpen}
              aria-controls="filter-groups"
              onClick={() => setFiltersOpen(!filtersOpen)}
            >
              <SlidersHorizontal size={16} aria-hidden /> Filters
              {activeCount > 0 && <span className="badge">{activeCount}</span>}
            </button>
            <div className="filter-groups" id="filter-groups">
              {groups.map((group) => (
                <FilterGroup key={group.param} group={group} params={params} />
              ))}
            </div>
          </aside>
        )}
        <div className="models-results" aria-busy={navigation.state === "loading"}>
          {notices.map((notice) => (
            <p key={notice} className="notice warning" role="alert">
              {notice}
            </p>
          ))}
          <ActiveFilters params={params} facets={facets} />
          {page.models.length === 0 ? (
            <p role="status">No model matches these filters.</p>
          ) : (
            <>
              <p className="muted small" role="status">
                {page.total !== undefined
                  ? `Models ${first.toLocaleString("en-US")}–${(first + page.models.length - 1).toLocaleString("en-US")} of ${page.total.toLocaleString("en-US")}${page.totalExact === false ? "+" : ""}`
                  : `${page.models.length} models`}
              </p>
              <ul className="model-list">
                {page.models.map((model) => (
                  <ModelRow key={model.id} model={model} />
                ))}
              </ul>
            </>
          )}
          <Pager params={params} pageIndex={pageIndex} page={page} />
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteError;
