// Issue 15: the large screens on the demo county. The spec fills its own data directory with `xiangzhi demo`,
// starts a second server on it and signs in through the login page:
// - county_admin opens /dataStatistics (and /dataStatisticsForSix): every widget draws (a chart's canvas holds data, number cards and
//   tables show rows), no console error, no failed request; a click on a township's marker on the map
//   drills into it, a village's marker into the village, "back to the top" returns; the drill position
//   lives in the URL (a reload and the back button keep it); a click on a bar that drills into a page filter
//   filters the other widgets and a second click clears it; a chosen filter survives a reload; 导出图片 gives
//   a 1920×1080 PNG and a widget's button an xlsx; the workbench shows registers with SVG sparklines;
// - a village administrator's screen starts at their village, and its numbers are the village's (the same
//   as county_admin's screen drilled into that village); another village's node is refused;
// - a user without the visit code is refused by the console and by the server.
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { apiLogin, assert, visible } from "../lib.mjs";
import { freePort } from "../ports.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const bin = resolve(here, "../..", process.env.XZ_BIN ?? "../bin/xiangzhi");
const demoPassword = "Demo@2025";
const CHARTS = new Set(["line", "bar", "stackedBar", "pie", "ring", "radar", "gauge", "map"]);

let demo; // { base, child, work }

/** startDemo makes the demo county in a fresh data directory and serves it (once for the whole file). */
async function startDemo() {
  if (demo) return demo;
  const work = mkdtempSync(join(tmpdir(), "xz-e2e-dash-"));
  const dataDir = join(work, "data");
  await promisify(execFile)(bin, ["demo", "--data", dataDir], { timeout: 120_000, maxBuffer: 16 << 20 });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(bin, [], { env: { ...process.env, XZ_ADDR: `127.0.0.1:${port}`, XZ_DATA_DIR: dataDir }, stdio: "ignore" });
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`demo server exited with code ${child.exitCode}`);
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) {
      demo = { base, child, work };
      return demo;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGKILL");
  throw new Error("demo server: /healthz did not answer within 60 s");
}

function stopDemo() {
  return new Promise((done) => {
    const d = demo;
    demo = undefined;
    if (!d) return done();
    const end = () => {
      rmSync(d.work, { recursive: true, force: true });
      done();
    };
    if (d.child.exitCode !== null) return end();
    const kill = setTimeout(() => d.child.kill("SIGKILL"), 5000);
    d.child.once("exit", () => {
      clearTimeout(kill);
      end();
    });
    d.child.kill("SIGTERM");
  });
}

/** api calls the demo server as a user and answers the envelope's data (asserting status). */
async function api(base, token, path, status = 200) {
  const res = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  const body = await res.json().catch(() => null);
  assert.equal(res.status, status, `GET ${path}: ${JSON.stringify(body)?.slice(0, 300)}`);
  return body?.data;
}

async function tokenOf(base, username) {
  return (await apiLogin({ api: (p, init) => fetch(`${base}${p}`, init) }, username, demoPassword)).token;
}

/** watch collects console errors, page errors and failed answers the page sees. */
function watch(page) {
  const problems = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !m.location().url?.endsWith("/favicon.ico")) problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  page.on("response", (r) => {
    if (r.status() >= 400 && !r.url().endsWith("/favicon.ico")) problems.push(`HTTP ${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  return problems;
}

/** signInAs signs a demo user in through the login page of the demo server. */
async function signInAs(page, base, username) {
  await page.goto(`${base}/login`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto(`${base}/login`);
  await (await visible(page.getByRole("textbox", { name: "用户名" }))).fill(username);
  await page.getByLabel("密码").fill(demoPassword);
  await page.getByRole("button", { name: /登\s*录/ }).click();
  await page.waitForURL((url) => url.pathname === "/workbench", { timeout: 30_000 });
}

/** dashboardName is the name of the dashboard shown at route. */
async function dashboardName(base, token, route) {
  const list = (await api(base, token, "/api/dashboards")) ?? [];
  const ref = list.find((d) => d.route === route);
  assert.ok(ref, `no dashboard at ${route} among ${JSON.stringify(list)}`);
  return ref.name;
}

/** dashboardOf finds the dashboard shown at route. */
async function dashboardOf(base, token, route) {
  return api(base, token, `/api/dashboards/${await dashboardName(base, token, route)}`);
}

/** allDrawnAt waits, in the page, for the first animation frame in which every widget shows its data, and answers its time (ms after navigation). */
async function allDrawnAt(page, def) {
  const at = await page.waitForFunction(
    (kinds) => {
      const done = kinds.every(([id, chart]) => {
        const section = document.querySelector(`section[data-widget="${id}"]`);
        return section && (chart ? section.querySelector("canvas") : section.querySelector("[data-number], tbody tr"));
      });
      return done ? performance.now() : false;
    },
    def.widgets.map((w) => [w.id, CHARTS.has(w.kind)]),
    { polling: "raf", timeout: 30_000 },
  );
  return Math.round(await at.jsonValue());
}

/** answered asserts that every widget of a dashboard's data answer holds something to draw. */
function answered(def, data) {
  for (const w of def.widgets) assert.ok(nonEmpty(w.kind, data.widgets[w.id]), `${w.id} (${w.kind}) answered ${JSON.stringify(data.widgets[w.id])?.slice(0, 200)}`);
}

/** openScreen opens a screen and answers its first batched data answer. */
async function openScreen(page, base, path) {
  const answer = page.waitForResponse((r) => /\/api\/dashboards\/[^/]+\/data/.test(r.url()) && !r.url().includes("widgets="), { timeout: 30_000 });
  await page.goto(`${base}${path}`);
  const res = await answer;
  assert.equal(res.status(), 200, `data call: ${res.status()}`);
  return (await res.json()).data;
}

/** nonEmpty is true when a widget's answer holds something to draw. */
function nonEmpty(kind, data) {
  if (!data || data.error) return false;
  if (kind === "number") return (data.items ?? []).length > 0;
  if (kind === "gauge") return typeof data.value === "number";
  if (kind === "map") return (data.markers ?? []).length > 0;
  if (kind === "list") return (data.rows ?? []).length > 0;
  return (data.buckets ?? []).length > 0;
}

/** drawn waits until every widget of the screen shows its data and answers how each was drawn. */
async function drawn(page, def) {
  const out = {};
  for (const w of def.widgets) {
    const section = page.locator(`section[data-widget="${w.id}"]`);
    if (CHARTS.has(w.kind)) {
      await section.locator("canvas").first().waitFor({ state: "visible", timeout: 20_000 });
      out[w.id] = await section.locator("[data-widget-chart]").evaluate((el) => {
        const option = el.xzChart.getOption();
        return option.series.reduce((n, s) => n + (s.data?.length ?? 0), 0);
      });
    } else {
      const rows = w.kind === "number" ? section.getByRole("listitem") : section.locator("tbody tr");
      await rows.first().waitFor({ state: "visible", timeout: 20_000 });
      out[w.id] = await rows.count();
    }
    assert.equal(await section.locator("[data-empty]").count(), 0, `${w.id} shows no data`);
    assert.equal(await section.getByRole("status").count(), 0, `${w.id} is retrying`);
  }
  return out;
}

/** markerPoint answers where on the page the map draws the marker of an organisation, or its first marker. */
async function markerPoint(page, org) {
  const chart = page.locator('section[data-kind="map"] [data-widget-chart]').first();
  const point = await chart.evaluate((el, wanted) => {
    const c = el.xzChart;
    const series = c.getOption().series;
    for (let i = 0; i < series.length; i++) {
      for (const d of series[i].data) {
        if (wanted !== null && d.key !== wanted) continue;
        const [x, y] = c.convertToPixel({ seriesIndex: i }, d.value.slice(0, 2));
        const r = el.getBoundingClientRect();
        const scale = r.width / c.getWidth();
        return { x: r.left + x * scale, y: r.top + y * scale, key: d.key, name: d.name };
      }
    }
    return null;
  }, org ?? null);
  assert.ok(point, `no marker${org ? ` of ${org}` : ""} on the map`);
  return point;
}

/** barPoint answers where on the page a bar chart draws its index-th bar (a little below the bar's top). */
async function barPoint(page, widget, index) {
  const chart = page.locator(`section[data-widget="${widget}"] [data-widget-chart]`);
  // A click lands on the bar only when the chart is on the screen and its bars have finished growing (a
  // refresh animates them again; on a busy machine that takes a while).
  await chart.scrollIntoViewIfNeeded();
  await chart.evaluate((el) => new Promise((done) => {
    const settled = () => el.xzChart.getZr().animation.isFinished();
    const check = () => (settled() ? done() : requestAnimationFrame(check));
    check();
  }));
  return chart.evaluate((el, want) => {
    const c = el.xzChart;
    const data = c.getOption().series[0].data;
    // index -1: the tallest bar, whose middle a click cannot miss however small the others are.
    const i = want >= 0 ? want : data.reduce((best, d, k) => (d.value > data[best].value ? k : best), 0);
    const d = data[i];
    const [x, y] = c.convertToPixel({ seriesIndex: 0 }, [i, d.value / 2]);
    const r = el.getBoundingClientRect();
    const scale = r.width / c.getWidth();
    return { x: r.left + x * scale, y: r.top + y * scale, key: d.key };
  }, index);
}

/** at waits until the screen's breadcrumb ends at name and the URL's org is org (undefined: absent). */
async function at(page, name, org) {
  await page.waitForURL((url) => (url.searchParams.get("org") ?? undefined) === (org === undefined ? undefined : String(org)), { timeout: 15_000 });
  await visible(page.locator('[aria-current="location"]', { hasText: name }));
}

export default [
  {
    name: "county_admin's screen draws every widget with data, drills into a township and a village and back",
    async run({ page, screenshot }) {
      const { base } = await startDemo();
      const token = await tokenOf(base, "county_admin");
      const def = await dashboardOf(base, token, "/dataStatistics");
      assert.ok(def.widgets.some((w) => w.kind === "map"), "the county screen has a map");
      const problems = watch(page);
      await signInAs(page, base, "county_admin");
      // The workbench: registers with their counts and a sparkline each (SVG, no chart library).
      await visible(page.getByText("登记数据"));
      assert.ok((await page.locator("[data-register] svg[role=img]").count()) > 0, "the workbench shows registers with sparklines");
      assert.equal(await page.locator("canvas").count(), 0, "the workbench draws no canvas");
      await screenshot("dashboards-workbench");

      const started = Date.now();
      const data = await openScreen(page, base, "/dataStatistics");
      const drawnAt = await allDrawnAt(page, def);
      answered(def, data);
      const counts = await drawn(page, def);
      const timing = await page.evaluate(() => {
        const end = (re) => Math.round(performance.getEntriesByType("resource").find((e) => re.test(e.name))?.responseEnd ?? -1);
        return { chunk: end(/DashboardScreen-/), data: end(/\/api\/dashboards\/[^/]+\/data/) };
      });
      console.log(
        `  ${def.widgets.length} widgets drawn ${drawnAt} ms after navigation (screen chunk in at ${timing.chunk} ms, ` +
          `batched data in at ${timing.data} ms; ${Date.now() - started} ms with the test's waits): ${JSON.stringify(counts)}`,
      );
      for (const [id, n] of Object.entries(counts)) assert.ok(n > 0, `${id} drew nothing`);
      await at(page, data.top.name, undefined);
      await screenshot("dashboards-county");
      // The map draws the villages' boundaries (shapes) under the markers.
      const shapes = await page.locator('section[data-kind="map"] [data-widget-chart]').first().evaluate((el) =>
        el.xzChart.getOption().series.filter((x) => x.type === "custom").map((x) => x.data.length),
      );
      assert.ok(shapes.length === 1 && shapes[0] > 0, `the map draws shapes: ${JSON.stringify(shapes)}`);

      // Into a township by its marker on the map.
      const town = await markerPoint(page, null);
      await page.mouse.click(town.x, town.y);
      await at(page, town.name, town.key);
      await drawn(page, def);
      // Into one of its villages.
      const village = await markerPoint(page, null);
      assert.notEqual(village.key, town.key, "the township's map shows its villages");
      await page.mouse.click(village.x, village.y);
      await at(page, village.name, village.key);
      await drawn(page, def);
      await screenshot("dashboards-village");

      // A reload keeps the drill position, the back button walks it back.
      await page.reload();
      await at(page, village.name, village.key);
      await page.goBack();
      await at(page, town.name, town.key);
      await page.goForward();
      await at(page, village.name, village.key);

      await page.getByRole("button", { name: "返回顶层" }).click();
      await at(page, data.top.name, undefined);
      await drawn(page, def);

      // A click on a bar whose widget drills into a page filter filters the other widgets; a second click clears it.
      const filtering = def.widgets.find((w) => w.kind === "bar" && w.drill?.startsWith("filter:"));
      if (filtering) {
        const name = filtering.drill.slice("filter:".length);
        const bar = await barPoint(page, filtering.id, -1);
        const refetch = page.waitForResponse((r) => /\/data\?/.test(r.url()) && r.url().includes(`${name}=${bar.key}`));
        refetch.catch(() => undefined); // awaited below; a failure before then must not crash the runner
        await page.mouse.click(bar.x, bar.y);
        await page.waitForURL((url) => url.searchParams.get(name) === String(bar.key));
        const filtered = (await (await refetch).json()).data;
        const follows = def.widgets.find((w) => w.id !== filtering.id && w.filters?.[name] && w.kind !== "number");
        if (follows) {
          const total = (d) => (d.widgets[follows.id].buckets ?? []).reduce((n, b) => n + (b.count ?? 0), 0);
          assert.ok(total(filtered) < total(data), `${follows.id} counts only the clicked ${name} (${total(filtered)} of ${total(data)})`);
        }
        await drawn(page, def);
        const again = await barPoint(page, filtering.id, -1);
        await page.mouse.click(again.x, again.y);
        await page.waitForURL((url) => !url.searchParams.has(name));
        await drawn(page, def);
      }

      // A page filter goes into the URL and every widget's data call, and survives a reload.
      const choice = (def.filters ?? []).find((f) => f.type === "choice");
      if (choice) {
        const refetch = page.waitForResponse((r) => /\/data\?/.test(r.url()) && r.url().includes(`${choice.name}=`));
        await page.getByRole("combobox", { name: choice.label }).click({ force: true });
        await page.locator(".ant-select-item-option").first().click();
        const value = new URL((await refetch).url()).searchParams.get(choice.name);
        await page.waitForURL((url) => url.searchParams.get(choice.name) === value);
        await page.reload();
        await page.waitForURL((url) => url.searchParams.get(choice.name) === value);
        await drawn(page, def);
      }

      // The dashboard as a 1920×1080 PNG, a widget's data as xlsx.
      const png = page.waitForEvent("download");
      await page.getByRole("button", { name: "导出图片" }).click();
      const pngBytes = await (await png).createReadStream().then((s) => s.toArray()).then(Buffer.concat);
      assert.equal(pngBytes.subarray(1, 4).toString(), "PNG", "the image is a PNG");
      assert.deepEqual([pngBytes.readUInt32BE(16), pngBytes.readUInt32BE(20)], [1920, 1080], "the image is 1920×1080");
      assert.ok(pngBytes.length > 50_000, `the image holds the charts (${pngBytes.length} bytes)`);
      const chartWidget = def.widgets.find((w) => w.kind === "bar" || w.kind === "stackedBar");
      const xlsx = page.waitForEvent("download");
      await page.getByRole("button", { name: `导出${chartWidget.title}数据` }).click();
      const file = await xlsx;
      assert.ok(file.suggestedFilename().startsWith(chartWidget.title) && file.suggestedFilename().endsWith(".xlsx"), `export named ${file.suggestedFilename()}`);
      const xlsxBytes = await file.createReadStream().then((s) => s.toArray()).then(Buffer.concat);
      assert.equal(xlsxBytes.subarray(0, 2).toString(), "PK", "the export is an xlsx (zip)");

      // The second screen draws every widget too.
      const six = await dashboardOf(base, token, "/dataStatisticsForSix");
      const sixData = await openScreen(page, base, "/dataStatisticsForSix");
      answered(six, sixData);
      await drawn(page, six);
      await screenshot("dashboards-six");
      await page.waitForTimeout(300);
      assert.deepEqual(problems, [], "the county screens met problems");
    },
  },
  {
    name: "a village administrator's screen starts at their village and shows only its numbers",
    async run({ page }) {
      const { base } = await startDemo();
      const county = await tokenOf(base, "county_admin");
      const token = await tokenOf(base, "v01_admin");
      const def = await dashboardOf(base, token, "/dataStatistics");
      assert.equal(def.top.level, 3, `v01_admin's top is a village: ${JSON.stringify(def.top)}`);
      const problems = watch(page);
      await signInAs(page, base, "v01_admin");
      const data = await openScreen(page, base, "/dataStatistics");
      await allDrawnAt(page, def);
      assert.equal(data.org.id, def.top.id, "the screen starts at the village");
      await at(page, def.top.name, undefined);
      await drawn(page, def);

      // The same numbers as county_admin's screen drilled into that village; the county's are larger.
      const name = await dashboardName(base, county, "/dataStatistics");
      const drilled = await api(base, county, `/api/dashboards/${name}/data?org=${def.top.id}`);
      const whole = await api(base, county, `/api/dashboards/${name}/data`);
      const numbers = def.widgets.filter((w) => w.kind === "number");
      assert.ok(numbers.length > 0, "the screen has number cards");
      // An item counting the viewer's own open tasks (tasks: open) is the viewer's, not the village's.
      const scoped = (w, d) => d.widgets[w.id].items.filter((_, i) => !w.items?.[i]?.tasks);
      for (const w of numbers) {
        assert.deepEqual(scoped(w, data), scoped(w, drilled), `${w.id}: the village admin's numbers are the village's`);
        const shown = await page.locator(`section[data-widget="${w.id}"] [data-number]`).evaluateAll((els) => els.map((e) => e.getAttribute("data-number")));
        assert.deepEqual(shown, data.widgets[w.id].items.map((i) => (i.value === null ? "" : String(i.value))), `${w.id} shows its answer`);
      }
      const sum = (d) => numbers.reduce((s, w) => s + scoped(w, d).reduce((t, i) => t + (i.value ?? 0), 0), 0);
      assert.ok(sum(whole) > sum(data), `the county's numbers (${sum(whole)}) exceed the village's (${sum(data)})`);

      // Another village's node is out of reach.
      const other = whole.path[0].id;
      await api(base, token, `/api/dashboards/${name}/data?org=${other}`, 403);
      assert.deepEqual(problems, [], "the village screen met problems");
    },
  },
  {
    name: "a user without the visit code is refused the screen",
    async run({ page }) {
      const { base } = await startDemo();
      try {
        const county = await tokenOf(base, "county_admin");
        const name = await dashboardName(base, county, "/dataStatistics");
        const token = await tokenOf(base, "v01_grid1");
        assert.equal((await api(base, token, "/api/dashboards")).length, 0, "a grid member lists no dashboard");
        await api(base, token, `/api/dashboards/${name}`, 403);
        await api(base, token, `/api/dashboards/${name}/data`, 403);
        await signInAs(page, base, "v01_grid1");
        await page.goto(`${base}/dataStatistics`);
        await visible(page.getByText("抱歉，您没有访问该页面的权限。"));
        assert.equal(await page.locator("canvas").count(), 0, "no chart is drawn");
      } finally {
        await stopDemo();
      }
    },
  },
];
