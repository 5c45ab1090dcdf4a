// Lighthouse benchmark (issue 19; not a test): the mobile preset (Lighthouse's default: simulated slow 4G,
// 4× CPU slowdown, a phone's screen) on pages of a running binary, the login page and the signed-in pages.
// Lighthouse is not a dependency of the console; install it outside the repository first:
//   npm install --prefix ~/.cache/xiangzhi/lighthouse lighthouse
//
// Usage: node scripts/lighthouse.mjs [base URL] [path ...] [--runs=N] [--user=NAME --password=PW [--tenant=CODE]]
//   base URL defaults to http://127.0.0.1:8080, the paths to /login; --runs (default 1) measures each path N
//   times and prints every run and the median.
//   With --user and --password, the paths outside the login family are measured signed in: the script signs
//   in through the API (the password encrypted under the server's public key, as the console does), stores
//   the session where the console keeps it (localStorage "xz.session", src/stores/useSessionStore.ts), then
//   clears the HTTP cache and lets Lighthouse load the page without resetting the storage: a first visit of
//   that page's code with a session, as after signing in on a fresh browser. A user who must change their
//   password first is refused (sign in once in the console and change it, or use a demo user, docs/demo.md).
// --throttling=devtools throttles the real network and CPU (Lighthouse's throttlingMethod "devtools": every
// request waits the link's round trip) instead of simulating the page's load from an unthrottled one; it shows
// what a chain of requests costs on the link, and is slower and noisier.
// --cpu=N sets the CPU slowdown (default 4): --cpu=1 leaves the simulated link alone in the figures, to compare
// what a change of the requests does while the host's load moves the CPU time (a diagnostic, not the preset).
// Each run uses a fresh Chromium profile; the JSON report of the last run of a path goes to
// /tmp/lighthouse-<path>.json (--out=DIR: to DIR instead, as the host's /tmp is shared).
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { commandLine, signIn } from "./session.mjs";

const { options, positional, base } = commandLine(process.argv.slice(2));
const paths = positional.length > 1 ? positional.slice(1) : ["/login"];
const runs = Math.max(1, Number(options.runs ?? 1) || 1);

const root = join(homedir(), ".cache/xiangzhi/lighthouse/node_modules");
if (!existsSync(join(root, "lighthouse"))) {
  console.error(`no lighthouse under ${root}: npm install --prefix ~/.cache/xiangzhi/lighthouse lighthouse`);
  process.exit(2);
}
const load = (name, file) => import(pathToFileURL(join(root, name, file)).href);
const { default: lighthouse } = await load("lighthouse", "core/index.js");
const { throttling } = await load("lighthouse", "core/config/constants.js");
const chromeLauncher = await load("chrome-launcher", "dist/index.js");
const { default: puppeteer } = await load("puppeteer-core", "lib/esm/puppeteer/puppeteer-core.js");

const PUBLIC = /^\/(login|loginH5|update-password|update-password-precheck|404)(\/|$|\?)/;

const session = options.user && options.password ? await signIn(base, options) : null;

const FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu"];
const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];

/** measure runs Lighthouse once on path in a fresh Chromium and answers its report (the LHR). */
async function measure(path) {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", chromeFlags: FLAGS });
  try {
    const signedIn = session && !PUBLIC.test(path);
    if (signedIn) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      // A static file of the origin: its localStorage without loading any of the console's code.
      await page.goto(`${base}/favicon.svg`);
      await page.evaluate((value) => localStorage.setItem("xz.session", value), JSON.stringify(session));
      const cdp = await page.createCDPSession();
      await cdp.send("Network.clearBrowserCache");
      await page.close();
      await browser.disconnect();
    }
    const result = await lighthouse(
      `${base}${path}`,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices"],
        disableStorageReset: !!signedIn,
        ...(options.throttling ? { throttlingMethod: options.throttling } : {}),
        ...(options.cpu ? { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: Number(options.cpu) } } : {}),
      },
      undefined,
    );
    mkdirSync(options.out ?? "/tmp", { recursive: true });
    writeFileSync(`${options.out ?? "/tmp"}/lighthouse-${path.replace(/\W+/g, "_")}.json`, result.report);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

for (const path of paths) {
  const reports = [];
  for (let i = 0; i < runs; i++) {
    const lhr = await measure(path);
    if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (lhr.finalDisplayedUrl && new URL(lhr.finalDisplayedUrl).pathname !== path.split("?")[0]) {
      console.warn(`  ${path} ended at ${lhr.finalDisplayedUrl} (signed out? redirected?)`);
    }
    reports.push(lhr);
    const scores = Object.values(lhr.categories).map((c) => `${c.id} ${Math.round(c.score * 100)}`);
    const times = METRICS.map((id) => `${id.replace(/-/g, " ").replace(/\b(\w)\w*/g, "$1").replace(/ /g, "").toUpperCase()} ${lhr.audits[id].displayValue}`);
    console.log(`${path} run ${i + 1}: ${scores.join(", ")} | ${times.join(", ")}`);
  }
  if (runs > 1) {
    const cat = (id) => median(reports.map((r) => Math.round(r.categories[id].score * 100)));
    const ms = (id) => median(reports.map((r) => r.audits[id].numericValue));
    console.log(
      `${path} median of ${runs}: performance ${cat("performance")}, accessibility ${cat("accessibility")}, best-practices ${cat("best-practices")} | ` +
        `FCP ${(ms("first-contentful-paint") / 1000).toFixed(1)} s, LCP ${(ms("largest-contentful-paint") / 1000).toFixed(1)} s, ` +
        `TBT ${Math.round(ms("total-blocking-time"))} ms, CLS ${ms("cumulative-layout-shift").toFixed(2)}, SI ${(ms("speed-index") / 1000).toFixed(1)} s`,
    );
  }
}
