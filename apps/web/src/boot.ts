// The page's script (index.html's entry): lets the browser paint the server's HTML before any of the
// app's JavaScript runs or is even fetched. Module scripts run as soon as the HTML is parsed, before
// the browser gets a chance to paint, so evaluating React, the router and the page's modules there
// (about 100 KB gz) held the first paint, and Largest Contentful Paint, until it ended; and fetching
// them from the <head> (<link rel="modulepreload">) competed with the page's stylesheet. Once the
// first frame is on screen, the page's chunks (listed by the server, lib/page-modules.ts) are all
// requested at once, so main.tsx and the route modules it loads arrive together, without a waterfall.
import "./styles.css";
import { MODULES_ELEMENT_ID } from "./lib/page-modules.js";

function preloadPageModules(): void {
  const list = document.getElementById(MODULES_ELEMENT_ID)?.textContent;
  if (!list) return;
  for (const href of JSON.parse(list) as string[]) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "anonymous";
    link.href = href;
    document.head.append(link);
  }
}

let started = false;
function startApp(): void {
  if (started) return;
  started = true;
  preloadPageModules();
  void import("./main.js");
}

/**
 * Starts the app once the first contentful frame has been presented, not merely handed to the
 * compositor: a frame is rastered and drawn after the main thread has produced it, and fetching,
 * compiling and running the app's chunks in that window (one frame and a task later, as this did
 * before) took the CPU from raster and display on a 2-core machine, so the page's Largest Contentful
 * Paint (the same frame) came 30–110 ms later than its main-thread work ended (trace of /tasks).
 * Chromium reports `first-contentful-paint` once that frame is on screen.
 */
function startAfterFirstPaint(): void {
  const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
  if (
    painted() ||
    typeof PerformanceObserver === "undefined" ||
    !PerformanceObserver.supportedEntryTypes?.includes("paint")
  ) {
    requestAnimationFrame(() => setTimeout(startApp, 0));
    return;
  }
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    observer.disconnect();
    startApp();
  });
  observer.observe({ type: "paint", buffered: true });
  // A browser that never reports the paint (or a page with nothing contentful) still starts.
  setTimeout(() => {
    observer.disconnect();
    startApp();
  }, 3000);
}

const serverRendered = document.getElementById("root")?.firstElementChild !== null;
// A hidden page has no frames to wait for; a page the browser renders itself has nothing to paint first.
if (document.visibilityState !== "visible" || !serverRendered) startApp();
else startAfterFirstPaint();
