// Error pages for something missing, loaded again for someone signed in (see the hook).
import { useEffect, useRef } from "react";
import { useLocation, useRevalidator } from "react-router";
import { useSession } from "./session.js";

/**
 * On an error page for something missing (401/404) while signed in, runs the page's loaders again
 * once per address: the server rendered it anonymously, and it may be a private repo this person
 * may read.
 */
export function useRetryWhenSignedIn(status: number | undefined): void {
  const { token } = useSession();
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  const tried = useRef(new Set<string>());
  useEffect(() => {
    if (!token || (status !== 401 && status !== 404)) return;
    const key = `${token.slice(-6)} ${pathname}`;
    if (tried.current.has(key) || revalidator.state !== "idle") return;
    tried.current.add(key);
    void revalidator.revalidate();
  }, [token, status, pathname, revalidator]);
}
