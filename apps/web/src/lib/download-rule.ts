// A library's download-count rule (an Elasticsearch query over the requested file's path), in words.
import type { DownloadRuleNode } from "@hubkit/tasks";
import { DEFAULT_DOWNLOAD_RULE, parseDownloadRule } from "@hubkit/tasks/model-libraries-downloads";

function term(node: Extract<DownloadRuleNode, { type: "term" }>): string {
  switch (node.field) {
    case "path":
      return `the file "${node.value}"`;
    case "path_extension":
      return `any ".${node.value}" file`;
    case "path_prefix":
      return node.value ? `any file under "${node.value}"` : "any file at the repository root";
    case "path_filename":
      return `any file named "${node.value}" (whatever its extension)`;
  }
}

function exists(field: DownloadRuleNode & { type: "exists" }): string {
  switch (field.field) {
    case "path_extension":
      return "any file with an extension";
    case "path_prefix":
      return "any file inside a folder";
    default:
      return "any file";
  }
}

function describeNode(node: DownloadRuleNode, nested: boolean): string {
  switch (node.type) {
    case "term":
      return term(node);
    case "exists":
      return exists(node);
    case "not":
      return `not ${describeNode(node.operand, true)}`;
    case "and": {
      const text = node.operands.map((operand) => describeNode(operand, true)).join(" that is also ");
      return nested ? `(${text})` : text;
    }
    case "or": {
      const parts = node.operands.map((operand) => describeNode(operand, true));
      const text =
        parts.length > 2 ? `${parts.slice(0, -1).join(", ")} or ${parts.at(-1)}` : parts.join(" or ");
      return nested ? `(${text})` : text;
    }
  }
}

/** "A download is counted each time someone fetches the file "config.json" or any ".gguf" file." */
export function describeDownloadRule(node: DownloadRuleNode, isDefault: boolean): string {
  const sentence = `A download is counted each time someone fetches ${describeNode(node, false)}.`;
  return isDefault
    ? `No rule of its own, so the hub's default applies: ${sentence[0].toLowerCase()}${sentence.slice(1)}`
    : sentence;
}

/** A library's rule in words (the default rule when it sets none), or why it cannot be read. */
export function downloadRuleText(library: { countDownloads?: string }): string {
  const rule = library.countDownloads ?? DEFAULT_DOWNLOAD_RULE;
  try {
    return describeDownloadRule(parseDownloadRule(rule), library.countDownloads === undefined);
  } catch (error) {
    return `Rule ${rule} (${(error as Error).message})`;
  }
}
