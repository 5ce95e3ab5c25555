// `hubkit run TASK --model M --input FILE|TEXT`: one call of the client's task function. Media inputs
// (by file extension) go as Blobs; media outputs are written to a file whose path is printed; anything
// else is printed as JSON.
import type { Command } from "commander";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { UsageError } from "../errors.js";
import { print, printJson } from "../ui/output.js";
import { inferenceClient, splitModel } from "./client.js";

const MEDIA_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  wav: "audio/wav",
  mp3: "audio/mpeg",
  flac: "audio/flac",
  ogg: "audio/ogg",
  mp4: "video/mp4",
  webm: "video/webm",
};
const EXTENSIONS: Record<string, string> = Object.fromEntries(
  Object.entries(MEDIA_TYPES).map(([ext, type]) => [type, ext]),
);
EXTENSIONS["audio/x-wav"] = "wav";
EXTENSIONS["audio/flac"] = "flac";
EXTENSIONS["image/jpeg"] = "jpg";

const CHAT_TASKS = new Set(["chat-completion", "conversational"]);

function methodName(task: string): string {
  if (CHAT_TASKS.has(task)) return "chatCompletion";
  return task.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
}

function readInput(input: string): Blob | string | Record<string, unknown> {
  if (existsSync(input) && statSync(input).isFile()) {
    const type = MEDIA_TYPES[path.extname(input).slice(1).toLowerCase()];
    return type ? new Blob([readFileSync(input)], { type }) : readFileSync(input, "utf8");
  }
  if (MEDIA_TYPES[path.extname(input).slice(1).toLowerCase()] && !/\s/.test(input))
    throw new UsageError(`--input: no such file ${input}`);
  if (input.trimStart().startsWith("{")) {
    try {
      return JSON.parse(input) as Record<string, unknown>;
    } catch {
      // not JSON: the text itself
    }
  }
  return input;
}

/** A name for a media output: the task and the time, with the MIME type's extension. */
function outputName(task: string, type: string): string {
  const ext = EXTENSIONS[type.split(";")[0]] ?? type.split("/")[1]?.split(/[;+]/)[0] ?? "bin";
  return `${task}-${new Date().toISOString().replace(/[:.]/g, "-")}.${ext}`;
}

export function registerRun(program: Command): void {
  program
    .command("run")
    .description(
      "run one inference task, e.g. text-to-image, text-classification, automatic-speech-recognition",
    )
    .argument("<task>", "the task (see `hubkit tasks`, or chat-completion)")
    .requiredOption("--model <model>", "owner/name, optionally :provider")
    .requiredOption(
      "--input <file-or-text>",
      "a file (media by extension) or text (or a JSON object of inputs)",
    )
    .option("--provider <provider>", "a provider or policy (default: auto)")
    .option("--parameters <json>", "task parameters as a JSON object")
    .option("--output <file>", "where a media result (or the JSON) is written")
    .option("--json", "print the result (or where it was written) as JSON")
    .action(async (task: string, values) => {
      const client = await inferenceClient();
      const method = methodName(task);
      const call = (client as unknown as Record<string, unknown>)[method];
      const { PIPELINE_DATA } = await import("@hubkit/tasks");
      if (typeof call !== "function" || (!(task in PIPELINE_DATA) && !CHAT_TASKS.has(task)))
        throw new UsageError(`TASK "${task}" is not a task the client runs (see hubkit tasks)`);
      const { model, provider } = splitModel(values.model);
      let parameters: Record<string, unknown> | undefined;
      if (values.parameters) {
        try {
          parameters = JSON.parse(values.parameters) as Record<string, unknown>;
        } catch {
          throw new UsageError("--parameters must be a JSON object");
        }
      }
      const input = readInput(values.input);
      const args: Record<string, unknown> = { model, provider: values.provider ?? provider };
      if (CHAT_TASKS.has(task)) args.messages = [{ role: "user", content: String(input) }];
      else args.inputs = input;
      if (parameters) args.parameters = parameters;
      const result = await (call as (a: unknown) => Promise<unknown>).call(client, args);
      if (result instanceof Blob) {
        const file = values.output ?? outputName(task, result.type);
        writeFileSync(file, Buffer.from(await result.arrayBuffer()));
        if (values.json) printJson({ path: path.resolve(file), type: result.type, bytes: result.size });
        else print(path.resolve(file));
        return;
      }
      if (values.output) {
        writeFileSync(values.output, `${JSON.stringify(result, null, 2)}\n`);
        if (values.json) printJson({ path: path.resolve(values.output) });
        else print(path.resolve(values.output));
        return;
      }
      printJson(result);
    });
}
