// The id of the element that lists the JavaScript chunks of a server-rendered page (a non-executed
// <script type="application/json"> array of paths, written by the hub, apps/hub/src/pages/render.ts).
// boot.ts preloads them once the server's HTML is painted: as <link rel="modulepreload"> in the
// <head>, a route's 10 to 20 chunks were fetched while the page still waited for its stylesheet
// and its first paint, and delayed both. A module of its own so that boot.ts stays tiny.
export const MODULES_ELEMENT_ID = "hubkit-modules";
