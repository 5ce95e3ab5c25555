// A hosted dataset: /datasets/{owner}/{name}. Its README as the card, then its files and versions,
// a preview of the first rows of its CSV, JSON Lines and Parquet files, and its history
// (components/RepoBrowser.tsx, fetched in the browser with the signed-in person's token). The loader
// reads the dataset's info and README; the server renders it anonymously, so a private dataset is a
// 404 there and is loaded again in the browser for someone signed in who may read it.
import { FileText, Lock } from "lucide-react";
import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { REPO_BROWSER_PARAMS } from "../components/NotHosted.js";
import { RepoBrowser } from "../components/RepoBrowser.js";
import { RouteError } from "../components/RouteError.js";
import { getJson, getText, modelPath } from "../lib/api.js";
import { formatDate } from "../lib/format.js";
import { lazyWithPreload } from "../lib/lazy.js";
import { useTitle } from "../lib/title.js";
import { revalidateUnlessOnly } from "../lib/revalidate.js";

// The card's Markdown renderer (the model page's chunk), not ModelCard: sharing that component with
// the model page split it into a chunk of its own and made every model page's JavaScript larger.
const CardMarkdown = lazyWithPreload(() => import("../components/CardMarkdown.js"));

/** The README without its YAML front matter. */
function cardBody(readme: string): string {
  return readme.replace(/^---\r?\n[\s\S]*?\r?\n---[^\n]*\n?/, "");
}

interface DatasetInfo {
  id: string;
  author?: string;
  private?: boolean;
  lastModified?: string;
  sha?: string;
  siblings?: { rfilename: string }[];
}

interface DatasetLoaderData {
  info: DatasetInfo;
  card?: string;
}

export async function loader({ params, request }: LoaderFunctionArgs): Promise<DatasetLoaderData> {
  const id = `${params.owner}/${params.name}`;
  const signal = request.signal;
  const [info] = await Promise.all([
    getJson<DatasetInfo>(`/api/datasets/${modelPath(id)}`, signal),
    CardMarkdown.preload(),
  ]);
  const card = info.siblings?.some((file) => file.rfilename === "README.md")
    ? await getText(`/datasets/${modelPath(id)}/resolve/main/README.md`, signal).catch(() => undefined)
    : undefined;
  return { info, card };
}

export const shouldRevalidate = revalidateUnlessOnly(REPO_BROWSER_PARAMS);

export function Component() {
  const { info, card } = useLoaderData() as DatasetLoaderData;
  useTitle(`Dataset ${info.id}`);
  const [owner, name] = info.id.split("/");
  return (
    <div className="page dataset-page" key={info.id}>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        Datasets / <Link to={`/${encodeURIComponent(owner)}`}>{owner}</Link> /{" "}
        <span aria-current="page">{name}</span>
      </nav>
      <header className="page-header">
        <h1>{info.id}</h1>
        <p className="model-meta">
          <span className="badge subtle">dataset</span>
          {info.private && (
            <span className="badge warning">
              <Lock size={12} aria-hidden /> private
            </span>
          )}
          {info.lastModified && <span className="muted">Updated {formatDate(info.lastModified)}</span>}
        </p>
      </header>
      {card !== undefined && cardBody(card).trim() && (
        <section className="card model-card-section" aria-labelledby="dataset-card-title">
          <h2 id="dataset-card-title">
            <FileText size={18} aria-hidden /> Dataset card
          </h2>
          <CardMarkdown source={cardBody(card)} />
        </section>
      )}
      <RepoBrowser kind="dataset" id={info.id} isPrivate={info.private} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
