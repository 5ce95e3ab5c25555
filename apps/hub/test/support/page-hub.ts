// A hub (offline) serving the web build in TEST_WEB_DIST (its server renderer in ../dist-ssr), as a
// child process: tests of rendered pages run replicas beside an importer, as in production.
import { startHubServer } from "../../src/index.js";

const hub = await startHubServer({
  port: 0,
  dataDir: process.env.HUBKIT_DATA_DIR!,
  webDistDir: process.env.TEST_WEB_DIST!,
  mode: "offline",
});
console.log(`hubkit hub: ${hub.url}`);
process.once("SIGTERM", () => void hub.close().then(() => process.exit(0)));
