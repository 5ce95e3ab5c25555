// "Change only the import" at the type level: types-4x/program.ts is written against the published
// @huggingface/inference 4.13.30 (.d.ts of the npm alias `hf-inference-4` in bench/node_modules,
// test-only). It must compile against the reference as it is (so it is a valid 4.x program) and
// against @hubkit/inference with the import swapped. A second, generated program checks every
// export of 4.13.30's root: it exists here; every type accepts the reference's values and has its
// property names; every function accepts the reference's arguments (with the same property names
// in its first one) and returns something the reference's return type accepts.
import { describe, expect, it } from "vitest";
import ts from "typescript";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const REFERENCE = fileURLToPath(
  new URL("../../../bench/node_modules/hf-inference-4/dist/esm/index.d.ts", import.meta.url),
);
const OURS = fileURLToPath(new URL("../src/index.ts", import.meta.url));
const REFERENCE_TASKS = fileURLToPath(
  new URL(
    "../../../bench/node_modules/hf-inference-4/node_modules/@huggingface/tasks/dist/esm/index.d.ts",
    import.meta.url,
  ),
);
const OUR_TASKS = fileURLToPath(new URL("../../tasks/src/index.ts", import.meta.url));
const PROGRAM = fileURLToPath(new URL("./types-4x/program.ts", import.meta.url));

/** Checks that fail by design, with the reason (the README's differences from 4.13.30 list them). */
const DELIBERATE: Record<string, string> = {
  "getProviderHelper: result":
    "a helper's `provider` may also be one of the four providers the router dropped (black-forest-labs, hyperbolic, nebius, sambanova), which hubkit keeps for direct calls",
};

const options: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2023.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
  types: [],
  skipLibCheck: true,
};

/** Compiles `source` as if it were the file `file`; returns its diagnostics as text. */
function compile(file: string, source: string): string[] {
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (name) => name === file || fileExists(name);
  host.readFile = (name) => (name === file ? source : readFile(name));
  host.getSourceFile = (name, language, ...rest) =>
    name === file ? ts.createSourceFile(name, source, language) : getSourceFile(name, language, ...rest);
  const program = ts.createProgram([file], options, host);
  const sourceFile = program.getSourceFile(file)!;
  return ts.getPreEmitDiagnostics(program, sourceFile).map((d) => {
    const line = d.start === undefined ? 0 : sourceFile.getLineAndCharacterOfPosition(d.start).line + 1;
    return `line ${line}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n").split("\n")[0]}`;
  });
}

function moduleSpecifier(file: string): string {
  return JSON.stringify(file.replace(/(\.d)?\.ts$/, ".js"));
}

describe("a program written for @huggingface/inference 4.13.30 compiles against @hubkit/inference", () => {
  const program = readFileSync(PROGRAM, "utf8");
  const swapTo = (target: string, tasks: string) =>
    program
      .replace(/"@huggingface\/inference"/g, moduleSpecifier(target))
      .replace(/"@huggingface\/tasks"/g, moduleSpecifier(tasks));

  it("the program is valid against 4.13.30's published types", () => {
    if (!existsSync(REFERENCE)) {
      throw new Error(
        `the reference package is not installed (${REFERENCE}); run \`npm install --prefix bench\``,
      );
    }
    expect(compile(PROGRAM, swapTo(REFERENCE, REFERENCE_TASKS))).toEqual([]);
  }, 120_000);

  it("and with the import swapped to @hubkit/inference", () => {
    expect(compile(PROGRAM, swapTo(OURS, OUR_TASKS))).toEqual([]);
  }, 120_000);

  it("every export of 4.13.30's root is here, with compatible types and signatures", () => {
    const first = ts.createProgram([REFERENCE, OURS], options);
    const checker = first.getTypeChecker();
    const exportsOf = (file: string) =>
      new Map(
        checker.getExportsOfModule(checker.getSymbolAtLocation(first.getSourceFile(file)!)!).map((symbol) => {
          const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
          const kind =
            target.flags & ts.SymbolFlags.Function
              ? "function"
              : target.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias) &&
                  !(target.flags & ts.SymbolFlags.Value)
                ? "type"
                : "value";
          return [symbol.getName(), kind] as const;
        }),
      );
    const theirs = exportsOf(REFERENCE);
    const ours = exportsOf(OURS);
    expect([...theirs.keys()].filter((name) => !ours.has(name))).toEqual([]);
    expect(theirs.size).toBeGreaterThan(100);

    const lines = [
      `import type * as R from ${moduleSpecifier(REFERENCE)};`,
      `import type * as O from ${moduleSpecifier(OURS)};`,
      "declare function sub<_A extends _B, _B>(): void;",
      "type Keys<T> = T extends unknown ? keyof T : never;",
      // Public members only: 4.x's helper class has a protected baseUrl no other object can have.
      "type Public<T> = T extends object ? Pick<T, keyof T> : T;",
    ];
    const label: string[] = [];
    const check = (line: string, what: string) => {
      lines.push(line);
      label[lines.length] = what;
    };
    for (const [name, kind] of theirs) {
      if (kind === "type") {
        check(`sub<R.${name}, O.${name}>();`, `${name}: the reference's values are ours`);
        check(`sub<Keys<R.${name}>, Keys<O.${name}>>();`, `${name}: the reference's property names are ours`);
      } else if (kind === "function") {
        check(`sub<Parameters<typeof R.${name}>, Parameters<typeof O.${name}>>();`, `${name}: arguments`);
        check(
          `sub<Keys<Parameters<typeof R.${name}>[0]>, Keys<Parameters<typeof O.${name}>[0]>>();`,
          `${name}: the first argument's property names`,
        );
        check(
          `sub<Awaited<ReturnType<typeof O.${name}>>, Public<Awaited<ReturnType<typeof R.${name}>>>>();`,
          `${name}: result`,
        );
      }
    }
    const file = fileURLToPath(new URL("../src/__types-4x-check.ts", import.meta.url));
    const failures = compile(file, lines.join("\n")).map((d) => {
      const line = Number(/^line (\d+)/.exec(d)?.[1]);
      return label[line] ?? d;
    });
    expect([...new Set(failures)].sort()).toEqual(Object.keys(DELIBERATE).sort());
  }, 120_000);
});
