// Inference snippets for the provider widget and the playground. Unless the person pasted a token,
// snippets read it from the HF_TOKEN environment variable instead of showing a secret.
import type { InferenceSnippet, ModelData } from "@hubkit/tasks";

/** Passed to the generator in place of a token, then rewritten per language. Starts with hf_ so
 * snippets go through the router, as they do with a real hub token. */
export const TOKEN_PLACEHOLDER = "hf_HUBKIT_TOKEN_PLACEHOLDER";
export const TOKEN_ENV_VAR = "HF_TOKEN";

const STRING_WITH_PLACEHOLDER = new RegExp(
  `(["'\`])([^"'\`\\n]*?)${TOKEN_PLACEHOLDER}([^"'\`\\n]*?)\\1`,
  "g",
);

function pythonEnv(code: string): string {
  let used = false;
  const out = code.replace(
    STRING_WITH_PLACEHOLDER,
    (_match, _quote: string, before: string, after: string) => {
      used = true;
      const env = `os.environ["${TOKEN_ENV_VAR}"]`;
      if (!before && !after) return env;
      const escape = (text: string) => text.replace(/[{}]/g, (brace) => brace + brace).replace(/"/g, '\\"');
      return `f"${escape(before)}{os.environ['${TOKEN_ENV_VAR}']}${escape(after)}"`;
    },
  );
  if (!used || /^import os$/m.test(out)) return out;
  return `import os\n${out}`;
}

function javascriptEnv(code: string): string {
  return code.replace(STRING_WITH_PLACEHOLDER, (_match, _quote: string, before: string, after: string) => {
    const env = `process.env.${TOKEN_ENV_VAR}`;
    if (!before && !after) return env;
    const escape = (text: string) => text.replace(/[`\\]/g, "\\$&").replace(/\$\{/g, "\\${");
    return `\`${escape(before)}\${${env}}${escape(after)}\``;
  });
}

function shellEnv(code: string): string {
  return code.replace(STRING_WITH_PLACEHOLDER, (match, quote: string, before: string, after: string) => {
    if (quote === "`") return match;
    // Single quotes do not expand variables: switch to double quotes.
    const escape = (text: string) => (quote === "'" ? text.replace(/["$`\\]/g, "\\$&") : text);
    return `"${escape(before)}$${TOKEN_ENV_VAR}${escape(after)}"`;
  });
}

/** Replaces the placeholder token with a read of $HF_TOKEN in the snippet's language. */
export function readTokenFromEnv(snippet: InferenceSnippet): InferenceSnippet {
  if (!snippet.content.includes(TOKEN_PLACEHOLDER)) return snippet;
  const rewrite =
    snippet.language === "python" ? pythonEnv : snippet.language === "js" ? javascriptEnv : shellEnv;
  const content = rewrite(snippet.content).split(TOKEN_PLACEHOLDER).join(`$${TOKEN_ENV_VAR}`);
  return { ...snippet, content };
}

export interface SnippetRequest {
  model: ModelData;
  provider: string;
  providerModelId?: string;
  /** the person's own token, shown literally; empty → read from $HF_TOKEN */
  token: string;
  opts?: Record<string, unknown>;
}

export type SnippetResult = { ok: true; snippets: InferenceSnippet[] } | { ok: false; error: string };

/** Runs the generator of @hubkit/inference (loaded on demand); never throws. */
export async function inferenceSnippets(request: SnippetRequest): Promise<SnippetResult> {
  try {
    const { snippets } = await import("@hubkit/inference");
    const generate = snippets.getInferenceSnippets as unknown as (
      model: ModelData,
      accessToken: string,
      provider: string,
      providerModelId?: string,
      opts?: Record<string, unknown>,
    ) => InferenceSnippet[];
    const raw = generate(
      request.model,
      request.token || TOKEN_PLACEHOLDER,
      request.provider,
      request.providerModelId,
      request.opts,
    );
    return { ok: true, snippets: request.token ? raw : raw.map(readTokenFromEnv) };
  } catch (error) {
    return { ok: false, error: (error as Error).message || String(error) };
  }
}

export const LANGUAGE_LABELS: Record<string, string> = { python: "Python", js: "JavaScript", sh: "cURL" };
/** highlight.js language names of the snippet languages. */
export const HIGHLIGHT_LANGUAGE: Record<string, string> = { python: "python", js: "javascript", sh: "bash" };
