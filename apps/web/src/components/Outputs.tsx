// Renderers shared by task demos and inference results: labels with score bars, entity-tagged
// text, video. (Tables are in DataTable.tsx; boxes and masks over an image, for results only, are in Overlays.tsx.)
import "./try-it.css";

export interface ScoredLabel {
  label: string;
  score: number;
}

export function LabelBars({ items, caption }: { items: ScoredLabel[]; caption?: string }) {
  const sorted = [...items].sort((a, b) => b.score - a.score).slice(0, 10);
  return (
    <div className="label-bars">
      {caption && <p className="caption">{caption}</p>}
      <ul>
        {sorted.map((item, index) => (
          <li key={`${item.label}-${index}`}>
            <span className="label-name">{item.label}</span>
            <span
              className="bar"
              role="meter"
              aria-label={item.label}
              aria-valuemin={0}
              aria-valuemax={1}
              aria-valuenow={item.score}
            >
              <span style={{ width: `${Math.max(0, Math.min(1, item.score)) * 100}%` }} />
            </span>
            <span className="score">{item.score.toFixed(3)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface TokenSpan {
  start: number;
  end: number;
  type: string;
}

const ENTITY_COLORS = ["indigo", "green", "orange", "red", "blue", "yellow"];

/** Text with its tagged spans highlighted, each labelled with its type. */
export function TaggedText({ text, tokens }: { text: string; tokens: TokenSpan[] }) {
  const types = [...new Set(tokens.map((token) => token.type))];
  const pieces: React.ReactNode[] = [];
  let cursor = 0;
  const sorted = [...tokens]
    .filter((t) => t.start >= 0 && t.end <= text.length)
    .sort((a, b) => a.start - b.start);
  sorted.forEach((token, index) => {
    if (token.start < cursor) return;
    if (token.start > cursor) pieces.push(text.slice(cursor, token.start));
    const color = ENTITY_COLORS[types.indexOf(token.type) % ENTITY_COLORS.length];
    pieces.push(
      <mark key={index} className={`entity entity-${color}`}>
        {text.slice(token.start, token.end)}
        <span className="entity-type">{token.type}</span>
      </mark>,
    );
    cursor = token.end;
  });
  if (cursor < text.length) pieces.push(text.slice(cursor));
  return <p className="tagged-text">{pieces}</p>;
}

/** A video that plays inline: muted so browsers let it start by itself, looped, with controls. */
export function VideoPlayer({ src, label }: { src: string; label: string }) {
  return (
    <video className="result-video" src={src} controls autoPlay muted loop playsInline aria-label={label}>
      <a href={src} download>
        Download the video
      </a>
    </video>
  );
}
