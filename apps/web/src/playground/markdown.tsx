// Markdown of model replies as React elements: marked's lexer (GitHub-flavoured: tables, fenced code,
// task lists) parses, and each token becomes an element. No HTML string is ever injected except
// highlight.js output, which escapes the code it wraps; raw HTML in a reply is shown as text,
// images become links (a reply must not make the browser fetch from a host it names), and links
// keep only web and mail addresses. Loaded on demand by <Markdown>. Model cards (`card` option) also
// show https images (no referrer) and keep links within this site; their raw HTML is shown as its text.
import hljs from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import python from "highlight.js/lib/languages/python";
import { Lexer, type Token, type Tokens } from "marked";
import { createElement, type ReactNode } from "react";
import { CopyButton } from "../components/CopyButton.js";

for (const [name, language] of Object.entries({ python, javascript, bash, json })) {
  if (!hljs.getLanguage(name)) hljs.registerLanguage(name, language);
}
const ALIASES: Record<string, string> = {
  py: "python",
  js: "javascript",
  ts: "javascript",
  typescript: "javascript",
  jsx: "javascript",
  tsx: "javascript",
  sh: "bash",
  shell: "bash",
  zsh: "bash",
};

export interface MarkdownOptions {
  /** a model card: images shown, site-relative links kept, raw HTML reduced to its text */
  card?: boolean;
}

let options: MarkdownOptions = {};

/**
 * Whether a link or image address stays on this site. Decided by where the browser would go, not by
 * its first character: `//evil.example` and `/\evil.example` start with "/" and go to evil.example.
 */
function isSameSite(href: string): boolean {
  try {
    return new URL(href, "https://example.invalid/").origin === "https://example.invalid";
  } catch {
    return false;
  }
}

/** http(s), mailto and in-page links only (cards: also paths on this site). */
function safeHref(href: string): string | undefined {
  try {
    const url = new URL(href, "https://example.invalid/");
    if (url.origin === "https://example.invalid") {
      if (href.startsWith("#")) return href;
      return options.card && href.startsWith("/") ? href : undefined;
    }
    return ["http:", "https:", "mailto:"].includes(url.protocol) ? href : undefined;
  } catch {
    return undefined;
  }
}

function Code({ text, lang }: { text: string; lang?: string }) {
  const name = (lang ?? "").trim().split(/\s+/)[0].toLowerCase();
  const language = ALIASES[name] ?? name;
  const known = language !== "" && hljs.getLanguage(language) !== undefined;
  return (
    <div className="md-code">
      {name && <span className="md-lang">{name}</span>}
      <CopyButton text={text} label="Copy the code" />
      <pre>
        {known ? (
          // highlight.js escapes the code it returns.
          <code
            className="hljs"
            dangerouslySetInnerHTML={{
              __html: hljs.highlight(text, { language, ignoreIllegals: true }).value,
            }}
          />
        ) : (
          <code className="hljs">{text}</code>
        )}
      </pre>
    </div>
  );
}

function inline(tokens: Token[] | undefined, fallback = ""): ReactNode {
  if (!tokens) return fallback;
  return tokens.map((token, key) => {
    switch (token.type) {
      case "text":
        return "tokens" in token && token.tokens ? inline(token.tokens, token.text) : token.text;
      case "escape":
        return token.text;
      case "strong":
        return <strong key={key}>{inline(token.tokens, token.text)}</strong>;
      case "em":
        return <em key={key}>{inline(token.tokens, token.text)}</em>;
      case "del":
        return <del key={key}>{inline(token.tokens, token.text)}</del>;
      case "codespan":
        return <code key={key}>{token.text}</code>;
      case "br":
        return <br key={key} />;
      case "image": {
        const image = token as Tokens.Image;
        // https images, or images on this site (a root-relative path)
        const shown =
          /^https:\/\//i.test(image.href) || (image.href.startsWith("/") && isSameSite(image.href));
        if (options.card && shown) {
          return (
            <img
              key={key}
              src={image.href}
              alt={image.text}
              title={image.title ?? undefined}
              loading="lazy"
              referrerPolicy="no-referrer"
              className="md-image"
            />
          );
        }
        const href = safeHref(image.href);
        const label = image.text || image.href;
        return href ? (
          <a key={key} href={href} target="_blank" rel="noopener noreferrer nofollow">
            {label}
          </a>
        ) : (
          <span key={key}>{label}</span>
        );
      }
      case "link": {
        const href = safeHref((token as Tokens.Link).href);
        const label = inline(token.tokens, token.text);
        if (href?.startsWith("/") && isSameSite(href)) {
          return (
            <a key={key} href={href}>
              {label}
            </a>
          );
        }
        return href ? (
          <a key={key} href={href} target="_blank" rel="noopener noreferrer nofollow">
            {label}
          </a>
        ) : (
          <span key={key}>{label}</span>
        );
      }
      default:
        // Raw HTML and anything else: its source as text (cards: the text between the tags).
        return options.card && token.type === "html" ? htmlText(token.raw) : token.raw;
    }
  });
}

function blocks(tokens: Token[]): ReactNode {
  return tokens.map((token, key) => {
    switch (token.type) {
      case "space":
      case "def":
        return null;
      case "paragraph":
        return <p key={key}>{inline(token.tokens, token.text)}</p>;
      case "text":
        return "tokens" in token && token.tokens ? inline(token.tokens, token.text) : token.text;
      case "heading":
        return createElement(`h${Math.min(6, token.depth + 2)}`, { key }, inline(token.tokens, token.text));
      case "code":
        return <Code key={key} text={token.text} lang={token.lang} />;
      case "blockquote":
        return <blockquote key={key}>{blocks(token.tokens ?? [])}</blockquote>;
      case "hr":
        return <hr key={key} />;
      case "list": {
        const list = token as Tokens.List;
        const items = list.items.map((item, index) => (
          <li key={index}>
            {item.task && <input type="checkbox" checked={item.checked} disabled aria-label="task" />}
            {blocks(item.tokens.filter((child) => child.type !== "checkbox"))}
          </li>
        ));
        return list.ordered ? (
          <ol key={key} start={typeof list.start === "number" && list.start !== 1 ? list.start : undefined}>
            {items}
          </ol>
        ) : (
          <ul key={key}>{items}</ul>
        );
      }
      case "table": {
        const table = token as Tokens.Table;
        const align = (index: number) =>
          table.align[index] ? { textAlign: table.align[index]! } : undefined;
        return (
          <div
            key={key}
            className="md-table"
            // A card's wide table scrolls: it must be reachable by keyboard.
            {...(options.card ? { tabIndex: 0, role: "region", "aria-label": "Table" } : {})}
          >
            <table>
              <thead>
                <tr>
                  {table.header.map((cell, index) => (
                    <th key={index} style={align(index)}>
                      {inline(cell.tokens, cell.text)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, rowIndex) => (
                  <tr key={rowIndex}>
                    {row.map((cell, index) => (
                      <td key={index} style={align(index)}>
                        {inline(cell.tokens, cell.text)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      }
      default: {
        // Raw HTML blocks and anything else: the source, as text (cards: only the text between tags).
        if (options.card && token.type === "html") {
          const text = htmlText(token.raw).trim();
          return text ? (
            <p key={key} className="md-raw">
              {text}
            </p>
          ) : null;
        }
        return (
          <p key={key} className="md-raw">
            {token.raw.trim()}
          </p>
        );
      }
    }
  });
}

/** The text of an HTML fragment, tags and comments dropped (never parsed as HTML). */
function htmlText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

export function renderMarkdown(source: string, renderOptions: MarkdownOptions = {}): ReactNode {
  options = renderOptions;
  try {
    return blocks(Lexer.lex(source, { gfm: true }));
  } finally {
    options = {};
  }
}
