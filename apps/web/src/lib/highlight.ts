// highlight.js with the three snippet languages: imported up front by the server renderer, loaded on
// demand in the browser by CodeBlock (not part of any page's first-load JS).
import hljs from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
import javascript from "highlight.js/lib/languages/javascript";
import python from "highlight.js/lib/languages/python";

for (const [name, language] of Object.entries({ python, javascript, bash })) {
  if (!hljs.getLanguage(name)) hljs.registerLanguage(name, language);
}

/** Recent results: the server renders the same snippets page after page (bounded, oldest out first). */
const recent = new Map<string, string>();
const RECENT_MAX = 256;

/** Highlighted HTML of `code` (escaped by highlight.js, so safe to inject). */
export function highlight(code: string, language: "python" | "javascript" | "bash" | "auto"): string {
  const key = `${language}\n${code}`;
  let html = recent.get(key);
  if (html === undefined) {
    html =
      language === "auto"
        ? hljs.highlightAuto(code, ["python", "bash", "javascript"]).value
        : hljs.highlight(code, { language, ignoreIllegals: true }).value;
    if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
    recent.set(key, html);
  }
  return html;
}
