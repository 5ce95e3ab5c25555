// After a redeploy, a page opened before it still names the old build's chunks, which the server no
// longer has: the next navigation's `import()` fails ("Failed to fetch dynamically imported module").
// Instead of an error page, the browser then loads the navigation's target afresh, which brings the
// new build. Once per target: if the fresh page fails the same way, the error is shown.

const RELOADED_KEY = "hubkit-reloaded-for";
/** A second failure for the same target within this time is a real error, not a stale build. */
const RELOAD_GUARD_MS = 30_000;

type NavigationSource = {
  state: { navigation: { location?: { pathname: string; search: string; hash: string } } };
};

let router: NavigationSource | undefined;

/** main.tsx registers the browser router, whose pending navigation names the page to load. */
export function watchNavigations(browserRouter: NavigationSource): void {
  router = browserRouter;
}

/** The messages browsers give when a module script (or a chunk's CSS) cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported module/i.test(
    message,
  );
}

function reloadedRecently(target: string): boolean {
  try {
    const saved = JSON.parse(sessionStorage.getItem(RELOADED_KEY) ?? "null") as {
      target: string;
      at: number;
    } | null;
    return saved !== null && saved.target === target && Date.now() - saved.at < RELOAD_GUARD_MS;
  } catch {
    return false;
  }
}

/** Wraps a route's `lazy` import: a chunk of an older build that is gone reloads the page instead. */
export function reloadOnStaleChunk<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      if (typeof window === "undefined" || !isChunkLoadError(error)) throw error;
      const pending = router?.state.navigation.location ?? window.location;
      const target = `${pending.pathname}${pending.search}${pending.hash}`;
      if (reloadedRecently(target)) throw error;
      try {
        sessionStorage.setItem(RELOADED_KEY, JSON.stringify({ target, at: Date.now() }));
      } catch {
        // storage disabled: reload anyway (a failing fresh page then reloads again, as a user would)
      }
      window.location.assign(target);
      // The page is being replaced: keep the navigation pending rather than flash an error page.
      return new Promise<T>(() => {});
    }
  };
}
