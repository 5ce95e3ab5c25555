// A chat reply rendered as Markdown (the playground's renderer), in its own chunk: pages load it
// with the first reply.
import { renderMarkdown } from "../playground/markdown.js";
import "../playground/playground.css";

export default function ChatMarkdown({ text }: { text: string }) {
  return <div className="markdown">{renderMarkdown(text)}</div>;
}
