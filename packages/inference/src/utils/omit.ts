/** A shallow copy of `obj` without `keys`, keeping the remaining keys' order. */
export function omit<T extends object, K extends string>(obj: T, keys: readonly K[]): Omit<T, K> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) {
    if (!(keys as readonly string[]).includes(key)) out[key] = value;
  }
  return out as Omit<T, K>;
}
