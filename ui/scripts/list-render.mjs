// The main-thread cost of a signed-in page's first render (issue 19; a benchmark, not a test), measured in
// ways the host's load does not move: how many React components render (function and class components whose
// render ran, counted in every commit through a stand-in for React's DevTools hook, which production React
// also calls), how many commits, DOM elements and antd style elements the page ends with, and the script
// evaluated. Chromium's CPU time (CDP Performance.getMetrics, with the CPU slowed 4× as Lighthouse's mobile
// preset does) is printed too, but it swings with the load like Lighthouse's TBT.
//
// Usage (a running binary, a demo user, docs/performance.md § Lighthouse):
//   node scripts/list-render.mjs http://127.0.0.1:18947 /m/villager --user=county_admin --password=Demo@2025 [--runs=3] [--top=25]
// The page counts as rendered at its first table row (or, without a table, its main content) plus 2 s of quiet.
// Component names are the code's own only in an unminified build (`npx vite build --minify false`); the
// totals do not need them.
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { commandLine, signIn } from "./session.mjs";

const { options, positional, base } = commandLine(process.argv.slice(2));
const path = positional[1] ?? "/m/villager";
const runs = Math.max(1, Number(options.runs ?? 1) || 1);
const top = Number(options.top ?? 0);

const root = join(homedir(), ".cache/xiangzhi/lighthouse/node_modules");
if (!existsSync(join(root, "puppeteer-core"))) {
  console.error(`no puppeteer-core under ${root}: npm install --prefix ~/.cache/xiangzhi/lighthouse lighthouse`);
  process.exit(2);
}
const { default: puppeteer } = await import(pathToFileURL(join(root, "puppeteer-core/lib/esm/puppeteer/puppeteer-core.js")).href);

// Runs in the page before any of its scripts: React finds the hook and reports each commit. A fiber rendered
// in a commit when it is not the object the previous commit left (an untouched subtree keeps its fibers) and
// carries React's PerformedWork flag (1: its render function ran, it did not bail out).
function installHook() {
  const counts = new Map();
  const stats = { commits: 0, renders: 0, firstRowRenders: -1, firstRowCommits: -1, log: [] };
  let previous = new WeakSet();
  const nameOf = (f) => {
    const t = f.type;
    if (typeof t === "function") return t.displayName || t.name || "anonymous";
    if (t && typeof t === "object") {
      const inner = t.render || t.type;
      return (t.displayName || (inner && (inner.displayName || inner.name)) || "anonymous") + (t.render ? " (forwardRef)" : " (memo)");
    }
    return null;
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() {
      return 1;
    },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, fiberRoot) {
      stats.commits++;
      const at = stats.renders;
      const mine = new Map();
      const seen = new WeakSet();
      const stack = [[fiberRoot.current, false]];
      const roots = [];
      while (stack.length) {
        const [f, parentRendered] = stack.pop();
        seen.add(f);
        let rendered = parentRendered;
        if (!previous.has(f) && f.flags & 1) {
          const name = nameOf(f);
          if (name) {
            if (!parentRendered) roots.push(name);
            rendered = true;
            stats.renders++;
            counts.set(name, (counts.get(name) ?? 0) + 1);
            mine.set(name, (mine.get(name) ?? 0) + 1);
          }
        }
        if (f.sibling) stack.push([f.sibling, parentRendered]);
        if (f.child) stack.push([f.child, rendered]);
      }
      previous = seen;
      const names = [...mine].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([n, c]) => `${n}×${c}`).join(" ");
      stats.log.push(`${Math.round(performance.now())} ms: ${stats.renders - at} renders, ${names} | from ${roots.slice(0, 8).join(", ")}`);
      if (stats.firstRowRenders < 0 && document.querySelector(".ant-table-tbody tr.ant-table-row")) {
        stats.firstRowRenders = stats.renders;
        stats.firstRowCommits = stats.commits;
      }
    },
  };
  // antd's CSS-in-JS writes each component's styles into a <style> element of its own in <head>, made or
  // rewritten at runtime; count those writes (a <style> added, or the text of one replaced).
  stats.styleWrites = 0;
  // Long tasks (over 50 ms, in the throttled page's own time): their lengths, and the blocking time they add
  // up to (each one's part over 50 ms, as Lighthouse's TBT counts it; here from the navigation on).
  stats.longTasks = [];
  stats.lcp = 0;
  stats.lcpElement = "";
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      stats.lcp = Math.round(e.startTime);
      stats.lcpElement = `${e.element?.tagName ?? "?"}.${String(e.element?.className ?? "").split(" ")[0]} ${(e.element?.textContent ?? "").slice(0, 12)}`;
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) stats.longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
  }).observe({ type: "longtask", buffered: true });
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.target.nodeName === "STYLE") stats.styleWrites++;
      else for (const n of r.addedNodes) if (n.nodeName === "STYLE") stats.styleWrites++;
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
  window.__xzRenders = () => ({ ...stats, counts: [...counts].sort((a, b) => b[1] - a[1]) });
}

const session = options.user && options.password ? await signIn(base, options) : null;

async function measure() {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    if (session) {
      await page.goto(`${base}/favicon.svg`);
      await page.evaluate((value) => localStorage.setItem("xz.session", value), JSON.stringify(session));
    }
    const cdp = await page.createCDPSession();
    await cdp.send("Network.clearBrowserCache");
    await cdp.send("Performance.enable");
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: Number(options.cpu ?? 4) });
    await page.evaluateOnNewDocument(installHook);
    let scriptBytes = 0;
    const t0 = Date.now();
    if (options.net !== undefined) page.on("requestfinished", (r) => console.log(`  ${Date.now() - t0} ms: ${r.url().replace(base, "")}`));
    page.on("response", async (r) => {
      if (r.request().resourceType() === "script") scriptBytes += Number(r.headers()["content-length"] ?? 0) || (await r.buffer().catch(() => Buffer.alloc(0))).length;
    });
    if (options.profile !== undefined) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.start");
    }
    if (options.trace !== undefined) await page.tracing.start({ categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel"] });
    const before = Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value]));
    await page.goto(`${base}${path}`, { waitUntil: "load" });
    await page.waitForSelector(".ant-table-tbody tr.ant-table-row, .ant-table-placeholder", { timeout: 120000 });
    await new Promise((r) => setTimeout(r, 2000));
    const after = Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value]));
    const trace = options.trace !== undefined ? JSON.parse(Buffer.from(await page.tracing.stop()).toString("utf8")) : null;
    const profile = options.profile !== undefined ? (await cdp.send("Profiler.stop")).profile : null;
    const page_ = await page.evaluate(() => ({
      ...window.__xzRenders(),
      elements: document.querySelectorAll("*").length,
      styles: document.querySelectorAll("style").length,
      css: [...document.querySelectorAll("style")].reduce((n, s) => n + (s.textContent?.length ?? 0), 0),
      text: document.getElementById("root")?.innerText.length ?? 0,
    }));
    page_.blockingMs = page_.longTasks.reduce((n, [, d]) => n + Math.max(0, d - 50), 0);
    page_.longestTask = Math.max(0, ...page_.longTasks.map(([, d]) => d));
    const delta = (k) => Math.round((after[k] - (before[k] ?? 0)) * 1000);
    if (profile) page_.profile = await attribute(profile);
    if (trace) Object.assign(page_, cpuTasks(trace));
    return { ...page_, scriptMs: delta("ScriptDuration"), taskMs: delta("TaskDuration"), styleMs: delta("RecalcStyleDuration"), layoutMs: delta("LayoutDuration"), scriptBytes };
  } finally {
    await browser.close();
  }
}

// --profile: a CPU profile (V8's sampler, 0.2 ms, the CPU slowed as above) from the navigation to the first
// row plus the quiet, its self time summed by where the code comes from. An unminified build
// (`npx vite build --minify false`) keeps rolldown's `// <module path>` comments, by which each sampled
// line is put in a group (GROUPS, first match wins); a minified build is grouped by chunk only.
const GROUPS = [
  ["antd CSS-in-JS", /^(@ant-design\/cssinjs|@ant-design\/cssinjs-utils|@emotion\/|stylis\/|antd\/es\/theme\/|antd\/es\/[\w-]+\/style\/|antd\/es\/style\/|rc-util\/es\/Dom\/dynamicCSS|@ant-design\/icons\/es\/utils|@ant-design\/icons\/es\/cssUtils)/],
  ["react-dom, react, scheduler", /^(react-dom|react|scheduler)\//],
  ["antd + rc components", /^(antd|rc-[\w-]+|@rc-component\/[\w-]+|@ant-design\/icons|classnames|@babel\/runtime)\//],
  ["refine, react-query, router, i18next", /^(@refinedev|@tanstack|react-router|i18next|react-i18next|qs|lodash)/],
  ["console (src/)", /^src\//],
];
async function attribute(profile) {
  const sources = new Map();
  const regionsOf = async (url) => {
    if (!sources.has(url)) {
      let regions = [];
      if (url.startsWith("http")) {
        const text = await (await fetch(url)).text().catch(() => "");
        const lines = text.split("\n");
        let current = null;
        regions = lines.map((l) => {
          const m = /^\/\/ (?:\.\.\/)*([\w@.+/-]+\.(?:m?js|cjs|tsx?))$/.exec(l);
          if (m) current = m[1].replace(/^.*node_modules\//, "");
          return current;
        });
      }
      sources.set(url, regions);
    }
    return sources.get(url);
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const groups = new Map();
  const chunks = new Map();
  const modules = new Map();
  for (const [id, us] of self) {
    const f = byId.get(id).callFrame;
    const chunk = f.url ? f.url.replace(/^.*\//, "").replace(/-[\w-]{8}\.js$/, ".js") : `(${f.functionName || "program"})`;
    chunks.set(chunk, (chunks.get(chunk) ?? 0) + us);
    let group = f.url ? "other script" : chunk;
    if (f.url) {
      const region = (await regionsOf(f.url))[f.lineNumber] ?? null;
      if (region) {
        modules.set(region, (modules.get(region) ?? 0) + us);
        group = GROUPS.find(([, re]) => re.test(region))?.[0] ?? "other modules";
      }
    }
    groups.set(group, (groups.get(group) ?? 0) + us);
  }
  const ms = (m) => Object.fromEntries([...m].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, Math.round(v / 1000)]));
  return { groups: ms(groups), chunks: ms(chunks), modules: ms(modules) };
}

// --trace (best with --cpu=1): the renderer's main-thread tasks from a Chromium trace, by the CPU time each took
// (the trace's thread time, tdur), which the host's load moves far less than their wall time. blocking4x is
// Lighthouse's TBT as its simulation reckons it (each task's time ×4, the part over 50 ms), here over the whole
// load rather than from the first paint; cpuTasksMs is the main thread's CPU time in tasks, longestCpu the
// longest task's.
function cpuTasks(trace) {
  const events = trace.traceEvents ?? trace;
  const mains = new Set(events.filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`));
  const byThread = new Map();
  for (const e of events) {
    if (e.ph !== "X" || e.name !== "RunTask" || !mains.has(`${e.pid}:${e.tid}`)) continue;
    const k = `${e.pid}:${e.tid}`;
    if (!byThread.has(k)) byThread.set(k, []);
    byThread.get(k).push([e.ts, (e.tdur ?? e.dur) / 1000, e.dur, e.pid, e.tid]);
  }
  // what a long task did: the trace's events inside it, by name, their wall time (outermost of each name)
  const inside = ([ts, , dur, pid, tid]) => {
    const names = new Map();
    for (const e of events) {
      if (e.ph !== "X" || e.pid !== pid || e.tid !== tid || e.ts < ts || e.ts + (e.dur ?? 0) > ts + dur || e.name === "RunTask" || e.name.startsWith("ThreadController")) continue;
      names.set(e.name, (names.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
    }
    return [...names].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([n, d]) => `${n} ${Math.round(d)}`).join(", ");
  };
  const sum = (xs) => xs.reduce((x, [, y]) => x + y, 0);
  const timed = [...byThread.values()].sort((a, b) => sum(b) - sum(a))[0] ?? [];
  const nav = events.find((e) => e.name === "navigationStart")?.ts ?? timed[0]?.[0] ?? 0;
  const tasks = timed.map(([, d]) => d);
  return {
    cpuLong: timed.filter(([, d]) => d * 4 > 50).map((task) => `\n    ${Math.round((task[0] - nav) / 1000)}+${Math.round(task[1])} (${inside(task)})`),
    cpuTasksMs: Math.round(tasks.reduce((x, y) => x + y, 0)),
    longestCpu: Math.round(Math.max(0, ...tasks)),
    blocking4x: Math.round(tasks.reduce((n, d) => n + Math.max(0, 4 * d - 50), 0)),
    tasksOver12: tasks.filter((d) => d * 4 > 50).length,
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const results = [];
const fields = ["firstRowRenders", "renders", "firstRowCommits", "commits", "elements", "styles", "styleWrites", "lcp", "lcpElement", "blockingMs", "longestTask", "cpuTasksMs", "longestCpu", "blocking4x", "tasksOver12", "css", "text", "scriptBytes", "scriptMs", "taskMs", "styleMs", "layoutMs"];
for (let i = 0; i < runs; i++) {
  const r = await measure();
  results.push(r);
  console.log(`${path} run ${i + 1}: ${fields.map((f) => `${f} ${r[f]}`).join(", ")}`);
}
if (runs > 1) console.log(`${path} median of ${runs}: ${fields.map((f) => `${f} ${median(results.map((r) => r[f]))}`).join(", ")}`);
if (options.profile !== undefined) {
  const keys = new Set(results.flatMap((r) => Object.keys(r.profile.groups)));
  for (const k of keys) console.log(`  self ms ${k}: ${results.map((r) => r.profile.groups[k] ?? 0).join(", ")}`);
  const last = results[results.length - 1].profile;
  for (const [k, v] of Object.entries(last.chunks).slice(0, 12)) console.log(`  chunk ${k}: ${v} ms`);
  for (const [k, v] of Object.entries(last.modules).slice(0, Number(options.profile) || 30)) console.log(`  module ${k}: ${v} ms`);
}
if (options.tasks !== undefined) console.log(`  long tasks (start, ms): ${results[results.length - 1].longTasks.map(([a, d]) => `${a}+${d}`).join(" ")}`);
if (options.trace !== undefined && options.tasks !== undefined) console.log(`  tasks over 12.5 ms of CPU (start, CPU ms): ${results[results.length - 1].cpuLong.join(" ")}`);
if (options.commits !== undefined) for (const line of results[results.length - 1].log) console.log(`  commit ${line}`);
if (top) for (const [name, n] of results[results.length - 1].counts.slice(0, top)) console.log(`  ${String(n).padStart(5)}  ${name}`);
