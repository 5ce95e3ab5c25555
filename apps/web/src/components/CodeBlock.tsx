// Code with a copy button and a wrap toggle: lines wrap by default so no text is ever cut at the
// column edge; unwrapped, the block scrolls sideways. Syntax highlighting (lib/highlight.ts) is loaded
// after the page: the server and the first render show plain text, so hydration always matches.
import { WrapText } from "lucide-react";
import { useEffect, useState } from "react";
import type * as HighlightModule from "../lib/highlight.js";
import { CopyButton } from "./CopyButton.js";

export type CodeLanguage = "python" | "javascript" | "bash" | "auto";

type Highlighter = typeof HighlightModule;
let highlighter: Highlighter | undefined;
let loading: Promise<Highlighter> | undefined;

function loadHighlighter(): Promise<Highlighter> {
  loading ??= import("../lib/highlight.js").then((module) => (highlighter = module));
  return loading;
}

interface CodeBlockProps {
  code: string;
  language: CodeLanguage;
  /** names the block for screen readers and the copy button */
  label: string;
}

export function CodeBlock({ code, language, label }: CodeBlockProps) {
  const [html, setHtml] = useState<{ code: string; language: string; html: string }>();
  useEffect(() => {
    let current = true;
    const apply = (module: Highlighter) =>
      current && setHtml({ code, language, html: module.highlight(code, language) });
    if (highlighter) apply(highlighter);
    else void loadHighlighter().then(apply, () => {});
    return () => {
      current = false;
    };
  }, [code, language]);
  const [wrap, setWrap] = useState(true);
  const highlighted = html?.code === code && html.language === language ? html.html : undefined;
  return (
    <div className={`code-block${wrap ? " wrapped" : ""}`}>
      <div className="code-tools">
        <button
          type="button"
          className="copy-button wrap-toggle"
          aria-pressed={wrap}
          title={wrap ? "Show long lines unwrapped (scroll sideways)" : "Wrap long lines"}
          onClick={() => setWrap(!wrap)}
        >
          <WrapText size={14} aria-hidden /> Wrap
        </button>
        <CopyButton text={code} label={`Copy ${label}`} />
      </div>
      <pre tabIndex={0} aria-label={label}>
        {highlighted === undefined ? (
          <code className="hljs">{code}</code>
        ) : (
          // highlight.js escapes the code it returns, so the HTML is safe to inject.
          <code className="hljs" dangerouslySetInnerHTML={{ __html: highlighted }} />
        )}
      </pre>
    </div>
  );
}
