// models / search (the hub's catalogue), tasks and libraries (the catalogue data hubkit ships): tables,
// or JSON with --json.
import type { Command } from "commander";
import { hubClient } from "../hub-api.js";
import { integer } from "../options.js";
import { print, printJson, table } from "../ui/output.js";

interface ModelRow {
  id: string;
  pipeline_tag?: string;
  library_name?: string;
  downloads?: number;
  likes?: number;
}

export function registerCatalogueCommands(program: Command): void {
  program
    .command("models")
    .alias("search")
    .description("search the hub's models (HF_ENDPOINT)")
    .argument("[query]", "words in the model id")
    .option("--task <task>", "only this pipeline tag, e.g. text-generation")
    .option("--library <library>", "only this library, e.g. transformers")
    .option("--author <author>", "only this author")
    .option("--sort <field>", "downloads, likes, trendingScore, lastModified", "downloads")
    .option("--limit <n>", "at most this many", integer("--limit", 1, 1000), 20)
    .option("--json", "print the hub's answer as JSON")
    .action(async (query: string | undefined, values) => {
      const params = new URLSearchParams({ sort: values.sort, direction: "-1", limit: String(values.limit) });
      if (query) params.set("search", query);
      if (values.task) params.set("pipeline_tag", values.task);
      if (values.library) params.set("library", values.library);
      if (values.author) params.set("author", values.author);
      const models = await hubClient().json<ModelRow[]>(`/api/models?${params}`);
      if (values.json) return printJson(models);
      print(
        table(
          ["MODEL", "TASK", "LIBRARY", "DOWNLOADS", "LIKES"],
          models.map((m) => [
            m.id,
            m.pipeline_tag ?? "-",
            m.library_name ?? "-",
            String(m.downloads ?? 0),
            String(m.likes ?? 0),
          ]),
        ),
      );
    });

  program
    .command("tasks")
    .description("the tasks (pipeline tags) the catalogue knows")
    .option("--json", "print as JSON")
    .action(async (values) => {
      const { PIPELINE_DATA } = await import("@hubkit/tasks");
      const rows = Object.entries(PIPELINE_DATA).map(([id, data]) => ({
        id,
        name: data.name,
        modality: data.modality,
      }));
      if (values.json) return printJson(rows);
      print(
        table(
          ["TASK", "NAME", "MODALITY"],
          rows.map((r) => [r.id, r.name, r.modality]),
        ),
      );
    });

  program
    .command("libraries")
    .description("the model libraries the catalogue knows")
    .option("--json", "print as JSON")
    .action(async (values) => {
      const { MODEL_LIBRARIES_UI_ELEMENTS } = await import("@hubkit/tasks");
      const rows = Object.entries(MODEL_LIBRARIES_UI_ELEMENTS).map(([id, lib]) => ({
        id,
        name: lib.prettyLabel,
        repo: lib.repoUrl,
      }));
      if (values.json) return printJson(rows);
      print(
        table(
          ["LIBRARY", "NAME", "REPOSITORY"],
          rows.map((r) => [r.id, r.name, r.repo]),
        ),
      );
    });
}
