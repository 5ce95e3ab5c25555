// Detections and segments drawn over the input image (results only: loaded with TryResult.tsx).
import { useState } from "react";

/** Colours of drawn boxes and masks, readable over photos in both themes. */
export const OVERLAY_COLORS = ["#e11d48", "#2563eb", "#16a34a", "#d97706", "#9333ea", "#0891b2"];

export interface DetectedBox {
  label: string;
  score: number;
  box: { xmin: number; ymin: number; xmax: number; ymax: number };
}

/** The input image with each detection's box and label drawn over it, in the image's pixel space. */
export function BoxesOverlay({ src, boxes, alt }: { src: string; boxes: DetectedBox[]; alt: string }) {
  const [size, setSize] = useState<{ width: number; height: number } | undefined>();
  return (
    <figure className="overlay-figure">
      <div className="overlay-stack">
        <img
          src={src}
          alt={alt}
          onLoad={(event) =>
            setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
          }
        />
        {size && (
          <svg
            className="boxes"
            viewBox={`0 0 ${size.width} ${size.height}`}
            preserveAspectRatio="none"
            role="img"
            aria-label={`${boxes.length} detected objects: ${boxes.map((b) => b.label).join(", ")}`}
          >
            {boxes.map((item, index) => {
              const color = OVERLAY_COLORS[index % OVERLAY_COLORS.length];
              const { xmin, ymin, xmax, ymax } = item.box;
              const stroke = Math.max(2, size.width / 200);
              const fontSize = Math.max(10, size.width / 28);
              return (
                <g key={index} data-label={item.label}>
                  <rect
                    x={xmin}
                    y={ymin}
                    width={Math.max(0, xmax - xmin)}
                    height={Math.max(0, ymax - ymin)}
                    fill="none"
                    stroke={color}
                    strokeWidth={stroke}
                    vectorEffect="non-scaling-stroke"
                  />
                  <text
                    x={xmin + stroke * 2}
                    y={ymin + fontSize + stroke}
                    fontSize={fontSize}
                    fill="#fff"
                    stroke={color}
                    strokeWidth={fontSize / 5}
                    paintOrder="stroke"
                  >
                    {item.label}
                  </text>
                </g>
              );
            })}
          </svg>
        )}
      </div>
      <figcaption>
        <ul className="overlay-legend">
          {boxes.map((item, index) => (
            <li key={index}>
              <span
                className="swatch"
                style={{ background: OVERLAY_COLORS[index % OVERLAY_COLORS.length] }}
              />
              {item.label} <span className="score">{item.score.toFixed(3)}</span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

export interface SegmentMask {
  label: string;
  score?: number;
  /** a black and white PNG (white: inside), base64 */
  mask: string;
}

/**
 * The input image with each segment's mask laid over it in its colour (CSS luminance masks: the
 * PNG's white pixels show the colour), each toggled from the legend.
 */
export function MasksOverlay({ src, masks, alt }: { src: string; masks: SegmentMask[]; alt: string }) {
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  return (
    <figure className="overlay-figure">
      <div className="overlay-stack">
        <img src={src} alt={alt} />
        {masks.map((segment, index) =>
          hidden.has(index) ? null : (
            <span
              key={index}
              className="mask-layer"
              data-label={segment.label}
              style={{
                background: OVERLAY_COLORS[index % OVERLAY_COLORS.length],
                maskImage: `url(data:image/png;base64,${segment.mask})`,
                WebkitMaskImage: `url(data:image/png;base64,${segment.mask})`,
              }}
            />
          ),
        )}
      </div>
      <figcaption>
        <ul className="overlay-legend">
          {masks.map((segment, index) => (
            <li key={index}>
              <label>
                <input
                  type="checkbox"
                  checked={!hidden.has(index)}
                  onChange={(event) => {
                    const next = new Set(hidden);
                    if (event.target.checked) next.delete(index);
                    else next.add(index);
                    setHidden(next);
                  }}
                />
                <span
                  className="swatch"
                  style={{ background: OVERLAY_COLORS[index % OVERLAY_COLORS.length] }}
                />
                {segment.label}
                {segment.score !== undefined && <span className="score">{segment.score.toFixed(3)}</span>}
              </label>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
