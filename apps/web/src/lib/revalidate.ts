// Route loaders run again only when what they read changes: a change of page state alone (a tab, a
// picked provider, a folder shown), kept in the query string, reuses the loaded data.
import type { ShouldRevalidateFunctionArgs } from "react-router";

/** A route's `shouldRevalidate` that ignores changes of the query parameters named in `stateParams`. */
export function revalidateUnlessOnly(stateParams: readonly string[]) {
  return ({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean => {
    // The same address again is a revalidation (Retry, sign-in or sign-out): the data may differ.
    if (currentUrl.pathname !== nextUrl.pathname || currentUrl.href === nextUrl.href)
      return defaultShouldRevalidate;
    const strip = (url: URL) => {
      const params = new URLSearchParams(url.search);
      for (const name of stateParams) params.delete(name);
      return params.toString();
    };
    return strip(currentUrl) === strip(nextUrl) ? false : defaultShouldRevalidate;
  };
}
