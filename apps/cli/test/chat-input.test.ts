// The chat's multi-line input: a trailing "\" goes on to the next line; a """ block is one message.
import { describe, expect, it } from "vitest";
import { MessageAssembler } from "../src/inference/chat.js";

const feed = (lines: string[]) => {
  const input = new MessageAssembler();
  return lines.map((line) => input.add(line)).filter((text) => text !== undefined);
};

describe("chat input", () => {
  it("joins continued lines and blocks into single messages", () => {
    expect(feed(["one line"])).toEqual(["one line"]);
    expect(feed(["first\\", "second\\", "third"])).toEqual(["first\nsecond\nthird"]);
    expect(feed(['"""', "a", "", "b\\", '"""', "after"])).toEqual(["a\n\nb\\", "after"]);
    expect(feed(["", "/save x"])).toEqual(["", "/save x"]);
  });
});
