// Syntax-highlighted code with a copy button. highlight.js core with only the three snippet
// languages registered keeps this chunk small.
import hljs from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
import javascript from "highlight.js/lib/languages/javascript";
import python from "highlight.js/lib/languages/python";
import { useMemo } from "react";
import { CopyButton } from "./CopyButton.js";

hljs.registerLanguage("python", python);
hljs.registerLanguage("javascript", javascript);
hljs.registerLanguage("bash", bash);

export type CodeLanguage = "python" | "javascript" | "bash" | "auto";

interface CodeBlockProps {
  code: string;
  language: CodeLanguage;
  /** names the block for screen readers and the copy button */
  label: string;
}

export function CodeBlock({ code, language, label }: CodeBlockProps) {
  const html = useMemo(() => {
    // highlight.js escapes the code it returns, so the HTML is safe to inject.
    if (language === "auto") return hljs.highlightAuto(code, ["python", "bash", "javascript"]).value;
    return hljs.highlight(code, { language, ignoreIllegals: true }).value;
  }, [code, language]);
  return (
    <div className="code-block">
      <CopyButton text={code} label={`Copy ${label}`} />
      <pre tabIndex={0} aria-label={label}>
        <code className="hljs" dangerouslySetInnerHTML={{ __html: html }} />
      </pre>
    </div>
  );
}
