// Synthetic model catalogues for scale tests: deterministic (same count and seed → same bytes), in the
// hub API's model shape, with a realistic spread of pipelines, libraries, tags and download counts.

const OWNERS = [
  "acme-ml",
  "northwind-ai",
  "blue-heron",
  "datacraft",
  "openlab",
  "quantfox",
  "lumen-research",
  "terra-nlp",
  "pixelforge",
  "sonic-labs",
  "ml-guild",
  "deepcove",
  "cortex-works",
  "riverbank",
  "helio-ai",
  "kestrel",
];
const WORDS = [
  "tiny",
  "small",
  "base",
  "large",
  "xl",
  "distilled",
  "instruct",
  "chat",
  "vision",
  "audio",
  "multilingual",
  "fast",
  "lite",
  "pro",
  "mini",
  "turbo",
  "v2",
  "v3",
  "finetuned",
  "merged",
  "quantized",
  "edge",
  "long",
  "coder",
];
/** [pipeline_tag, library_name, weight] */
const KINDS: [string, string, number][] = [
  ["text-generation", "transformers", 30],
  ["text-classification", "transformers", 10],
  ["token-classification", "transformers", 4],
  ["feature-extraction", "sentence-transformers", 6],
  ["sentence-similarity", "sentence-transformers", 5],
  ["automatic-speech-recognition", "transformers", 4],
  ["text-to-image", "diffusers", 8],
  ["image-classification", "timm", 5],
  ["image-text-to-text", "transformers", 5],
  ["object-detection", "ultralytics", 3],
  ["reinforcement-learning", "stable-baselines3", 3],
  ["text-to-speech", "transformers", 2],
  ["translation", "transformers", 3],
  ["fill-mask", "transformers", 3],
  ["text-generation", "peft", 5],
  ["text-generation", "mlx", 2],
  ["tabular-classification", "sklearn", 2],
];
const LICENSES = ["apache-2.0", "mit", "cc-by-4.0", "llama3.1", "gemma", "openrail", "other"];
const LANGUAGES = ["en", "fr", "de", "es", "zh", "ja", "multilingual"];
const START = Date.UTC(2020, 0, 1);
const SPAN = Date.UTC(2025, 5, 1) - START;

/** mulberry32: a small, fast, seedable PRNG (the soak test's calls use it too). */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const totalWeight = KINDS.reduce((sum, kind) => sum + kind[2], 0);

/** The i-th synthetic model (0-based) of a catalogue. */
export function syntheticModel(index: number, seed = 1): Record<string, unknown> {
  const random = prng(seed * 1_000_003 + index);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  let roll = random() * totalWeight;
  let kind = KINDS[0];
  for (const candidate of KINDS) {
    roll -= candidate[2];
    if (roll < 0) {
      kind = candidate;
      break;
    }
  }
  const [pipeline, library] = kind;
  const owner = pick(OWNERS);
  const name = `${pick(WORDS)}-${pick(WORDS)}-${index.toString(36)}`;
  // Downloads follow a heavy tail, like the real hub's: most models are rarely downloaded.
  const downloads = Math.floor(Math.pow(random(), 6) * 5_000_000);
  const likes = Math.floor(Math.pow(random(), 8) * 20_000);
  const created = START + Math.floor(random() * SPAN);
  const modified = created + Math.floor(random() * (START + SPAN - created));
  const license = pick(LICENSES);
  const language = pick(LANGUAGES);
  return {
    id: `${owner}/${name}`,
    author: owner,
    pipeline_tag: pipeline,
    library_name: library,
    tags: [library, pipeline, `license:${license}`, language, "hubkit-synthetic"],
    downloads,
    likes,
    createdAt: new Date(created).toISOString(),
    lastModified: new Date(modified).toISOString(),
    cardData: { license, language: [language] },
  };
}

/** Yields `count` JSON lines (each ending in "\n"). */
export function* syntheticCatalogueLines(count: number, seed = 1): Generator<string> {
  for (let index = 0; index < count; index++) yield `${JSON.stringify(syntheticModel(index, seed))}\n`;
}
