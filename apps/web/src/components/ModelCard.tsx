// The model card: the README's YAML front matter (behind "Metadata") and its Markdown body, rendered
// safely (see playground/markdown.tsx). The server renders it; the browser, when it hydrates that page,
// keeps the server's HTML as it is (the body is static) instead of loading the Markdown renderer, so
// the renderer is never part of a page's first-load JS. Pages reached by client-side navigation load
// the renderer (its own chunk) and render the card themselves.
import { FileText } from "lucide-react";
import { Suspense, useEffect, useState, type MouseEvent } from "react";
import { lazyWithPreload } from "../lib/lazy.js";

const CardMarkdown = lazyWithPreload(() => import("./CardMarkdown.js"));

/** Loads the Markdown renderer (page loaders call it, so the card renders without suspending). */
export function preloadCardRenderer(): Promise<void> {
  return CardMarkdown.preload();
}

/** Splits `---\nyaml\n---\nbody` into the YAML and the body. */
export function splitFrontMatter(source: string): { frontMatter?: string; body: string } {
  const match = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(source);
  return match ? { frontMatter: match[1], body: source.slice(match[0].length) } : { body: source };
}

const BODY_ID = "model-card-body";
/** false until the first card has mounted: only the first render can reuse the server's HTML */
let pastHydration = false;

/** The server-rendered card body of `modelId`, while the page is being hydrated. */
function serverHtml(modelId: string): string | undefined {
  if (pastHydration || typeof document === "undefined") return undefined;
  const element = document.getElementById(BODY_ID);
  return element?.dataset.cardFor === modelId ? element.innerHTML : undefined;
}

/** Copy buttons of code blocks in the kept server HTML: one delegated handler. */
function copyFromStaticHtml(event: MouseEvent<HTMLDivElement>) {
  const button = (event.target as HTMLElement).closest<HTMLButtonElement>(".md-code .copy-button");
  const code = button?.closest(".md-code")?.querySelector("pre")?.textContent;
  if (!button || code == null) return;
  const status = button.querySelector("[aria-live]");
  void navigator.clipboard.writeText(code).then(
    () => status && (status.textContent = "Copied"),
    () => status && (status.textContent = "Copy blocked by the browser"),
  );
  setTimeout(() => status && (status.textContent = "Copy"), 2000);
}

export function ModelCard({ source, modelId }: { source: string; modelId: string }) {
  const { frontMatter, body } = splitFrontMatter(source);
  const [kept] = useState(() => serverHtml(modelId));
  useEffect(() => {
    pastHydration = true;
  }, []);
  return (
    <section className="card model-card-section" aria-labelledby="model-card-title">
      <h2 id="model-card-title">
        <FileText size={18} aria-hidden /> Model card
      </h2>
      {frontMatter && (
        <details className="front-matter">
          <summary>Metadata (YAML front matter)</summary>
          <pre tabIndex={0} aria-label={`Front matter of the ${modelId} card`}>
            {frontMatter}
          </pre>
        </details>
      )}
      {body.trim() ? (
        kept !== undefined ? (
          // The server's HTML of this very card, kept as it is (React leaves it untouched).
          <div
            id={BODY_ID}
            data-card-for={modelId}
            onClick={copyFromStaticHtml}
            dangerouslySetInnerHTML={{ __html: kept }}
          />
        ) : (
          <div id={BODY_ID} data-card-for={modelId}>
            <Suspense fallback={<pre className="card-source">{body}</pre>}>
              <CardMarkdown source={body} />
            </Suspense>
          </div>
        )
      ) : (
        <p className="muted">The card has no text beyond its metadata.</p>
      )}
    </section>
  );
}
