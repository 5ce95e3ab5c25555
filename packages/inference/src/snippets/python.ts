// Python snippets: huggingface_hub, fal_client, requests and openai.
import { openaiBaseUrl } from "./js.js";
import { collectFileRefs, pythonKwargs, pythonLiteral, pythonString, type FileRef } from "./literals.js";
import { needsRealRouter, type SnippetPlan, type TokenSource } from "./plan.js";
import { HUGGINGFACE_HUB_EXTRA_BODY, HUGGINGFACE_HUB_TASKS, PYTHON_METHODS } from "./tables.js";

const INDENT = "    ";

/** Code followed by the imports it needs. */
interface Part {
  imports: Set<string>;
  lines: string[];
}

const part = (): Part => ({ imports: new Set(), lines: [] });

function tokenExpression(token: TokenSource, imports: Set<string>): string {
  if (token.kind === "literal") return pythonString(token.value);
  imports.add("os");
  return `os.environ[${pythonString(token.variable)}]`;
}

/** The auth header's value: `{scheme} {token}`, or the bare token for a header of its own. */
function authorizationValue(scheme: string | undefined, token: TokenSource, imports: Set<string>): string {
  const prefix = scheme ? `${scheme} ` : "";
  if (token.kind === "literal") return pythonString(prefix + token.value);
  imports.add("os");
  return prefix
    ? `f"${prefix}{os.environ['${token.variable}']}"`
    : `os.environ[${pythonString(token.variable)}]`;
}

/** Standard-library imports first, then third-party ones, as isort would place them. */
function importBlock(imports: Set<string>, thirdParty: string[]): string {
  const stdlib = [...imports].filter((name) => !thirdParty.includes(name)).sort();
  const blocks = [stdlib.map((name) => `import ${name}`), thirdParty.filter((line) => line)];
  return blocks
    .filter((block) => block.length > 0)
    .map((block) => block.join("\n"))
    .join("\n\n");
}

function saveBytes(filename: string, expression: string): string[] {
  return [`with open(${pythonString(filename)}, "wb") as f:`, `${INDENT}f.write(${expression})`];
}

// ---------------------------------------------------------------------------------------------------
// huggingface_hub

/** Positional and keyword arguments of the InferenceClient method for this input. */
function hubArguments(plan: SnippetPlan): { positional: unknown[]; keywords: Record<string, unknown> } {
  const { inputs } = plan;
  switch (inputs.type) {
    case "text":
      return { positional: [inputs.text], keywords: { candidate_labels: inputs.candidateLabels } };
    case "file":
      return { positional: [inputs.file.filename], keywords: { candidate_labels: inputs.candidateLabels } };
    case "image-question":
      return { positional: [], keywords: { image: inputs.file.filename, question: inputs.question } };
    case "image-prompt":
      return { positional: [inputs.file.filename], keywords: { prompt: inputs.prompt } };
    case "tabular":
      return { positional: [], keywords: { table: inputs.data } };
    case "json": {
      const { source_sentence: sentence, sentences, ...rest } = inputs.value;
      if (plan.pipeline === "sentence-similarity")
        return { positional: [sentence], keywords: { other_sentences: sentences } };
      return { positional: [], keywords: rest };
    }
    case "chat":
      return { positional: [], keywords: {} };
  }
}

/** The payload fields huggingface_hub would leave out here (see HUGGINGFACE_HUB_EXTRA_BODY), or undefined. */
function hubExtraBody(plan: SnippetPlan): Record<string, unknown> | undefined {
  const names = HUGGINGFACE_HUB_EXTRA_BODY[plan.provider]?.[plan.task];
  const payload = plan.payload as Record<string, unknown> | undefined;
  if (!names || !payload || typeof payload !== "object") return undefined;
  const extra = Object.fromEntries(names.filter((n) => payload[n] !== undefined).map((n) => [n, payload[n]]));
  return Object.keys(extra).length > 0 ? extra : undefined;
}

function hubCall(plan: SnippetPlan, method: string): Part {
  const out = part();
  const { positional, keywords } = hubArguments(plan);
  const args = [
    ...positional.map((value) => `${INDENT}${pythonLiteral(value, INDENT)},`),
    // An endpoint client already names its model (the endpoint).
    ...pythonKwargs(
      {
        ...keywords,
        model: plan.route === "endpoint" ? undefined : plan.modelId,
        extra_body: hubExtraBody(plan),
      },
      INDENT,
    ),
  ];
  const media = plan.outputFile;
  const variable = media?.startsWith("image")
    ? "image"
    : media?.startsWith("video")
      ? "video"
      : media
        ? "audio"
        : "result";
  out.lines.push(`${variable} = client.${method}(`, ...args, ")", "");
  if (variable === "image") {
    // The client returns a PIL image.
    out.lines.push(`${variable}.save(${pythonString(media as string)})`);
  } else if (media) {
    out.lines.push(...saveBytes(media, variable));
  } else {
    out.lines.push("print(result)");
  }
  return out;
}

function chatCall(plan: SnippetPlan, modelId: string): Part {
  const out = part();
  if (plan.inputs.type !== "chat") return out;
  const kwargs = pythonKwargs(
    {
      model: modelId,
      messages: plan.inputs.messages,
      ...plan.inputs.settings,
      stream: plan.streaming ? true : undefined,
    },
    INDENT,
  );
  if (plan.streaming) {
    out.lines.push(
      "stream = client.chat.completions.create(",
      ...kwargs,
      ")",
      "",
      "for chunk in stream:",
      `${INDENT}if chunk.choices:`,
      `${INDENT}${INDENT}print(chunk.choices[0].delta.content or "", end="", flush=True)`,
      "print()",
    );
  } else {
    out.lines.push(
      "completion = client.chat.completions.create(",
      ...kwargs,
      ")",
      "",
      "print(completion.choices[0].message.content)",
    );
  }
  return out;
}

/** Whether the real huggingface_hub can make this call (an endpoint speaks hf-inference's protocol). */
function huggingfaceHubServes(plan: SnippetPlan): boolean {
  const provider = plan.route === "endpoint" ? "hf-inference" : plan.provider;
  if (provider === "auto") return Object.values(HUGGINGFACE_HUB_TASKS).some((t) => t.includes(plan.task));
  return HUGGINGFACE_HUB_TASKS[provider]?.includes(plan.task) ?? false;
}

export function huggingfaceHubSnippet(plan: SnippetPlan): string | undefined {
  const method = plan.inputs.type === "chat" ? "chat" : PYTHON_METHODS[plan.pipeline];
  if (!method || !huggingfaceHubServes(plan)) return undefined;
  // Another router: only its OpenAI-compatible chat can be given to the client (as base_url); other
  // tasks take the router's address from the client's own constants.
  if (needsRealRouter(plan)) return undefined;
  const imports = new Set<string>();
  const clientArgs: string[] = [];
  // Routed chat names the provider in the model string; an endpoint is the client's base URL.
  if (plan.route === "endpoint")
    clientArgs.push(`${INDENT}base_url=${pythonString(plan.endpointUrl as string)},`);
  else if (plan.route === "router-chat" && plan.customRouter)
    clientArgs.push(`${INDENT}base_url=${pythonString(`${plan.routerUrl}/v1`)},`);
  else if (plan.route !== "router-chat") clientArgs.push(`${INDENT}provider=${pythonString(plan.provider)},`);
  clientArgs.push(`${INDENT}api_key=${tokenExpression(plan.token, imports)},`);
  if (plan.billTo) clientArgs.push(`${INDENT}bill_to=${pythonString(plan.billTo)},`);
  const chatModel =
    plan.route === "router-chat" || plan.route === "endpoint" ? plan.requestModel : plan.modelId;
  const call = plan.inputs.type === "chat" ? chatCall(plan, chatModel) : hubCall(plan, method);
  return [
    importBlock(imports, ["from huggingface_hub import InferenceClient"]),
    "",
    "client = InferenceClient(",
    ...clientArgs,
    ")",
    "",
    ...call.lines,
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------------
// fal_client

/**
 * fal.ai's own client, for fal-ai's media tasks: it talks to fal.ai only, so it is written for a
 * direct call (a hub token never goes there). Its arguments are the payload the client sends, LoRA
 * adapters included.
 */
export function falClientSnippet(plan: SnippetPlan): string | undefined {
  if (plan.provider !== "fal-ai" || plan.route !== "direct" || plan.payload === undefined) return undefined;
  if (!plan.outputFile?.startsWith("image") && !plan.outputFile?.startsWith("video")) return undefined;
  const imports = new Set<string>();
  const body: string[] = [];
  for (const ref of collectFileRefs(plan.payload)) body.push(...readFile(ref, imports), "");
  body.push(
    `client = fal_client.SyncClient(key=${tokenExpression(plan.token, imports)})`,
    "",
    "result = client.subscribe(",
    `${INDENT}${pythonString(plan.requestModel)},`,
    `${INDENT}arguments=${pythonLiteral(plan.payload, INDENT)},`,
    ")",
    "",
  );
  const reply = plan.mediaReply;
  if (reply?.kind === "fal-queue" && plan.outputFile) {
    // The result names the generated file's URL: saved with the standard library.
    imports.add("urllib.request");
    body.push(`urllib.request.urlretrieve(result${subscript(reply.path)}, ${pythonString(plan.outputFile)})`);
  } else {
    body.push("print(result)");
  }
  return [importBlock(imports, ["import fal_client"]), "", ...body].join("\n");
}

// ---------------------------------------------------------------------------------------------------
// requests

function readFile(ref: FileRef, imports: Set<string>): string[] {
  imports.add("base64");
  const encoded = `base64.b64encode(f.read()).decode("utf-8")`;
  const value = ref.encoding === "data-url" ? `"data:${ref.mediaType};base64," + ${encoded}` : encoded;
  return [`with open(${pythonString(ref.filename)}, "rb") as f:`, `${INDENT}${ref.variable} = ${value}`];
}

/** Python subscript of a JSON path, e.g. `["data"][0]["b64_json"]`. */
const subscript = (path: readonly (string | number)[]): string =>
  path.map((key) => `[${typeof key === "number" ? key : pythonString(key)}]`).join("");

function download(url: string, filename: string): string[] {
  return [`file = requests.get(${url})`, "file.raise_for_status()", ...saveBytes(filename, "file.content")];
}

function requestsOutput(plan: SnippetPlan, imports: Set<string>): string[] | undefined {
  if (plan.inputs.type === "chat") {
    if (!plan.streaming) return ['print(response.json()["choices"][0]["message"]["content"])'];
    imports.add("json");
    return [
      "for line in response.iter_lines():",
      `${INDENT}if not line.startswith(b"data:"):`,
      `${INDENT}${INDENT}continue`,
      `${INDENT}data = line[len(b"data:"):].strip()`,
      `${INDENT}if data == b"[DONE]":`,
      `${INDENT}${INDENT}break`,
      `${INDENT}chunk = json.loads(data)`,
      `${INDENT}if chunk["choices"]:`,
      `${INDENT}${INDENT}print(chunk["choices"][0]["delta"].get("content") or "", end="", flush=True)`,
      "print()",
    ];
  }
  const reply = plan.mediaReply;
  const file = plan.outputFile;
  if (!file) return ["print(response.json())"];
  // A generated file whose place in this provider's reply is not known: no snippet rather than
  // one that saves nothing.
  if (!reply) return undefined;
  switch (reply.kind) {
    case "bytes":
      return saveBytes(file, "response.content");
    case "base64":
      imports.add("base64");
      return saveBytes(file, `base64.b64decode(response.json()${subscript(reply.path)})`);
    case "url":
      return download(`response.json()${subscript(reply.path)}`, file);
    case "replicate":
      return [
        'output = response.json()["output"]',
        "url = output[0] if isinstance(output, list) else output",
        ...download("url", file),
      ];
    case "bfl-poll":
      imports.add("time");
      return [
        'polling_url = response.json()["polling_url"]',
        "while True:",
        `${INDENT}time.sleep(1)`,
        `${INDENT}result = requests.get(polling_url).json()`,
        `${INDENT}if result["status"] == "Ready":`,
        `${INDENT}${INDENT}break`,
        `${INDENT}if result["status"] not in ("Pending", "Processing"):`,
        `${INDENT}${INDENT}raise RuntimeError(f"Generation failed: {result['status']}")`,
        ...download('result["result"]["sample"]', file),
      ];
    case "fal-queue": {
      // fal.ai queues the request: its status is polled until COMPLETED, then its result fetched,
      // at the queue the request went to (the router's fal-ai route, or fal's queue host).
      const queue = plan.queue;
      if (!queue) return undefined;
      imports.add("time");
      const query = queue.query ? ` + ${pythonString(queue.query)}` : "";
      return [
        "# Queued: the request's own address is the last four segments of its response_url.",
        `request_url = ${pythonString(`${queue.base}/`)} + "/".join(response.json()["response_url"].split("?")[0].split("/")[-4:])`,
        "while True:",
        `${INDENT}time.sleep(1)`,
        `${INDENT}status = requests.get(request_url + ${pythonString(`/status${queue.query}`)}, headers=headers)`,
        `${INDENT}status.raise_for_status()`,
        `${INDENT}if status.json()["status"] == "COMPLETED":`,
        `${INDENT}${INDENT}break`,
        `result = requests.get(request_url${query}, headers=headers)`,
        "result.raise_for_status()",
        ...download(`result.json()${subscript(reply.path)}`, file),
      ];
    }
  }
}

export function requestsSnippet(plan: SnippetPlan): string | undefined {
  if (!plan.url) return undefined;
  const imports = new Set<string>();
  const output = requestsOutput(plan, imports);
  if (!output) return undefined;
  const headers: string[] = [];
  if (plan.auth)
    headers.push(
      `${pythonString(plan.auth.header)}: ${authorizationValue(plan.auth.scheme, plan.token, imports)}`,
    );
  for (const [name, value] of Object.entries(plan.extraHeaders))
    headers.push(`${pythonString(name)}: ${pythonString(value)}`);
  // The file's type, as the fetch and cURL snippets (and 4.x's) send it: the route reads it.
  if (plan.upload) headers.push(`"Content-Type": ${pythonString(plan.upload.mediaType)}`);

  const body: string[] = [];
  let sendArgs: string;
  if (plan.upload) {
    body.push(`with open(${pythonString(plan.upload.filename)}, "rb") as f:`, `${INDENT}data = f.read()`, "");
    sendArgs = "data=data";
  } else {
    for (const ref of collectFileRefs(plan.payload)) body.push(...readFile(ref, imports), "");
    body.push(`payload = ${pythonLiteral(plan.payload)}`, "");
    sendArgs = "json=payload";
  }
  const stream = plan.streaming ? ", stream=True" : "";
  return [
    importBlock(imports, ["import requests"]),
    "",
    `API_URL = ${pythonString(plan.url as string)}`,
    headers.length ? `headers = {\n${headers.map((h) => `${INDENT}${h},`).join("\n")}\n}` : "headers = {}",
    "",
    ...body,
    `response = requests.post(API_URL, headers=headers, ${sendArgs}${stream})`,
    "response.raise_for_status()",
    ...output,
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------------
// openai

export function openaiPythonSnippet(plan: SnippetPlan): string | undefined {
  if (plan.inputs.type !== "chat" || !plan.url) return undefined;
  const imports = new Set<string>();
  const clientArgs = [
    `${INDENT}base_url=${pythonString(openaiBaseUrl(plan))},`,
    `${INDENT}api_key=${tokenExpression(plan.token, imports)},`,
  ];
  if (Object.keys(plan.extraHeaders).length > 0)
    clientArgs.push(`${INDENT}default_headers=${pythonLiteral(plan.extraHeaders, INDENT)},`);
  return [
    importBlock(imports, ["from openai import OpenAI"]),
    "",
    "client = OpenAI(",
    ...clientArgs,
    ")",
    "",
    ...chatCall(plan, plan.requestModel).lines,
  ].join("\n");
}
