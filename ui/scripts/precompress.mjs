// Stores a brotli (.br) and a gzip (.gz) copy beside every text file of the build (ui/dist) of at least
// 1 KB, so the server answers each browser in the best encoding it accepts without compressing per
// request (engine/httpx Console). A copy that would not be smaller is not written.
//
// Usage: node scripts/precompress.mjs [DIR]   (default ui/dist; vite build runs it last on its output folder:
// vite.config.ts, distFiles)

import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dist = process.argv[2] || join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const TEXT = new Set([".js", ".mjs", ".css", ".html", ".svg", ".json", ".txt", ".xml", ".map", ".webmanifest"]);
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== ".vite") yield* files(path);
    } else if (TEXT.has(extname(entry.name)) && statSync(path).size >= MIN_BYTES) {
      yield path;
    }
  }
}

let count = 0;
let raw = 0;
let br = 0;
for (const path of files(dist)) {
  const data = readFileSync(path);
  const brotli = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gzip = gzipSync(data, { level: 9 });
  if (brotli.length < data.length) writeFileSync(`${path}.br`, brotli);
  if (gzip.length < data.length) writeFileSync(`${path}.gz`, gzip);
  count++;
  raw += data.length;
  br += Math.min(brotli.length, data.length);
}
console.log(`precompressed ${count} files: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli`);
