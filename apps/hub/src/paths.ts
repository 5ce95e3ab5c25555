// Where the hub finds its files. Everything is resolved from this module's own location (apps/hub/src
// when run from sources, apps/hub/dist when compiled), never from the current working directory.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const moduleDir = path.dirname(fileURLToPath(import.meta.url));

/** apps/hub */
export const HUB_ROOT = path.resolve(moduleDir, "..");
/** the monorepo root */
export const REPO_ROOT = path.resolve(HUB_ROOT, "../..");
/** the embedded catalogue, seeded into a fresh database */
export const EMBEDDED_CATALOGUE_PATH = path.join(HUB_ROOT, "data", "models.jsonl");
/** the built web app (present once `apps/web` has been built) */
export const WEB_DIST_DIR = path.join(REPO_ROOT, "apps", "web", "dist");
/** default database folder, gitignored */
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, ".data", "hub");

export const HUB_VERSION: string = (
  JSON.parse(readFileSync(path.join(HUB_ROOT, "package.json"), "utf8")) as { version: string }
).version;
