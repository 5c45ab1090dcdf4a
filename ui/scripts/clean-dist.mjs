// Empties ui/dist (or the folder given) before a build, keeping dist/.keep, which the Go side owns so that
// go:embed always finds a file even before the console is built. vite build runs it first (vite.config.ts,
// distFiles).
import { readdirSync, rmSync, mkdirSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const dist = process.argv[2] || join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
mkdirSync(dist, { recursive: true });
for (const name of readdirSync(dist)) {
  if (name !== ".keep") rmSync(join(dist, name), { recursive: true, force: true });
}
