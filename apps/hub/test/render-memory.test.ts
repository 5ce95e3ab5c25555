// A server-side render holds nothing once it has ended: 10,000 renders of unique URLs (the query
// string makes each one a new page, so none is served from memory) leave the heap, after a full
// garbage collection, within 10 MB of where it was after a warm-up. Renders used to hang their abort
// listeners on one signal shared by every render (about 20 KB each, never freed: 20 → 198 MB after
// 7,500 renders, and a MaxListenersExceededWarning per render past 1,500).
//
// Needs the built web app (apps/web/dist and dist-ssr, `node scripts/build.mjs`).
import { existsSync } from "node:fs";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestHub, type TestHub } from "./support/hub.js";

const WEB_DIST = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../web/dist");
const RENDERS = Number(process.env.HUBKIT_RENDER_LEAK_RENDERS ?? 10_000);
const WARM_UP = 300;
const BOUND_BYTES = 10 * 1024 * 1024;

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** The heap in use after full collections (several: finalizers and weak references settle between them). */
async function settledHeap(): Promise<number> {
  for (let i = 0; i < 4; i++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return process.memoryUsage().heapUsed;
}

describe.skipIf(!existsSync(path.join(WEB_DIST, "..", "dist-ssr", "entry-server.js")))(
  "server-side rendering memory",
  () => {
    let server: TestHub;
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);

    beforeAll(async () => {
      // A small page cache: the cached path (renders shared by concurrent requests) is the one that
      // leaked, and a full 32 MB cache would itself be counted as growth.
      server = await startTestHub("render-memory", {
        webDistDir: WEB_DIST,
        pageCacheMegabytes: 1,
        logger: false,
      });
      process.on("warning", onWarning);
    });

    afterAll(async () => {
      process.off("warning", onWarning);
      await server?.close();
    });

    it(`${RENDERS} unique renders leave the heap within 10 MB of its start`, async () => {
      const render = async (n: number) => {
        // Over HTTP, as a browser asks (Fastify's inject holds each reply a while longer).
        const answer = await fetch(`${server.url}/tasks?render=${n}`);
        const html = await answer.text();
        expect(answer.status).toBe(200);
        expect(html).toContain('<div id="root"><');
      };
      // Warm-up: route chunks loaded, caches of the renderer and the hub filled once.
      for (let n = 0; n < WARM_UP; n++) await render(-1 - n);
      const start = await settledHeap();
      // A few at a time, as a server sees them.
      const CONCURRENCY = 4;
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < RENDERS) await render(next++);
        }),
      );
      const end = await settledHeap();
      const growth = end - start;
      console.log(
        `render memory: heap after GC ${(start / 1048576).toFixed(1)} MB → ${(end / 1048576).toFixed(1)} MB ` +
          `after ${RENDERS} renders (${((growth / RENDERS) * 1000) / 1024 >= 0 ? "+" : ""}${(((growth / RENDERS) * 1000) / 1024).toFixed(1)} KB per 1,000)`,
      );
      expect(growth).toBeLessThan(BOUND_BYTES);
      expect(warnings.filter((w) => /MaxListeners/.test(w))).toEqual([]);
    }, 1_200_000);
  },
);
