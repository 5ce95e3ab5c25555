// Routes: each page is its own chunk (`lazy`) with its own loader and error boundary.
import { createBrowserRouter } from "react-router";
import { Loading } from "./components/Feedback.js";
import { Layout } from "./components/Layout.js";
import { RouteError } from "./components/RouteError.js";

export const router = createBrowserRouter([
  {
    path: "/",
    Component: Layout,
    ErrorBoundary: RouteError,
    HydrateFallback: () => <Loading label="Loading hubkit…" />,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { index: true, lazy: () => import("./routes/home.js") },
          { path: "tasks", lazy: () => import("./routes/tasks.js") },
          { path: "tasks/:task", lazy: () => import("./routes/task.js") },
          { path: "libraries", lazy: () => import("./routes/libraries.js") },
          { path: "models", lazy: () => import("./routes/models.js") },
          { path: "models/*", lazy: () => import("./routes/model.js") },
          { path: "playground", lazy: () => import("./routes/playground.js") },
          { path: "*", lazy: () => import("./routes/not-found.js") },
        ],
      },
    ],
  },
]);
