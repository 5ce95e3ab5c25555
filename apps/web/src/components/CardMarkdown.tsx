// The model card's Markdown, rendered with the shared renderer (its own chunk: marked and the
// highlighter load only where a card is shown, after the page's first paint).
import { renderMarkdown } from "../playground/markdown.js";

export default function CardMarkdown({ source }: { source: string }) {
  return <div className="markdown card-markdown">{renderMarkdown(source, { card: true })}</div>;
}
