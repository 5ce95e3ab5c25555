// Runs the built hub server (offline) over a given web build, in its own process, and prints its URL.
// Usage: node hub-web.mjs <data dir> <web dist dir>   (the server renderer: <web dist dir>/../dist-ssr)
import path from "node:path";
import { pathToFileURL } from "node:url";
import { OURS } from "../lib/paths.mjs";

const [dataDir, webDistDir] = process.argv.slice(2);
const { startHubServer } = await import(pathToFileURL(path.join(path.dirname(OURS.hubCli), "index.js")).href);
const hub = await startHubServer({ port: 0, dataDir, webDistDir, mode: "offline" });
console.log(hub.url);
process.on("SIGTERM", () => hub.close().then(() => process.exit(0)));
