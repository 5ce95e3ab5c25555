// The library facts (model-libraries-data.ts) behind a function, for the registry and the download
// rules: the Node bundle (scripts/bundle.mjs) loads them on the first call rather than at import, as
// for deferred.ts. Keep the function `return <namespace>.<export>;`: the bundle step rewrites that form.
import * as modelLibrariesData from "./model-libraries-data.js";

/** Every library's facts, keyed by library id, in registry order. */
export function loadModelLibraryFacts(): typeof modelLibrariesData.MODEL_LIBRARIES_DATA {
  return modelLibrariesData.MODEL_LIBRARIES_DATA;
}
