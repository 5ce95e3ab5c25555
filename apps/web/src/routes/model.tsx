// A model page: tags, task and library; "Use this model" (library snippets and local apps); the
// Inference Providers widget with its try-it panel.
import type { LocalApp, LocalAppSnippet, ModelData } from "@hubkit/tasks";
import type * as LocalAppsModule from "@hubkit/tasks/local-apps";
import type * as ModelLibrariesModule from "@hubkit/tasks/model-libraries";
import { PIPELINE_DATA, type PipelineType } from "@hubkit/tasks/pipelines";
import { ArrowRight, Download, ExternalLink, Globe, Heart, Store, TrendingUp, Users } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { CodeBlock } from "../components/CodeBlock.js";
import { ErrorNotice, Loading } from "../components/Feedback.js";
import { ModelInference } from "../components/ModelInference.js";
import { RouteError } from "../components/RouteError.js";
import { Tabs } from "../components/Tabs.js";
import { getModel, getTaskPages, toModelData, type HubModel } from "../lib/api.js";
import { formatCount, formatDate } from "../lib/format.js";
import { exampleInput } from "../lib/examples.js";

interface ModelLoaderData {
  model: HubModel;
  exampleFile?: string;
}

export async function loader({ params, request }: LoaderFunctionArgs): Promise<ModelLoaderData> {
  const id = params["*"] ?? "";
  const model = await getModel(decodeURIComponent(id), request.signal);
  let exampleFile: string | undefined;
  if (model.pipeline_tag) {
    // The task page's demo file is the default input of image and audio try-outs.
    const page = (await getTaskPages().catch(() => undefined))?.[model.pipeline_tag];
    const entry = page?.demo.inputs.find((input) => input.type === "img" || input.type === "audio");
    if (entry && "filename" in entry) exampleFile = entry.filename;
  }
  return { model, exampleFile };
}

interface UseOption {
  id: string;
  label: string;
  docsUrl?: string;
  repoUrl?: string;
  blocks: { title?: string; code: string; language: "python" | "bash" | "auto" }[];
  deeplink?: string;
  macOSOnly?: boolean;
}

function asSnippetList(value: string | string[] | LocalAppSnippet | LocalAppSnippet[]): LocalAppSnippet[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => (typeof item === "string" ? { title: "Run", content: item } : item));
}

type Registries = [typeof ModelLibrariesModule, typeof LocalAppsModule];

/** The library registry and local apps are large: loaded only when a model page shows them. */
function loadRegistries(): Promise<Registries> {
  return Promise.all([import("@hubkit/tasks/model-libraries"), import("@hubkit/tasks/local-apps")]);
}

function usageOptions(
  model: HubModel,
  [{ MODEL_LIBRARIES_UI_ELEMENTS }, { LOCAL_APPS }]: Registries,
): UseOption[] {
  const data: ModelData = toModelData(model);
  const options: UseOption[] = [];
  const library = model.library_name
    ? (
        MODEL_LIBRARIES_UI_ELEMENTS as Record<
          string,
          (typeof MODEL_LIBRARIES_UI_ELEMENTS)[keyof typeof MODEL_LIBRARIES_UI_ELEMENTS]
        >
      )[model.library_name]
    : undefined;
  if (library && model.library_name) {
    let blocks: UseOption["blocks"] = [];
    try {
      blocks = ("snippets" in library && library.snippets ? library.snippets(data) : []).map((code) => ({
        code,
        language: "auto" as const,
      }));
    } catch (error) {
      blocks = [
        { title: "The snippet generator failed", code: `# ${(error as Error).message}`, language: "bash" },
      ];
    }
    options.push({
      id: `library-${model.library_name}`,
      label: library.prettyLabel,
      docsUrl: library.docsUrl,
      repoUrl: library.repoUrl,
      blocks,
    });
  }
  const ggufFile = model.siblings?.find((file) => file.rfilename.endsWith(".gguf"))?.rfilename;
  for (const [key, app] of Object.entries(LOCAL_APPS) as [string, LocalApp][]) {
    let shown = false;
    try {
      shown = app.displayOnModelPage(data);
    } catch {
      shown = false;
    }
    if (!shown) continue;
    const option: UseOption = {
      id: `app-${key}`,
      label: app.prettyLabel,
      docsUrl: app.docsUrl,
      blocks: [],
      macOSOnly: app.macOSOnly,
    };
    if ("deeplink" in app) option.deeplink = app.deeplink(data, ggufFile).toString();
    else {
      for (const snippet of asSnippetList(app.snippet(data, ggufFile))) {
        const content = Array.isArray(snippet.content) ? snippet.content.join("\n\n") : snippet.content;
        const code = snippet.setup ? `${snippet.setup}\n\n${content}` : content;
        option.blocks.push({ title: snippet.title, code, language: "bash" });
      }
    }
    options.push(option);
  }
  return options;
}

function UseThisModel({ model }: { model: HubModel }) {
  const [registries, setRegistries] = useState<Registries | undefined>();
  const [loadError, setLoadError] = useState<unknown>();
  useEffect(() => {
    loadRegistries().then(setRegistries, setLoadError);
  }, []);
  const options = useMemo(() => (registries ? usageOptions(model, registries) : []), [model, registries]);
  const [selected, setSelected] = useState(options[0]?.id ?? "");
  const active = options.find((option) => option.id === selected) ?? options[0];
  return (
    <section className="card" aria-labelledby="use-title">
      <h2 id="use-title">
        <Download size={18} aria-hidden /> Use this model
      </h2>
      {loadError !== undefined ? (
        <ErrorNotice error={loadError} context="Loading the library registry" />
      ) : !registries ? (
        <Loading label="Loading snippets…" />
      ) : !active ? (
        <p className="muted">No library snippet or local app covers this model.</p>
      ) : (
        <Tabs
          label="Library or app"
          items={options.map((option) => ({ id: option.id, label: option.label }))}
          selected={active.id}
          onSelect={setSelected}
        >
          <p className="links">
            {active.repoUrl && (
              <a href={active.repoUrl} target="_blank" rel="noreferrer">
                <Store size={16} aria-hidden /> Repository
              </a>
            )}
            {active.docsUrl && (
              <a href={active.docsUrl} target="_blank" rel="noreferrer">
                <Globe size={16} aria-hidden /> Docs
              </a>
            )}
            {active.macOSOnly && <span className="badge">macOS only</span>}
          </p>
          {active.deeplink && (
            <p>
              <a className="button primary" href={active.deeplink}>
                <ExternalLink size={16} aria-hidden /> Open in {active.label}
              </a>
            </p>
          )}
          {active.blocks.map((block, index) => (
            <div key={index}>
              {block.title && <h3 className="block-title">{block.title}</h3>}
              <CodeBlock
                code={block.code}
                language={block.language}
                label={`${active.label} ${block.title ?? "snippet"}`}
              />
            </div>
          ))}
          {!active.deeplink && active.blocks.length === 0 && (
            <p className="muted">The generator returned no snippet for this model.</p>
          )}
        </Tabs>
      )}
    </section>
  );
}

export function Component() {
  const { model, exampleFile } = useLoaderData() as ModelLoaderData;
  const taskName = model.pipeline_tag
    ? (PIPELINE_DATA[model.pipeline_tag as PipelineType]?.name ?? model.pipeline_tag)
    : undefined;
  return (
    <div className="page model-page" key={model.id}>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/models">Models</Link> / <span aria-current="page">{model.id}</span>
      </nav>
      <header className="page-header">
        <h1>{model.id}</h1>
        {model.description && <p className="lead">{model.description}</p>}
        <p className="model-meta">
          {taskName && (
            <Link className="badge" to={`/tasks/${model.pipeline_tag}`}>
              {taskName}
            </Link>
          )}
          {model.library_name && (
            <Link className="badge subtle" to={`/libraries?q=${encodeURIComponent(model.library_name)}`}>
              {model.library_name}
            </Link>
          )}
          <span title="Downloads">
            <TrendingUp size={14} aria-hidden /> {formatCount(model.downloads)} downloads
          </span>
          <span title="Likes">
            <Heart size={14} aria-hidden /> {formatCount(model.likes)} likes
          </span>
          <span className="muted">Updated {formatDate(model.lastModified)}</span>
          {model.gated && <span className="badge warning">gated</span>}
        </p>
        {model.tags && model.tags.length > 0 && (
          <ul className="chip-list" aria-label="Tags">
            {model.tags.slice(0, 40).map((tag) => (
              <li key={tag} className="chip">
                {tag}
              </li>
            ))}
          </ul>
        )}
      </header>
      <div className="model-columns">
        <div>
          <UseThisModel model={model} />
          {model.spaces && model.spaces.length > 0 && (
            <section className="card">
              <h2>
                <Users size={18} aria-hidden /> Spaces using this model
              </h2>
              <ul className="chip-list">
                {model.spaces.slice(0, 20).map((space) => (
                  <li key={space}>
                    <a
                      className="chip"
                      href={`https://huggingface.co/spaces/${space}`}
                      target="_blank"
                      rel="noreferrer"
                    >
                      {space}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <div>
          <ModelInference model={model} initialInput={exampleInput(model)} exampleFile={exampleFile} />
          {model.tags?.includes("conversational") && (
            <p>
              <Link className="button" to={`/playground?model=${encodeURIComponent(model.id)}`}>
                Open in the playground <ArrowRight size={16} aria-hidden />
              </Link>
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteError;
