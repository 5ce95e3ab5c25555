// Writes a brotli (.br) and a gzip (.gz) copy next to every built script, stylesheet and SVG in
// dist/, which the hub server sends as they are (@fastify/static `preCompressed`) instead of
// compressing the same bytes again for every request. Run by `npm run build` after `vite build`.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dist = fileURLToPath(new URL("../dist", import.meta.url));
/** Smaller files are sent as they are (the hub compresses nothing under 1 KiB either). */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|map)$/;

let files = 0;
let before = 0;
let after = 0;
function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== ".vite") walk(full);
    } else if (COMPRESSIBLE.test(entry.name) && statSync(full).size >= MIN_BYTES) {
      const bytes = readFileSync(full);
      const br = brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      });
      writeFileSync(`${full}.br`, br);
      writeFileSync(`${full}.gz`, gzipSync(bytes, { level: 9 }));
      files += 1;
      before += bytes.length;
      after += br.length;
    }
  }
}
walk(dist);
console.log(
  `precompressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`,
);
