// Type exports of @hubkit/tasks against the published @huggingface/tasks@0.21.54 (.d.ts of the npm alias
// `hf-tasks-021` in bench/node_modules): every type the reference exports from its root is exported here
// too, and is the same type. "Same" is TypeScript's own identity check, the
// `(<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2)` test, so names, shapes,
// optionality and literal unions must all agree (a missing optional property fails it too). The
// compiler runs on a program generated here that imports both packages.
import { describe, expect, it } from "vitest";
import ts from "typescript";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const REFERENCE = fileURLToPath(
  new URL("../../../../bench/node_modules/hf-tasks-021/dist/esm/index.d.ts", import.meta.url),
);
const OURS = fileURLToPath(new URL("../../src/index.ts", import.meta.url));
const GENERATED = fileURLToPath(new URL("../../src/__types-0.21-check.ts", import.meta.url));

/**
 * The catalogue types that are deliberately wider than 0.21.54's (see the README's "What hubkit has
 * beyond 0.21.54"): the `text2text-generation` pipeline, the kept `kerasformers` library and `sanctum`
 * local app, and the types that contain those unions. Every value of the reference's type is a value
 * of ours (checked below), not the other way round.
 */
const WIDER: Record<string, string> = {
  PipelineType: "keeps the deprecated text2text-generation pipeline",
  PipelineData: "keeps the optional, deprecated color",
  WidgetType: "PipelineType plus text2text-generation",
  TaskData: "its id is a PipelineType",
  TaskDataCustom: "TaskData without id, label, libraries",
  ModelLibraryKey: "keeps kerasformers",
  LocalAppKey: "keeps sanctum",
  ModelData: "its pipeline_tag is a PipelineType",
  ModelDataMinimal: "its pipeline_tag is a PipelineType",
  TransformersInfo: "its pipeline_tag is a PipelineType",
};

/**
 * Types whose callbacks take our wider ModelData: neither side is assignable to the other (function
 * parameters are contravariant), though an object literal written for the reference compiles against
 * ours. Their property names must be the same.
 */
const CALLBACKS_OF_WIDER: Record<string, string> = {
  LibraryUiElement: "snippets(model) takes our ModelData",
  LocalApp: "links(model), snippet(model) and displayOnModelPage(model) take our ModelData",
};

const options: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
  types: [],
  skipLibCheck: true,
};

function typeExports(program: ts.Program, file: string): string[] {
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
  return checker
    .getExportsOfModule(module)
    .filter((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return (
        (target.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) !== 0 &&
        (target.flags & ts.SymbolFlags.Value) === 0
      );
    })
    .map((symbol) => symbol.getName())
    .sort();
}

describe("type exports against @huggingface/tasks 0.21.54", () => {
  it("every reference type is exported and identical (or one of the listed wider catalogue types)", () => {
    if (!existsSync(REFERENCE)) {
      throw new Error(
        `the reference package is not installed (${REFERENCE}); run \`npm install --prefix bench\``,
      );
    }
    const first = ts.createProgram([REFERENCE, OURS], options);
    const referenceTypes = typeExports(first, REFERENCE);
    const ourTypes = new Set(typeExports(first, OURS));
    expect(referenceTypes.filter((name) => !ourTypes.has(name))).toEqual([]);
    expect(referenceTypes.length).toBeGreaterThan(150);

    const spec = (file: string) => file.replace(/(\.d)?\.ts$/, ".js");
    const lines = [
      `import type * as R from ${JSON.stringify(spec(REFERENCE))};`,
      `import type * as O from ${JSON.stringify(spec(OURS))};`,
      "type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;",
      "declare function same<_T extends true>(): void;",
      "declare function wider<_R, _O>(check: [_R] extends [_O] ? true : false): void;",
    ];
    // One line per check, so a diagnostic's line names the type.
    const names: string[] = [];
    for (const name of referenceTypes) {
      if (WIDER[name]) lines.push(`wider<R.${name}, O.${name}>(true);`);
      else if (CALLBACKS_OF_WIDER[name]) lines.push(`same<Same<keyof R.${name}, keyof O.${name}>>();`);
      else lines.push(`same<Same<R.${name}, O.${name}>>();`);
      names.push(name);
    }
    const source = lines.join("\n");
    const host = ts.createCompilerHost(options);
    const readFile = host.readFile.bind(host);
    const fileExists = host.fileExists.bind(host);
    const getSourceFile = host.getSourceFile.bind(host);
    host.fileExists = (file) => file === GENERATED || fileExists(file);
    host.readFile = (file) => (file === GENERATED ? source : readFile(file));
    host.getSourceFile = (file, language, ...rest) =>
      file === GENERATED
        ? ts.createSourceFile(file, source, language)
        : getSourceFile(file, language, ...rest);
    const program = ts.createProgram([GENERATED], options, host);
    const generated = program.getSourceFile(GENERATED)!;
    const failing = ts.getPreEmitDiagnostics(program, generated).map((d) => {
      const line = d.start === undefined ? -1 : generated.getLineAndCharacterOfPosition(d.start).line;
      return names[line - 5] ?? ts.flattenDiagnosticMessageText(d.messageText, "\n");
    });
    expect([...new Set(failing)]).toEqual([]);
  }, 120_000);
});
