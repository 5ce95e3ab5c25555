// Splits a reply into reasoning (`<think>…</think>`, as reasoning models such as DeepSeek-R1 and QwQ
// emit it) and answer text, so the reasoning can be shown collapsed. Works on partial, streamed text.

export type ReplySegment =
  | { kind: "reasoning"; text: string; /** the closing tag has arrived */ done: boolean }
  | { kind: "answer"; text: string };

const OPEN = "<think>";
const CLOSE = "</think>";

export function splitReasoning(reply: string): ReplySegment[] {
  const segments: ReplySegment[] = [];
  let rest = reply;
  // Some providers strip the opening tag and send only the closing one: what precedes it is reasoning.
  const firstClose = rest.indexOf(CLOSE);
  const firstOpen = rest.indexOf(OPEN);
  if (firstClose !== -1 && (firstOpen === -1 || firstClose < firstOpen)) {
    segments.push({ kind: "reasoning", text: rest.slice(0, firstClose).trim(), done: true });
    rest = rest.slice(firstClose + CLOSE.length);
  }
  while (rest.length > 0) {
    const open = rest.indexOf(OPEN);
    if (open === -1) {
      segments.push({ kind: "answer", text: rest });
      break;
    }
    if (open > 0) segments.push({ kind: "answer", text: rest.slice(0, open) });
    const afterOpen = rest.slice(open + OPEN.length);
    const close = afterOpen.indexOf(CLOSE);
    if (close === -1) {
      segments.push({ kind: "reasoning", text: afterOpen.trim(), done: false });
      break;
    }
    segments.push({ kind: "reasoning", text: afterOpen.slice(0, close).trim(), done: true });
    rest = afterOpen.slice(close + CLOSE.length);
  }
  return segments.filter((segment) => segment.kind === "reasoning" || segment.text.trim() !== "");
}
