// Issue 7: a walk through every menu entry of the demo county. The spec fills its own fresh data directory
// with `xiangzhi demo --data <dir>`, starts a second server on it (another free port), signs in as
// county_admin (password Demo@2025, never forced to change) and opens every page-bearing menu entry by URL.
// It fails on any console error, uncaught page error, HTTP 5xx answer seen by the page, or empty screen:
// a /m/<module> list must show at least one data row (the demo fills every module); any other page must
// render some text in the main content. Buttons, menu groups (entries with children) and external jumps
// are not pages and are not opened. The system screens of another issue still render the shared
// placeholder (an antd Result); they are opened and checked like any page, and counted in the log.
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { apiLogin, assert, visible } from "../lib.mjs";
import { freePort, listened } from "../ports.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const bin = resolve(here, "../..", process.env.XZ_BIN ?? "../bin/xiangzhi");
const demoPassword = "Demo@2025";

/** startServer serves dataDir on a free port and resolves once /healthz answers. */
async function startServer(dataDir) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(bin, [], { env: { ...process.env, XZ_ADDR: `127.0.0.1:${port}`, XZ_DATA_DIR: dataDir }, stdio: ["ignore", "pipe", "pipe"] });
  // /healthz counts only once this server listens: before, another server may hold the port (ports.mjs).
  let ours = false;
  void listened(child, `127.0.0.1:${port}`).then(() => (ours = true));
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`demo server exited with code ${child.exitCode}`);
    if (!ours) {
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGKILL");
  throw new Error("demo server: /healthz did not answer within 60 s");
}

function stopServer(child) {
  return new Promise((done) => {
    if (!child || child.exitCode !== null) return done();
    const kill = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(kill);
      done();
    });
    child.kill("SIGTERM");
  });
}

/** pagesOf lists the page-bearing menu entries: not buttons, internal url, no visible children. */
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
  const skipped = { buttons: 0, groups: 0, external: [] };
  for (const m of flat) {
    if (isButton(m)) {
      skipped.buttons++;
      continue;
    }
    if (external(m)) {
      skipped.external.push(`${m.title} ${m.address || m.url}`);
      continue;
    }
    if (parents.has(String(m.id)) || !m.url) {
      skipped.groups++;
      continue;
    }
    const path = m.url.startsWith("/") ? m.url : `/${m.url}`;
    if (seen.has(path)) continue;
    seen.add(path);
    pages.push({ path, title: m.title });
  }
  return { pages, skipped };
}

/** screenShown waits for a module list's first data row, or for any other page's main content. */
async function screenShown(page, path) {
  if (path.startsWith("/m/")) {
    return page
      .locator(".ant-table-tbody tr.ant-table-row:visible")
      .first()
      .waitFor({ state: "visible", timeout: 15_000 })
      .then(() => true, () => false);
  }
  return page
    .waitForFunction(
      () => {
        const main = document.querySelector(".ant-layout-content") ?? document.getElementById("root");
        return Boolean(main && main.innerText.trim() && !main.querySelector(".ant-spin-spinning"));
      },
      undefined,
      { timeout: 15_000 },
    )
    .then(() => true, () => false);
}

export default [
  {
    name: "the demo county: every menu entry of county_admin opens without errors and is not empty",
    async run(ctx) {
      const { page, screenshot } = ctx;
      const work = mkdtempSync(join(tmpdir(), "xz-e2e-demo-"));
      const dataDir = join(work, "data");
      let server;
      const problems = [];
      const onConsole = (msg) => {
        // Chromium reports the missing /favicon.ico as a console error; that is not the console's doing.
        if (msg.type() === "error" && !msg.location().url?.endsWith("/favicon.ico")) problems.push(`console.error on ${new URL(page.url()).pathname}: ${msg.text()}`);
      };
      const onPageError = (err) => problems.push(`pageerror on ${new URL(page.url()).pathname}: ${err.message}`);
      const onResponse = (res) => {
        if (res.status() >= 400 && !res.url().endsWith("/favicon.ico")) problems.push(`HTTP ${res.status()} on ${new URL(page.url()).pathname}: ${res.request().method()} ${res.url()}`);
      };
      try {
        await promisify(execFile)(bin, ["demo", "--data", dataDir], { timeout: 90_000, maxBuffer: 16 << 20 });
        server = await startServer(dataDir);
        const { base } = server;

        const demoCtx = { api: (path, init) => fetch(`${base}${path}`, init) };
        const login = await apiLogin(demoCtx, "county_admin", demoPassword);
        assert.ok(!login.mustChangePassword, "county_admin must not be forced to change the password");
        const { token } = login;
        const menuRes = await fetch(`${base}/api/system/cscpMenus`, { headers: { Authorization: `Bearer ${token}` } });
        assert.equal(menuRes.status, 200, "GET /api/system/cscpMenus");
        const { pages, skipped } = pagesOf((await menuRes.json()).data);
        assert.ok(pages.filter((p) => p.path.startsWith("/m/")).length >= 50, `only ${pages.length} pages in the menu tree`);

        page.on("console", onConsole);
        page.on("pageerror", onPageError);
        page.on("response", onResponse);

        await page.goto(`${base}/login`);
        await (await visible(page.getByRole("textbox", { name: "用户名" }))).fill("county_admin");
        await page.getByLabel("密码").fill(demoPassword);
        await page.getByRole("button", { name: /登\s*录/ }).click();
        await page.waitForURL((url) => url.pathname === "/workbench", { timeout: 30_000 });

        const placeholders = [];
        for (const [i, { path, title }] of pages.entries()) {
          const before = problems.length;
          // The first page loads the console; the rest are opened by URL inside the same app (no reload:
          // a reload per page would take minutes), once each: a page that lands elsewhere is a problem.
          const where = () => new URL(page.url()).pathname;
          // The previous list's rows must go before this screen's are looked for.
          const oldRow = i > 0 ? await page.$(".ant-table-tbody tr.ant-table-row") : null;
          if (i === 0) await page.goto(`${base}${path}`);
          else
            await page.evaluate((to) => {
              window.history.pushState({}, "", to);
              window.dispatchEvent(new PopStateEvent("popstate", { state: {} }));
            }, path);
          if (oldRow) await oldRow.waitForElementState("hidden", { timeout: 5_000 }).catch(() => undefined);
          const screenOk = await screenShown(page, path);
          if (where() !== path) problems.push(`${title} ${path} landed on ${where()}`);
          else if (!screenOk) problems.push(`empty screen: ${title} ${path} (${path.startsWith("/m/") ? "no data row" : "no main content"})`);
          else if (!path.startsWith("/m/")) {
            const placeholder = page.locator(".ant-result-info:visible").first();
            if (await placeholder.waitFor({ state: "visible", timeout: 2_000 }).then(() => true, () => false)) placeholders.push(path);
          }
          if (i % 10 === 0 || problems.length > before) await screenshot(`demo-walk-${String(i).padStart(3, "0")}`);
        }
        // A last error may arrive just after the last screen rendered.
        await page.waitForTimeout(300);
        console.log(
          `  walked ${pages.length} entries (${pages.filter((p) => p.path.startsWith("/m/")).length} module lists); ` +
            `not opened: ${skipped.buttons} buttons, ${skipped.groups} menu groups, ${skipped.external.length} external jumps` +
            `${skipped.external.length ? ` (${skipped.external.join("; ")})` : ""}; ` +
            `placeholder screens of another issue: ${placeholders.length ? placeholders.join(", ") : "none"}`,
        );
        assert.deepEqual(problems, [], `the demo walk met ${problems.length} problem(s)`);
      } finally {
        page.off("console", onConsole);
        page.off("pageerror", onPageError);
        page.off("response", onResponse);
        await stopServer(server?.child);
        rmSync(work, { recursive: true, force: true });
      }
    },
  },
];
