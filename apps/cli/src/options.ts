// Option parsers for commander: a bad value is an InvalidArgumentError, which commander reports on
// one line naming the option (exit code 2, see program.ts).
import { InvalidArgumentError } from "commander";

export function integer(name: string, min: number, max: number): (value: string) => number {
  return (value) => {
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max)
      throw new InvalidArgumentError(`${name} must be an integer between ${min} and ${max}`);
    return Number(value);
  };
}

export function choice<T extends string>(name: string, choices: readonly T[]): (value: string) => T {
  return (value) => {
    if (!choices.includes(value as T))
      throw new InvalidArgumentError(`${name} must be one of ${choices.join(", ")}`);
    return value as T;
  };
}

export function repoId(value: string): string {
  if (!/^[A-Za-z0-9][\w.-]*\/[\w.-]+$/.test(value))
    throw new InvalidArgumentError(`REPO must look like owner/name, not "${value.slice(0, 80)}"`);
  return value;
}

/** A rate such as 500K, 20M or 1G (bytes per second). */
export function byteRate(value: string): number {
  const match = /^(\d+(?:\.\d+)?)([KMG]?)$/i.exec(value);
  if (!match) throw new InvalidArgumentError(`--limit-rate must be bytes per second such as 500K or 20M`);
  const scale = { "": 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 }[
    match[2].toUpperCase() as "" | "K" | "M" | "G"
  ];
  return Math.max(1, Math.round(Number(match[1]) * scale));
}
