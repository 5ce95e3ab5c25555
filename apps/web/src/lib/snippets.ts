// Inference snippets for the provider widget and the model page's loader: the generator's output as
// it writes it — the person's own token when they chose to reveal it, otherwise the
// environment-variable reads the generator itself writes. Every client hubkit runs in its tests is
// offered (`allClients`).
import type { InferenceSnippet } from "@hubkit/tasks";
import { toModelData, type HubModel } from "./api.js";

export const LANGUAGE_LABELS: Record<string, string> = { python: "Python", js: "JavaScript", sh: "cURL" };
/** highlight.js language names of the snippet languages. */
export const HIGHLIGHT_LANGUAGE: Record<string, string> = { python: "python", js: "javascript", sh: "bash" };

export type SnippetResult = { ok: true; snippets: InferenceSnippet[] } | { ok: false; error: string };

/**
 * Runs the generator of @hubkit/inference (loaded on demand); never throws. `routerBase` (this hub's
 * `/router`) is the generator's `routerUrl`: the snippets call it instead of the real router.
 */
export async function generateSnippets(
  model: HubModel,
  provider: string,
  token: string,
  opts: Record<string, unknown>,
  routerBase?: string,
): Promise<SnippetResult> {
  try {
    const { snippets } = await import("@hubkit/inference");
    const entry = model.inferenceProviderMapping?.[provider];
    const mapping = entry && { ...entry, provider, hfModelId: model.id };
    const options = {
      ...opts,
      allClients: true,
      ...(token ? { accessToken: token } : {}),
      ...(routerBase ? { routerUrl: routerBase } : {}),
    };
    const list = snippets.getInferenceSnippets(
      toModelData(model),
      provider as never,
      mapping as never,
      options as never,
    );
    return { ok: true, snippets: list };
  } catch (error) {
    return { ok: false, error: (error as Error).message || String(error) };
  }
}
