// Benchmark (issue 16, docs/performance.md "Every screen at 500,000 villagers"; not a test: it prints figures
// and asserts none): how long every screen of a demo user's menus takes to open, in Chromium, against a running
// server (a demo county: `xiangzhi demo`, then `xiangzhi serve`).
//
// For each user it signs in through the login page, reads the user's menus (GET /api/system/cscpMenus), and
// opens every page-bearing entry (not buttons, menu groups or external jumps) the way a menu click does: a
// history push inside the loaded console, no reload (--reload opens each with a full page load instead, the
// console's code from the browser's cache). A screen's time runs from the navigation to the first animation
// frame in which its data is shown, then stays shown for 250 ms (a screen that starts loading again is waited
// for anew). "Shown", by kind of screen (from the console's code):
//   list       a module list (/m/<module>) or a system list: a row of the table, or the table's empty state
//   dashboard  /dataStatistics*: every widget (section[data-widget]) holds its chart, number, rows or empty state
//   workbench  the workbench's cards are loaded (no skeleton) and its registers shown
//   tree       organisation management: the tree's nodes
//   form       a form's fields (the profile, the approval simulator, a marking sheet)
//   designer   the form designer's canvas
//   any        some text in the main content
// and for every kind, nothing in the main content still loading (no spinning antd Spin, no skeleton). Elements
// that were on screen before the navigation never count. A screen not shown within --timeout is reported as such.
// It also lists, from the network log, every request of the walk slower than --slow (default 1,000 ms), by
// the time from sending it to its answer's last byte.
//
//   node scripts/bench-screens.mjs [base URL] [--users=county_admin,v01_admin] [--password=Demo@2025]
//        [--tenant=CODE] [--only=TEXT] [--reload] [--repeat=N] [--timeout=30000] [--slow=1000]
//
// base URL defaults to http://127.0.0.1:8080; --only opens only the paths holding TEXT; --repeat opens each
// screen N times (default 1) and reports the median (the first opening includes the screen's code download).
// CHROMIUM names the browser (default /usr/bin/chromium). Each run uses a fresh Chromium profile.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

const options = Object.fromEntries(
  process.argv
    .slice(2)
    .filter((a) => a.startsWith("--"))
    .map((a) => {
      const [k, ...v] = a.slice(2).split("=");
      return [k, v.length ? v.join("=") : "1"];
    }),
);
const positional = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const base = (positional[0] ?? "http://127.0.0.1:8080").replace(/\/$/, "");
const users = (options.users ?? "county_admin,v01_admin").split(",").filter(Boolean);
const password = options.password ?? "Demo@2025";
const timeout = Number(options.timeout ?? 30_000);
const slowMs = Number(options.slow ?? 1000);
const repeat = Math.max(1, Number(options.repeat ?? 1) || 1);

/** pagesOf lists the page-bearing menu entries: not buttons, an internal url, no children (as the demo walk). */
function pagesOf(menus) {
  const flat = [];
  (function walk(nodes) {
    for (const n of nodes ?? []) {
      flat.push(n);
      walk(n.children);
    }
  })(menus);
  const isButton = (m) => m.type === "button";
  const external = (m) => Boolean(m.address?.trim()) || /^https?:\/\//i.test(m.url ?? "");
  const parents = new Set(flat.filter((m) => !isButton(m) && m.parentId != null).map((m) => String(m.parentId)));
  const seen = new Set();
  const pages = [];
  for (const m of flat) {
    if (isButton(m) || external(m) || parents.has(String(m.id)) || !m.url) continue;
    const path = m.url.startsWith("/") ? m.url : `/${m.url}`;
    if (seen.has(path)) continue;
    seen.add(path);
    pages.push({ path, title: m.title, component: m.component ?? "" });
  }
  return pages;
}

/** kindOf says what a screen shows its data in, by its menu entry. */
function kindOf({ path, component }) {
  if (/^\/dataStatistics/.test(path)) return "dashboard";
  if (path === "/workbench") return "workbench";
  if (path === "/form-design") return "designer";
  if (/organization-management/.test(path)) return "tree";
  if (/^\/(self-edit|workflow\/simulate)/.test(path)) return "form";
  if (component === "SchemaModule" || /^\/(m\/|workflow\/|system\/(user|workgroup|role)-management|system\/logging-)/.test(path)) return "list";
  return "any";
}

/** markOld remembers every element on screen, so that none of them counts as the next screen's data. */
function markOld() {
  window.__benchOld = new WeakSet(document.querySelectorAll("*"));
}

/** shownNow answers whether the screen shows its data (see the header), in the page. */
function shownNow(kind) {
  const old = window.__benchOld ?? new WeakSet();
  const seen = (el) => {
    if (old.has(el)) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
  };
  const any = (root, selector) => [...root.querySelectorAll(selector)].some(seen);
  const main = document.querySelector(".ant-layout-content") ?? document.getElementById("root");
  if (!main) return false;
  if (any(main, ".ant-spin-spinning, .ant-skeleton")) return false;
  switch (kind) {
    case "list":
      return any(main, ".ant-table-tbody tr.ant-table-row, .ant-table-placeholder, .ant-list-item, .ant-list .ant-empty");
    case "dashboard": {
      const sections = [...document.querySelectorAll("section[data-widget]")].filter(seen);
      return sections.length > 0 && sections.length >= (Number(sessionStorage.getItem("benchWidgets")) || 1) && sections.every((s) => s.querySelector("canvas, [data-number], tbody tr, [data-empty], li"));
    }
    case "workbench":
      return any(main, ".ant-card") && (any(main, "[data-register]") || any(main, ".ant-empty"));
    case "tree":
      return any(main, ".ant-tree-treenode");
    case "form":
      return any(main, ".ant-form-item");
    case "designer":
      return any(document, '[data-testid="designer"]');
    default:
      return main.innerText.trim().length > 0 && [...main.querySelectorAll("*")].some(seen);
  }
}

/**
 * waitShown answers, in the page, the time (performance.now()) of the first frame of the screen's final shown
 * state: shown, and unchanged (rows, empty states, text) for 250 ms — so an empty table drawn before its query
 * started, or a first batch of rows replaced by another, does not count as the screen's data. null on timeout.
 */
function waitShown(kind, timeout) {
  const main = () => document.querySelector(".ant-layout-content") ?? document.getElementById("root");
  const signature = () => {
    const m = main();
    if (!m) return "";
    return [m.querySelectorAll("tr.ant-table-row, .ant-empty, .ant-table-placeholder, .ant-tree-treenode, canvas, [data-number]").length, m.innerText.length].join("|");
  };
  const until = performance.now() + timeout;
  return new Promise((resolve) => {
    let since = null;
    let last = null;
    const frame = () => {
      const now = performance.now();
      if (window.__benchShown(kind)) {
        const sig = signature();
        if (since === null || sig !== last) {
          since = now;
          last = sig;
        } else if (now - since >= 250) return resolve(since);
      } else since = null;
      if (now > until) return resolve(null);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};

const profile = mkdtempSync(join(tmpdir(), "xz-bench-screens-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  viewport: { width: 1366, height: 900 },
  locale: "zh-CN",
  baseURL: base,
});
await context.addInitScript(
  `window.__benchShown = ${shownNow}; window.__benchMarkOld = ${markOld}; window.__benchWait = ${waitShown}; performance.setResourceTimingBufferSize(100000);`,
);
const loadStart = loadavg();
const results = [];
const slow = [];
const page = context.pages()[0] ?? (await context.newPage());
// Every request of the walk, with the user and the screen it was made for.
let current = "(sign-in)";
let currentUser = "";
page.on("requestfinished", (req) => {
  const t = req.timing();
  if (t.responseEnd >= slowMs) slow.push({ ms: Math.round(t.responseEnd), user: currentUser, screen: current, what: `${req.method()} ${req.url().replace(base, "")}` });
});
try {
  for (const user of users) {
    current = "(sign-in)";
    currentUser = user;
    await page.goto("/login");
    await page.evaluate(() => localStorage.clear());
    // A link naming the tenant opens the login page with its tenant code filled in.
    await page.goto(options.tenant ? `/login?tenant=${encodeURIComponent(options.tenant)}` : "/login");
    await page.getByRole("textbox", { name: "用户名" }).fill(user);
    await page.getByLabel("密码").fill(password);
    await page.getByRole("button", { name: /登\s*录/ }).click();
    await page.waitForURL((url) => url.pathname === "/workbench", { timeout: 60_000 });
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem("xz.session") ?? "{}").state?.token);
    const auth = { headers: { Authorization: `Bearer ${token}` } };
    const menus = await (await fetch(`${base}/api/system/cscpMenus`, auth)).json();
    let pages = pagesOf(menus.data);
    if (options.only) pages = pages.filter((p) => p.path.includes(options.only));
    const dashboards = (await (await fetch(`${base}/api/dashboards`, auth)).json()).data ?? [];
    console.error(`${user}: ${pages.length} screens`);

    const widgetsOf = new Map();
    for (const d of dashboards) widgetsOf.set(d.route, ((await (await fetch(`${base}/api/dashboards/${d.name}`, auth)).json()).data?.widgets ?? []).length || 1);
    // Each round opens every screen once, in menu order; a screen's figure is the median of its rounds.
    const mine = pages.map((entry) => ({ entry, kind: kindOf(entry), times: [], nets: [], reload: false, landed: entry.path }));
    for (let round = 0; round < repeat; round++) {
      for (const m of mine) {
        const { entry, kind } = m;
        const widgets = widgetsOf.get(entry.path) ?? 1;
        current = entry.path;
        let t0 = 0;
        await page.evaluate((n) => sessionStorage.setItem("benchWidgets", String(n)), widgets);
        // A screen already open (the workbench after signing in) is opened again by a full load.
        const reload = Boolean(options.reload) || new URL(page.url()).pathname === entry.path;
        if (reload) {
          // Times count from the new document's navigation start (performance.now() = 0).
          await page.goto(entry.path, { waitUntil: "commit" });
        } else {
          // A history push and popstate: what the router does on a menu click, without a reload.
          t0 = await page.evaluate((to) => {
            window.__benchMarkOld();
            const at = performance.now();
            window.history.pushState({}, "", to);
            window.dispatchEvent(new PopStateEvent("popstate", { state: {} }));
            return at;
          }, entry.path);
        }
        const at = await page.evaluate(([k, ms]) => window.__benchWait(k, ms), [kind, timeout]);
        // The requests the screen made before it was shown: how many, the slowest, when the last answer came.
        const net = await page.evaluate(
          ([from, to]) => {
            const rs = performance.getEntriesByType("resource").filter((e) => e.startTime >= from && e.responseEnd <= (to ?? Infinity) && (e.initiatorType === "fetch" || e.initiatorType === "xmlhttprequest"));
            const slowest = rs.reduce((a, e) => (!a || e.duration > a.duration ? e : a), null);
            return {
              count: rs.length,
              lastAnswer: rs.length ? Math.max(...rs.map((e) => e.responseEnd)) - from : null,
              slowest: slowest && { ms: Math.round(slowest.duration), what: new URL(slowest.name).pathname + new URL(slowest.name).search },
            };
          },
          [t0, at],
        );
        const landed = new URL(page.url()).pathname;
        if (landed !== entry.path) m.landed = landed;
        m.times.push(at === null ? null : Math.round(at - t0));
        m.nets.push(net);
        m.reload ||= reload;
        const ms = m.times.at(-1);
        console.error(`  ${ms === null ? "not shown" : `${ms} ms`}  ${kind}  ${entry.path}${landed !== entry.path ? ` (landed on ${landed})` : ""}  ${net.count} requests, last answer ${Math.round(net.lastAnswer ?? 0)} ms`);
      }
    }
    for (const m of mine) {
      const got = m.times.filter((t) => t !== null);
      results.push({
        user,
        path: m.entry.path,
        title: m.entry.title,
        kind: m.kind,
        ms: got.length === m.times.length ? median(got) : null,
        first: m.times[0],
        landed: m.landed === m.entry.path ? "" : m.landed,
        reload: m.reload,
        net: m.nets.at(-1),
      });
    }
    await page.evaluate(() => localStorage.clear());
  }
} finally {
  await context.close().catch(() => undefined);
  rmSync(profile, { recursive: true, force: true });
}

const loadEnd = loadavg();
const fmt = (l) => l.map((x) => x.toFixed(2)).join(", ");
results.sort((a, b) => (b.ms ?? Infinity) - (a.ms ?? Infinity));
console.log(`\nScreens, slowest first (${options.reload ? "full page loads" : "in-app navigation"}${repeat > 1 ? `, median of ${repeat}` : ""}; ${base}):`);
console.log("| ms | first | kind | user | screen | title | requests | last answer at | slowest request |\n|---:|---:|---|---|---|---|---:|---:|---|");
for (const r of results) {
  const n = r.net ?? {};
  console.log(
    `| ${r.ms === null ? `not shown in ${timeout} ms` : r.ms} | ${r.first ?? "—"} | ${r.kind} | ${r.user} | ${r.path}${r.landed ? ` → ${r.landed}` : ""}${r.reload && !options.reload ? " (full load)" : ""} | ${r.title} | ` +
      `${n.count ?? ""} | ${n.lastAnswer == null ? "" : Math.round(n.lastAnswer)} | ${n.slowest ? `${n.slowest.ms} ms ${n.slowest.what}` : ""} |`,
  );
}
const over = results.filter((r) => r.ms === null || r.ms > 1000);
console.log(`\n${results.length} screens, ${over.length} over 1 s; load average at the start ${fmt(loadStart)}, at the end ${fmt(loadEnd)}`);
slow.sort((a, b) => b.ms - a.ms);
console.log(`\nRequests slower than ${slowMs} ms (${slow.length}):`);
for (const s of slow) console.log(`  ${s.ms} ms  ${s.user}  ${s.screen}  ${s.what}`);
