// The server renderer, built by `vite build --ssr` into apps/web/dist-ssr and loaded by the hub server.
// For each page request it runs the matched routes' loaders (their API calls answered in-process by
// the hub), renders the page with React's streaming renderer, and returns what the hub needs to frame
// it: status, title, the route chunks to preload and the router state the browser hydrates with.
import { AsyncLocalStorage } from "node:async_hooks";
import { PassThrough, type Readable } from "node:stream";
import { StrictMode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
} from "react-router";
import { setServerHighlighter } from "./components/CodeBlock.js";
import { setApiFetch } from "./lib/api.js";
import * as highlighter from "./lib/highlight.js";
import { serializeHydrationState } from "./lib/hydration.js";
import { TitleCollectorContext, fullTitle, type TitleCollector } from "./lib/title.js";
import { TokenProvider } from "./lib/token.js";
import { NOT_FOUND_ROUTE_ID, ROUTE_MODULES, routes } from "./routes.js";

// Code blocks are sent highlighted, so the browser needs no highlighter for a page's first load.
setServerHighlighter(highlighter);

/** Answers the app's API calls (`/api/…` paths) for the page being rendered. */
export type FetchApi = (path: string, init: RequestInit) => Promise<Response>;

export interface RenderedPage {
  status: number;
  title: string;
  /** modules to preload (keys of Vite's manifest): the app (main.tsx) and the rendered routes' modules */
  routeModules: string[];
  /** the router state, JSON for <script type="application/json"> (already escaped for HTML) */
  hydrationJson: string;
  /** the page's HTML, inside #root */
  body: Readable;
}

/** A redirect a loader asked for (none today; handled so a future one is not rendered as a page). */
export interface RedirectedPage {
  redirect: string;
  status: number;
}

/** The app's module, which boot.ts (the page's script) imports once the page is painted. */
const APP_MODULE = "src/main.tsx";

const handler = createStaticHandler(routes);

// Several hub servers can share this module (tests start more than one per process): each render's
// API calls go to the server that asked for it.
const pageFetch = new AsyncLocalStorage<FetchApi>();
setApiFetch((path, init) => {
  const fetchApi = pageFetch.getStore();
  if (!fetchApi) return Promise.reject(new Error(`API call outside a page render: ${path}`));
  return fetchApi(path, init);
});

function errorStatus(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
}

export async function render(
  url: URL,
  fetchApi: FetchApi,
  signal: AbortSignal,
): Promise<RenderedPage | RedirectedPage> {
  // The caller's signal may outlive this render (the hub used to share one among renders), and
  // undici keeps a Request's signal, with every listener on it, for as long as the Request lives: so
  // the render works on a signal of its own, and takes its listeners off both when it ends. Otherwise
  // the listener that aborts React's stream keeps the stream, the router state and the Request itself
  // reachable for good (about 145 KB a render).
  const local = new AbortController();
  const forward = () => local.abort(signal.reason);
  if (signal.aborted) local.abort(signal.reason);
  else signal.addEventListener("abort", forward, { once: true });
  const onEnd: (() => void)[] = [() => signal.removeEventListener("abort", forward)];
  const release = () => {
    for (const undo of onEnd.splice(0)) undo();
  };
  try {
    const page = await renderPage(url, fetchApi, local.signal, onEnd);
    if ("redirect" in page) release();
    // The render is over once its HTML is read, or given up.
    else page.body.once("end", release).once("close", release).once("error", release);
    return page;
  } catch (error) {
    release();
    throw error;
  }
}

async function renderPage(
  url: URL,
  fetchApi: FetchApi,
  signal: AbortSignal,
  onEnd: (() => void)[],
): Promise<RenderedPage | RedirectedPage> {
  const request = new Request(url, { signal, headers: { accept: "text/html" } });
  const context = await pageFetch.run(fetchApi, () => handler.query(request));
  if (context instanceof Response) {
    return { redirect: context.headers.get("location") ?? "/", status: context.status };
  }

  let status = context.statusCode;
  if (context.errors) status = Math.max(...Object.values(context.errors).map(errorStatus));
  else if (context.matches.some((match) => match.route.id === NOT_FOUND_ROUTE_ID)) status = 404;

  const collector: TitleCollector = {};
  const router = createStaticRouter(handler.dataRoutes, context);
  const body = await new Promise<Readable>((resolve, reject) => {
    const stream = renderToPipeableStream(
      <StrictMode>
        <TitleCollectorContext.Provider value={collector}>
          <TokenProvider>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </TokenProvider>
        </TitleCollectorContext.Provider>
      </StrictMode>,
      {
        // Suspense boundaries larger than this are otherwise streamed as separate segments revealed
        // by inline scripts, which the hub's Content-Security-Policy refuses; the page is sent whole.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // Every loader has resolved, so the whole page is ready at once: the <title> it names is
        // known before the first byte of the body is sent.
        onAllReady() {
          const output = new PassThrough();
          stream.pipe(output);
          resolve(output);
        },
        onShellError: reject,
        onError(error) {
          if (!signal.aborted) console.error("server render:", error);
        },
      },
    );
    const abortStream = () => stream.abort();
    signal.addEventListener("abort", abortStream, { once: true });
    onEnd.push(() => signal.removeEventListener("abort", abortStream));
  });

  return {
    status,
    title: collector.title ?? fullTitle(undefined),
    // boot.ts preloads these once the first frame is painted, then imports the app.
    routeModules: [
      APP_MODULE,
      ...context.matches.map((match) => ROUTE_MODULES[match.route.id]).filter(Boolean),
    ],
    hydrationJson: serializeHydrationState({ loaderData: context.loaderData, errors: context.errors }),
    body,
  };
}
export { HYDRATION_ELEMENT_ID } from "./lib/hydration.js";
export { MODULES_ELEMENT_ID } from "./lib/page-modules.js";
