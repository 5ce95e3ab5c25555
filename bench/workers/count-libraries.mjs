// Prints how many libraries each registry lists (read in a worker so the orchestrator loads neither).
import { SPECIFIERS } from "../lib/paths.mjs";

const ours = await import(SPECIFIERS.ours.tasks);
const reference = await import(SPECIFIERS.reference.tasks);
console.log(
  JSON.stringify({
    ours: Object.keys(ours.MODEL_LIBRARIES_UI_ELEMENTS).length,
    reference: Object.keys(reference.MODEL_LIBRARIES_UI_ELEMENTS).length,
  }),
);
