// The check behind "no Chinese outside the locale bundles" (issue 11): every .ts/.tsx file under src/ is
// read, and a line holding a Han character is an offender unless the file sits in an allowed place.

import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

/**
 * HAN_ALLOWED are the only places Chinese may be written, as paths relative to src/: the locale bundles
 * (and serverTexts.ts, the server's wire texts the console recognises), the test harness's shared
 * fixtures in test/ (simulated server answers and records), and files named *.fixtures.ts beside their
 * tests, which hold such data for one area.
 */
export const HAN_ALLOWED: readonly ((path: string) => boolean)[] = [
  (p) => p.startsWith("locales/"),
  (p) => p.startsWith("test/"),
  (p) => p.endsWith(".fixtures.ts"),
];

const HAN = /\p{Script=Han}/u;

/** hanOutsideBundles answers "file:line" for every line of a .ts/.tsx file under root holding Chinese where it may not. */
export function hanOutsideBundles(root: string): string[] {
  const offenders: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(path);
        continue;
      }
      if (!/\.tsx?$/.test(entry.name)) continue;
      const rel = relative(root, path).split(sep).join("/");
      if (HAN_ALLOWED.some((allowed) => allowed(rel))) continue;
      readFileSync(path, "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (HAN.test(line)) offenders.push(`${rel}:${i + 1}`);
        });
    }
  };
  walk(root);
  return offenders;
}
