// Lighthouse benchmark (issue 19; not a test): the mobile preset on /login of a running binary.
// Lighthouse is not a dependency of the console; install it outside the repository first:
//   npm install --prefix ~/.cache/xiangzhi/lighthouse lighthouse
// Usage: node scripts/lighthouse.mjs [base URL, default http://127.0.0.1:8080] [path, default /login]
// Prints the category scores and the main timings; the JSON report goes to /tmp/lighthouse-<path>.json.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const base = process.argv[2] ?? "http://127.0.0.1:8080";
const path = process.argv[3] ?? "/login";
const bin = join(homedir(), ".cache/xiangzhi/lighthouse/node_modules/.bin/lighthouse");
if (!existsSync(bin)) {
  console.error(`no lighthouse at ${bin}: npm install --prefix ~/.cache/xiangzhi/lighthouse lighthouse`);
  process.exit(2);
}
const out = `/tmp/lighthouse-${path.replace(/\W+/g, "_")}.json`;
execFileSync(
  bin,
  [
    `${base}${path}`,
    "--quiet",
    "--chrome-flags=--headless --no-sandbox --disable-gpu",
    "--only-categories=performance,accessibility,best-practices",
    "--output=json",
    `--output-path=${out}`,
  ],
  { stdio: "inherit", env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" } },
);
const report = JSON.parse(readFileSync(out, "utf8"));
for (const [name, c] of Object.entries(report.categories)) console.log(`${name}: ${Math.round(c.score * 100)}`);
for (const id of ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"]) {
  console.log(`${id}: ${report.audits[id].displayValue}`);
}
