// Prints how many libraries each registry lists, and how many have snippet generators (read in a worker so the orchestrator loads neither).
import { SPECIFIERS } from "../lib/paths.mjs";

const ours = await import(SPECIFIERS.ours.tasks);
const reference = await import(SPECIFIERS.reference.tasks);
const reference4 = await import(SPECIFIERS.reference4.tasks);
const withSnippets = (registry) =>
  Object.values(registry.MODEL_LIBRARIES_UI_ELEMENTS).filter((library) => library.snippets).length;
console.log(
  JSON.stringify({
    ours: Object.keys(ours.MODEL_LIBRARIES_UI_ELEMENTS).length,
    reference: Object.keys(reference.MODEL_LIBRARIES_UI_ELEMENTS).length,
    reference4: Object.keys(reference4.MODEL_LIBRARIES_UI_ELEMENTS).length,
    reference4WithSnippets: withSnippets(reference4),
    oursWithSnippets: Object.values(ours.MODEL_LIBRARIES_UI_ELEMENTS).filter((library) => library.snippets)
      .length,
    referenceWithSnippets: Object.values(reference.MODEL_LIBRARIES_UI_ELEMENTS).filter(
      (library) => library.snippets,
    ).length,
  }),
);
