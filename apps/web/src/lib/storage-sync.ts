// Stores kept in localStorage and read through useSyncExternalStore: their listeners hear a change
// made in this tab (the store calls them) and one made in another tab (the `storage` event).

/**
 * Adds `listener` to `listeners` and to `storage` events for `key`, where `reread(newValue)` first
 * brings the store up to date. Returns the unsubscribe function useSyncExternalStore wants.
 */
export function subscribeAcrossTabs(
  listeners: Set<() => void>,
  listener: () => void,
  key: string,
  reread: (newValue: string | null) => void,
): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key) return;
    reread(event.newValue);
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}
