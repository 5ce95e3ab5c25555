// One library (`/libraries/{id}`): what it is, how to install it, its docs and repository, its
// snippets for its most downloaded model, its models (count, the top ones, the filtered list) and the
// tasks it covers (the registry's, and those its catalogue models serve, with their counts).
import { PIPELINE_DATA, type PipelineType } from "@hubkit/tasks/pipelines";
import { ArrowRight, TrendingUp } from "lucide-react";
import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { CodeBlock } from "../components/CodeBlock.js";
import { SampleSnippets } from "../components/SampleSnippets.js";
import { RepoLinks } from "../components/RepoLinks.js";
import { RouteError } from "../components/RouteError.js";
import {
  getLibrary,
  getModelFacets,
  HubApiError,
  listModels,
  type LibraryDetail,
  type ModelFacets,
  type ModelListPage,
} from "../lib/api.js";
import { downloadRuleText } from "../lib/download-rule.js";
import { formatCount } from "../lib/format.js";
import { useTitle } from "../lib/title.js";
import { ModelRow } from "./models.js";

/** Models listed on the page (the most downloaded). */
const TOP_MODELS = 8;
const EXPAND = ["pipeline_tag", "library_name", "downloads", "likes", "lastModified", "tags", "description"];

interface LibraryLoaderData {
  library: LibraryDetail;
  top: ModelListPage;
  facets?: ModelFacets;
}

export async function loader({ params, request }: LoaderFunctionArgs): Promise<LibraryLoaderData> {
  const id = params.library ?? "";
  if (!/^[\w.+-]{1,100}$/.test(id)) throw new HubApiError(`“${id.slice(0, 60)}” is not a library id.`, 404);
  const [library, top, facets] = await Promise.all([
    getLibrary(id, request.signal),
    listModels(
      { library: id, sort: "downloads", limit: TOP_MODELS, count: true, expand: EXPAND },
      request.signal,
    ),
    // The tasks its models serve: a convenience, the page stands without it.
    getModelFacets({ library: id }, request.signal).catch(() => undefined),
  ]);
  return { library, top, facets };
}

const INSTALL_RE =
  /^\s*(?:[#!$]\s*|\/\/\s*)?((?:uv )?pip3? install\s.+|npm (?:install|i)\s.+|brew install\s.+|cargo (?:install|add)\s.+|git clone\s.+|conda install\s.+)$/;

/**
 * The install commands written in the library's snippets (as commands or comments); when they have
 * none but import a Python module named as the library (`from sentence_transformers import …` for
 * sentence-transformers), the pip line of that package.
 */
function installLines(libraryId: string, snippets: readonly string[]): string[] {
  const lines: string[] = [];
  for (const snippet of snippets) {
    for (const line of snippet.split("\n")) {
      const match = INSTALL_RE.exec(line);
      const command = match?.[1].replace(/[`'"]+$/, "").trim();
      if (command && !lines.includes(command)) lines.push(command);
    }
  }
  if (lines.length === 0 && /^[a-z0-9][a-z0-9_-]*$/i.test(libraryId)) {
    const module = libraryId.replace(/-/g, "_");
    const imports = new RegExp(`^\\s*(?:from|import)\\s+${module}(?:[\\s.]|$)`, "m");
    if (snippets.some((snippet) => imports.test(snippet))) lines.push(`pip install -U ${libraryId}`);
  }
  return lines;
}

function taskName(id: string): string {
  return PIPELINE_DATA[id as PipelineType]?.name ?? id;
}

export function Component() {
  const { library, top, facets } = useLoaderData() as LibraryLoaderData;
  useTitle(`${library.prettyLabel} · Libraries`);
  const listUrl = `/models?library=${encodeURIComponent(library.id)}`;
  const count = top.total ?? library.modelCount;
  const sample = library.sample;
  const install = sample ? installLines(library.id, sample.snippets) : [];
  // The tasks its catalogue models serve, most first; then the registry's others.
  const served = Object.entries(facets?.pipeline_tag ?? {})
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const registryOnly = library.tasks.filter((task) => !served.some(([id]) => id === task));

  return (
    <div className="page library-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/libraries">Libraries</Link> / <span aria-current="page">{library.id}</span>
      </nav>
      <h1>
        {library.prettyLabel} {library.filter && <span className="badge info">in the hub&apos;s filter</span>}
      </h1>
      <p className="lead">
        {library.prettyLabel} is the library developed in <a href={library.repoUrl}>{library.repoName}</a>.
        The hub recognises its models by <code>library_name: {library.id}</code>
        {count > 0 ? (
          <>
            {" "}
            and lists {formatCount(count)} of them
            {served.length > 0 && (
              <>
                {" "}
                for {served.length} task{served.length === 1 ? "" : "s"}
              </>
            )}
            .
          </>
        ) : (
          <>; this catalogue has none yet.</>
        )}
      </p>
      <RepoLinks
        repoUrl={library.repoUrl}
        repoLabel={library.repoName}
        docsUrl={library.docsUrl}
        docsLabel="Documentation"
      />

      <section aria-labelledby="library-install">
        <h2 id="library-install">Install</h2>
        {install.length > 0 ? (
          <CodeBlock code={install.join("\n")} language="bash" label={`Install ${library.prettyLabel}`} />
        ) : (
          <p className="muted">
            Its snippets name no install command: see the{" "}
            <a href={library.docsUrl ?? library.repoUrl}>
              {library.docsUrl ? "documentation" : "repository"}
            </a>
            .
          </p>
        )}
      </section>

      <section aria-labelledby="library-usage">
        <h2 id="library-usage">Usage</h2>
        {!sample ? (
          <p className="muted">The hub has no usage snippet for this library.</p>
        ) : (
          <SampleSnippets
            sample={sample}
            libraryLabel={library.prettyLabel}
            lead="For its most downloaded model,"
          />
        )}
      </section>

      <section aria-labelledby="library-models">
        <h2 id="library-models">
          Models <span className="total-count">{formatCount(count)}</span>
        </h2>
        {top.models.length === 0 ? (
          <p className="muted">No model of this catalogue names {library.id} as its library.</p>
        ) : (
          <>
            <ul className="model-list">
              {top.models.map((model) => (
                <ModelRow key={model.id} model={model} />
              ))}
            </ul>
            <p>
              <Link className="button" to={listUrl} data-testid="library-all-models">
                Browse all {count.toLocaleString("en-US")} {library.prettyLabel} models{" "}
                <ArrowRight size={16} aria-hidden />
              </Link>
            </p>
          </>
        )}
      </section>

      <section aria-labelledby="library-tasks">
        <h2 id="library-tasks">Tasks</h2>
        {served.length === 0 && registryOnly.length === 0 ? (
          <p className="muted">Neither the registry nor the catalogue ties this library to a task.</p>
        ) : (
          <ul className="tag-list library-tasks">
            {served.map(([task, n]) => (
              <li key={task}>
                <Link to={`${listUrl}&pipeline_tag=${encodeURIComponent(task)}`}>
                  {taskName(task)} <span className="muted">{formatCount(n)}</span>
                </Link>
              </li>
            ))}
            {registryOnly.map((task) => (
              <li key={task}>
                <Link to={`/tasks/${encodeURIComponent(task)}`}>{taskName(task)}</Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <p className="download-rule">
        <TrendingUp size={16} aria-hidden /> {downloadRuleText(library)}
      </p>
    </div>
  );
}

export const ErrorBoundary = RouteError;
