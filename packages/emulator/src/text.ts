// Deterministic pseudo-text: every output is a pure function of the request input.
import { CHAT_OPENERS, VOCABULARY } from "./data/words.js";

/** FNV-1a 32-bit hash of a string. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Hash of any JSON-serialisable value (key order matters, as it does on the wire). */
export function hashValue(value: unknown): number {
  return hashString(typeof value === "string" ? value : (JSON.stringify(value) ?? ""));
}

/** Small seeded PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)];
}

/** Rough token count: words and punctuation marks, as a stand-in for a real tokenizer. */
export function countTokens(text: string): number {
  return (text.match(/[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu) ?? []).length;
}

/** Words of the input worth echoing back (letters only, at least 4 long). */
export function keywords(text: string, max = 3): string[] {
  const seen = new Set<string>();
  for (const w of text.toLowerCase().match(/\p{L}{4,}/gu) ?? []) {
    if (!seen.has(w)) seen.add(w);
    if (seen.size >= max) break;
  }
  return [...seen];
}

export interface GeneratedText {
  /** Pieces as streamed, each but the first starting with a space. */
  tokens: string[];
  text: string;
  finishReason: "stop" | "length";
}

/**
 * Generates a reply to `prompt`: it opens by naming a few of the prompt's words, then continues
 * with vocabulary words grouped into sentences. Its natural length (12–40 tokens) is seeded by the
 * prompt; `maxTokens` truncates it with finish reason "length".
 */
export function generateText(prompt: string, maxTokens?: number, seedExtra = 0): GeneratedText {
  const rand = mulberry32(hashString(prompt) ^ seedExtra);
  if (/\bmarkdown\b/i.test(prompt)) return markdownReply(prompt, rand, maxTokens);
  const natural = 12 + Math.floor(rand() * 29);
  const words: string[] = [...pick(rand, CHAT_OPENERS).split(" ")];
  const topic = keywords(prompt);
  words.push(...(topic.length > 0 ? topic : ["this"]));
  words[words.length - 1] += ".";
  let sentenceLength = 0;
  let capitalise = true;
  while (words.length < natural) {
    let w = pick(rand, VOCABULARY);
    if (capitalise) w = w[0].toUpperCase() + w.slice(1);
    capitalise = false;
    sentenceLength++;
    if (sentenceLength > 6 && rand() < 0.25) {
      w += ".";
      sentenceLength = 0;
      capitalise = true;
    }
    words.push(w);
  }
  if (!/[.!?]$/.test(words[words.length - 1])) words[words.length - 1] += ".";
  const limit = maxTokens !== undefined && maxTokens < words.length ? Math.max(0, maxTokens) : words.length;
  const tokens = words.slice(0, limit).map((w, i) => (i === 0 ? w : " " + w));
  return { tokens, text: tokens.join(""), finishReason: limit < words.length ? "length" : "stop" };
}

/**
 * A reply formatted as Markdown (a bold topic, a bulleted list, inline code), for prompts that ask
 * for Markdown, so that clients can check their rendering. Same shape and truncation as generateText.
 */
function markdownReply(prompt: string, rand: () => number, maxTokens?: number): GeneratedText {
  const topic = keywords(prompt).filter((word) => word.toLowerCase() !== "markdown");
  const words = ["Here", "is", `**${topic[0] ?? "this"}**`, "in", "Markdown:"];
  for (let item = 0; item < 3; item++) {
    words.push("\n\n-", `**${pick(rand, VOCABULARY)}**`);
    for (let i = 0; i < 3; i++) words.push(pick(rand, VOCABULARY));
  }
  words.push("\n\nSee", `\`${pick(rand, VOCABULARY)}()\``, "for", "more.");
  const limit = maxTokens !== undefined && maxTokens < words.length ? Math.max(0, maxTokens) : words.length;
  const tokens = words.slice(0, limit).map((w, i) => (i === 0 ? w : " " + w));
  return { tokens, text: tokens.join(""), finishReason: limit < words.length ? "length" : "stop" };
}

/** Short id-like string (lowercase base36) derived from a seed. */
export function idFromSeed(seed: number, length = 24): string {
  const rand = mulberry32(seed);
  let out = "";
  while (out.length < length) out += Math.floor(rand() * 36).toString(36);
  return out;
}

/** UUID-shaped id derived from a seed (version nibble 4, variant 8). */
export function uuidFromSeed(seed: number): string {
  const rand = mulberry32(seed);
  const hex = Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16));
  hex[12] = "4";
  hex[16] = "8";
  const s = hex.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** Scores for `n` labels: positive, summing to 1, sorted descending. */
export function softmaxScores(rand: () => number, n: number): number[] {
  const raw = Array.from({ length: n }, () => Math.exp(rand() * 4));
  const total = raw.reduce((a, b) => a + b, 0);
  return raw.map((v) => v / total).sort((a, b) => b - a);
}

/** Unit-length embedding of `text`: a hashed bag of words, so texts sharing words are similar. */
export function embed(text: string, dimensions: number): number[] {
  const v = new Array<number>(dimensions).fill(0);
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [""];
  for (const w of words) {
    const rand = mulberry32(hashString(w));
    for (let i = 0; i < dimensions; i++) v[i] += rand() * 2 - 1;
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => Math.round((x / norm) * 1e6) / 1e6);
}

export function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return dot / (Math.sqrt(na) * Math.sqrt(nb) || 1);
}
