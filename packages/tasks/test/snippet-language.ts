// How the snippet tests tell a generated block's language: generators return plain text blocks, so
// the language is read from the block itself.

export type Language = "python" | "js" | "sh" | "csharp";

// A shell block's first command (after comments) is one of these (library snippets' and local apps'
// commands), or an environment assignment (`VAR=value cmd`, `name=$(cmd)`); anything else is code.
const SHELL_COMMAND =
  /^(?:[A-Z_][A-Z0-9_]*=\S+|[a-z_]\w*=\$\(\S*|git|pip3?|uvx?|hf|huggingface-cli|cd|python3?|npm|npx|pnpm|yarn|brew|winget|export|chmod|cmake|make|cargo|curl|wget|mkdir|ls|bash|sh|cat|conda|docker|apt(?:-get)?|for|\.\/\S*|[\w.-]+-cli|litert-lm|htrflow|boltzgen|intellifold|lerobot-[\w-]+|mlagents-[\w-]+|mlx_lm\.\w+|mlc_llm|ollama|llama-[\w-]+|vllm|lemonade[\w-]*|pi|hermes|openclaw|node-llama-cpp|local-ai|lms|jan)(?:\s|$)/;

function firstCodeLine(code: string, comment: RegExp): string {
  return (
    code
      .split("\n")
      .map((line) => line.trim())
      .find((line) => line !== "" && !comment.test(line)) ?? ""
  );
}

/** Decides a block's language from its content. */
export function languageOf(code: string): Language {
  const firstJs = firstCodeLine(code, /^\/\//);
  // Unity's C# (declarations ending in ";") is shown as is; it is not parsed.
  if (/^(?:using|string|var|Model|IWorker|Worker)\s.*;$/.test(firstJs)) return "csharp";
  if (
    /^\/\//.test(code.trim()) ||
    /^import\s.*\sfrom\s+["'][^"']+["'];?$/.test(firstJs) ||
    /^(?:const|let|await)\s/.test(firstJs)
  )
    return "js";
  if (SHELL_COMMAND.test(firstCodeLine(code, /^#/))) return "sh";
  return "python";
}
