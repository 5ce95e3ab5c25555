// lazyRecord / defineLazy: a lazily built object must read, list, copy and serialise like a plain one.
import { describe, expect, it } from "vitest";
import { defineLazy, lazyRecord } from "../src/lazy.js";

describe("lazyRecord", () => {
  const make = () => {
    const built: string[] = [];
    const record = lazyRecord(["b", "a", "c"], (key) => {
      built.push(key);
      return { key, list: [key] };
    });
    return { record, built };
  };

  it("builds nothing until a value is read, then each value once", () => {
    const { record, built } = make();
    expect(Object.keys(record)).toEqual(["b", "a", "c"]);
    expect("a" in record).toBe(true);
    expect(built).toEqual([]);
    const a = record.a;
    expect(a).toEqual({ key: "a", list: ["a"] });
    expect(record.a).toBe(a);
    expect(built).toEqual(["a"]);
  });

  it("lists, copies and serialises like the plain object it stands for", () => {
    const plain = {
      b: { key: "b", list: ["b"] },
      a: { key: "a", list: ["a"] },
      c: { key: "c", list: ["c"] },
    };
    expect(JSON.stringify(make().record)).toBe(JSON.stringify(plain));
    expect({ ...make().record }).toStrictEqual(plain);
    expect(Object.entries(make().record)).toEqual(Object.entries(plain));
    expect(structuredClone(make().record)).toStrictEqual(plain);
    expect(make().record).toStrictEqual(plain);
  });

  it("takes a write before the first read, and keeps the written value", () => {
    const { record, built } = make();
    record.a = { key: "a", list: [] };
    expect(record.a).toEqual({ key: "a", list: [] });
    expect(built).toEqual([]);
    expect(Object.keys(record)).toEqual(["b", "a", "c"]);
  });

  it("answers the same value on every read of an object frozen before any read", () => {
    const { record, built } = make();
    Object.freeze(record);
    const b = record.b;
    expect(record.b).toBe(b);
    expect(built).toEqual(["b"]);
    expect(Object.isFrozen(record)).toBe(true);
  });

  it("leaves other properties alone (defineLazy on an existing object)", () => {
    const target: { x: number; y?: number[] } = { x: 1 };
    defineLazy(target, "y", () => [2]);
    expect(Object.keys(target)).toEqual(["x", "y"]);
    expect(target).toEqual({ x: 1, y: [2] });
  });
});
