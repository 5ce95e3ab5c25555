// Light and dark themes: the system preference by default, or the choice made with the toggle.
// Read with useSyncExternalStore: the server (and the hydrating render) use the server snapshot, so
// the hydrated HTML matches the server's, and React then switches to the browser's own value.
import { useCallback, useEffect, useSyncExternalStore } from "react";

export type Theme = "light" | "dark";
const STORAGE_KEY = "hubkit-theme";
const DARK_QUERY = "(prefers-color-scheme: dark)";

const listeners = new Set<() => void>();
/** The toggle's choice, for when storage is disabled. */
let chosen: Theme | undefined;

function savedTheme(): Theme | undefined {
  if (chosen) return chosen;
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return saved === "light" || saved === "dark" ? saved : undefined;
  } catch {
    return undefined;
  }
}

function currentTheme(): Theme {
  return savedTheme() ?? (window.matchMedia?.(DARK_QUERY).matches ? "dark" : "light");
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  const query = window.matchMedia?.(DARK_QUERY);
  query?.addEventListener("change", onChange);
  return () => {
    listeners.delete(onChange);
    query?.removeEventListener("change", onChange);
  };
}

/** The server cannot know: light, until the browser's value replaces it after hydration. */
const serverTheme = (): Theme => "light";

export function useTheme(): { theme: Theme; toggle(): void } {
  const theme = useSyncExternalStore(subscribe, currentTheme, serverTheme);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  const toggle = useCallback(() => {
    const next: Theme = currentTheme() === "dark" ? "light" : "dark";
    chosen = next;
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // storage disabled: the choice lasts for this page only
    }
    document.documentElement.dataset.theme = next;
    for (const listener of listeners) listener();
  }, []);
  return { theme, toggle };
}
