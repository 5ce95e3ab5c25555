import { describe, expect, it } from "vitest";
import ts from "typescript";
import { fileURLToPath } from "node:url";
import { readdirSync } from "node:fs";

// Compiles src/tasks/inference-types.ts and its task files with the real compiler, then inspects
// the exported types through the checker.
const tasksDir = fileURLToPath(new URL("../src/tasks/", import.meta.url));
const entry = `${tasksDir}inference-types.ts`;
const taskFiles = readdirSync(tasksDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => `${tasksDir}${d.name}/inference.ts`)
  .filter((file) => ts.sys.fileExists(file));

// Only the ES5 library plus a stand-in for the DOM's Blob: loading lib.dom would make this test slow.
const blobShim = `${tasksDir}__blob-shim.d.ts`;
const options: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es5.d.ts"],
  types: [],
};
const host = ts.createCompilerHost(options);
const readFile = host.readFile.bind(host);
const fileExists = host.fileExists.bind(host);
const getSourceFile = host.getSourceFile.bind(host);
host.fileExists = (file) => file === blobShim || fileExists(file);
host.readFile = (file) => (file === blobShim ? "interface Blob { readonly size: number }" : readFile(file));
host.getSourceFile = (file, language) =>
  file === blobShim
    ? ts.createSourceFile(file, "interface Blob { readonly size: number }", language)
    : getSourceFile(file, language);
const program = ts.createProgram([entry, blobShim, ...taskFiles], options, host);
const checker = program.getTypeChecker();
const entrySymbol = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
const exported = new Map(checker.getExportsOfModule(entrySymbol).map((s) => [s.getName(), s]));

function declaredType(name: string): ts.Type {
  const symbol = exported.get(name);
  if (!symbol) throw new Error(`${name} is not exported`);
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  return checker.getDeclaredTypeOfSymbol(target);
}

function isOptional(typeName: string, property: string): boolean {
  const prop = declaredType(typeName).getProperty(property);
  if (!prop) throw new Error(`${typeName}.${property} does not exist`);
  return (prop.flags & ts.SymbolFlags.Optional) !== 0;
}

// The property's type as text, with unions spelled out member by member.
function propertyType(typeName: string, property: string): string {
  const type = checker.getTypeOfSymbol(declaredType(typeName).getProperty(property)!);
  const members = type.isUnion() ? type.types : [type];
  return members.map((member) => checker.typeToString(member)).join(" | ");
}

describe("inference types", () => {
  it("compile without errors", () => {
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(diagnostics).toEqual([]);
    expect(taskFiles.length).toBe(33);
  });

  it("re-export the public names other packages rely on", () => {
    for (const name of [
      "ChatCompletionInput",
      "ChatCompletionInputMessage",
      "ChatCompletionOutput",
      "ChatCompletionStreamOutput",
      "TextGenerationInput",
      "TextGenerationOutput",
      "TextGenerationStreamOutput",
      "TextToImageInput",
      "TextToVideoInput",
      "TextToSpeechInput",
      "ImageToTextInput",
      "TranslationInput",
      "ZeroShotClassificationInput",
      "ZeroShotImageClassificationInput",
      "ZeroShotObjectDetectionInput",
      "VisualQuestionAnsweringInput",
      "DocumentQuestionAnsweringInput",
      "FeatureExtractionInput",
      "SentenceSimilarityInput",
      "TableQuestionAnsweringInput",
      "ClassificationOutputTransform",
      "BoundingBox",
      "GenerationParameters",
    ]) {
      expect(exported.has(name), name).toBe(true);
    }
  });

  it("keep text2text-generation types out of the barrel; text-to-audio's are in it (as 0.21.54)", () => {
    expect(exported.has("Text2TextGenerationInput")).toBe(false);
    expect(exported.has("TextToAudioInput")).toBe(true);
  });

  it("require parameters (with candidate labels) for the zero-shot tasks only", () => {
    for (const task of ["ZeroShotClassification", "ZeroShotImageClassification"]) {
      expect(isOptional(`${task}Input`, "parameters"), task).toBe(false);
      expect(isOptional(`${task}Parameters`, "candidate_labels"), task).toBe(false);
    }
    expect(isOptional("ZeroShotObjectDetectionInput", "parameters")).toBe(false);
    expect(isOptional("TextToImageInput", "parameters")).toBe(true);
    expect(isOptional("TextClassificationInput", "parameters")).toBe(true);
  });

  it("type binary inputs as Blob", () => {
    for (const name of [
      "AutomaticSpeechRecognitionInput",
      "ImageClassificationInput",
      "ZeroShotObjectDetectionInput",
    ]) {
      expect(propertyType(name, "inputs"), name).toBe("Blob");
    }
  });

  it("match the documented optionality of outputs", () => {
    expect(isOptional("VisualQuestionAnsweringOutputElement", "answer")).toBe(true);
    expect(isOptional("VisualQuestionAnsweringOutputElement", "score")).toBe(false);
    expect(isOptional("ChatCompletionOutput", "usage")).toBe(false);
    expect(isOptional("ChatCompletionStreamOutput", "usage")).toBe(true);
    expect(isOptional("TextToSpeechOutput", "sampling_rate")).toBe(true);
    expect(propertyType("FeatureExtractionInput", "inputs").split(" | ").sort()).toEqual([
      "string",
      "string[]",
    ]);
  });

  it("allow extra properties on every interface (forward compatibility)", () => {
    // The string index signature may be the interface's own or come from the shared shape it extends.
    const withoutIndexSignature: string[] = [];
    let interfaces = 0;
    for (const file of taskFiles) {
      for (const statement of program.getSourceFile(file)!.statements) {
        if (!ts.isInterfaceDeclaration(statement)) continue;
        interfaces++;
        const type = checker.getTypeAtLocation(statement.name);
        if (!checker.getIndexInfoOfType(type, ts.IndexKind.String))
          withoutIndexSignature.push(statement.name.text);
      }
    }
    expect(interfaces).toBeGreaterThan(taskFiles.length);
    expect(withoutIndexSignature).toEqual([]);
  });
});
