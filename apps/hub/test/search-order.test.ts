// The in-memory list order that answers searches: its bounded scan, and the trigram posting lists that
// answer rare (long-tail) terms, checked against a plain filter of the same ids on a synthetic catalogue.
import { beforeAll, describe, expect, it } from "vitest";
import { SearchOrder, syntheticModel, type WalkRequest } from "../src/index.js";

const SIZE = 60_000;
let entries: [rowid: number, value: number, id: string][];
let order: SearchOrder;

beforeAll(async () => {
  entries = Array.from({ length: SIZE }, (_, index) => {
    const model = syntheticModel(index, 7);
    return [index + 1, model.downloads, model.id] as [number, number, string];
  }).sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  order = new SearchOrder(entries);
  await order.preparePostings();
});

/** What a walk must return: the first `want` matching rowids after the cursor, in list order. */
function expected(request: WalkRequest): number[] {
  const list = request.direction === -1 ? entries : [...entries].reverse();
  let from = 0;
  if (request.cursor) {
    const { value, rowid } = request.cursor;
    from = list.findIndex(([r, v]) =>
      request.direction === -1
        ? v < value || (v === value && r < rowid)
        : v > value || (v === value && r > rowid),
    );
    if (from < 0) from = list.length;
  }
  const out: number[] = [];
  for (let i = from; i < list.length && out.length < request.want; i++) {
    const [rowid, , id] = list[i];
    const lower = id.toLowerCase();
    if (request.terms.every((term) => lower.includes(term)) && (!request.accept || request.accept(rowid)))
      out.push(rowid);
  }
  return out;
}

// Frequent, mid-frequency, rare and absent terms; two-term searches; owner prefixes.
const TERMS = [
  ["coder"],
  ["small-v2"],
  ["quantized-2"],
  ["audio-5"],
  ["-77"],
  ["zzzz"],
  ["ml/t"],
  ["xl", "-3"],
  ["kestrel/", "9"],
  ["27"],
];

describe("SearchOrder", () => {
  it("pages through every term like a plain filter, both directions, with and without the posting lists", () => {
    let checked = 0;
    const shortWithPostings = new Set<string>();
    for (const terms of TERMS) {
      for (const direction of [-1, 1] as const) {
        for (const scanOnly of [false, true]) {
          let cursor: WalkRequest["cursor"];
          // The first three pages, each continuing from the previous one's last row.
          for (let page = 0; page < 3; page++) {
            const request: WalkRequest = { terms, direction, cursor, want: 21, maxEntries: 2_000, scanOnly };
            const result = order.walk(request);
            const want = expected(request);
            // A walk may stop short of a page (the store then runs another plan): what it found is a
            // prefix. Without the posting lists, rare terms do; with them, only terms whose trigrams are
            // all common or too short (checked below for the rare ones).
            if (!result.exhausted && result.rows.length < 21) {
              expect(result.rows.map((row) => row.rowid)).toEqual(want.slice(0, result.rows.length));
              if (!scanOnly) shortWithPostings.add(terms.join(" "));
              break;
            }
            expect(
              result.rows.map((row) => row.rowid),
              `${terms} ${direction} page ${page}`,
            ).toEqual(want);
            checked++;
            if (result.rows.length < 21) {
              expect(result.exhausted).toBe(true);
              break;
            }
            const last = result.rows[result.rows.length - 1];
            cursor = { value: last.sortValue, rowid: last.rowid };
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(30);
    // Rare terms hold rare trigrams: with the posting lists they always fill their pages.
    for (const rare of ["quantized-2", "audio-5", "-77", "zzzz"])
      expect(shortWithPostings).not.toContain(rare);
  });

  it("answers a rare term from its posting list where the bounded scan alone stops short", () => {
    const request: WalkRequest = { terms: ["quantized-2"], direction: -1, want: 21, maxEntries: 500 };
    const scanned = order.walk({ ...request, scanOnly: true });
    const listed = order.walk(request);
    expect(scanned.rows.length).toBeLessThan(21);
    expect(scanned.exhausted).toBe(false);
    expect(listed.rows.map((row) => row.rowid)).toEqual(expected(request));
    expect(listed.rows).toHaveLength(21);
  });

  it("applies the other filters (accept) to posted candidates", () => {
    const even = (rowid: number) => rowid % 2 === 0;
    const request: WalkRequest = { terms: ["r-7"], direction: -1, want: 15, maxEntries: 100, accept: even };
    const result = order.walk(request);
    expect(result.rows.map((row) => row.rowid)).toEqual(expected(request));
    expect(result.rows.every((row) => even(row.rowid))).toBe(true);
  });
});
