// Small shape checks shared by the response parsers.
export const isString = (value: unknown): value is string => typeof value === "string";
export const isNumber = (value: unknown): value is number => typeof value === "number";
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
export const isArrayOf = <T>(value: unknown, item: (element: unknown) => element is T): value is T[] =>
  Array.isArray(value) && value.every(item);
export const isStringArray = (value: unknown): value is string[] => isArrayOf(value, isString);
export const isNumberArray = (value: unknown): value is number[] => isArrayOf(value, isNumber);
/** A text's JSON value, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
