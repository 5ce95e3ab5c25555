// Usage per call through the router gateway (gateway-usage.test.ts) on PostgreSQL.
import { useStore } from "./support/store-under-test.js";

useStore("postgres");
await import("./gateway-usage.test.js");
