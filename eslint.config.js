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
);
