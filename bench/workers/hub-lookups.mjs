// Counts the requests one implementation sends to the hub while making repeated third-party calls.
// A loopback server stands in for every host: the client's `fetch` option sends each http(s) request
// to it with the origin swapped and the path kept, so hub look-ups (`/api/models/…`) are counted as
// they would reach the hub. Usage: node hub-lookups.mjs <ours|reference> <chat calls> <image calls>
import { startServer } from "../lib/loopback.mjs";
import { SPECIFIERS } from "../lib/paths.mjs";

const [impl, chatCallsText, imageCallsText] = process.argv.slice(2);
const { chatCompletion, textToImage } = await import(SPECIFIERS[impl].inference);

const CHAT_MODEL = "meta-llama/Llama-3.3-70B-Instruct";
const IMAGE_MODEL = "black-forest-labs/FLUX.1-schnell";
const MAPPINGS = {
  [CHAT_MODEL]: {
    together: {
      providerId: "meta-llama/Llama-3.3-70B-Instruct-Turbo",
      status: "live",
      task: "conversational",
    },
  },
  [IMAGE_MODEL]: {
    together: { providerId: "black-forest-labs/FLUX.1-schnell", status: "live", task: "text-to-image" },
  },
};
// A 1×1 PNG.
const PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

const json = (res, status, value) => {
  const body = JSON.stringify(value);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
};

const hubLookups = [];
const server = await startServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://stand-in");
  if (req.method === "GET" && url.pathname.startsWith("/api/models/")) {
    const id = decodeURIComponent(url.pathname.slice("/api/models/".length));
    hubLookups.push(id);
    if (!MAPPINGS[id]) return json(res, 404, { error: "Repository not found" });
    return json(res, 200, { _id: "0", id, inferenceProviderMapping: MAPPINGS[id] });
  }
  if (url.pathname.endsWith("/chat/completions")) {
    return json(res, 200, {
      id: "chatcmpl-bench",
      object: "chat.completion",
      created: 1735689600,
      model: MAPPINGS[CHAT_MODEL].together.providerId,
      choices: [{ index: 0, message: { role: "assistant", content: "Paris." }, finish_reason: "stop" }],
      usage: { prompt_tokens: 9, completion_tokens: 2, total_tokens: 11 },
    });
  }
  if (url.pathname.endsWith("/images/generations")) {
    return json(res, 200, {
      id: "img-bench",
      model: IMAGE_MODEL,
      object: "list",
      data: [{ index: 0, b64_json: PNG_BASE64 }],
    });
  }
  json(res, 404, { error: `no stand-in for ${req.method} ${url.pathname}` });
});

const standIn = new URL(server.url);
const redirect = (input, init) => {
  const target = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
  if (target.protocol === "http:" || target.protocol === "https:") {
    target.protocol = standIn.protocol;
    target.host = standIn.host;
  }
  return fetch(target, init);
};

const report = { impl, errors: [] };
const accessToken = "hf_benchtoken";
async function measure(name, count, call) {
  const before = hubLookups.length;
  let ok = 0;
  for (let i = 0; i < count; i++) {
    try {
      await call();
      ok++;
    } catch (error) {
      if (report.errors.length < 3) report.errors.push(`${name}: ${error.message}`);
    }
  }
  report[name] = { calls: count, ok, hubLookups: hubLookups.length - before };
}

await measure("chat", Number(chatCallsText), () =>
  chatCompletion(
    {
      accessToken,
      provider: "together",
      model: CHAT_MODEL,
      messages: [{ role: "user", content: "Capital of France?" }],
    },
    { fetch: redirect },
  ),
);
await measure("image", Number(imageCallsText), () =>
  textToImage(
    { accessToken, provider: "together", model: IMAGE_MODEL, inputs: "a lighthouse at dusk" },
    { fetch: redirect },
  ),
);
report.paths = Object.fromEntries(server.counts);
await server.close();
console.log(JSON.stringify(report));
