// Prints how many libraries each registry lists, and how many have snippet generators (read in a worker so the orchestrator loads neither).
import { SPECIFIERS } from "../lib/paths.mjs";

const ours = await import(SPECIFIERS.ours.tasks);
const reference = await import(SPECIFIERS.reference.tasks);
console.log(
  JSON.stringify({
    ours: Object.keys(ours.MODEL_LIBRARIES_UI_ELEMENTS).length,
    reference: Object.keys(reference.MODEL_LIBRARIES_UI_ELEMENTS).length,
    oursWithSnippets: Object.values(ours.MODEL_LIBRARIES_UI_ELEMENTS).filter((library) => library.snippets)
      .length,
    referenceWithSnippets: Object.values(reference.MODEL_LIBRARIES_UI_ELEMENTS).filter(
      (library) => library.snippets,
    ).length,
  }),
);
