// The playground's settings as the URL holds them: which numbers each mode takes, their bounds, and
// how they are read (a value out of bounds or not a number is named, and sending is off meanwhile).
import type { ImageParameters } from "./ImagePanel.js";

export type Mode = "chat" | "image" | "compare";
export const MODES: Mode[] = ["chat", "image", "compare"];

export function readMode(params: URLSearchParams): Mode {
  const mode = params.get("mode");
  return MODES.includes(mode as Mode) ? (mode as Mode) : "chat";
}

/** Text-to-image sizes offered (width × height); none: the provider's default. */
export const IMAGE_SIZES = [
  "512x512",
  "768x768",
  "1024x1024",
  "1024x768",
  "768x1024",
  "1344x768",
  "768x1344",
];
const MAX_SEED = 2 ** 32 - 1;

export interface NumberParam {
  name: string;
  label: string;
  min: number;
  max: number;
  step: number;
  integer?: boolean;
  /** the value used when the URL has none; undefined: not sent (the provider's default) */
  fallback?: number;
}

export const CHAT_PARAMS: NumberParam[] = [
  { name: "temperature", label: "Temperature", min: 0, max: 2, step: 0.1, fallback: 0.7 },
  { name: "max_tokens", label: "Max tokens", min: 1, max: 8192, step: 1, integer: true, fallback: 512 },
  { name: "top_p", label: "Top p", min: 0, max: 1, step: 0.05, fallback: 0.95 },
];
export const IMAGE_PARAMS: NumberParam[] = [
  { name: "steps", label: "Steps", min: 1, max: 100, step: 1, integer: true },
  { name: "guidance", label: "Guidance", min: 0, max: 30, step: 0.5 },
  { name: "seed", label: "Seed", min: 0, max: MAX_SEED, step: 1, integer: true },
];

export interface NumberReading {
  value?: number;
  error?: string;
}

/** A parameter from the URL, or an error naming what is wrong with it. */
export function readNumber(params: URLSearchParams, spec: NumberParam): NumberReading {
  const raw = params.get(spec.name);
  if (raw === null || raw === "") return { value: spec.fallback };
  const value = Number(raw);
  if (!Number.isFinite(value) || (spec.integer && !Number.isInteger(value))) {
    return {
      value: spec.fallback,
      error: `${spec.label} must be ${spec.integer ? "a whole number" : "a number"}, got "${raw}"`,
    };
  }
  if (value < spec.min || value > spec.max) {
    return { value, error: `${spec.label} must be between ${spec.min} and ${spec.max}, got ${value}` };
  }
  return { value };
}

export interface SettingsReading {
  /** each number of the mode, by parameter name */
  numbers: Record<string, NumberReading>;
  /** what is wrong with the settings, one sentence each */
  errors: string[];
  /** the image size as the URL has it ("" for the provider's default) */
  size: string;
}

/** The mode's numeric settings and the image size, read from the URL. */
export function readSettings(params: URLSearchParams, mode: Mode): SettingsReading {
  const specs = mode === "image" ? IMAGE_PARAMS : CHAT_PARAMS;
  const numbers = Object.fromEntries(specs.map((spec) => [spec.name, readNumber(params, spec)]));
  const errors = Object.values(numbers).flatMap((entry) => (entry.error ? [entry.error] : []));
  const size = params.get("size") ?? "";
  if (size && !IMAGE_SIZES.includes(size) && mode === "image") {
    errors.push(`Size must be one of ${IMAGE_SIZES.join(", ")}, got "${size}"`);
  }
  return { numbers, errors, size };
}

/** The text-to-image parameters the settings give, unset ones left out. */
export function imageParameters(
  params: URLSearchParams,
  { numbers, size }: SettingsReading,
): ImageParameters {
  const [width, height] = size ? size.split("x").map(Number) : [];
  return {
    ...(size && IMAGE_SIZES.includes(size) ? { width, height } : {}),
    ...(numbers.steps?.value !== undefined ? { num_inference_steps: numbers.steps.value } : {}),
    ...(numbers.guidance?.value !== undefined ? { guidance_scale: numbers.guidance.value } : {}),
    ...(numbers.seed?.value !== undefined ? { seed: numbers.seed.value } : {}),
    ...(params.get("negative_prompt") ? { negative_prompt: params.get("negative_prompt")! } : {}),
  };
}

/** The URL after switching to mode `next`: chat and compare share their settings; text-to-image has its own. */
export function paramsForMode(params: URLSearchParams, current: Mode, next: Mode): URLSearchParams {
  const keep =
    next !== "image" && current !== "image"
      ? ["system", "temperature", "max_tokens", "top_p", "model", "provider", "model_b", "provider_b"]
      : [];
  const carried = new URLSearchParams();
  if (next !== "chat") carried.set("mode", next);
  for (const key of keep) if (params.get(key)) carried.set(key, params.get(key)!);
  return carried;
}
