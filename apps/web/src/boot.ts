// The page's script (index.html's entry): lets the browser paint the server's HTML before any of the
// app's JavaScript runs or is even fetched. Module scripts run as soon as the HTML is parsed, before
// the browser gets a chance to paint, so evaluating React, the router and the page's modules there
// (about 100 KB gz) held the first paint, and Largest Contentful Paint, until it ended; and fetching
// them from the <head> (<link rel="modulepreload">) competed with the page's stylesheet. Once the
// first frame is on screen, the page's chunks (listed by the server, lib/page-modules.ts) are all
// requested at once, so main.tsx and the route modules it loads arrive together, without a waterfall.
import "./styles.css";
import { MODULES_ELEMENT_ID } from "./lib/page-modules.js";

// The chunks the server listed for this page; absent when the hub sent the bare frame (the browser
// renders the page itself).
const pageModules = document.getElementById(MODULES_ELEMENT_ID)?.textContent;

let started = false;
function startApp(): void {
  if (started) return;
  started = true;
  for (const href of pageModules ? (JSON.parse(pageModules) as string[]) : []) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "anonymous";
    link.href = href;
    document.head.append(link);
  }
  void import("./main.js");
}

// The app starts once the page's first frame is on screen (Chromium reports its paint entries,
// first-paint and first-contentful-paint, when that frame is presented), not merely produced by the main thread:
// fetching, compiling and running the app's chunks while the frame was still being rastered and
// drawn took the CPU from them on a 2-core machine, and the page's Largest Contentful Paint (that
// frame) came 30–110 ms after its main-thread work had ended (traces of /tasks, /models,
// /libraries; 30–35 ms on a static page). A hidden page paints nothing, and a page the browser
// renders itself has nothing to paint first: those start at once. Every browser that runs the
// app's ES2022 reports paints; the timer is there in case one never does (the page would otherwise
// stay without its app).
if (!pageModules || document.hidden) startApp();
else {
  // first-paint may come a frame before the page's content (CI caught the app starting then).
  new PerformanceObserver((list) => {
    if (list.getEntriesByName("first-contentful-paint").length > 0) startApp();
  }).observe({ type: "paint", buffered: true });
  setTimeout(startApp, 3000);
}
