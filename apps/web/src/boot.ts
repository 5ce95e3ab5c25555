// The page's script (index.html's entry): lets the browser paint the server's HTML before any of the
// app's JavaScript runs or is even fetched. Module scripts run as soon as the HTML is parsed, before
// the browser gets a chance to paint, so evaluating React, the router and the page's modules there
// (about 100 KB gz) held the first paint, and Largest Contentful Paint, until it ended; and fetching
// them from the <head> (<link rel="modulepreload">) competed with the page's stylesheet. Once the
// first frame is out, the page's chunks (listed by the server, lib/page-modules.ts) are all requested
// at once, so main.tsx and the route modules it loads arrive together, without a waterfall.
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

function startApp(): void {
  preloadPageModules();
  void import("./main.js");
}

// A hidden page has no frames to wait for (requestAnimationFrame would not fire until it is shown).
if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(startApp, 0));
else startApp();
