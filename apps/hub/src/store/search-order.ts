// The catalogue's ids in one sort order, held in memory for searches that match many models: the
// lower-cased ids joined into one string, descending by (sort value, rowid), so a substring search in
// list order is a String#indexOf scan (or lastIndexOf for ascending) that stops once a page is found.
// SQLite reads an index entry and runs LIKE in about 0.2 µs; a scan of this string covers an id in a few
// nanoseconds, which is what keeps frequent and mid-frequency terms under a millisecond on 1M models.

export interface OrderedRow {
  rowid: number;
  sortValue: number;
}

export interface WalkRequest {
  /** lower-cased ASCII terms; each must occur in the id */
  terms: string[];
  direction: 1 | -1;
  /** keyset position to continue after */
  cursor?: { value: number; rowid: number };
  /** stop after this many matches */
  want: number;
  /** stop after reading this many ids (the caller then uses another plan) */
  maxEntries: number;
  /** further filters on a candidate (pipeline, library, tags, author), checked only for id matches */
  accept?: (rowid: number) => boolean;
  /**
   * Only the bounded scan: without it, a scan that reads `maxEntries` ids without filling the page
   * goes on through the posting list of the term's rarest trigram (every entry that can match).
   */
  scanOnly?: boolean;
}

export interface WalkResult {
  rows: OrderedRow[];
  /** true when every id after the cursor was read, so `rows` is complete even if short */
  exhausted: boolean;
}

/**
 * Trigrams in more than this share of ids get no posting list: they hardly narrow a search, and they
 * would hold most of the index's memory. Rarer ones (the digits, owner names and unusual word joins of
 * a long-tail search) list every entry holding them.
 */
const POSTED_TRIGRAM_SHARE = 1 / 16;

/**
 * Trigrams of printable ASCII (what ids are made of) as dense integers: each character maps to 1–94,
 * anything else to 0, so a trigram is a slot in arrays of TRIGRAM_SLOTS (a counting pass over typed
 * arrays, several times faster than a Map on a million ids). Trigrams with a character outside that
 * range share slots; searches never ask for those (see trigramKey).
 */
const CHAR_CLASSES = 95;
const TRIGRAM_SLOTS = CHAR_CLASSES * CHAR_CLASSES * CHAR_CLASSES;
const charClass = (code: number) => (code > 0x20 && code < 0x7f ? code - 0x20 : 0);
/** The slot of the trigram at `at`, or -1 when one of its characters is not printable ASCII. */
const trigramKey = (text: string, at: number) => {
  const a = charClass(text.charCodeAt(at));
  const b = charClass(text.charCodeAt(at + 1));
  const c = charClass(text.charCodeAt(at + 2));
  return a && b && c ? (a * CHAR_CLASSES + b) * CHAR_CLASSES + c : -1;
};

interface Postings {
  /** per trigram slot, its entries are entries[starts[slot] .. ends[slot]) */
  starts: Int32Array;
  ends: Int32Array;
  entries: Int32Array;
  /** 1 for trigrams in too many ids to be posted; a trigram neither posted nor common occurs in no id */
  common: Uint8Array;
}

export class SearchOrder {
  private readonly text: string;
  /**
   * Posting lists of the rarer trigrams, built on the first search that needs them: entries (in list
   * order) holding each trigram, all in one array, `postings.slice(start, end)` per trigram.
   */
  private postings?: Postings;
  private postingsBuild?: Promise<void>;
  /** starts[i] is the offset of entry i in text; starts[n] is text.length */
  private readonly starts: Int32Array;
  private readonly rowids: Float64Array;
  private readonly values: Float64Array;

  /** `entries` must be in descending (sort value, rowid) order. */
  constructor(entries: Iterable<[rowid: number, sortValue: number, id: string]>) {
    const ids: string[] = [];
    const rowids: number[] = [];
    const values: number[] = [];
    for (const [rowid, value, id] of entries) {
      rowids.push(rowid);
      values.push(value);
      ids.push(id.toLowerCase());
    }
    this.rowids = Float64Array.from(rowids);
    this.values = Float64Array.from(values);
    this.starts = new Int32Array(ids.length + 1);
    let offset = 0;
    ids.forEach((id, index) => {
      this.starts[index] = offset;
      offset += id.length + 1;
    });
    this.starts[ids.length] = offset;
    // Each id ends with "\n"; terms hold no whitespace, so a match never spans two ids.
    this.text = ids.length ? `${ids.join("\n")}\n` : "";
  }

  get size(): number {
    return this.rowids.length;
  }

  /** The posting lists are built (see preparePostings): rare terms no longer need a scan of every id. */
  get postingsReady(): boolean {
    return this.postings !== undefined;
  }

  /** Index of the first entry strictly after (value, rowid) in descending order. */
  private firstAfterDescending(value: number, rowid: number): number {
    let low = 0;
    let high = this.size;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const after = this.values[mid] < value || (this.values[mid] === value && this.rowids[mid] < rowid);
      if (after) high = mid;
      else low = mid + 1;
    }
    return low;
  }

  /** Entry holding text offset `position`. */
  private entryAt(position: number): number {
    let low = 0;
    let high = this.size - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (this.starts[mid] <= position) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  walk(request: WalkRequest): WalkResult {
    const rows: OrderedRow[] = [];
    // The longest term is the rarest in practice: scan for it, check the others on its hits.
    const [scanTerm, ...otherTerms] = [...request.terms].sort((a, b) => b.length - a.length);
    if (scanTerm === undefined) throw new Error("SearchOrder.walk needs at least one term");
    const descending = request.direction === -1;
    const cursor = request.cursor;
    // Entries still to read are [next, size) when descending and [0, next] when ascending.
    let next = descending
      ? cursor
        ? this.firstAfterDescending(cursor.value, cursor.rowid)
        : 0
      : (cursor ? this.firstAfterDescending(cursor.value, cursor.rowid + 1) : this.size) - 1;
    // firstAfterDescending(value, rowid + 1) is the first entry at or after the cursor; the one before it
    // is the first entry strictly after the cursor in ascending order.
    // With the posting lists built, a term holding a posted (rarer) trigram reads only its list.
    if (this.postings && !request.scanOnly) {
      const listed = this.walkPostings(request, scanTerm, otherTerms, next, rows);
      if (listed) return listed;
    }
    const first = next;
    const limitEntry = descending
      ? Math.min(this.size, first + request.maxEntries)
      : Math.max(-1, first - request.maxEntries);
    while (rows.length < request.want) {
      if (descending ? next >= limitEntry : next <= limitEntry) break;
      const hit = descending
        ? this.text.indexOf(scanTerm, this.starts[next])
        : this.text.lastIndexOf(scanTerm, this.starts[next + 1] - 1);
      if (hit < 0) {
        next = descending ? this.size : -1;
        break;
      }
      const entry = this.entryAt(hit);
      if (descending ? entry >= limitEntry : entry <= limitEntry) {
        next = limitEntry;
        break;
      }
      next = descending ? entry + 1 : entry - 1;
      if (otherTerms.length) {
        const id = this.text.slice(this.starts[entry], this.starts[entry + 1] - 1);
        if (!otherTerms.every((term) => id.includes(term))) continue;
      }
      const rowid = this.rowids[entry];
      if (request.accept && !request.accept(rowid)) continue;
      rows.push({ rowid, sortValue: this.values[entry] });
    }
    const exhausted = descending ? next >= this.size : next < 0;
    if (rows.length < request.want && !exhausted && !request.scanOnly) {
      // The budget ran out on a rare term: its rarest trigram lists every entry that can match.
      const rest = this.walkPostings(request, scanTerm, otherTerms, next, rows);
      if (rest) return rest;
    }
    return { rows, exhausted };
  }

  /**
   * Continues a walk from entry `next` through the posting list of the scan term's rarest trigram,
   * checking each listed entry; undefined when the term has no posted trigram (every trigram of it is
   * common, or it is shorter than three characters), so the caller's other plans answer.
   */
  private walkPostings(
    request: WalkRequest,
    scanTerm: string,
    otherTerms: string[],
    next: number,
    rows: OrderedRow[],
  ): WalkResult | undefined {
    if (scanTerm.length < 3) return undefined;
    const postings = this.postings;
    if (!postings) {
      void this.preparePostings();
      return undefined;
    }
    let rarest: [number, number] | undefined;
    for (const term of [scanTerm, ...otherTerms]) {
      for (let at = 0; at + 3 <= term.length; at++) {
        const slot = trigramKey(term, at);
        // Not printable ASCII: not posted (the scan answers, or the other trigrams do).
        if (slot < 0) continue;
        const start = postings.starts[slot];
        const end = postings.ends[slot];
        if (postings.common[slot]) continue;
        // A trigram that no id holds: nothing can match.
        if (end === start) return { rows, exhausted: true };
        if (!rarest || end - start < rarest[1] - rarest[0]) rarest = [start, end];
      }
    }
    if (!rarest) return undefined;
    const { entries } = postings;
    const descending = request.direction === -1;
    // First listed entry at or after `next` in walk order (binary search in the ascending list).
    let low = rarest[0];
    let high = rarest[1];
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (entries[mid] < next + (descending ? 0 : 1)) low = mid + 1;
      else high = mid;
    }
    let index = descending ? low : low - 1;
    while (rows.length < request.want) {
      if (descending ? index >= rarest[1] : index < rarest[0]) return { rows, exhausted: true };
      const entry = entries[index];
      index += descending ? 1 : -1;
      const id = this.text.slice(this.starts[entry], this.starts[entry + 1] - 1);
      if (!id.includes(scanTerm) || !otherTerms.every((term) => id.includes(term))) continue;
      const rowid = this.rowids[entry];
      if (request.accept && !request.accept(rowid)) continue;
      rows.push({ rowid, sortValue: this.values[entry] });
    }
    // A full page: exhausted only if no listed entry is left.
    return { rows, exhausted: descending ? index >= rarest[1] : index < rarest[0] };
  }

  /**
   * Builds the posting lists a slice of entries at a time between other work (setImmediate), so the
   * seconds it takes on a million ids never hold a request; searches use the scan until it is done.
   * Stores call it when they build an order; a walk that needs the lists calls it too.
   */
  preparePostings(): Promise<void> {
    this.postingsBuild ??= new Promise<void>((resolve) => {
      const steps = this.postingSteps();
      const step = () => {
        const result = steps.next();
        if (!result.done) return void setImmediate(step);
        this.postings = result.value;
        resolve();
      };
      setImmediate(step);
    });
    return this.postingsBuild;
  }

  private *postingSteps(): Generator<void, Postings> {
    const SLICE = 50_000;
    const text = this.text;
    const starts = new Int32Array(TRIGRAM_SLOTS);
    for (let entry = 0; entry < this.size; entry++) {
      if (entry % SLICE === SLICE - 1) yield;
      const last = this.starts[entry + 1] - 1;
      for (let at = this.starts[entry]; at + 3 <= last; at++) {
        const slot = trigramKey(text, at);
        if (slot >= 0) starts[slot]++;
      }
    }
    yield;
    // Counts include an id's repeated trigrams (rare in ids), so lists get a little spare room; the
    // fill below writes each entry once per list and records where each list really ends.
    const limit = Math.max(1, Math.floor(this.size * POSTED_TRIGRAM_SHARE));
    const common = new Uint8Array(TRIGRAM_SLOTS);
    let total = 0;
    for (let slot = 0; slot < TRIGRAM_SLOTS; slot++) {
      const count = starts[slot];
      starts[slot] = total;
      if (count > limit) common[slot] = 1;
      else total += count;
    }
    const ends = Int32Array.from(starts);
    const entries = new Int32Array(total);
    for (let entry = 0; entry < this.size; entry++) {
      if (entry % SLICE === SLICE - 1) yield;
      const last = this.starts[entry + 1] - 1;
      for (let at = this.starts[entry]; at + 3 <= last; at++) {
        const slot = trigramKey(text, at);
        if (slot < 0 || common[slot]) continue;
        const end = ends[slot];
        if (end === starts[slot] || entries[end - 1] !== entry) entries[ends[slot]++] = entry;
      }
    }
    return { starts, ends, entries, common };
  }
}
