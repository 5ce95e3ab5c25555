// Download-count rules. The hub counts a model download each time one of the repo's "query files" is
// requested; a library chooses its query files with a rule (`countDownloads`) written in the
// Elasticsearch `query_string` syntax, evaluated per requested file. This module parses those rules
// and evaluates them against repo file paths, so a rule can be checked before it reaches the hub.
import type { ElasticSearchQuery, ModelLibraryFacts, ModelLibraryKey } from "./model-libraries-data.js";
import { loadModelLibraryFacts } from "./model-libraries-facts.js";

export type { ElasticSearchQuery };

/** Query files counted when a library has no rule of its own: these four files at the repo root. */
export const DEFAULT_DOWNLOAD_RULE: ElasticSearchQuery =
  'path:"config.json" OR path:"config.yaml" OR path:"hyperparams.yaml" OR path:"meta.yaml"';

export const DOWNLOAD_RULE_FIELDS = ["path", "path_prefix", "path_extension", "path_filename"] as const;
export type DownloadRuleField = (typeof DOWNLOAD_RULE_FIELDS)[number];

/** Parsed form of a rule. `position` is the 0-based offset of the term in the rule text. */
export type DownloadRuleNode =
  | { type: "term"; field: DownloadRuleField; value: string; position: number }
  | { type: "exists"; field: DownloadRuleField; position: number }
  | { type: "and"; operands: DownloadRuleNode[] }
  | { type: "or"; operands: DownloadRuleNode[] }
  | { type: "not"; operand: DownloadRuleNode };

/** A rule that cannot be parsed. `position` is the 0-based offset of the problem in `rule`. */
export class DownloadRuleSyntaxError extends Error {
  constructor(
    readonly rule: string,
    readonly position: number,
    readonly problem: string,
  ) {
    super(`Invalid download rule: ${problem} at position ${position}\n${pointAt(rule, position)}`);
    this.name = "DownloadRuleSyntaxError";
  }
}

/** The line of `text` holding `position`, with a caret under it. */
function pointAt(text: string, position: number): string {
  const lineStart = text.lastIndexOf("\n", position - 1) + 1;
  const lineEnd = text.indexOf("\n", position);
  const line = text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd);
  return `  ${line}\n  ${" ".repeat(position - lineStart)}^`;
}

type Token =
  | { kind: "and" | "or" | "not" | "open" | "close"; position: number }
  | { kind: "term"; field: string; value: string; quoted: boolean; position: number }
  | { kind: "end"; position: number };

const OPERATOR_WORDS: Record<string, "and" | "or" | "not"> = { AND: "and", OR: "or", NOT: "not" };
// Characters that end an unquoted word; the query_string syntax gives them a meaning of their own.
// `/` would start a regular expression there, so unquoted values cannot hold paths.
const WORD_END = /[\s()":\\/*?~^[\]{}<>=!&|]/;

function tokenize(rule: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const readWord = (): string => {
    const start = i;
    while (i < rule.length && !WORD_END.test(rule[i])) i++;
    return rule.slice(start, i);
  };
  while (i < rule.length) {
    const char = rule[i];
    if (/\s/.test(char)) {
      i++;
    } else if (char === "(" || char === ")") {
      tokens.push({ kind: char === "(" ? "open" : "close", position: i });
      i++;
    } else {
      const start = i;
      if (char === "+" || char === "-") {
        throw new DownloadRuleSyntaxError(
          rule,
          i,
          `the '${char}' prefix operator is not supported; use AND / NOT`,
        );
      }
      const word = readWord();
      if (word === "") {
        const hint =
          char === '"'
            ? 'a quoted value must follow a field name (field:"value")'
            : char === "&" || char === "|"
              ? "write the operators AND / OR as words"
              : "";
        throw new DownloadRuleSyntaxError(
          rule,
          i,
          `unexpected character '${char}'${hint ? `; ${hint}` : ""}`,
        );
      }
      if (rule[i] !== ":") {
        const operator = OPERATOR_WORDS[word];
        if (operator) {
          tokens.push({ kind: operator, position: start });
          continue;
        }
        throw new DownloadRuleSyntaxError(
          rule,
          start,
          `expected a field:"value" term or AND/OR/NOT, found '${word}'`,
        );
      }
      i++; // the colon
      if (rule[i] === '"') {
        const quoteAt = i;
        let value = "";
        i++;
        while (i < rule.length && rule[i] !== '"') {
          if (rule[i] === "\\") i++; // an escaped character, e.g. \"
          if (i >= rule.length) break;
          value += rule[i];
          i++;
        }
        if (i >= rule.length) {
          throw new DownloadRuleSyntaxError(rule, quoteAt, 'unterminated quoted value (missing closing ")');
        }
        i++; // the closing quote
        tokens.push({ kind: "term", field: word, value, quoted: true, position: start });
      } else {
        const valueAt = i;
        const value = readWord();
        if (value === "") {
          const found = i < rule.length ? `'${rule[i]}'` : "the end of the rule";
          throw new DownloadRuleSyntaxError(rule, valueAt, `missing value after '${word}:', found ${found}`);
        }
        tokens.push({ kind: "term", field: word, value, quoted: false, position: start });
      }
      if (i < rule.length && !/[\s()]/.test(rule[i])) {
        const hint =
          tokens[tokens.length - 1].kind === "term" && rule[i - 1] !== '"'
            ? ` (quote the value: field:"…")`
            : "";
        throw new DownloadRuleSyntaxError(rule, i, `unexpected character '${rule[i]}' after a term${hint}`);
      }
    }
  }
  tokens.push({ kind: "end", position: rule.length });
  return tokens;
}

function isField(name: string): name is DownloadRuleField {
  return (DOWNLOAD_RULE_FIELDS as readonly string[]).includes(name);
}

/**
 * Parses a download-count rule. Precedence, tightest first: NOT, AND, OR; parentheses group.
 * Unlike Elasticsearch, two terms with no operator between them are an error rather than an
 * implicit OR, so a forgotten operator cannot silently widen a rule.
 * @throws DownloadRuleSyntaxError naming the problem and its position.
 */
export function parseDownloadRule(rule: ElasticSearchQuery): DownloadRuleNode {
  if (typeof rule !== "string") {
    throw new TypeError(`A download rule must be a string, got ${rule === null ? "null" : typeof rule}`);
  }
  const tokens = tokenize(rule);
  let next = 0;
  let openGroups = 0;
  const peek = () => tokens[next];
  const describe = (token: Token): string => {
    switch (token.kind) {
      case "end":
        return "the end of the rule";
      case "term":
        return `the term '${token.field}:'`;
      case "open":
        return "'('";
      case "close":
        return "')'";
      default:
        return token.kind.toUpperCase();
    }
  };

  const parseOr = (): DownloadRuleNode => {
    const operands = [parseAnd()];
    while (peek().kind === "or") {
      next++;
      operands.push(parseAnd());
    }
    return operands.length === 1 ? operands[0] : { type: "or", operands };
  };
  const parseAnd = (): DownloadRuleNode => {
    const operands = [parseNot()];
    while (peek().kind === "and") {
      next++;
      operands.push(parseNot());
    }
    return operands.length === 1 ? operands[0] : { type: "and", operands };
  };
  const parseNot = (): DownloadRuleNode => {
    if (peek().kind === "not") {
      next++;
      return { type: "not", operand: parseNot() };
    }
    return parsePrimary();
  };
  const parsePrimary = (): DownloadRuleNode => {
    const token = peek();
    if (token.kind === "open") {
      next++;
      openGroups++;
      const inner = parseOr();
      const closing = peek();
      if (closing.kind !== "close") {
        const problem =
          closing.kind === "end"
            ? "unbalanced parenthesis: '(' is never closed"
            : `expected ')' or an operator, found ${describe(closing)}`;
        throw new DownloadRuleSyntaxError(
          rule,
          closing.kind === "end" ? token.position : closing.position,
          problem,
        );
      }
      next++;
      openGroups--;
      return inner;
    }
    if (token.kind === "term") {
      next++;
      if (token.field === "_exists_") {
        if (!isField(token.value)) {
          throw new DownloadRuleSyntaxError(
            rule,
            token.position,
            `_exists_ names unknown field '${token.value}' (known fields: ${DOWNLOAD_RULE_FIELDS.join(", ")})`,
          );
        }
        return { type: "exists", field: token.value, position: token.position };
      }
      if (!isField(token.field)) {
        throw new DownloadRuleSyntaxError(
          rule,
          token.position,
          `unknown field '${token.field}' (known fields: ${DOWNLOAD_RULE_FIELDS.join(", ")}, _exists_)`,
        );
      }
      return { type: "term", field: token.field, value: token.value, position: token.position };
    }
    const where = next === 0 ? "at the start of the rule" : `after ${describe(tokens[next - 1])}`;
    const problem =
      token.kind === "end" && next === 0
        ? "empty rule"
        : token.kind === "close" && openGroups === 0
          ? `unbalanced parenthesis: ')' has no matching '('`
          : `expected a term ${where}, found ${describe(token)}`;
    throw new DownloadRuleSyntaxError(rule, token.position, problem);
  };

  const tree = parseOr();
  const trailing = peek();
  if (trailing.kind !== "end") {
    const problem =
      trailing.kind === "close"
        ? "unbalanced parenthesis: ')' has no matching '('"
        : `missing operator before ${describe(trailing)} (write AND or OR between terms)`;
    throw new DownloadRuleSyntaxError(rule, trailing.position, problem);
  }
  return tree;
}

/** The four fields of one repo file path. */
export interface DownloadRulePathFields {
  path: string;
  path_prefix: string;
  path_extension: string;
  path_filename: string;
}

/**
 * Splits a repo file path into the fields rules match on. A leading dot does not start an
 * extension (`.gitattributes` has the file name `.gitattributes` and no extension).
 */
export function downloadRulePathFields(filePath: string): DownloadRulePathFields {
  if (typeof filePath !== "string" || filePath === "") {
    throw new TypeError(`A repo file path must be a non-empty string, got ${JSON.stringify(filePath)}`);
  }
  const slash = filePath.lastIndexOf("/");
  const baseName = filePath.slice(slash + 1);
  const dot = baseName.lastIndexOf(".");
  return {
    path: filePath,
    path_prefix: filePath.slice(0, slash + 1),
    path_extension: dot > 0 ? baseName.slice(dot + 1) : "",
    path_filename: dot > 0 ? baseName.slice(0, dot) : baseName,
  };
}

/**
 * Values are compared exactly (case-sensitive, no analysis), as the hub's keyword fields do, so
 * ssr-speech's `path_extension:".pth"` matches no file. `_exists_:"field"` holds when the field
 * has a non-empty value for the file: a path with no folder has no `path_prefix`, and one with no
 * extension has no `path_extension`. (whisperkit's rule uses it to count only files inside folders.)
 */
function matches(node: DownloadRuleNode, fields: DownloadRulePathFields): boolean {
  switch (node.type) {
    case "term":
      return fields[node.field] === node.value;
    case "exists":
      return fields[node.field] !== "";
    case "and":
      return node.operands.every((operand) => matches(operand, fields));
    case "or":
      return node.operands.some((operand) => matches(operand, fields));
    case "not":
      return !matches(node.operand, fields);
  }
}

const parsedRules = new Map<string, DownloadRuleNode>();

function parseCached(rule: ElasticSearchQuery): DownloadRuleNode {
  let tree = parsedRules.get(rule);
  if (!tree) {
    tree = parseDownloadRule(rule);
    parsedRules.set(rule, tree);
  }
  return tree;
}

/** Whether a request for `filePath` counts as a download under `rule`. */
export function fileCountsDownload(rule: ElasticSearchQuery | DownloadRuleNode, filePath: string): boolean {
  const tree = typeof rule === "string" ? parseCached(rule) : rule;
  return matches(tree, downloadRulePathFields(filePath));
}

/** The files of a repo whose requests count as downloads under `rule`, in the given order. */
export function filesCountingDownloads(
  rule: ElasticSearchQuery | DownloadRuleNode,
  filePaths: readonly string[],
): string[] {
  const tree = typeof rule === "string" ? parseCached(rule) : rule;
  assertPathList(filePaths);
  return filePaths.filter((filePath) => matches(tree, downloadRulePathFields(filePath)));
}

/** Whether any file of a repo counts downloads under `rule` (if none does, the repo shows no downloads). */
export function evaluateDownloadRule(
  rule: ElasticSearchQuery | DownloadRuleNode,
  filePaths: readonly string[],
): boolean {
  const tree = typeof rule === "string" ? parseCached(rule) : rule;
  assertPathList(filePaths);
  return filePaths.some((filePath) => matches(tree, downloadRulePathFields(filePath)));
}

function assertPathList(filePaths: readonly string[]): void {
  if (!Array.isArray(filePaths)) {
    throw new TypeError(`Repo file paths must be an array of strings, got ${typeof filePaths}`);
  }
}

/** The rule a library's downloads are counted with: its own, or `DEFAULT_DOWNLOAD_RULE`. */
export function downloadRuleForLibrary(libraryKey: ModelLibraryKey): ElasticSearchQuery {
  const allFacts = loadModelLibraryFacts();
  if (!Object.hasOwn(allFacts, libraryKey)) {
    throw new Error(
      `Unknown model library '${String(libraryKey)}': not a key of MODEL_LIBRARIES_UI_ELEMENTS`,
    );
  }
  const facts: ModelLibraryFacts = allFacts[libraryKey];
  return facts.countDownloads ?? DEFAULT_DOWNLOAD_RULE;
}

/** Whether a repo of `libraryKey` with these files gets its downloads counted at all. */
export function libraryCountsDownload(libraryKey: ModelLibraryKey, filePaths: readonly string[]): boolean {
  return evaluateDownloadRule(downloadRuleForLibrary(libraryKey), filePaths);
}
