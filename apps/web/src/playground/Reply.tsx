// A model reply: Markdown (loaded on first use) with reasoning blocks collapsed in <details>.
import { Brain } from "lucide-react";
import { useEffect, useMemo, useState, type MouseEvent } from "react";
import { splitReasoning } from "./reasoning.js";

interface MarkdownModule {
  renderMarkdown(source: string): string;
}
let markdownModule: MarkdownModule | undefined;
let markdownPromise: Promise<MarkdownModule> | undefined;

function useMarkdownModule(): MarkdownModule | undefined {
  const [loaded, setLoaded] = useState(markdownModule);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    markdownPromise ??= import("./markdown.js").then((module) => (markdownModule = module));
    markdownPromise.then(
      (module) => live && setLoaded(module),
      () => undefined, // stays plain text
    );
    return () => {
      live = false;
    };
  }, [loaded]);
  return loaded;
}

/** Copy buttons of code blocks are plain HTML: one delegated handler serves them all. */
async function onCodeCopy(event: MouseEvent<HTMLDivElement>) {
  const button = (event.target as HTMLElement).closest("button.md-copy");
  const code = button?.parentElement?.querySelector("code")?.textContent;
  if (!button || code == null) return;
  try {
    await navigator.clipboard.writeText(code);
    button.textContent = "Copied";
  } catch {
    button.textContent = "Copy blocked";
  }
  setTimeout(() => (button.textContent = "Copy"), 2000);
}

export function Markdown({ text }: { text: string }) {
  const module = useMarkdownModule();
  const html = useMemo(() => module?.renderMarkdown(text), [module, text]);
  if (html === undefined) return <div className="markdown plain">{text}</div>;
  // renderMarkdown's output is sanitised by DOMPurify (raw HTML in the reply is escaped first).
  return <div className="markdown" onClick={onCodeCopy} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function Reply({ text, streaming = false }: { text: string; streaming?: boolean }) {
  const segments = useMemo(() => splitReasoning(text), [text]);
  return (
    <div className="reply">
      {segments.map((segment, index) =>
        segment.kind === "answer" ? (
          <Markdown key={index} text={segment.text} />
        ) : (
          <details key={index} className="reasoning" open={streaming && !segment.done ? true : undefined}>
            <summary>
              <Brain size={15} aria-hidden /> {segment.done ? "Reasoning" : "Thinking…"}
            </summary>
            <Markdown text={segment.text} />
          </details>
        ),
      )}
    </div>
  );
}
