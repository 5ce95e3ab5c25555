// The hub API suite (api.test.ts) on PostgreSQL: a fresh database on HUBKIT_TEST_DATABASE_URL's server,
// or on a throwaway cluster.
import { useStore } from "./support/store-under-test.js";

useStore("postgres");
await import("./api.test.js");
