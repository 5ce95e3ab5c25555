// The app in the browser, started by boot.ts once the server's HTML has been painted. A page the
// server rendered is hydrated with the router state it was rendered with (no second round of data
// requests); without it (the hub serving a bare shell), React renders from scratch.
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes } from "react-router";
import { RouterProvider } from "react-router/dom";
import { HYDRATION_ELEMENT_ID, parseHydrationState } from "./lib/hydration.js";
import { watchNavigations } from "./lib/stale-build.js";
import { TokenProvider } from "./lib/token.js";
import { routes } from "./routes.js";

async function start() {
  const root = document.getElementById("root");
  if (!root) throw new Error("index.html has no #root element");
  const stateElement = document.getElementById(HYDRATION_ELEMENT_ID);
  const hydrationData = stateElement?.textContent ? parseHydrationState(stateElement.textContent) : undefined;

  if (hydrationData) {
    // The page's route modules must be in place before hydrating, or the first render would differ
    // from the server's HTML (the server preloads their chunks with <link rel="modulepreload">), and
    // so must the lazy parts the server rendered (a route module's `hydrationParts`).
    const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
    await Promise.all(
      lazyMatches.map(async ({ route }) => {
        const load = route.lazy as () => Promise<Record<string, unknown>>;
        const { hydrationParts, ...module } = await load();
        Object.assign(route, { ...module, lazy: undefined });
        const data = route.id === undefined ? undefined : hydrationData.loaderData?.[route.id];
        if (typeof hydrationParts === "function" && data !== undefined) await hydrationParts(data);
      }),
    );
  }

  const router = createBrowserRouter(routes, { hydrationData });
  watchNavigations(router);
  const app = (
    <StrictMode>
      <TokenProvider>
        <RouterProvider router={router} />
      </TokenProvider>
    </StrictMode>
  );
  // The server's HTML is already painted (boot.ts waited for it): hydrating it is not in the way.
  if (hydrationData) hydrateRoot(root, app);
  else createRoot(root).render(app);
  // The lists and sections below the first screen were skipped while off screen until now
  // (styles.css, content-visibility): from here on they render like the rest of the page.
  document.documentElement.dataset.hydrated = "";
}

void start();
