// The import rules (.dependency-cruiser.cjs, a step of `npm test`) must see a cycle closed by type
// imports alone: that is how the client's 14-file cycle had stayed unseen. Run on small fixture trees
// with the repository's config, so a config change that stops seeing such cycles fails here.
import { execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const dirs: string[] = [];

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Writes the files into a fresh folder and returns the rule names the config reports there. */
function violations(files: Record<string, string>): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), "hubkit-import-rules-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  const out = execFileSync(path.join(root, "node_modules/.bin/depcruise"), [dir, "-T", "json"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const report = JSON.parse(out) as { summary: { violations: { rule: { name: string } }[] } };
  return report.summary.violations.map((violation) => violation.rule.name);
}

describe("import rules", () => {
  it("report a cycle closed by type imports alone", () => {
    expect(
      violations({
        "a.ts": 'import type { B } from "./b.js";\nexport interface A { b?: B }\n',
        "b.ts": 'import type { A } from "./a.js";\nexport interface B { a?: A }\n',
      }),
    ).toContain("no-circular");
  }, 60_000);

  it("report nothing for the same modules without the cycle", () => {
    expect(
      violations({
        "a.ts": 'import type { B } from "./b.js";\nexport interface A { b?: B }\n',
        "b.ts": "export interface B { n: number }\n",
      }),
    ).toEqual([]);
  }, 60_000);
});
