// Values as source code: Python and JavaScript literals, JSON for shells, shell quoting. Request
// payloads may hold file references (see fileRef): each language renders them as an expression,
// usually a variable the snippet filled from the file beforehand.

/** How a snippet turns a local file into a value of the request. */
export type FileEncoding = "base64" | "data-url" | "blob";

export interface FileRef {
  filename: string;
  mediaType: string;
  encoding: FileEncoding;
  /** The variable the snippet holds the file in. */
  variable: string;
}

// A string no real input contains; it survives the JSON round trip of the request builder.
const FILE_REF_PREFIX = "\u0000hubkit-file:";

/** A placeholder string standing for a file in request args. */
export function fileRef(ref: FileRef): string {
  return FILE_REF_PREFIX + JSON.stringify(ref);
}

export function parseFileRef(value: unknown): FileRef | undefined {
  return typeof value === "string" && value.charCodeAt(0) === 0 && value.startsWith(FILE_REF_PREFIX)
    ? (JSON.parse(value.slice(FILE_REF_PREFIX.length)) as FileRef)
    : undefined;
}

/** Every file reference inside a value, in order of appearance, without duplicates. */
export function collectFileRefs(value: unknown, found: FileRef[] = []): FileRef[] {
  const ref = parseFileRef(value);
  if (ref) {
    if (!found.some((f) => f.variable === ref.variable)) found.push(ref);
  } else if (Array.isArray(value)) {
    for (const item of value) collectFileRefs(item, found);
  } else if (value && typeof value === "object") {
    for (const item of Object.values(value)) collectFileRefs(item, found);
  }
  return found;
}

/** Literal syntax of one language. */
interface LiteralSyntax {
  nullValue: string;
  boolean(value: boolean): string;
  key(key: string): string;
  /** Between a key and its value. */
  colon: string;
  /** Spaces inside the braces of a one-line object (Prettier style for JavaScript). */
  braceSpace: string;
  /** `{ image }` for a property holding the variable of the same name. */
  shorthand: boolean;
}

const PYTHON: LiteralSyntax = {
  nullValue: "None",
  boolean: (value) => (value ? "True" : "False"),
  key: (key) => JSON.stringify(key),
  colon: ": ",
  braceSpace: "",
  shorthand: false,
};

const JS_IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

// Object keys repeat across snippets (role, content, model, inputs…): each is rendered once.
const JS_KEYS = new Map<string, string>();

const JAVASCRIPT: LiteralSyntax = {
  nullValue: "null",
  boolean: String,
  // `__proto__:` (quoted or not) would set the prototype; a computed key makes it a property.
  key: (key) => {
    let text = JS_KEYS.get(key);
    if (text === undefined) {
      text =
        key === "__proto__"
          ? `[${JSON.stringify(key)}]`
          : JS_IDENTIFIER.test(key)
            ? key
            : JSON.stringify(key);
      if (JS_KEYS.size < 1000) JS_KEYS.set(key, text);
    }
    return text;
  },
  colon: ": ",
  braceSpace: " ",
  shorthand: true,
};

// Longest collection written on one line; longer ones get one item per line.
const INLINE_WIDTH = 72;
const INDENT = "    ";

function render(value: unknown, syntax: LiteralSyntax, indent: string): string {
  if (value === null || value === undefined) return syntax.nullValue;
  if (typeof value === "boolean") return syntax.boolean(value);
  if (typeof value === "number") return JSON.stringify(value);
  if (typeof value === "string") {
    const ref = parseFileRef(value);
    // JSON string escapes are valid in Python and JavaScript string literals.
    return ref ? ref.variable : JSON.stringify(value);
  }
  const inner = indent + INDENT;
  // Plain loops: this runs for every value of every snippet.
  const items: string[] = [];
  let width = 0;
  let multiline = false;
  const isArray = Array.isArray(value);
  if (isArray) {
    for (const item of value) {
      const text = render(item, syntax, inner);
      items.push(text);
      width += text.length + 2;
      if (!multiline && text.includes("\n")) multiline = true;
    }
  } else {
    const object = value as Record<string, unknown>;
    for (const key in object) {
      const item = object[key];
      if (item === undefined) continue;
      const text =
        syntax.shorthand && typeof item === "string" && parseFileRef(item)?.variable === key
          ? key
          : syntax.key(key) + syntax.colon + render(item, syntax, inner);
      items.push(text);
      width += text.length + 2;
      if (!multiline && text.includes("\n")) multiline = true;
    }
  }
  const [open, close] = isArray ? ["[", "]"] : ["{", "}"];
  if (items.length === 0) return open + close;
  const space = isArray ? "" : syntax.braceSpace;
  // `[a, b]` / `{ a, b }`: the items, their separators and the brackets.
  if (!multiline && indent.length + width + 2 * space.length <= INLINE_WIDTH)
    return `${open}${space}${items.join(", ")}${space}${close}`;
  return `${open}\n${inner}${items.join(`,\n${inner}`)},\n${indent}${close}`;
}

/** A Python literal (dicts with quoted keys, True/False/None), continuation lines indented by `indent`. */
export function pythonLiteral(value: unknown, indent = ""): string {
  return render(value, PYTHON, indent);
}

/** A JavaScript literal (bare keys where possible), continuation lines indented by `indent`. */
export function jsLiteral(value: unknown, indent = ""): string {
  return render(value, JAVASCRIPT, indent);
}

/** A Python string literal. */
export const pythonString = (text: string): string => JSON.stringify(text);

/** An object key in JavaScript: bare when it is an identifier. */
export const jsKey = (key: string): string => JAVASCRIPT.key(key);

/** A JavaScript string literal. */
export const jsString = (text: string): string => JSON.stringify(text);

/** A word for a POSIX shell, single-quoted when it holds anything special. */
export function shellQuote(text: string): string {
  if (/^[\w@%+=:,./-]+$/.test(text)) return text;
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Python keyword arguments `name=value,` one per line, indented by `indent`. */
export function pythonKwargs(args: Record<string, unknown>, indent: string): string[] {
  const lines: string[] = [];
  for (const name in args) {
    const value = args[name];
    if (value !== undefined) lines.push(`${indent}${name}=${pythonLiteral(value, indent)},`);
  }
  return lines;
}
