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

  // What the catalogue knows, each a table (or JSON) of one row per entry.
  // columns: the JSON key and the table's header of each value of a row.
  const listings: {
    name: string;
    description: string;
    columns: [string, string][];
    rows: () => Promise<string[][]>;
  }[] = [
    {
      name: "tasks",
      description: "the tasks (pipeline tags) the catalogue knows",
      columns: [
        ["id", "TASK"],
        ["name", "NAME"],
        ["modality", "MODALITY"],
      ],
      rows: async () => {
        const { PIPELINE_DATA } = await import("@hubkit/tasks");
        return Object.entries(PIPELINE_DATA).map(([id, data]) => [id, data.name, data.modality]);
      },
    },
    {
      name: "libraries",
      description: "the model libraries the catalogue knows",
      columns: [
        ["id", "LIBRARY"],
        ["name", "NAME"],
        ["repo", "REPOSITORY"],
      ],
      rows: async () => {
        const { MODEL_LIBRARIES_UI_ELEMENTS } = await import("@hubkit/tasks");
        return Object.entries(MODEL_LIBRARIES_UI_ELEMENTS).map(([id, lib]) => [
          id,
          lib.prettyLabel,
          lib.repoUrl,
        ]);
      },
    },
  ];
  for (const listing of listings) {
    program
      .command(listing.name)
      .description(listing.description)
      .option("--json", "print as JSON")
      .action(async (values) => {
        const rows = await listing.rows();
        if (!values.json)
          return print(
            table(
              listing.columns.map(([, header]) => header),
              rows,
            ),
          );
        printJson(
          rows.map((row) => Object.fromEntries(listing.columns.map(([key], index) => [key, row[index]]))),
        );
      });
  }
}
