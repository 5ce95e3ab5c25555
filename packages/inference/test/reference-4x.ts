// The published @huggingface/inference 4.13.30 (installed in bench/ as `hf-inference-4`, test-only),
// loaded by the differential tests.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type * as hubkit from "@hubkit/inference";

export const REFERENCE_4X = fileURLToPath(
  new URL("../../../bench/node_modules/hf-inference-4/dist/esm/index.js", import.meta.url),
);

/** Both clients have the same exports. */
export type Client = typeof hubkit;

/**
 * 4.13.30's client and its mapping cache: it caches mappings for the life of the process, so tests
 * clear it before each run, as hubkit's is.
 */
export async function loadReference4x(): Promise<{ client: Client; mappingCache: Map<string, unknown> }> {
  if (!existsSync(REFERENCE_4X)) {
    throw new Error(
      "bench/node_modules/hf-inference-4 is missing: run `npm install --prefix bench` (npm test does)",
    );
  }
  const client = (await import(REFERENCE_4X)) as Client;
  const { inferenceProviderMappingCache } = (await import(
    REFERENCE_4X.replace(/index\.js$/, "lib/getInferenceProviderMapping.js")
  )) as { inferenceProviderMappingCache: Map<string, unknown> };
  return { client, mappingCache: inferenceProviderMappingCache };
}
