/** The special-token slots a tokenizer config can fill, in the order tokenizers usually list them. */
export const SPECIAL_TOKENS_ATTRIBUTES = [
  "bos_token",
  "eos_token",
  "unk_token",
  "sep_token",
  "pad_token",
  "cls_token",
  "mask_token",
] as const;

/** A special token serialised as an object (how `tokenizers` stores tokens with extra flags). */
export interface AddedToken {
  __type: "AddedToken";
  content?: string;
  lstrip?: boolean;
  normalized?: boolean;
  rstrip?: boolean;
  single_word?: boolean;
}

/** Each special-token slot holds a plain string, an `AddedToken`, or null when unset. */
export type SpecialTokensMap = {
  [key in (typeof SPECIAL_TOKENS_ATTRIBUTES)[number]]?: string | AddedToken | null;
};

/** The parts of `tokenizer_config.json` the hub reads. */
export interface TokenizerConfig extends SpecialTokensMap {
  use_default_system_prompt?: boolean;
  /** One Jinja chat template, or several named ones (e.g. "default", "tool_use"). */
  chat_template?: string | Array<{ name: string; template: string }>;
}
