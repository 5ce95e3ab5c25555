// A model reply: Markdown (loaded on first use) with reasoning blocks collapsed in <details>.
import { Brain } from "lucide-react";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { splitReasoning } from "./reasoning.js";

interface MarkdownModule {
  renderMarkdown(source: string): ReactNode;
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

export function Markdown({ text }: { text: string }) {
  const module = useMarkdownModule();
  const content = useMemo(() => module?.renderMarkdown(text), [module, text]);
  if (content === undefined) {
    return (
      <div className="markdown plain">
        <p>{text}</p>
      </div>
    );
  }
  return <div className="markdown">{content}</div>;
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
