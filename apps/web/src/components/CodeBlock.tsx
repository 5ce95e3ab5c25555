// Code with a copy button and a wrap toggle: lines wrap by default so no text is ever cut at the
// column edge; unwrapped, the block scrolls sideways. Syntax highlighting (lib/highlight.ts): the
// server renderer highlights the blocks it sends, and the browser takes that HTML up as it hydrates,
// so a page's first load carries no highlighter; the browser loads one only when a block's code
// changes (another snippet, another provider) or a block was rendered in the browser.
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

/** The server renderer's highlighter, imported up front there (entry-server.tsx), never in the browser. */
export function setServerHighlighter(module: Highlighter): void {
  highlighter = module;
}

interface Highlighted {
  code: string;
  language: string;
  html: string;
}

/**
 * The highlighted HTML the server sent with this page, by language and code. Taken when this module
 * loads, before the page hydrates, so a block rendered afresh after its server HTML is gone (a lazy
 * part that had to be client-rendered) still finds it. Only highlight.js's own markup is taken: text
 * and `<span class="hljs-…">`, nothing else, whatever else the page holds.
 */
const sentWithPage = new Map<string, string>();
const sentKey = (language: string, code: string) => `${language}\n${code}`;
const isHighlighterMarkup = (element: Element) =>
  [...element.querySelectorAll("*")].every(
    (inner) =>
      inner.tagName === "SPAN" &&
      inner.attributes.length === 1 &&
      /^hljs-[\w-]+( [\w-]+)*$/.test(inner.getAttribute("class") ?? ""),
  );
if (typeof document !== "undefined") {
  for (const sent of document.querySelectorAll<HTMLElement>("pre > code.hljs[data-highlighted]")) {
    if (!isHighlighterMarkup(sent)) continue;
    sentWithPage.set(sentKey(sent.dataset.highlighted ?? "", sent.textContent ?? ""), sent.innerHTML);
  }
}

/** The block's first highlighted HTML: the highlighter's where one is loaded, else the server's. */
function initialHighlight(code: string, language: CodeLanguage): Highlighted | undefined {
  const html = highlighter
    ? highlighter.highlight(code, language)
    : sentWithPage.get(sentKey(language, code));
  return html === undefined ? undefined : { code, language, html };
}

interface CodeBlockProps {
  code: string;
  language: CodeLanguage;
  /** names the block for screen readers and the copy button */
  label: string;
}

export function CodeBlock({ code, language, label }: CodeBlockProps) {
  const [html, setHtml] = useState(() => initialHighlight(code, language));
  useEffect(() => {
    if (html?.code === code && html.language === language) return;
    let current = true;
    const apply = (module: Highlighter) =>
      current && setHtml({ code, language, html: module.highlight(code, language) });
    if (highlighter) apply(highlighter);
    else void loadHighlighter().then(apply, () => {});
    return () => {
      current = false;
    };
    // `html` is left out on purpose: it changes only when this effect sets it.
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
          // highlight.js escapes the code it returns, so the HTML is safe to inject (and the browser
          // takes up only HTML whose text is exactly the block's code).
          <code
            className="hljs"
            data-highlighted={language}
            dangerouslySetInnerHTML={{ __html: highlighted }}
          />
        )}
      </pre>
    </div>
  );
}
