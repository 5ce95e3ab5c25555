// Model lookup for the hub API and for the providers (which task does a model id run?).
import type { WidgetType } from "@hubkit/tasks";
import { MODELS } from "./data/models.js";
import { FAULT_MODELS } from "./faults.js";
import type { EmulatedModel, ProviderId } from "./types.js";

/** A task page as @hubkit/tasks' TASKS_DATA holds it (only the fields the emulator reads). */
export interface TaskPage {
  id?: string;
  label?: string;
  models?: { id: string; description?: string }[];
  [key: string]: unknown;
}

/**
 * Loads TASKS_DATA from @hubkit/tasks when that package is available. The specifier is a variable
 * so the emulator still builds and runs while the catalogue package is being written.
 */
export async function loadTasksData(): Promise<Record<string, TaskPage | undefined> | undefined> {
  const specifier = "@hubkit/tasks";
  try {
    const mod = (await import(specifier)) as { TASKS_DATA?: Record<string, TaskPage | undefined> };
    return mod.TASKS_DATA && typeof mod.TASKS_DATA === "object" ? mod.TASKS_DATA : undefined;
  } catch {
    return undefined;
  }
}

export class Catalog {
  private readonly byId = new Map<string, EmulatedModel>();
  /** provider → provider model id → hub model (for tasks of direct calls). */
  private readonly byProviderId = new Map<string, EmulatedModel>();
  private readonly taskOfTaskModel = new Map<string, string>();

  constructor(
    extra: readonly EmulatedModel[] = [],
    private readonly resolve?: (id: string) => EmulatedModel | undefined,
    readonly tasksData?: Record<string, TaskPage | undefined>,
  ) {
    for (const m of [...MODELS, ...FAULT_MODELS, ...extra]) this.add(m);
    for (const [task, page] of Object.entries(tasksData ?? {})) {
      for (const m of page?.models ?? [])
        if (!this.taskOfTaskModel.has(m.id)) this.taskOfTaskModel.set(m.id, task);
    }
  }

  private add(m: EmulatedModel): void {
    this.byId.set(m.id, m);
    for (const [provider, entry] of Object.entries(m.inferenceProviderMapping)) {
      if (entry) this.byProviderId.set(`${provider}\u0000${entry.providerId}`, m);
    }
  }

  get models(): EmulatedModel[] {
    return [...this.byId.values()];
  }

  /**
   * A hub model by id: the table, then `resolveModel`, then (served by hf-inference only) a model
   * named on a task page, so the default model of every task works.
   */
  get(id: string): EmulatedModel | undefined {
    const found = this.byId.get(id) ?? this.resolve?.(id);
    if (found) return found;
    const task = this.taskOfTaskModel.get(id);
    if (task === undefined) return undefined;
    const tags =
      task === "text-generation" || task === "image-text-to-text" ? [task, "conversational"] : [task];
    const mappingTask = (tags.includes("conversational") ? "conversational" : task) as WidgetType;
    return {
      id,
      pipeline_tag: task,
      tags,
      inferenceProviderMapping: { "hf-inference": { status: "live", providerId: id, task: mappingTask } },
    };
  }

  /** The hub model a provider serves under `providerId` (case-sensitive, like the providers). */
  byProviderModel(provider: ProviderId, providerId: string): EmulatedModel | undefined {
    return this.byProviderId.get(`${provider}\u0000${providerId}`);
  }

  /** The task a provider runs for `providerId`, from the hub mapping. */
  providerTask(provider: ProviderId, providerId: string): string | undefined {
    return this.byProviderModel(provider, providerId)?.inferenceProviderMapping[provider]?.task;
  }

  /** GET /api/tasks: the task pages when @hubkit/tasks is there, else a summary of the table. */
  tasksListing(): Record<string, unknown> {
    if (this.tasksData) {
      const out: Record<string, unknown> = {};
      for (const [task, page] of Object.entries(this.tasksData))
        if (page) out[task] = { ...page, id: page.id ?? task };
      return out;
    }
    const out: Record<string, { id: string; label: string; models: { id: string; description: string }[] }> =
      {};
    for (const m of MODELS) {
      const task = m.pipeline_tag;
      out[task] ??= { id: task, label: task, models: [] };
      out[task].models.push({ id: m.id, description: `Emulated ${task} model.` });
    }
    return out;
  }
}
