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

/** The catalogue's most downloaded model of `task` that a routed provider serves for it. */
export async function findServedModel(task: string, signal?: AbortSignal): Promise<HubModel | undefined> {
  if (!TRY_TASKS[task]) return undefined;
  const { models } = await listModels(
    {
      pipelineTag: task,
      sort: "downloads",
      limit: 100,
      expand: ["pipeline_tag", "tags", "inferenceProviderMapping"],
    },
    signal,
  );
  const served = models.find((model) => servesTask(model, task));
  return served ? getModel(served.id, signal) : undefined;
}
