// `hubkit snippet MODEL --lang python|js|sh`: the client's code samples for a model, from its
// catalogue facts (task, provider mapping) on the hub.
import type { Command } from "commander";
import { CliError } from "../errors.js";
import { hubClient } from "../hub-api.js";
import { choice } from "../options.js";
import { print, printJson } from "../ui/output.js";
import { splitModel } from "./client.js";

interface ModelInfo {
  id: string;
  pipeline_tag?: string;
  library_name?: string;
  tags?: string[];
  inferenceProviderMapping?: Record<string, { providerId: string; status: string; task: string }>;
}

export function registerSnippet(program: Command): void {
  program
    .command("snippet")
    .description("print code that calls a model (MODEL or MODEL:provider)")
    .argument("<model>", "owner/name, optionally :provider")
    .requiredOption(
      "--lang <language>",
      "python, js or sh",
      choice("--lang", ["python", "js", "sh"] as const),
    )
    .option("--client <client>", "one client, e.g. huggingface_hub, openai, requests, fetch, curl")
    .option("--json", "print the snippets as JSON")
    .action(async (spec: string, values) => {
      const { model, provider } = splitModel(spec);
      const info = await hubClient().json<ModelInfo>(
        `/api/models/${model}?expand[]=pipeline_tag&expand[]=library_name&expand[]=tags&expand[]=inferenceProviderMapping`,
      );
      const { snippets } = await import("@hubkit/inference");
      const raw = info.inferenceProviderMapping?.[provider];
      const mapping = raw ? { ...raw, provider, hfModelId: model } : undefined;
      const all = snippets.getInferenceSnippets(
        {
          id: info.id,
          pipeline_tag: info.pipeline_tag,
          library_name: info.library_name,
          tags: info.tags ?? [],
        } as never,
        provider as never,
        mapping as never,
      );
      const chosen = all.filter(
        (s) => s.language === values.lang && (!values.client || s.client === values.client),
      );
      if (chosen.length === 0) {
        const clients = [...new Set(all.filter((s) => s.language === values.lang).map((s) => s.client))];
        throw new CliError(
          `no ${values.lang} snippet${values.client ? ` with ${values.client}` : ""} for ${model} on ${provider}` +
            (clients.length ? ` (clients: ${clients.join(", ")})` : ""),
        );
      }
      if (values.json) return printJson(chosen);
      print(chosen.map((s) => (chosen.length > 1 ? `# ${s.client}\n${s.content}` : s.content)).join("\n\n"));
    });
}
