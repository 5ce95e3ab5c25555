// highlight.js with the three snippet languages, loaded on demand by CodeBlock (not part of any page's
// first-load JS): blocks show plain text until it arrives, then their highlighted HTML.
import hljs from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
import javascript from "highlight.js/lib/languages/javascript";
import python from "highlight.js/lib/languages/python";

for (const [name, language] of Object.entries({ python, javascript, bash })) {
  if (!hljs.getLanguage(name)) hljs.registerLanguage(name, language);
}

/** Highlighted HTML of `code` (escaped by highlight.js, so safe to inject). */
export function highlight(code: string, language: "python" | "javascript" | "bash" | "auto"): string {
  if (language === "auto") return hljs.highlightAuto(code, ["python", "bash", "javascript"]).value;
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}
