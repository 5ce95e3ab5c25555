// Lint config for the whole monorepo: typescript-eslint's recommended rules, and a guard that keeps
// the reference packages (installed only for bench/) out of product code.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/dist-ssr/**",
      "**/node_modules/**",
      "bench/**",
      "**/*.d.ts",
      ".data/**",
      "screenshots/**",
      "**/.test-build/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@huggingface/*"], message: "The reference packages are for bench/ only." }] },
      ],
    },
  },
  {
    // A task type that is exactly a shared shape is still an interface of its own name
    // (`interface XInput extends TaskInput<…> {}`): editors show the task's name, and it stays open to
    // declaration merging, as the reference's interfaces are.
    files: ["packages/tasks/src/tasks/**/inference.ts"],
    rules: {
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
    },
  },
);
