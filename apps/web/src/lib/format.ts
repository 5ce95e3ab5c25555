// Display helpers.

const compact = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });

/** 1234567 → "1.2M". */
export function formatCount(value: number | undefined): string {
  return value === undefined ? "–" : compact.format(value);
}

// One formatter for every date: `toLocaleDateString` with options builds a new one per call, which
// was the largest single cost of rendering the models list on the server (30 dates, ~6 ms a page).
const dateFormat = new Intl.DateTimeFormat("en", { year: "numeric", month: "short", day: "numeric" });

/** ISO date → "Nov 26, 2024". */
export function formatDate(iso: string | undefined): string {
  if (!iso) return "–";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "–" : dateFormat.format(date);
}

/** Case-insensitive match of every whitespace-separated word of `query` in any of `fields`. */
export function matchesQuery(query: string, ...fields: (string | undefined)[]): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fields.filter(Boolean).join(" ").toLowerCase();
  return words.every((word) => haystack.includes(word));
}
