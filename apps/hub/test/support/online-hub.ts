// A hub in online mode whose router is TEST_ROUTER_URL, as a child process: a test can then give it
// environment that Node reads only at start-up (NODE_EXTRA_CA_CERTS, to trust a test certificate).
import { startHubServer } from "../../src/index.js";

const hub = await startHubServer({
  port: 0,
  dataDir: process.env.HUBKIT_DATA_DIR!,
  hfToken: process.env.HF_TOKEN ?? "",
  onlineRouterUrl: process.env.TEST_ROUTER_URL!,
});
console.log(`hubkit hub: ${hub.url}`);
process.once("SIGTERM", () => void hub.close().then(() => process.exit(0)));
