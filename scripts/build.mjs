import { build, ensureInstalled } from "./lib.mjs";

ensureInstalled();
build();
