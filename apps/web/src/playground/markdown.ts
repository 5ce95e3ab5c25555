// Markdown of model replies to sanitised HTML: marked (GitHub-flavoured: tables, fenced code) with
// highlight.js for code, then DOMPurify. Raw HTML in a reply is shown as text, images become links
// (a reply must not make the browser fetch from a host it names), links open in a new tab.
// Loaded on demand by <Markdown>, so an empty playground does not download it.
import DOMPurify from "dompurify";
import hljs from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import python from "highlight.js/lib/languages/python";
import { Marked, type Tokens } from "marked";

for (const [name, language] of Object.entries({ python, javascript, bash, json })) {
  if (!hljs.getLanguage(name)) hljs.registerLanguage(name, language);
}
const ALIASES: Record<string, string> = {
  py: "python",
  js: "javascript",
  ts: "typescript",
  sh: "bash",
  shell: "bash",
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const marked = new Marked({
  gfm: true,
  renderer: {
    code({ text, lang }: Tokens.Code): string {
      const name = (lang ?? "").trim().split(/\s+/)[0].toLowerCase();
      const language = ALIASES[name] ?? name;
      // highlight.js escapes what it returns.
      const html = hljs.getLanguage(language)
        ? hljs.highlight(text, { language, ignoreIllegals: true }).value
        : escapeHtml(text);
      const label = language ? `<span class="md-lang">${escapeHtml(language)}</span>` : "";
      return `<div class="md-code">${label}<button type="button" class="md-copy">Copy</button><pre><code class="hljs">${html}</code></pre></div>`;
    },
    html({ text }: Tokens.HTML | Tokens.Tag): string {
      return escapeHtml(text);
    },
    image({ href, text }: Tokens.Image): string {
      return `<a href="${escapeHtml(href)}">${escapeHtml(text || href)}</a>`;
    },
  },
});

DOMPurify.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName === "A") {
    node.setAttribute("target", "_blank");
    node.setAttribute("rel", "noopener noreferrer nofollow");
  }
});

export function renderMarkdown(source: string): string {
  const html = marked.parse(source, { async: false });
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ["img", "style", "form", "input", "iframe", "video", "audio", "source", "picture"],
    FORBID_ATTR: ["style"],
  });
}
