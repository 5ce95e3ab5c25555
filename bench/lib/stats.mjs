// Small statistics and formatting helpers. Every figure is a median of repeated runs.

export function median(values) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Nearest-rank percentile (p in 0..100). */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function ms(value) {
  return value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(1)} ms`;
}

export function perSecond(value, unit) {
  if (value >= 1e6) return `${(value / 1e6).toFixed(2)} M ${unit}/s`;
  if (value >= 1e4) return `${(value / 1e3).toFixed(0)} k ${unit}/s`;
  return `${value.toFixed(0)} ${unit}/s`;
}

export function ratio(ours, reference) {
  if (!Number.isFinite(ours) || !Number.isFinite(reference) || reference === 0) return NaN;
  return ours / reference;
}

/**
 * Median and spread of repeated measurements (per-round ratios, usually): the interquartile range
 * (q1–q3, nearest rank) and the full range (min–max).
 */
export function spread(values) {
  const sorted = Float64Array.from(values.filter(Number.isFinite)).sort();
  if (sorted.length === 0) return { median: NaN, q1: NaN, q3: NaN, min: NaN, max: NaN, n: 0 };
  const rank = (p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
  return {
    median: median([...sorted]),
    q1: rank(0.25),
    q3: rank(0.75),
    min: sorted[0],
    max: sorted.at(-1),
    n: sorted.length,
  };
}

function times(value) {
  return `${value < 0.1 ? value.toFixed(3) : value.toFixed(2)}×`;
}

/** "0.41× (IQR 0.39–0.44, range 0.36–0.47, n 9)". */
export function spreadText(s, format = times) {
  if (!Number.isFinite(s.median)) return "—";
  return `${format(s.median)} (IQR ${format(s.q1).replace(/×$/, "")}–${format(s.q3)}, range ${format(s.min).replace(/×$/, "")}–${format(s.max)}, n ${s.n})`;
}

/**
 * Whether a spread meets a goal: by its median, as the performance issue defines it. `true` when the
 * whole interquartile range is on the right side too, `"median"` when only the median is (the noise
 * reaches past the goal, and the report says so), `false` when the median misses. `at: "most"` for
 * ≤ goals, `"least"` for ≥ goals.
 */
export function clears(s, goal, at) {
  if (!Number.isFinite(s.median)) return false;
  const meets = (value) => (at === "most" ? value <= goal : value >= goal);
  if (!meets(s.median)) return false;
  return meets(at === "most" ? s.q3 : s.q1) ? true : "median";
}
