// Shell snippets: one curl command.
import { collectFileRefs, shellQuote } from "./literals.js";
import type { SnippetPlan } from "./plan.js";

const INDENT = "    ";

export function curlSnippet(plan: SnippetPlan): string | undefined {
  // Files inside JSON (base64) need more than curl; replies other than JSON or bytes need a parser.
  if (plan.payload !== undefined && collectFileRefs(plan.payload).length > 0) return undefined;
  const reply = plan.mediaReply;
  if (reply && reply.kind !== "bytes") return undefined;

  const options: string[] = ["-X POST"];
  if (plan.authScheme) {
    options.push(
      plan.token.kind === "literal"
        ? `-H ${shellQuote(`Authorization: ${plan.authScheme} ${plan.token.value}`)}`
        : `-H "Authorization: ${plan.authScheme} $${plan.token.variable}"`,
    );
  }
  options.push(
    `-H ${shellQuote(`Content-Type: ${plan.upload ? plan.upload.mediaType : "application/json"}`)}`,
  );
  for (const [name, value] of Object.entries(plan.extraHeaders))
    options.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (plan.upload) {
    options.push(`--data-binary ${shellQuote(`@${plan.upload.filename}`)}`);
  } else {
    const json = JSON.stringify(plan.payload, null, 4).replaceAll("\n", `\n${INDENT}`);
    options.push(`-d ${shellQuote(json)}`);
  }
  if (plan.streaming) options.push("--no-buffer");
  if (reply && plan.outputFile) options.push(`-o ${shellQuote(plan.outputFile)}`);
  return [`curl ${shellQuote(plan.url)}`, ...options.map((option) => `${INDENT}${option}`)].join(" \\\n");
}
