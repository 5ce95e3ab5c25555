// One task page: summary, the demo, models, datasets, spaces and metrics, the video, and the
// Inference Providers widget with "Try it" for the task's widget model.
import type { TaskData } from "@hubkit/tasks";
import { MODALITY_LABELS, PIPELINE_DATA, type PipelineType } from "@hubkit/tasks/pipelines";
import { ArrowRight, Database, Gauge, Globe, PlayCircle, Users } from "lucide-react";
import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { ErrorNotice } from "../components/Feedback.js";
import { ModelInference, type InitialSnippets } from "../components/ModelInference.js";
import { RouteError } from "../components/RouteError.js";
import { TaskDemo } from "../components/TaskDemo.js";
import {
  getModel,
  getModelFacets,
  getTaskPages,
  HubApiError,
  modelPath,
  type HubModel,
  type ModelFacets,
} from "../lib/api.js";
import { formatCount } from "../lib/format.js";
import { exampleInput } from "../lib/examples.js";
import { findServedModel, servesTask } from "../lib/served-model.js";
import { TRY_TASKS } from "../lib/try-tasks.js";
import { useTitle } from "../lib/title.js";

interface TaskLoaderData {
  page: TaskData;
  widgetModel?: HubModel;
  widgetModelError?: unknown;
  /** a provider-served model of the task, tried instead when the widget model has no provider */
  servedModel?: HubModel;
  /** the widget's first snippets, generated here (on the server for a first load, see the model page) */
  initialSnippets?: InitialSnippets;
  /** the catalogue's models of this task, per library and provider (a convenience: may be absent) */
  facets?: ModelFacets;
}

/** The snippets of the provider the widget opens on for `task` (the same order as the widget). */
async function initialWidgetSnippets(model: HubModel, task: string): Promise<InitialSnippets | undefined> {
  const [{ orderProviders }, { generateSnippets }] = await Promise.all([
    import("../lib/providers.js"),
    import("../lib/snippets.js"),
  ]);
  const [provider] = orderProviders(model, task);
  return provider ? { provider, result: await generateSnippets(model, provider, "", {}) } : undefined;
}

export async function loader({ params }: LoaderFunctionArgs): Promise<TaskLoaderData> {
  const id = params.task ?? "";
  const pages = await getTaskPages();
  // Own keys only: "__proto__" or "constructor" in the URL are not task ids.
  const page = Object.hasOwn(pages, id) ? pages[id] : undefined;
  if (!page) throw new HubApiError(`There is no task page for "${id}".`, 404);
  const facetsPromise = getModelFacets({ pipelineTag: id }).catch(() => undefined);
  const widgetId = page.widgetModels[0];
  let widgetModel: HubModel | undefined;
  let widgetModelError: unknown;
  if (widgetId) {
    try {
      widgetModel = await getModel(widgetId);
    } catch (error) {
      widgetModelError = error;
    }
  }
  if (widgetModel && servesTask(widgetModel, id))
    return {
      page,
      widgetModel,
      initialSnippets: await initialWidgetSnippets(widgetModel, id),
      facets: await facetsPromise,
    };
  // The listing is a convenience: when it fails, the page shows the widget model as it is.
  const servedModel = await findServedModel(id).catch(() => undefined);
  const initialSnippets = servedModel ? await initialWidgetSnippets(servedModel, id) : undefined;
  return { page, widgetModel, widgetModelError, servedModel, initialSnippets, facets: await facetsPromise };
}

function RepoList({
  title,
  icon,
  items,
  href,
}: {
  title: string;
  icon: React.ReactNode;
  items: TaskData["models"];
  href(id: string): string;
}) {
  if (items.length === 0) return null;
  const internal = href("x").startsWith("/");
  return (
    <section className="repo-list">
      <h3>
        {icon} {title}
      </h3>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            {internal ? (
              <Link to={href(item.id)}>{item.id}</Link>
            ) : (
              <a href={href(item.id)} target="_blank" rel="noreferrer">
                {item.id}
              </a>
            )}
            <p>{item.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Top entries of a count record, most first. */
function top(record: Record<string, number> | undefined, n: number): [string, number][] {
  return Object.entries(record ?? {})
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, n);
}

/** What the catalogue holds for the task, in words, with the link to its models. */
function TaskAbout({ page, facets }: { page: TaskData; facets?: ModelFacets }) {
  const total = facets?.total ?? 0;
  const pipeline = PIPELINE_DATA[page.id as PipelineType];
  const libraries = top(facets?.library, 3);
  const providers = top(facets?.inference_provider, 4);
  const providerCount = Object.values(facets?.inference_provider ?? {}).filter((n) => n > 0).length;
  const list = (items: [string, number][]) =>
    items.map(([name, count], index) => (
      <span key={name}>
        {index > 0 && (index === items.length - 1 ? " and " : ", ")}
        <strong>{name}</strong> ({formatCount(count)})
      </span>
    ));
  return (
    <div className="task-about">
      <p>
        {page.label} is {pipeline ? `a ${MODALITY_LABELS[pipeline.modality].toLowerCase()} task` : "a task"}
        {page.models.length > 0 && (
          <>
            ; {page.models.length} model{page.models.length === 1 ? " is" : "s are"} suggested below to start
            from
          </>
        )}
        .{" "}
        {total > 0 ? (
          <>
            This hub&apos;s catalogue has {formatCount(total)} model{total === 1 ? "" : "s"} for it
            {libraries.length > 0 && <>, most of them for {list(libraries)}</>}.{" "}
            {providerCount > 0 ? (
              <>
                {providerCount} inference provider{providerCount === 1 ? " serves" : "s serve"} some of them
                {providers.length > 0 && <>: {list(providers)}</>}
                {providerCount > providers.length ? " and others" : ""}.
              </>
            ) : (
              <>No inference provider serves them: they run locally with their libraries.</>
            )}
          </>
        ) : (
          <>This hub&apos;s catalogue has no model for it yet.</>
        )}
      </p>
      {total > 0 && (
        <p>
          <Link
            className="button primary"
            to={`/models?pipeline_tag=${encodeURIComponent(page.id)}`}
            data-testid="task-browse-models"
          >
            Browse {total.toLocaleString("en-US")} {page.label.toLowerCase()} model{total === 1 ? "" : "s"}{" "}
            <ArrowRight size={16} aria-hidden />
          </Link>
        </p>
      )}
    </div>
  );
}

export function Component() {
  const { page, widgetModel, widgetModelError, servedModel, initialSnippets, facets } =
    useLoaderData() as TaskLoaderData;
  // The widget model is tried when it is served for this task; else a served model of the task, if any.
  const tried = servedModel ?? (widgetModel && servesTask(widgetModel, page.id) ? widgetModel : undefined);
  const pipeline = PIPELINE_DATA[page.id as PipelineType];
  const demoFile = [...page.demo.inputs].find((entry) => entry.type === "img" || entry.type === "audio");
  useTitle(page.label);
  return (
    <div className="page task-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/tasks">Tasks</Link> / <span aria-current="page">{page.label}</span>
      </nav>
      <header className="page-header">
        <h1>{page.label}</h1>
        <p className="tags">
          {pipeline && <span className="badge">{MODALITY_LABELS[pipeline.modality]}</span>}
          <code>{page.id}</code>
        </p>
        <p className="lead">{page.summary}</p>
        <TaskAbout page={page} facets={facets} />
        {page.youtubeId && (
          <p>
            <a
              href={`https://www.youtube.com/watch?v=${encodeURIComponent(page.youtubeId)}`}
              target="_blank"
              rel="noreferrer"
            >
              <PlayCircle size={16} aria-hidden /> Watch an introduction to {page.label.toLowerCase()}
            </a>
          </p>
        )}
      </header>

      <section className="card" aria-labelledby="demo-title">
        <h2 id="demo-title">Demo</h2>
        <TaskDemo inputs={page.demo.inputs} outputs={page.demo.outputs} taskLabel={page.label} />
      </section>

      {tried ? (
        <ModelInference
          model={tried}
          task={page.id}
          initialSnippets={initialSnippets}
          initialInput={exampleInput(tried)}
          exampleFile={demoFile && "filename" in demoFile ? demoFile.filename : undefined}
          note={
            servedModel && (
              <p className="hint try-model-note">
                {widgetModel ? (
                  <>
                    The task&apos;s widget model{" "}
                    <Link to={`/models/${modelPath(widgetModel.id)}`}>{widgetModel.id}</Link> has no inference
                    provider for {page.label.toLowerCase()}
                  </>
                ) : (
                  <>This task has no widget model</>
                )}
                : trying <Link to={`/models/${modelPath(servedModel.id)}`}>{servedModel.id}</Link>, a
                provider-served model of the same task.
              </p>
            )
          }
        />
      ) : (
        <section className="card inference-widget" aria-labelledby="try-title">
          <h2 id="try-title">Inference Providers</h2>
          {widgetModelError !== undefined && (
            <ErrorNotice error={widgetModelError} context={`Widget model ${page.widgetModels[0]}`} />
          )}
          <p className="muted">
            {TRY_TASKS[page.id]
              ? `No model in this hub's catalogue is served for ${page.label.toLowerCase()} by an inference provider the router reaches${widgetModel ? ` (the widget model ${widgetModel.id} included)` : ""}, so it cannot be tried here.`
              : `No inference provider serves ${page.label.toLowerCase()} yet, so it cannot be tried in the browser: the models above run locally with their libraries.`}
          </p>
        </section>
      )}

      <div className="repo-columns">
        <RepoList
          title="Models"
          icon={<ArrowRight size={16} aria-hidden />}
          items={page.models}
          href={(id) => `/models/${modelPath(id)}`}
        />
        <RepoList
          title="Datasets"
          icon={<Database size={16} aria-hidden />}
          items={page.datasets}
          href={(id) => `https://huggingface.co/datasets/${modelPath(id)}`}
        />
        <RepoList
          title="Spaces"
          icon={<Users size={16} aria-hidden />}
          items={page.spaces}
          href={(id) => `https://huggingface.co/spaces/${modelPath(id)}`}
        />
        <RepoList
          title="Metrics"
          icon={<Gauge size={16} aria-hidden />}
          items={page.metrics}
          href={(id) => `https://huggingface.co/spaces/evaluate-metric/${encodeURIComponent(id)}`}
        />
      </div>
      {page.libraries.length > 0 && (
        <section className="card">
          <h2>
            <Globe size={18} aria-hidden /> Libraries for {page.label.toLowerCase()}
          </h2>
          <ul className="chip-list">
            {page.libraries.map((library) => (
              <li key={library}>
                <Link className="chip" to={`/libraries/${encodeURIComponent(library)}`}>
                  {library}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteError;
