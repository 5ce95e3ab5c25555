// Inference snippets for the provider widget and the model page's loader: the generator's output as
// it writes it — the person's own token when they chose to reveal it, otherwise the
// environment-variable reads the generator itself writes. Every client hubkit runs in its tests is
// offered (`allClients`).
import type { InferenceSnippet } from "@hubkit/tasks";
import { toModelData, type HubModel } from "./api.js";

export const LANGUAGE_LABELS: Record<string, string> = { python: "Python", js: "JavaScript", sh: "cURL" };
/** highlight.js language names of the snippet languages. */
export const HIGHLIGHT_LANGUAGE: Record<string, string> = { python: "python", js: "javascript", sh: "bash" };

export type SnippetResult =
  | {
      ok: true;
      snippets: InferenceSnippet[];
      /**
       * With `routerBase`: the snippets (`language/client`) that still name the real router, because
       * their client builds its address itself (huggingface_hub, huggingface.js) or they call the
       * provider directly
       */
      unpointed?: string[];
    }
  | { ok: false; error: string };

/** The key of a snippet in SnippetResult.unpointed. */
export const snippetKey = (snippet: InferenceSnippet) => `${snippet.language}/${snippet.client}`;

/**
 * Runs the generator of @hubkit/inference (loaded on demand); never throws. With `routerBase` (this
 * hub's `/router`), the real router's address is replaced by it wherever a snippet prints it: request
 * paths are the same on both, so those snippets run against this hub as they are.
 */
export async function generateSnippets(
  model: HubModel,
  provider: string,
  token: string,
  opts: Record<string, unknown>,
  routerBase?: string,
): Promise<SnippetResult> {
  try {
    const { snippets, HF_ROUTER_URL } = await import("@hubkit/inference");
    const entry = model.inferenceProviderMapping?.[provider];
    const mapping = entry && { ...entry, provider, hfModelId: model.id };
    const options = { ...opts, allClients: true, ...(token ? { accessToken: token } : {}) };
    const list = snippets.getInferenceSnippets(
      toModelData(model),
      provider as never,
      mapping as never,
      options as never,
    );
    if (!routerBase) return { ok: true, snippets: list };
    const unpointed = list.filter((snippet) => !snippet.content.includes(HF_ROUTER_URL)).map(snippetKey);
    const pointed = list.map((snippet) => ({
      ...snippet,
      content: snippet.content.replaceAll(HF_ROUTER_URL, routerBase),
    }));
    return { ok: true, snippets: pointed, unpointed };
  } catch (error) {
    return { ok: false, error: (error as Error).message || String(error) };
  }
}
