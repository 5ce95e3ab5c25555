// The route table, shared by the browser (main.tsx) and the server renderer (entry-server.tsx). Each
// page is its own chunk (`lazy`) with its own loader and error boundary; `id` names the module in
// src/routes/, which the server uses to preload the chunk of the page it renders.
import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import { Loading } from "./components/Feedback.js";
import { Layout } from "./components/Layout.js";
import { RouteError } from "./components/RouteError.js";
import { reloadOnStaleChunk } from "./lib/stale-build.js";
import { useTitle } from "./lib/title.js";

/** Gives a page that does not name itself a title. */
function titled(title: string, Page: ComponentType): ComponentType {
  return function TitledPage() {
    useTitle(title);
    return <Page />;
  };
}

/** Route id → its module, relative to apps/web (the key of Vite's manifest). */
export const ROUTE_MODULES: Record<string, string> = {
  home: "src/routes/home.tsx",
  tasks: "src/routes/tasks.tsx",
  task: "src/routes/task.tsx",
  libraries: "src/routes/libraries.tsx",
  library: "src/routes/library.tsx",
  models: "src/routes/models.tsx",
  model: "src/routes/model.tsx",
  "author-models": "src/routes/models.tsx",
  "model-by-path": "src/routes/model.tsx",
  dataset: "src/routes/dataset.tsx",
  playground: "src/routes/playground.tsx",
  usage: "src/routes/usage.tsx",
  settings: "src/routes/settings.tsx",
  "not-found": "src/routes/not-found.tsx",
};

/** The catch-all route: the server answers it with HTTP 404. */
export const NOT_FOUND_ROUTE_ID = "not-found";

export const routes: RouteObject[] = [
  {
    id: "root",
    path: "/",
    Component: Layout,
    ErrorBoundary: RouteError,
    HydrateFallback: () => <Loading label="Loading hubkit…" />,
    children: [
      {
        id: "pages",
        ErrorBoundary: RouteError,
        children: [
          { id: "home", index: true, lazy: reloadOnStaleChunk(() => import("./routes/home.js")) },
          { id: "tasks", path: "tasks", lazy: reloadOnStaleChunk(() => import("./routes/tasks.js")) },
          { id: "task", path: "tasks/:task", lazy: reloadOnStaleChunk(() => import("./routes/task.js")) },
          {
            id: "libraries",
            path: "libraries",
            lazy: reloadOnStaleChunk(() => import("./routes/libraries.js")),
          },
          {
            id: "library",
            path: "libraries/:library",
            lazy: reloadOnStaleChunk(() => import("./routes/library.js")),
          },
          { id: "models", path: "models", lazy: reloadOnStaleChunk(() => import("./routes/models.js")) },
          { id: "model", path: "models/*", lazy: reloadOnStaleChunk(() => import("./routes/model.js")) },
          {
            id: "playground",
            path: "playground",
            lazy: reloadOnStaleChunk(async () => {
              const page = await import("./routes/playground.js");
              return { ...page, Component: titled("Playground", page.Component) };
            }),
          },
          { id: "usage", path: "usage", lazy: reloadOnStaleChunk(() => import("./routes/usage.js")) },
          {
            id: "settings",
            path: "settings",
            lazy: reloadOnStaleChunk(() => import("./routes/settings.js")),
          },
          {
            id: "dataset",
            path: "datasets/:owner/:name",
            lazy: reloadOnStaleChunk(() => import("./routes/dataset.js")),
          },
          // huggingface.co's paths: /{org}/{name} opens a model, /{org} lists an author's models. The
          // static paths above rank first.
          {
            id: "author-models",
            path: ":owner",
            lazy: reloadOnStaleChunk(() => import("./routes/models.js")),
          },
          {
            id: "model-by-path",
            path: ":owner/:name",
            lazy: reloadOnStaleChunk(() => import("./routes/model.js")),
          },
          {
            id: NOT_FOUND_ROUTE_ID,
            path: "*",
            lazy: reloadOnStaleChunk(() => import("./routes/not-found.js")),
          },
        ],
      },
    ],
  },
];
