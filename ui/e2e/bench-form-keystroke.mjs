// Benchmark (issue 14, docs/performance.md "The generated form: a keystroke in a large form"): the time from a
// keystroke to the painted character in the generated form of a 300-field module, in Chromium, with the
// production build. Not a test: it prints figures and asserts none.
//
// It starts the real binary (XZ_BIN, default ../bin/xiangzhi) on a fresh data directory, signs the
// administrator in, imports a 300-field module into the form designer and types into one field of its preview
// (the real ModuleForm), and before that into the designer's properties panel (the label of the selected field,
// which its card on the canvas shows). A keystroke's time is keydown → the first frame after it has been painted
// (a requestAnimationFrame callback, then a task after it). Keys are typed 100 ms apart.
//
//   cd ui && npm run build && cd .. && go build -o bin/xiangzhi . && cd ui && node e2e/bench-form-keystroke.mjs
//
// Environment:
//   BENCH_KEYS     keys typed (default 40)
//   BENCH_FIELDS   fields of the module (default 300)
//   BENCH_DIST=1   serve the console from ui/dist on disk instead of the copy embedded in the binary (measures a
//                  console change without rebuilding the binary); any other value names the directory of a build
//                  (e.g. `npx vite build --minify false --outDir /tmp/dist` for a profile with readable names)
//   BENCH_PROFILE  a file to write a Chromium CPU profile of the typing into the form to (.cpuprofile, for
//                  DevTools; the designer's goes to the same name + .designer.cpuprofile)
//   BENCH_HOOK     a script installed before the console loads, e.g. e2e/bench-renders-hook.js, which counts the
//                  components React renders per keystroke and the context values that changed (printed)
//   BENCH_LOAF=1   print the long frames (Long Animation Frames API) seen while typing: script or rendering
//   BENCH_FORM_ONLY=1  measure the generated form only, not the designer
//   CHROMIUM       the browser (default /usr/bin/chromium)

import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { freePort } from "./ports.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const uiDir = resolve(here, "..");
const bin = resolve(uiDir, process.env.XZ_BIN ?? "../bin/xiangzhi");
const keys = Number(process.env.BENCH_KEYS ?? 40);
const fieldCount = Number(process.env.BENCH_FIELDS ?? 300);
process.env.XZ_ADMIN_PASSWORD ??= `Init-${randomBytes(4).toString("hex")}-e2E`;
// lib.mjs reads the administrator's password when it loads.
const { adminToken, signInAdmin, visible } = await import("./lib.mjs");

const work = mkdtempSync(join(tmpdir(), "xz-bench-"));
mkdirSync(join(work, "data"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(bin, [], {
  env: { ...process.env, XZ_ADDR: `127.0.0.1:${port}`, XZ_DATA_DIR: join(work, "data") },
  stdio: "ignore",
});

const TYPES = { ".js": "text/javascript", ".css": "text/css", ".html": "text/html", ".svg": "image/svg+xml", ".json": "application/json", ".png": "image/png", ".woff2": "font/woff2" };

/** recordLongFrames keeps the Long Animation Frames (over 50 ms) seen while typing, with where their time went. */
function recordLongFrames() {
  window.__loaf = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!window.__count) continue;
      const end = e.startTime + e.duration;
      window.__loaf.push({
        duration: Math.round(e.duration),
        script: Math.round(e.scripts.reduce((a, s) => a + s.duration, 0)),
        style: e.styleAndLayoutStart ? Math.round(end - e.styleAndLayoutStart) : 0,
        render: e.renderStart ? Math.round(end - e.renderStart) : 0,
        scripts: e.scripts.map((s) => `${s.invoker} ${Math.round(s.duration)}`).join(", "),
      });
    }
  }).observe({ type: "long-animation-frame" });
}

function stats(list) {
  const s = [...list].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return { n: s.length, median: at(0.5), p95: at(0.95), max: s.at(-1) };
}

let browser;
try {
  for (let i = 0; ; i++) {
    if (i > 240) throw new Error("the server did not answer /healthz");
    if (await fetch(`${base}/healthz`).then((r) => r.ok).catch(() => false)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: "zh-CN", baseURL: base });
  if (process.env.BENCH_DIST) {
    const dist = process.env.BENCH_DIST === "1" ? join(uiDir, "dist") : resolve(process.env.BENCH_DIST);
    await context.route(
      (url) => url.origin === base && !url.pathname.startsWith("/api/") && url.pathname !== "/healthz",
      (route) => {
        const path = new URL(route.request().url()).pathname;
        const file = join(dist, path);
        const found = path !== "/" && existsSync(file) ? file : join(dist, "index.html");
        return route.fulfill({ body: readFileSync(found), contentType: TYPES[extname(found)] ?? "application/octet-stream" });
      },
    );
  }
  if (process.env.BENCH_HOOK) await context.addInitScript({ path: process.env.BENCH_HOOK });
  if (process.env.BENCH_LOAF) await context.addInitScript(recordLongFrames);
  const page = await context.newPage();
  const ctx = { base, page, api: (path, init) => fetch(`${base}${path}`, init) };
  await adminToken(ctx);
  await signInAdmin(ctx);

  const name = "bench" + randomBytes(2).toString("hex").replace(/^[0-9]+/, "");
  const types = ["string", "int", "date", "mobile"];
  const lines = [`name: ${name}`, `title: 大表单`, `api: /designer/${name}s`, `permission: designer.${name}`, "sections:"];
  for (const s of ["a", "b", "c"]) lines.push(`  - {name: ${s}, title: 分组${s}}`);
  lines.push("fields:");
  for (let i = 1; i <= fieldCount; i++) lines.push(`  - {name: f${i}, label: 字段${i}, type: ${types[i % 4]}, section: ${["a", "b", "c"][i % 3]}}`);
  await page.goto("/form-design");
  await visible(page.getByTestId("designer"), 30_000);
  await page.getByTestId("import-yaml").setInputFiles({ name: `${name}.yaml`, mimeType: "application/yaml", buffer: Buffer.from(lines.join("\n") + "\n") });
  await visible(page.locator(`[data-field="f${fieldCount}"]`), 60_000);
  await page.evaluate(() => {
    window.__lat = [];
    document.addEventListener(
      "keydown",
      () => {
        const t0 = performance.now();
        requestAnimationFrame(() => setTimeout(() => window.__lat.push(performance.now() - t0), 0));
      },
      true,
    );
  });

  /** measure types keys into the focused input (after a warm-up) and prints the figures under title. */
  async function measure(title, input, profile) {
    await input.click();
    await input.press("End");
    const before = await input.inputValue();
    // Warm up (the first keys compile code paths), then measure.
    await page.keyboard.type("warm", { delay: 100 });
    await page.waitForTimeout(500);
    await page.evaluate(() => {
      window.__lat = [];
      window.__count = true;
      window.__renders?.clear();
      window.__providers?.clear();
    });
    const cdp = profile ? await context.newCDPSession(page) : null;
    if (cdp) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
      await cdp.send("Profiler.start");
    }
    const load = loadavg();
    let typed = "";
    for (let i = 0; i < keys; i++) {
      const ch = "abcdefghijklmnopqrstuvwxyz"[i % 26];
      typed += ch;
      await page.keyboard.press(ch);
      await page.waitForTimeout(100);
    }
    await page.waitForTimeout(500);
    if (cdp) {
      const { profile: data } = await cdp.send("Profiler.stop");
      writeFileSync(profile, JSON.stringify(data));
      await cdp.detach();
    }
    await page.evaluate(() => (window.__count = false));
    const lat = await page.evaluate(() => window.__lat);
    if (process.env.BENCH_HOOK) {
      const r = await page.evaluate(() => ({
        renders: [...window.__renders].sort((a, b) => b[1] - a[1]).slice(0, 40),
        providers: [...window.__providers].sort((a, b) => b[1] - a[1]).slice(0, 20),
      }));
      console.log(`${title}: component renders over ${keys} keys, and context values changed:`);
      for (const [k, n] of [...r.renders, ...r.providers.map(([p, n]) => [`(context value changed) ${p}`, n])]) console.log(`  ${String(n).padStart(6)}  ${k}`);
    }
    if (process.env.BENCH_LOAF) {
      console.log(`${title}: long frames while typing (ms: duration, script, from style and layout to the end, from rendering to the end; scripts):`);
      for (const f of await page.evaluate(() => window.__loaf.splice(0))) console.log(`  ${f.duration} ${f.script} ${f.style} ${f.render}  ${f.scripts}`);
    }
    const value = await input.inputValue();
    if (value !== before + "warm" + typed) throw new Error(`${title}: the field holds ${JSON.stringify(value)}, not ${JSON.stringify(before + "warm" + typed)}`);
    const s = stats(lat);
    console.log(
      `${title}, keystroke → paint over ${s.n} keys: median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, max ${s.max.toFixed(1)} ms ` +
        `(load average at the start ${load.map((l) => l.toFixed(2)).join(", ")}; at the end ${loadavg().map((l) => l.toFixed(2)).join(", ")})`,
    );
  }

  // The designer: a keystroke in the selected field's label reaches its card on the canvas.
  if (!process.env.BENCH_FORM_ONLY) {
    await page.locator('[data-field="f150"]').click();
    const label = await visible(page.getByTestId("field-panel").getByLabel("标签", { exact: true }));
    await measure(`${fieldCount}-field designer (label → canvas)`, label, process.env.BENCH_PROFILE && `${process.env.BENCH_PROFILE}.designer.cpuprofile`);
    await visible(page.locator('[data-field="f150"]').getByText(await label.inputValue()));
  }
  // The generated form (the preview renders the real ModuleForm).
  await page.getByRole("tab", { name: "预览" }).click();
  const input = await visible(page.getByTestId("preview-tab").getByLabel("字段4", { exact: true }), 60_000);
  await measure(`${fieldCount}-field generated form`, input, process.env.BENCH_PROFILE);
} finally {
  await browser?.close().catch(() => undefined);
  if (server.exitCode === null) {
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(work, { recursive: true, force: true });
}
