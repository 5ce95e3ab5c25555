// Public barrel of @hubkit/tasks: one export line per module.
export {
  ALL_DISPLAY_MODEL_LIBRARY_KEYS,
  ALL_MODEL_LIBRARY_KEYS,
  MODEL_LIBRARIES_UI_ELEMENTS,
} from "./model-libraries.js";
export type { LibraryUiElement, ModelLibraryKey } from "./model-libraries.js";
