// "Use this model" and library samples (usage.test.ts) on PostgreSQL.
import { useStore } from "./support/store-under-test.js";

useStore("postgres");
await import("./usage.test.js");
