// Compares two catalogues export by export and fact by fact. Each export is first reduced to its
// facts (a "projection": prose such as page summaries and example descriptions is left out, because
// hubkit writes its own), then the two projections are walked side by side. Every leaf compared is
// one check; every difference is reported with the path where it was found.

export type DifferenceKind = "missing" | "different" | "extra" | "order";

export interface Difference {
  /** Where, e.g. `MODEL_LIBRARIES_UI_ELEMENTS.diffusers.docsUrl`. */
  path: string;
  kind: DifferenceKind;
  /** Both values, short, for the failure message. */
  detail: string;
}

export interface Comparison {
  checks: number;
  differences: Difference[];
}

type Catalogue = Record<string, unknown>;

/** Marks a function in a projection: the function's existence is the fact, its code is not. */
const FUNCTION = "[function]";

function short(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : JSON.stringify(value ?? null);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Plain data for anything a catalogue exports: functions, regexes, sets and maps become comparable values. */
export function plain(value: unknown): unknown {
  if (typeof value === "function") return FUNCTION;
  if (value instanceof RegExp) return { regexSource: value.source, regexFlags: value.flags };
  if (value instanceof Set) return [...value].map(plain).sort();
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [String(k), plain(v)]));
  if (Array.isArray(value)) return value.map(plain);
  if (isRecord(value)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, plain(v)]),
    );
  }
  return value;
}

const ids = (list: unknown): unknown =>
  Array.isArray(list) ? list.map((item) => (isRecord(item) ? item.id : item)) : list;

/** A task page's facts: ids, labels, file names, types; not its prose (summary, descriptions, demo text). */
function taskPageFacts(page: unknown): unknown {
  if (!isRecord(page)) return page ?? null;
  const demoEntry = (entry: unknown) => {
    if (!isRecord(entry)) return entry;
    const facts: Record<string, unknown> = { type: entry.type };
    if (entry.label !== undefined) facts.label = entry.label;
    if (entry.filename !== undefined) facts.filename = entry.filename;
    return facts;
  };
  const demo = isRecord(page.demo) ? page.demo : {};
  return plain({
    id: page.id,
    label: page.label,
    isPlaceholder: page.isPlaceholder === true,
    canonicalId: page.canonicalId ?? null,
    datasets: ids(page.datasets),
    models: ids(page.models),
    spaces: ids(page.spaces),
    metrics: ids(page.metrics),
    widgetModels: page.widgetModels,
    youtubeId: page.youtubeId ?? null,
    libraries: page.libraries,
    demo: {
      inputs: Array.isArray(demo.inputs) ? demo.inputs.map(demoEntry) : [],
      outputs: Array.isArray(demo.outputs) ? demo.outputs.map(demoEntry) : [],
    },
  });
}

/** Drops the named fields (prose) from every entry of a record of records. */
function withoutFields(value: unknown, fields: string[]): unknown {
  if (!isRecord(value)) return plain(value);
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [
      key,
      isRecord(entry)
        ? plain(Object.fromEntries(Object.entries(entry).filter(([field]) => !fields.includes(field))))
        : plain(entry),
    ]),
  );
}

/**
 * How each export is reduced to facts. Exports not listed are compared whole (as plain data).
 * The default-widget examples and the input examples are our own texts by design: only which
 * languages and tasks have them is a fact.
 */
const PROJECTIONS: Record<string, (value: unknown) => unknown> = {
  TASKS_DATA: (value) =>
    Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, taskPageFacts(v)]),
    ),
  MAPPING_DEFAULT_WIDGET: (value) =>
    Object.fromEntries(
      [...(value as Map<string, Map<string, unknown>>)].map(([language, tasks]) => [
        language,
        [...tasks.keys()].sort(),
      ]),
    ),
  AGENT_HARNESSES: (value) => withoutFields(value, ["description"]),
  EVALUATION_FRAMEWORKS: (value) => withoutFields(value, ["description"]),
};

function project(name: string, value: unknown): unknown {
  return (PROJECTIONS[name] ?? plain)(value);
}

function compareValues(path: string, ours: unknown, reference: unknown, out: Comparison): void {
  if (Array.isArray(reference) && reference.every((item) => typeof item !== "object" || item === null)) {
    compareListsOfScalars(path, ours, reference, out);
    return;
  }
  if (Array.isArray(reference)) {
    if (!Array.isArray(ours)) {
      out.checks++;
      out.differences.push({ path, kind: "different", detail: `ours ${short(ours)}, reference a list` });
      return;
    }
    out.checks++;
    if (ours.length !== reference.length) {
      out.differences.push({
        path,
        kind: "different",
        detail: `ours has ${ours.length} items, reference ${reference.length}`,
      });
    }
    reference.forEach((item, i) => compareValues(`${path}[${i}]`, ours[i], item, out));
    return;
  }
  if (isRecord(reference)) {
    if (!isRecord(ours)) {
      out.checks++;
      out.differences.push({ path, kind: ours === undefined ? "missing" : "different", detail: short(ours) });
      return;
    }
    for (const [key, value] of Object.entries(reference)) {
      if (!(key in ours)) {
        out.checks++;
        out.differences.push({
          path: `${path}.${key}`,
          kind: "missing",
          detail: `reference ${short(value)}`,
        });
      } else {
        compareValues(`${path}.${key}`, ours[key], value, out);
      }
    }
    for (const [key, value] of Object.entries(ours)) {
      if (!(key in reference)) {
        out.checks++;
        out.differences.push({ path: `${path}.${key}`, kind: "extra", detail: `ours ${short(value)}` });
      }
    }
    return;
  }
  out.checks++;
  if (!Object.is(ours, reference)) {
    out.differences.push({
      path,
      kind: ours === undefined ? "missing" : "different",
      detail: `ours ${short(ours)}, reference ${short(reference)}`,
    });
  }
}

/** Lists of names: each reference item present, no extra item, common items in the same order. */
function compareListsOfScalars(path: string, ours: unknown, reference: unknown[], out: Comparison): void {
  if (!Array.isArray(ours)) {
    out.checks++;
    out.differences.push({ path, kind: "different", detail: `ours ${short(ours)}, reference a list` });
    return;
  }
  const ourSet = new Set(ours);
  const referenceSet = new Set(reference);
  for (const item of reference) {
    out.checks++;
    if (!ourSet.has(item))
      out.differences.push({ path: `${path}[${String(item)}]`, kind: "missing", detail: "" });
  }
  for (const item of ours) {
    if (!referenceSet.has(item)) {
      out.checks++;
      out.differences.push({ path: `${path}[${String(item)}]`, kind: "extra", detail: "" });
    }
  }
  out.checks++;
  const oursCommon = ours.filter((item) => referenceSet.has(item));
  const referenceCommon = reference.filter((item) => ourSet.has(item));
  const firstOff = referenceCommon.findIndex((item, i) => !Object.is(item, oursCommon[i]));
  if (firstOff !== -1) {
    out.differences.push({
      path,
      kind: "order",
      detail: `first out of order at ${firstOff}: ours ${short(oursCommon[firstOff])}, reference ${short(referenceCommon[firstOff])}`,
    });
  }
}

/** Every runtime export of `reference`, compared with the export of the same name in `ours`. */
export function compareCatalogues(ours: Catalogue, reference: Catalogue): Comparison {
  const out: Comparison = { checks: 0, differences: [] };
  for (const name of Object.keys(reference).sort()) {
    if (!(name in ours)) {
      out.checks++;
      out.differences.push({ path: name, kind: "missing", detail: "export" });
      continue;
    }
    compareValues(name, project(name, ours[name]), project(name, reference[name]), out);
  }
  return out;
}

/** Compares what two functions return for each input (their behaviour is the fact). */
export function compareBehaviour(
  path: string,
  inputs: readonly unknown[][],
  ours: (...args: never[]) => unknown,
  reference: (...args: never[]) => unknown,
  out: Comparison,
): void {
  for (const args of inputs) {
    const call = (fn: (...args: never[]) => unknown) => {
      try {
        return plain(fn(...(args as never[])));
      } catch (error) {
        return { threw: error instanceof Error ? error.constructor.name : typeof error };
      }
    };
    compareValues(`${path}(${args.map((a) => short(a)).join(", ")})`, call(ours), call(reference), out);
  }
}

/**
 * A superset entry: a path pattern and why it differs. `[*]` matches any list item; a bare `*` matches
 * one key, which may itself contain dots (library ids such as gemma.cpp do).
 */
export interface SupersetEntry {
  path: string;
  kinds: DifferenceKind[];
  reason: string;
}

function patternToRegExp(pattern: string): RegExp {
  const escaped = pattern
    .split("[*]")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^[\\]]+"))
    .join("\\[[^\\]]*\\]");
  return new RegExp(`^${escaped}$`);
}

/** Splits differences into those a superset entry explains and the rest. */
export function explain(
  differences: Difference[],
  entries: SupersetEntry[],
): { unexplained: Difference[]; used: Set<SupersetEntry> } {
  const compiled = entries.map((entry) => ({ entry, re: patternToRegExp(entry.path) }));
  const used = new Set<SupersetEntry>();
  const unexplained = differences.filter((difference) => {
    const match = compiled.find(
      ({ entry, re }) => entry.kinds.includes(difference.kind) && re.test(difference.path),
    );
    if (match) used.add(match.entry);
    return !match;
  });
  return { unexplained, used };
}
