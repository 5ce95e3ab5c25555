// The import rules of docs/ARCHITECTURE.md that a tool can check, run by `npm test` ("import rules")
// and by hand with `npx depcruise packages apps scripts`. Type-only imports count: a cycle closed
// by `import type` is still a cycle for the reader. `@hubkit/*` resolves to each package's sources
// (tsconfig.tests.json's paths), so rules between packages see the real files.
/** A rule that fails `npm test`: imports from `from` to `to` are forbidden. */
function forbid(name, comment, from, to) {
  return { name, comment, severity: "error", from, to };
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid(
      "no-circular",
      "No import cycles anywhere, type-only and dynamic imports included.",
      {},
      { circular: true },
    ),
    forbid(
      "tasks-imports-no-package",
      "@hubkit/tasks depends on nothing.",
      { path: "^packages/tasks/src/" },
      { path: "^(packages/(inference|emulator)|apps)/" },
    ),
    forbid(
      "inference-depends-on-tasks-only",
      "@hubkit/inference depends on @hubkit/tasks alone.",
      { path: "^packages/inference/src/" },
      { path: "^(packages/emulator|apps)/" },
    ),
    forbid(
      "inference-reads-catalogue-through-subpaths",
      "The client imports catalogue code only through subpaths (@hubkit/tasks/snippets/inputs, …), never the whole catalogue; types may come from the entry.",
      { path: "^packages/inference/src/" },
      { path: "^packages/tasks/src/index\\.ts$", dependencyTypesNot: ["type-only"] },
    ),
    forbid(
      "emulator-depends-on-tasks-only",
      "@hubkit/emulator depends on @hubkit/tasks alone.",
      { path: "^packages/emulator/src/" },
      { path: "^(packages/inference|apps)/" },
    ),
    forbid(
      "hub-loads-no-web-source",
      "The hub serves and renders the web app's build (apps/web/dist*), never its sources.",
      { path: "^apps/hub/src/" },
      { path: "^apps/web/" },
    ),
    forbid(
      "web-reads-hub-contract-types-only",
      "The web app knows the hub through its contract, as types only: apps/hub/src/contract/.",
      { path: "^apps/web/" },
      { path: "^apps/hub/", pathNot: "^apps/hub/src/contract/" },
    ),
    forbid(
      "web-contract-is-types-only",
      "The web app imports the hub's contract as types only, but for the pure functions and values both sides run: toModelData (contract/model-data.ts), the model facts (contract/model-facts.ts) and the model page's fields (contract/model-fields.ts).",
      { path: "^apps/web/" },
      {
        path: "^apps/hub/src/contract/",
        pathNot: "^apps/hub/src/contract/model-(data|facts|fields)\\.ts$",
        dependencyTypesNot: ["type-only"],
      },
    ),
    forbid(
      "contract-imports-types-only",
      "The hub's contract holds no server code: its modules import types only.",
      { path: "^apps/hub/src/contract/" },
      { dependencyTypesNot: ["type-only"] },
    ),
    forbid(
      "web-knows-no-provider-internals",
      "The web app lists providers from @hubkit/inference/providers and calls the client's public API; no provider module of its own.",
      { path: "^apps/web/" },
      {
        path: "^packages/inference/src/",
        pathNot: "^packages/inference/src/(index|providers/definitions)\\.ts$",
      },
    ),
    forbid(
      "providers-import-no-task-function",
      "Providers never import from the task functions; shared types live in types.ts or @hubkit/tasks.",
      { path: "^packages/inference/src/providers/" },
      { path: "^packages/inference/src/tasks/" },
    ),
    forbid(
      "provider-definition-imports-nothing",
      "providers/definition.ts imports nothing, so any module may import definitions.",
      { path: "^packages/inference/src/providers/definition\\.ts$" },
      {},
    ),
    forbid(
      "library-facts-import-nothing",
      "The generated model-libraries-data.ts imports nothing (the registry's types point one way).",
      { path: "^packages/tasks/src/model-libraries-data\\.ts$" },
      {},
    ),
    forbid(
      "sources-import-no-tests",
      "Product code never imports test code.",
      { path: "^(packages|apps)/[^/]+/src/", pathNot: "\\.test\\.tsx?$" },
      { path: "(^|/)test/|\\.test\\.tsx?$" },
    ),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|dist-ssr|\\.data|\\.test-build)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.tests.json" },
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".mts", ".js", ".mjs", ".cjs", ".json"],
      conditionNames: ["import", "types", "default"],
    },
  },
};
