// The escaping layer of every snippet generator (library snippets, local apps): a value read from a
// model (its id, card, config, files) reaches generated code only through these, as a string literal
// of the target language, a shell word, a name checked against Python's grammar, or comment text.
// test/snippet-injection.test.ts feeds hostile values through every generator to hold this.

/** A Python string literal (double-quoted, escaped) for any text. */
export function py(text: string): string {
  return JSON.stringify(text);
}

/** A JavaScript string literal (double-quoted, escaped) for any text. */
export function js(text: string): string {
  return JSON.stringify(text);
}

/** A shell word, single-quoted when it holds anything beyond safe characters. */
export function sh(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

const PYTHON_KEYWORDS = new Set(
  (
    "False None True and as assert async await break class continue def del elif else except finally for " +
    "from global if import in is lambda nonlocal not or pass raise return try while with yield"
  ).split(" "),
);

/**
 * `name` when it is a Python identifier (ASCII letters, digits and `_`, not starting with a digit,
 * not a keyword), else `fallback`. For class and attribute names read from a model's files
 * (transformers' auto_model, a config's architectures…), which go into code unquoted.
 */
export function pyName(name: unknown, fallback: string): string {
  return typeof name === "string" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !PYTHON_KEYWORDS.has(name)
    ? name
    : fallback;
}

/**
 * Text for a comment (Python, shell or JavaScript line comments): on one line, whatever it holds, so
 * that a value with a line break cannot end the comment and start code.
 */
export function commentText(text: string): string {
  return text.replace(/[\r\n\u2028\u2029\u0085\v\f]+/g, " ");
}
