// The chat's Markdown rendering: a streamed reply is shown piece by piece, and each finished line is
// redrawn styled; off a colour terminal the text passes through unchanged.
import { stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import { MarkdownStream, styleLine } from "../src/ui/markdown.js";

const ESC = "\u001b[";

describe("chat Markdown", () => {
  it("styles headings, bold, inline code, bullets and fenced code", () => {
    expect(styleLine("## Plan", false)).toBe(`${ESC}1m${ESC}36mPlan${ESC}39m${ESC}22m`);
    expect(styleLine("- use **care** and `npm`", false)).toBe(
      `• use ${ESC}1mcare${ESC}22m and ${ESC}36mnpm${ESC}39m`,
    );
    expect(styleLine("plain words", false)).toBe("plain words");
    expect(styleLine("**not bold** in code", true)).toBe(`${ESC}36m**not bold** in code${ESC}39m`);
  });

  it("streams pieces as they come and redraws each finished line", () => {
    let screen = "";
    const stream = new MarkdownStream(
      (text) => (screen += text),
      true,
      () => 80,
    );
    for (const piece of ["# Ti", "tle\nSome ", "**bold**", " text\n```\nconst x", " = 1;\n```\nend"])
      stream.push(piece);
    stream.end();
    // Each styled line is written raw first, then redrawn after a carriage return and a clear.
    expect(screen).toContain(`# Title\r${ESC}J${ESC}1m${ESC}36mTitle`);
    expect(screen).toContain(`Some **bold** text\r${ESC}JSome ${ESC}1mbold${ESC}22m text\n`);
    expect(screen).toContain(`const x = 1;\r${ESC}J${ESC}36mconst x = 1;${ESC}39m\n`);
    expect(screen.endsWith("end")).toBe(true);
  });

  it("moves up over a wrapped line before redrawing it", () => {
    let screen = "";
    const stream = new MarkdownStream(
      (text) => (screen += text),
      true,
      () => 10,
    );
    stream.push("**a long bold line**\n");
    expect(screen).toContain(`${ESC}1A\r${ESC}J`);
  });

  it("passes text through untouched without colours", () => {
    let screen = "";
    const stream = new MarkdownStream((text) => (screen += text), false);
    stream.push("# Title\n**x**");
    stream.end();
    expect(screen).toBe("# Title\n**x**");
    expect(stripVTControlCharacters(screen)).toBe(screen);
  });
});
