// The import rules of docs/ARCHITECTURE.md that a tool can check, run by `npm test` ("import rules")
// and by hand with `npx depcruise packages apps scripts`. Type-only imports count: a cycle closed
// by `import type` is still a cycle for the reader. `@hubkit/*` resolves to each package's sources
// (tsconfig.tests.json's paths), so rules between packages see the real files.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No import cycles anywhere, type-only and dynamic imports included.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "tasks-imports-no-package",
      comment: "@hubkit/tasks depends on nothing.",
      severity: "error",
      from: { path: "^packages/tasks/src/" },
      to: { path: "^(packages/(inference|emulator)|apps)/" },
    },
    {
      name: "inference-depends-on-tasks-only",
      comment: "@hubkit/inference depends on @hubkit/tasks alone.",
      severity: "error",
      from: { path: "^packages/inference/src/" },
      to: { path: "^(packages/emulator|apps)/" },
    },
    {
      name: "inference-reads-catalogue-through-subpaths",
      comment:
        "The client imports catalogue code only through subpaths (@hubkit/tasks/snippets/inputs, …), never the whole catalogue; types may come from the entry.",
      severity: "error",
      from: { path: "^packages/inference/src/" },
      to: { path: "^packages/tasks/src/index\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "emulator-depends-on-tasks-only",
      comment: "@hubkit/emulator depends on @hubkit/tasks alone.",
      severity: "error",
      from: { path: "^packages/emulator/src/" },
      to: { path: "^(packages/inference|apps)/" },
    },
    {
      name: "hub-loads-no-web-source",
      comment: "The hub serves and renders the web app's build (apps/web/dist*), never its sources.",
      severity: "error",
      from: { path: "^apps/hub/src/" },
      to: { path: "^apps/web/" },
    },
    {
      name: "web-reads-hub-contract-types-only",
      comment: "The web app knows the hub through its contract, as types only: apps/hub/src/contract/.",
      severity: "error",
      from: { path: "^apps/web/" },
      to: { path: "^apps/hub/", pathNot: "^apps/hub/src/contract/" },
    },
    {
      name: "web-contract-is-types-only",
      comment:
        "The web app imports the hub's contract as types only, but for the pure functions and values both sides run: toModelData (contract/model-data.ts) and the model facts (contract/model-facts.ts).",
      severity: "error",
      from: { path: "^apps/web/" },
      to: {
        path: "^apps/hub/src/contract/",
        pathNot: "^apps/hub/src/contract/model-(data|facts)\\.ts$",
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "contract-imports-types-only",
      comment: "The hub's contract holds no server code: its modules import types only.",
      severity: "error",
      from: { path: "^apps/hub/src/contract/" },
      to: { dependencyTypesNot: ["type-only"] },
    },
    {
      name: "web-knows-no-provider-internals",
      comment:
        "The web app lists providers from @hubkit/inference/providers and calls the client's public API; no provider module of its own.",
      severity: "error",
      from: { path: "^apps/web/" },
      to: {
        path: "^packages/inference/src/",
        pathNot: "^packages/inference/src/(index|providers/definitions)\\.ts$",
      },
    },
    {
      name: "providers-import-no-task-function",
      comment:
        "Providers never import from the task functions; shared types live in types.ts or @hubkit/tasks.",
      severity: "error",
      from: { path: "^packages/inference/src/providers/" },
      to: { path: "^packages/inference/src/tasks/" },
    },
    {
      name: "provider-definition-imports-nothing",
      comment: "providers/definition.ts imports nothing, so any module may import definitions.",
      severity: "error",
      from: { path: "^packages/inference/src/providers/definition\\.ts$" },
      to: {},
    },
    {
      name: "library-facts-import-nothing",
      comment: "The generated model-libraries-data.ts imports nothing (the registry's types point one way).",
      severity: "error",
      from: { path: "^packages/tasks/src/model-libraries-data\\.ts$" },
      to: {},
    },
    {
      name: "sources-import-no-tests",
      comment: "Product code never imports test code.",
      severity: "error",
      from: { path: "^(packages|apps)/[^/]+/src/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "(^|/)test/|\\.test\\.tsx?$" },
    },
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
