// Kept in step with package.json (a test checks it); a constant keeps JSON out of the bundle.
export const PACKAGE_NAME = "@hubkit/inference";
export const PACKAGE_VERSION = "0.1.0";
