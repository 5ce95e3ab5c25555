// Values built on first read, so that importing the catalogue does not build (nor, in the Node bundle,
// compile) what a program never reads: task pages and snippet generators are most of the package.
// A lazy property is an enumerable accessor that, on first read, replaces itself with an ordinary
// writable data property holding the built value. Object.keys, for…in, spread, Object.entries and
// JSON.stringify all read through [[Get]], so they see the same keys, order and values as for a plain
// object; only Object.getOwnPropertyDescriptor tells an unread property apart.

/** Defines `key` on `target` as a value built by `build()` on first read (or replaced by a first write). */
export function defineLazy<T extends object, K extends PropertyKey, V>(
  target: T,
  key: K,
  build: () => V,
): void {
  let built = false;
  let value: V | undefined;
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get() {
      // Reflect (not Object).defineProperty: on an object frozen before the first read it returns
      // false instead of throwing, and the accessor keeps answering the value built once.
      if (!built) {
        value = build();
        built = true;
      }
      Reflect.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
      return value;
    },
    set(written: V) {
      Reflect.defineProperty(target, key, {
        value: written,
        writable: true,
        enumerable: true,
        configurable: true,
      });
    },
  });
}

/** An object with `keys` in that order, the value of each built by `build(key)` on its first read. */
export function lazyRecord<K extends string, V>(keys: readonly K[], build: (key: K) => V): Record<K, V> {
  const record = {} as Record<K, V>;
  for (const key of keys) defineLazy(record, key, () => build(key));
  return record;
}
