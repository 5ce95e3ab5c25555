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
