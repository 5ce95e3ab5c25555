// The page's script (index.html's entry): lets the browser paint the server's HTML before any of the
// app's JavaScript runs. Module scripts run as soon as the HTML is parsed, before the browser gets a
// chance to paint, so evaluating React, the router and the page's modules there (about 100 KB gz)
// held the first paint, and Largest Contentful Paint, until it ended. The app (main.tsx) is already
// fetched by then: the server preloads it (<link rel="modulepreload">, pages.ts).
import "./styles.css";

function startApp(): void {
  void import("./main.js");
}

// A hidden page has no frames to wait for (requestAnimationFrame would not fire until it is shown).
if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(startApp, 0));
else startApp();
