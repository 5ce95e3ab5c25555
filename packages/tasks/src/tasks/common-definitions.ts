/* Types several task specs share (the JSON-schema common definitions). Each task module re-exports
 * the ones it uses, so importing a task's types still gives the whole set. */

/** An axis-aligned box in pixel coordinates. */
export interface BoundingBox {
  xmax: number;
  xmin: number;
  ymax: number;
  ymin: number;
  [property: string]: unknown;
}

/** Beam search stopping rule: a boolean, or "never". */
export type EarlyStoppingUnion = boolean | "never";

/** Decoding settings shared by the generative tasks. */
export interface GenerationParameters {
  /** Sample from the distribution instead of greedy decoding. */
  do_sample?: boolean;
  /** When beam search stops: true, false, or "never". */
  early_stopping?: EarlyStoppingUnion;
  /** Epsilon sampling: drop tokens less likely than this (0 disables it). */
  epsilon_cutoff?: number;
  /** Eta sampling threshold (0 disables it). */
  eta_cutoff?: number;
  /** Upper bound on the total output length, in tokens. */
  max_length?: number;
  /** Upper bound on the number of generated tokens, prompt excluded. */
  max_new_tokens?: number;
  /** Lower bound on the total output length, in tokens. */
  min_length?: number;
  /** Lower bound on the number of generated tokens, prompt excluded. */
  min_new_tokens?: number;
  /** Split the beams into this many groups for diverse beam search. */
  num_beam_groups?: number;
  /** Beam count for beam search (1 disables it). */
  num_beams?: number;
  /** Degeneration penalty for contrastive search. */
  penalty_alpha?: number;
  /** Sampling temperature: higher values give more varied output, 0 is close to greedy. */
  temperature?: number;
  /** How many of the highest-scoring results to return. */
  top_k?: number;
  /** Nucleus sampling: keep the smallest set of tokens whose probabilities add up to this value. */
  top_p?: number;
  /** Typical-decoding mass (locally typical sampling). */
  typical_p?: number;
  /** Reuse past key/values during decoding to go faster. */
  use_cache?: boolean;
  [property: string]: unknown;
}

/** Normalisation applied to logits: sigmoid, softmax or none. */
export type ClassificationOutputTransform = "sigmoid" | "softmax" | "none";
