// JavaScript snippets (ES modules for Node 18+): fetch, huggingface.js and openai.
import { collectFileRefs, fileRef, jsKey, jsLiteral, jsString, type FileRef } from "./literals.js";
import { needsRealRouter, type SnippetPlan, type TokenSource } from "./plan.js";
import { JS_METHODS } from "./tables.js";

const INDENT = "    ";

function tokenExpression(token: TokenSource): string {
  return token.kind === "literal" ? jsString(token.value) : `process.env.${token.variable}`;
}

/** The auth header's value: `{scheme} {token}`, or the bare token for a header of its own. */
function authorizationValue(scheme: string | undefined, token: TokenSource): string {
  const prefix = scheme ? `${scheme} ` : "";
  if (token.kind === "literal") return jsString(prefix + token.value);
  return prefix ? `\`${prefix}\${process.env.${token.variable}}\`` : `process.env.${token.variable}`;
}

/** The base URL an OpenAI-compatible client takes: the router's /v1 for routed chat. */
export function openaiBaseUrl(plan: SnippetPlan): string {
  if (plan.route === "router-chat") return `${plan.routerUrl}/v1`;
  return (plan.url ?? "").replace(/\/chat\/completions$/, "");
}

/** `import { a, b } from "node:fs/promises";` for the file functions the code uses. */
function fsImport(code: string): string[] {
  const used = ["readFile", "writeFile"].filter((name) => code.includes(`${name}(`));
  return used.length ? [`import { ${used.join(", ")} } from "node:fs/promises";`] : [];
}

function assemble(imports: string[], body: string[]): string {
  const code = body.join("\n");
  return [...imports, ...fsImport(code), "", code].join("\n");
}

/** A JS property path, e.g. `.data[0].b64_json`. */
const property = (path: readonly (string | number)[]): string =>
  path.map((key) => (typeof key === "number" ? `[${key}]` : `.${key}`)).join("");

const saveBlob = (filename: string, blob: string): string =>
  `await writeFile(${jsString(filename)}, Buffer.from(await ${blob}.arrayBuffer()));`;

function chatStreamLoop(stream: string): string[] {
  return [
    `for await (const chunk of ${stream}) {`,
    `${INDENT}if (chunk.choices && chunk.choices.length > 0) {`,
    `${INDENT}${INDENT}process.stdout.write(chunk.choices[0].delta.content ?? "");`,
    `${INDENT}}`,
    "}",
    'process.stdout.write("\\n");',
  ];
}

// ---------------------------------------------------------------------------------------------------
// fetch

function readFileLine(ref: FileRef): string {
  const bytes = `(await readFile(${jsString(ref.filename)}))`;
  switch (ref.encoding) {
    case "base64":
      return `const ${ref.variable} = ${bytes}.toString("base64");`;
    case "data-url":
      return `const ${ref.variable} = \`data:${ref.mediaType};base64,\${${bytes}.toString("base64")}\`;`;
    case "blob":
      return `const ${ref.variable} = new Blob([await readFile(${jsString(ref.filename)})], { type: ${jsString(ref.mediaType)} });`;
  }
}

function download(url: string, filename: string): string[] {
  return [
    `const file = await fetch(${url});`,
    "if (!file.ok) {",
    `${INDENT}throw new Error(\`Download failed (\${file.status})\`);`,
    "}",
    saveBlob(filename, "file"),
  ];
}

const SSE_LOOP = [
  "const decoder = new TextDecoder();",
  'let buffer = "";',
  "for await (const bytes of response.body) {",
  `${INDENT}buffer += decoder.decode(bytes, { stream: true });`,
  `${INDENT}const lines = buffer.split("\\n");`,
  `${INDENT}buffer = lines.pop();`,
  `${INDENT}for (const line of lines) {`,
  `${INDENT}${INDENT}const data = line.startsWith("data:") ? line.slice(5).trim() : "";`,
  `${INDENT}${INDENT}if (data === "" || data === "[DONE]") continue;`,
  `${INDENT}${INDENT}const chunk = JSON.parse(data);`,
  `${INDENT}${INDENT}process.stdout.write(chunk.choices[0]?.delta?.content ?? "");`,
  `${INDENT}}`,
  "}",
  'process.stdout.write("\\n");',
];

function fetchOutput(plan: SnippetPlan): string[] | undefined {
  if (plan.inputs.type === "chat") {
    if (plan.streaming) return SSE_LOOP;
    return ["const result = await response.json();", "console.log(result.choices[0].message.content);"];
  }
  const reply = plan.mediaReply;
  const file = plan.outputFile;
  // JSON.stringify: console.log would elide nested arrays (embeddings) as [Array].
  if (!file) return ["const result = await response.json();", "console.log(JSON.stringify(result));"];
  // A generated file whose place in this provider's reply is not known: no snippet rather than
  // one that saves nothing.
  if (!reply) return undefined;
  switch (reply.kind) {
    case "bytes":
      return [saveBlob(file, "response")];
    case "base64":
      return [
        "const result = await response.json();",
        `await writeFile(${jsString(file)}, Buffer.from(result${property(reply.path)}, "base64"));`,
      ];
    case "url":
      return ["const result = await response.json();", ...download(`result${property(reply.path)}`, file)];
    case "replicate":
      return [
        "const { output } = await response.json();",
        ...download("Array.isArray(output) ? output[0] : output", file),
      ];
    case "bfl-poll":
      return [
        "const { polling_url } = await response.json();",
        "let result;",
        "do {",
        `${INDENT}await new Promise((resolve) => setTimeout(resolve, 1000));`,
        `${INDENT}result = await (await fetch(polling_url)).json();`,
        `${INDENT}if (!["Pending", "Processing", "Ready"].includes(result.status)) {`,
        `${INDENT}${INDENT}throw new Error(\`Generation failed: \${result.status}\`);`,
        `${INDENT}}`,
        '} while (result.status !== "Ready");',
        ...download("result.result.sample", file),
      ];
    case "fal-queue": {
      // fal.ai queues the request: its status is polled until COMPLETED, then its result fetched,
      // at the queue the request went to (the router's fal-ai route, or fal's queue host).
      const queue = plan.queue;
      if (!queue) return undefined;
      const auth = plan.auth
        ? `{ headers: { ${jsKey(plan.auth.header)}: ${authorizationValue(plan.auth.scheme, plan.token)} } }`
        : "{}";
      return [
        "// Queued: the request's own address is the last four segments of its response_url.",
        "const { response_url } = await response.json();",
        `const requestUrl = \`${queue.base}/\${new URL(response_url).pathname.split("/").slice(-4).join("/")}\`;`,
        "let status;",
        "do {",
        `${INDENT}await new Promise((resolve) => setTimeout(resolve, 1000));`,
        `${INDENT}const reply = await fetch(\`\${requestUrl}/status${queue.query}\`, ${auth});`,
        `${INDENT}if (!reply.ok) {`,
        `${INDENT}${INDENT}throw new Error(\`Status check failed (\${reply.status}): \${await reply.text()}\`);`,
        `${INDENT}}`,
        `${INDENT}({ status } = await reply.json());`,
        '} while (status !== "COMPLETED");',
        `const reply = await fetch(\`\${requestUrl}${queue.query}\`, ${auth});`,
        "if (!reply.ok) {",
        `${INDENT}throw new Error(\`Result request failed (\${reply.status}): \${await reply.text()}\`);`,
        "}",
        "const result = await reply.json();",
        ...download(`result${property(reply.path)}`, file),
      ];
    }
  }
}

export function fetchSnippet(plan: SnippetPlan): string | undefined {
  if (!plan.url) return undefined;
  const output = fetchOutput(plan);
  if (!output) return undefined;
  const headers: string[] = [];
  if (plan.auth)
    headers.push(`${jsKey(plan.auth.header)}: ${authorizationValue(plan.auth.scheme, plan.token)}`);
  if (plan.upload) headers.push(`"Content-Type": ${jsString(plan.upload.mediaType)}`);
  else headers.push('"Content-Type": "application/json"');
  for (const [name, value] of Object.entries(plan.extraHeaders))
    headers.push(`${jsKey(name)}: ${jsString(value)}`);

  const body: string[] = [];
  let bodyValue: string;
  if (plan.upload) {
    bodyValue = `await readFile(${jsString(plan.upload.filename)})`;
  } else {
    for (const ref of collectFileRefs(plan.payload)) body.push(readFileLine(ref));
    if (body.length) body.push("");
    bodyValue = `JSON.stringify(${jsLiteral(plan.payload, INDENT)})`;
  }
  body.push(
    `const response = await fetch(${jsString(plan.url as string)}, {`,
    `${INDENT}method: "POST",`,
    `${INDENT}headers: {`,
    ...headers.map((header) => `${INDENT}${INDENT}${header},`),
    `${INDENT}},`,
    `${INDENT}body: ${bodyValue},`,
    "});",
    "if (!response.ok) {",
    `${INDENT}throw new Error(\`Request failed (\${response.status}): \${await response.text()}\`);`,
    "}",
    ...output,
  );
  return assemble([], body);
}

// ---------------------------------------------------------------------------------------------------
// huggingface.js

/**
 * Where the client library sends the call: routed chat names the provider in the model string
 * (no provider argument, as 4.x); an endpoint takes no provider; otherwise the provider (or
 * "auto") and the hub id, which the client resolves itself.
 */
function clientTarget(plan: SnippetPlan): Record<string, unknown> {
  switch (plan.route) {
    case "router-chat":
      // Another router: its OpenAI-compatible /v1 as the endpoint (the client then posts the
      // model string, provider suffix included, to {endpoint}/chat/completions).
      return plan.customRouter
        ? { endpointUrl: `${plan.routerUrl}/v1`, model: plan.requestModel }
        : { model: plan.requestModel };
    case "endpoint":
      // Chat sends the model in the payload (as 4.x, the mapping's id); other tasks only name it.
      return {
        endpointUrl: plan.endpointUrl,
        model: plan.task === "conversational" ? plan.requestModel : plan.modelId,
      };
    default:
      return { provider: plan.provider, model: plan.modelId };
  }
}

/** The task function's args for this input, with files as Blob variables. */
function clientArgs(plan: SnippetPlan): Record<string, unknown> {
  const { inputs } = plan;
  const blob = (file: { filename: string; mediaType: string }) => ({
    ...file,
    encoding: "blob" as const,
    variable: file.mediaType.startsWith("audio/") ? "audio" : "image",
  });
  const head = clientTarget(plan);
  switch (inputs.type) {
    case "chat":
      return { ...head, messages: inputs.messages, ...inputs.settings };
    case "text":
      return {
        ...head,
        inputs: inputs.text,
        parameters: inputs.candidateLabels ? { candidate_labels: inputs.candidateLabels } : undefined,
      };
    case "file":
      return {
        ...head,
        inputs: fileRef(blob(inputs.file)),
        parameters: inputs.candidateLabels ? { candidate_labels: inputs.candidateLabels } : undefined,
      };
    case "image-question":
      return { ...head, inputs: { question: inputs.question, image: fileRef(blob(inputs.file)) } };
    case "image-prompt":
      return { ...head, inputs: fileRef(blob(inputs.file)), parameters: { prompt: inputs.prompt } };
    case "json":
      return { ...head, inputs: inputs.value };
    case "tabular":
      return { ...head, inputs: { data: inputs.data } };
  }
}

export function huggingfaceJsSnippet(plan: SnippetPlan): string | undefined {
  const method = plan.inputs.type === "chat" ? "chatCompletion" : JS_METHODS[plan.pipeline];
  // The published client builds the router's address itself outside chat: only chat can be pointed
  // at another router (as an endpoint).
  if (!method || needsRealRouter(plan)) return undefined;
  const args = clientArgs(plan);
  const options = plan.billTo ? `, { billTo: ${jsString(plan.billTo)} }` : "";
  const body = [`const client = new InferenceClient(${tokenExpression(plan.token)});`, ""];
  const files = collectFileRefs(args);
  for (const ref of files) body.push(readFileLine(ref));
  if (files.length) body.push("");
  const call = `${jsLiteral(args)}${options})`;
  if (plan.inputs.type === "chat") {
    if (plan.streaming) {
      body.push(`const stream = client.chatCompletionStream(${call};`, "", ...chatStreamLoop("stream"));
    } else {
      body.push(
        `const chatCompletion = await client.chatCompletion(${call};`,
        "",
        "console.log(chatCompletion.choices[0].message.content);",
      );
    }
  } else if (plan.outputFile) {
    body.push(`const output = await client.${method}(${call};`, "", saveBlob(plan.outputFile, "output"));
  } else {
    body.push(`const output = await client.${method}(${call};`, "", "console.log(output);");
  }
  return assemble(['import { InferenceClient } from "@huggingface/inference";'], body);
}

// ---------------------------------------------------------------------------------------------------
// openai

export function openaiJsSnippet(plan: SnippetPlan): string | undefined {
  if (plan.inputs.type !== "chat" || !plan.url) return undefined;
  const config: string[] = [
    `baseURL: ${jsString(openaiBaseUrl(plan))}`,
    `apiKey: ${tokenExpression(plan.token)}`,
  ];
  if (Object.keys(plan.extraHeaders).length > 0)
    config.push(`defaultHeaders: ${jsLiteral(plan.extraHeaders, INDENT)}`);
  const request = jsLiteral({
    model: plan.requestModel,
    messages: plan.inputs.messages,
    ...plan.inputs.settings,
    stream: plan.streaming ? true : undefined,
  });
  const body = ["const client = new OpenAI({", ...config.map((line) => `${INDENT}${line},`), "});", ""];
  if (plan.streaming) {
    body.push(
      `const stream = await client.chat.completions.create(${request});`,
      "",
      ...chatStreamLoop("stream"),
    );
  } else {
    body.push(
      `const chatCompletion = await client.chat.completions.create(${request});`,
      "",
      "console.log(chatCompletion.choices[0].message.content);",
    );
  }
  return assemble(['import OpenAI from "openai";'], body);
}
