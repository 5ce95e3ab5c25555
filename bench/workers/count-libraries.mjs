// Prints how many libraries each registry lists, which have snippet generators, and how many
// gzipped bytes of snippets they emit for one bare model (read in a worker so the orchestrator loads
// none of them).
import { gzipSync } from "node:zlib";
import { SPECIFIERS } from "../lib/paths.mjs";

const registries = {
  ours: await import(SPECIFIERS.ours.tasks),
  reference: await import(SPECIFIERS.reference.tasks),
  reference4: await import(SPECIFIERS.reference4.tasks),
};
// A model with nothing a generator could branch on: what each library shows by default.
const bareModel = { id: "org/model", tags: [], config: {}, cardData: {} };
const result = {};
for (const [name, registry] of Object.entries(registries)) {
  const libraries = Object.values(registry.MODEL_LIBRARIES_UI_ELEMENTS);
  const withSnippets = libraries.filter((library) => library.snippets);
  result[`${name}SnippetKeys`] = Object.entries(registry.MODEL_LIBRARIES_UI_ELEMENTS)
    .filter(([, library]) => library.snippets)
    .map(([key]) => key);
  let shown = "";
  for (const library of withSnippets) {
    try {
      shown += library.snippets(bareModel).join("\n") + "\n";
    } catch {
      // a generator that needs fields a bare model lacks shows nothing for it
    }
  }
  result[name] = libraries.length;
  result[`${name}WithSnippets`] = withSnippets.length;
  result[`${name}ShownGzipped`] = gzipSync(shown, { level: 9 }).length;
}
console.log(JSON.stringify(result));
