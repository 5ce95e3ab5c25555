// Shell snippets: one curl command.
import { collectFileRefs, fileRef, shellQuote, type FileRef } from "./literals.js";
import type { SnippetPlan } from "./plan.js";

const INDENT = "    ";

/** The file as a base64 word (or data URL) for printf, portable across GNU and BSD `base64`. */
function fileWord(ref: FileRef): string {
  const base64 = `$(base64 < ${shellQuote(ref.filename)} | tr -d '\\n')`;
  return ref.encoding === "data-url" ? `"data:${ref.mediaType};base64,${base64}"` : `"${base64}"`;
}

/**
 * The `-d` argument: the JSON as one quoted word; with files inside, a printf filling each file's
 * base64 into the JSON, so the command still needs nothing but a POSIX shell.
 */
function dataArgument(payload: unknown): string {
  const json = JSON.stringify(payload, null, 4).replaceAll("\n", `\n${INDENT}`);
  const refs = collectFileRefs(payload);
  if (refs.length === 0) return `-d ${shellQuote(json)}`;
  let format = json.replaceAll("%", "%%");
  const words: string[] = [];
  for (const ref of refs) {
    const placeholder = JSON.stringify(fileRef(ref));
    // Every occurrence of the file gets the same base64; printf consumes one word per %s.
    while (format.includes(placeholder)) {
      format = format.replace(placeholder, '"%s"');
      words.push(fileWord(ref));
    }
  }
  return `-d "$(printf ${shellQuote(format)} ${words.join(" ")})"`;
}

export function curlSnippet(plan: SnippetPlan): string | undefined {
  if (!plan.url) return undefined;
  // Replies other than JSON or bytes need a parser.
  const reply = plan.mediaReply;
  if (plan.outputFile && (!reply || reply.kind !== "bytes")) return undefined;

  const options: string[] = ["-X POST"];
  if (plan.auth) {
    const { header, scheme } = plan.auth;
    const prefix = scheme ? `${scheme} ` : "";
    options.push(
      plan.token.kind === "literal"
        ? `-H ${shellQuote(`${header}: ${prefix}${plan.token.value}`)}`
        : `-H "${header}: ${prefix}$${plan.token.variable}"`,
    );
  }
  options.push(
    `-H ${shellQuote(`Content-Type: ${plan.upload ? plan.upload.mediaType : "application/json"}`)}`,
  );
  for (const [name, value] of Object.entries(plan.extraHeaders))
    options.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (plan.upload) options.push(`--data-binary ${shellQuote(`@${plan.upload.filename}`)}`);
  else options.push(dataArgument(plan.payload));
  if (plan.streaming) options.push("--no-buffer");
  if (reply && plan.outputFile) options.push(`-o ${shellQuote(plan.outputFile)}`);
  return [`curl ${shellQuote(plan.url)}`, ...options.map((option) => `${INDENT}${option}`)].join(" \\\n");
}
