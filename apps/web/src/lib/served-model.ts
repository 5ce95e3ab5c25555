// Finding a model a provider serves for a task, to try when the one at hand has no provider.
import { getModel, listModels, type HubModel } from "./api.js";
import { NOT_ROUTED_PROVIDERS } from "./providers.js";
import { mappingTasksFor, TRY_TASKS } from "./try-tasks.js";

/** Whether a provider the router serves runs `model` for `task`. */
export function servesTask(model: HubModel, task: string): boolean {
  const tasks = mappingTasksFor(task);
  return Object.entries(model.inferenceProviderMapping ?? {}).some(
    ([provider, entry]) => !NOT_ROUTED_PROVIDERS.has(provider) && tasks.includes(entry.task ?? ""),
  );
}

/**
 * Pipelines whose models providers also serve for a 4.x task that the hub's own pipeline tags rarely
 * name (a video model tagged text-to-video is mapped for image-text-to-video, say).
 */
const RELATED_PIPELINES: Record<string, string[]> = {
  "image-text-to-video": ["text-to-video", "image-to-video"],
  "image-text-to-image": ["image-to-image", "text-to-image"],
};

/** The catalogue's most downloaded model of `task` (or a related pipeline) that a routed provider serves for it. */
export async function findServedModel(task: string, signal?: AbortSignal): Promise<HubModel | undefined> {
  if (!TRY_TASKS[task]) return undefined;
  for (const pipelineTag of [task, ...(RELATED_PIPELINES[task] ?? [])]) {
    const { models } = await listModels(
      {
        pipelineTag,
        sort: "downloads",
        limit: 100,
        expand: ["pipeline_tag", "tags", "inferenceProviderMapping"],
      },
      signal,
    );
    const served = models.find((model) => servesTask(model, task));
    if (served) return getModel(served.id, signal);
  }
  return undefined;
}
