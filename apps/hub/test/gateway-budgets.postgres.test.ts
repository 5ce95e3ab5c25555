// Spend budgets (gateway-budgets.test.ts) with the limit rules and usage rows in PostgreSQL.
import { useStore } from "./support/store-under-test.js";

useStore("postgres");
await import("./gateway-budgets.test.js");
