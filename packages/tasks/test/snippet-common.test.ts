import { describe, expect, it } from "vitest";
import {
  inferenceSnippetLanguages,
  stringifyGenerationConfig,
  stringifyMessages,
} from "../src/snippets/index.js";
import { HF_HUB_INFERENCE_PROXY_TEMPLATE, openAIbaseUrl } from "../src/inference-providers.js";

const messages = [
  { role: "user", content: 'Say "hi": then stop' },
  { role: "assistant", content: [{ type: "text" as const, text: "hi" }] },
];

describe("stringifyMessages", () => {
  it("drops key quotes by default and keeps a JS-evaluable literal", () => {
    const code = stringifyMessages(messages);
    expect(code).toContain("role:");
    expect(code).not.toContain('"role":');
    // The result is a JavaScript array literal equal to the input.
    expect(new Function(`return ${code};`)()).toEqual(messages);
  });

  it("leaves quotes inside content untouched", () => {
    const code = stringifyMessages([{ role: "user", content: 'a "key": b' }]);
    expect(new Function(`return ${code};`)()).toEqual([{ role: "user", content: 'a "key": b' }]);
  });

  it("keeps key quotes on request, producing JSON", () => {
    expect(JSON.parse(stringifyMessages(messages, { attributeKeyQuotes: true }))).toEqual(messages);
  });

  it("indents every line after the first", () => {
    const lines = stringifyMessages(messages, { indent: "    " }).split("\n");
    expect(lines[0]).toBe("[");
    for (const line of lines.slice(1)) expect(line.startsWith("    ")).toBe(true);
  });

  it("applies the content escaper last, after key quotes are removed", () => {
    const code = stringifyMessages(messages, { customContentEscaper: (text) => text.toUpperCase() });
    expect(code).toContain("ROLE:");
    expect(code).toContain('SAY \\"HI\\": THEN STOP');
  });
});

describe("stringifyGenerationConfig", () => {
  it("writes one key/value entry per setting", () => {
    const py = stringifyGenerationConfig(
      { temperature: 0.5, max_tokens: 512, top_p: 0.9 },
      { indent: "\n\t", attributeValueConnector: "=" },
    );
    expect(py.split("\n\t")).toEqual(["temperature=0.5,", "max_tokens=512,", "top_p=0.9,"]);
    const json = stringifyGenerationConfig(
      { temperature: 0.5, max_tokens: 512 },
      { indent: " ", attributeValueConnector: ": ", attributeKeyQuotes: true },
    );
    expect(JSON.parse(`{${json.replace(/,$/, "")}}`)).toEqual({ temperature: 0.5, max_tokens: 512 });
  });

  it("skips unset settings", () => {
    expect(
      stringifyGenerationConfig(
        { temperature: undefined, top_p: 1 },
        { indent: "", attributeValueConnector: "=" },
      ),
    ).toBe("top_p=1,");
  });
});

describe("snippet languages and router URLs", () => {
  it("orders languages python, js, sh", () => {
    expect(inferenceSnippetLanguages).toEqual(["python", "js", "sh"]);
  });

  it("builds OpenAI base URLs on the router", () => {
    expect(HF_HUB_INFERENCE_PROXY_TEMPLATE).toBe("https://router.huggingface.co/{{PROVIDER}}");
    expect(openAIbaseUrl("together")).toBe("https://router.huggingface.co/together");
    expect(openAIbaseUrl("fireworks-ai")).toBe("https://router.huggingface.co/fireworks-ai");
    expect(openAIbaseUrl("hf-inference")).toBe("https://router.huggingface.co/hf-inference/v1");
  });
});
