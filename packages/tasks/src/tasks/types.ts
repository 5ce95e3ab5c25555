// The shape of a task page. Kept apart from index.ts, which imports every page, so that the pages
// can name their type without importing the module that imports them.
import type { ModelLibraryKey } from "../model-libraries-data.js";
import type { PipelineType } from "../pipelines.js";

/** A model, dataset, space or metric shown on a task page, with why it is worth a look. */
export interface ExampleRepo {
  description: string;
  id: string;
}

/** One widget of a task page's demo; `filename`s name files shipped in the package's assets (see taskDemoAssetPath). */
export type TaskDemoEntry =
  | {
      filename: string;
      type: "audio";
    }
  | {
      data: Array<{
        label: string;
        score: number;
      }>;
      type: "chart";
    }
  | {
      filename: string;
      type: "img";
    }
  | {
      table: string[][];
      type: "tabular";
    }
  | {
      content: string;
      label: string;
      type: "text";
    }
  | {
      text: string;
      tokens: Array<{
        end: number;
        start: number;
        type: string;
      }>;
      type: "text-with-tokens";
    };

export interface TaskDemo {
  inputs: TaskDemoEntry[];
  outputs: TaskDemoEntry[];
}

/** A task page: what the task is, and the models, datasets, spaces and metrics to start from. */
export interface TaskData {
  datasets: ExampleRepo[];
  demo: TaskDemo;
  id: PipelineType;
  canonicalId?: PipelineType;
  isPlaceholder?: boolean;
  label: string;
  libraries: ModelLibraryKey[];
  metrics: ExampleRepo[];
  models: ExampleRepo[];
  spaces: ExampleRepo[];
  summary: string;
  widgetModels: string[];
  youtubeId?: string;
}

/** What each `<task>/data.json` provides (see pages.ts); id, label and libraries are filled in from the pipeline tables. */
export type TaskDataCustom = Omit<TaskData, "id" | "label" | "libraries">;
