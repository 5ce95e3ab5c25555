export * from "./common.js";
export * from "./input-examples.js";
export * from "./inputs.js";
export * from "./types.js";
