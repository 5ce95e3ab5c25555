// Example inputs for the try-it panels, from the catalogue's per-task input examples.
import { getModelInputExample } from "@hubkit/tasks/snippets/inputs";
import { toModelData, type HubModel } from "./api.js";

/** Example input for the try-it panel, as text (JSON for structured inputs). */
export function exampleInput(model: HubModel): string | undefined {
  const example = getModelInputExample(toModelData(model));
  if (!example) return undefined;
  if (example.type === "text") return example.text;
  if (example.type === "json") return JSON.stringify(example.value, null, 2);
  if (example.type === "messages") {
    const first = example.messages.find((message) => message.role === "user");
    return typeof first?.content === "string" ? first.content : undefined;
  }
  return undefined;
}
