// Guards the output of every library's snippet generator while the generators are refactored for size:
// every library runs on every model shape (each fixture model info, two bare models, and a plain model
// of each pipeline type), and its blocks must equal the golden file's, byte for byte. The golden file
// was written once from the generators as they were before the size work (commit ca3bd9a); regenerate it
// (HUBKIT_WRITE_SNIPPETS_GOLDEN=1) only for a deliberate change of a snippet's text.
// Stored compactly: per library, the distinct outputs with the shape's model id replaced by a marker
// (an injective rewrite, so equality of the rewritten texts is equality of the outputs), and per shape
// the index of its output.
import { readFileSync, writeFileSync } from "node:fs";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { MODEL_LIBRARIES_UI_ELEMENTS } from "../src/model-libraries.js";
import type { ModelData } from "../src/model-data.js";
import { PIPELINE_TYPES } from "../src/pipelines.js";
import { LIBRARY_MODEL_INFOS } from "./fixtures/library-model-infos.js";

const GOLDEN_FILE = new URL("./fixtures/library-snippets-golden.json.gz", import.meta.url);
const ID_MARKER = "\u0000MODEL_ID\u0000";

const SHAPES: ModelData[] = [
  ...LIBRARY_MODEL_INFOS,
  { id: "acme-labs/model.v2_test-1", tags: [], inference: "" },
  { id: "org/model", tags: [], inference: "", config: {}, cardData: {} },
  ...PIPELINE_TYPES.map((pipeline_tag) => ({
    id: `acme/plain-${pipeline_tag}`,
    tags: [pipeline_tag],
    inference: "",
    pipeline_tag,
  })),
];

/** One library's output for one shape, with the model id replaced by the marker. */
function render(generate: (model: ModelData) => string[], model: ModelData): string {
  let text: string;
  try {
    text = JSON.stringify(generate(structuredClone(model)));
  } catch (error) {
    text = `throws: ${(error as Error).message}`;
  }
  return text.replaceAll(JSON.stringify(model.id).slice(1, -1), ID_MARKER);
}

interface Golden {
  shapes: number;
  libraries: Record<string, { outputs: string[]; byShape: number[] }>;
}

function generateGolden(): Golden {
  const libraries: Golden["libraries"] = {};
  for (const [library, element] of Object.entries(MODEL_LIBRARIES_UI_ELEMENTS)) {
    const generate = element.snippets;
    if (!generate) continue;
    const outputs: string[] = [];
    const byShape = SHAPES.map((model) => {
      const text = render(generate, model);
      const known = outputs.indexOf(text);
      return known === -1 ? outputs.push(text) - 1 : known;
    });
    libraries[library] = { outputs, byShape };
  }
  return { shapes: SHAPES.length, libraries };
}

describe("library snippets golden file", () => {
  it("every library's snippets equal the golden file's for every model shape", () => {
    const current = generateGolden();
    if (process.env.HUBKIT_WRITE_SNIPPETS_GOLDEN === "1") {
      writeFileSync(GOLDEN_FILE, gzipSync(JSON.stringify(current), { level: 9 }));
    }
    const golden = JSON.parse(gunzipSync(readFileSync(GOLDEN_FILE)).toString("utf8")) as Golden;
    expect(current.shapes).toBe(golden.shapes);
    expect(Object.keys(current.libraries)).toEqual(Object.keys(golden.libraries));
    const differences: string[] = [];
    for (const [library, { outputs, byShape }] of Object.entries(golden.libraries)) {
      const now = current.libraries[library]!;
      byShape.forEach((index, shape) => {
        const expected = outputs[index];
        const actual = now.outputs[now.byShape[shape]!];
        if (actual !== expected) differences.push(`${library} on ${SHAPES[shape]!.id}`);
      });
    }
    expect(differences.slice(0, 20), `${differences.length} differences`).toEqual([]);
  });
});
