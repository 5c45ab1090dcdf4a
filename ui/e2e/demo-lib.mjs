// A demo county of its own for a spec: `xiangzhi demo --data <dir>` into a fresh directory, then a second
// server on it (another free port), and browsers signed in as demo users (password Demo@2025).
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { chromium } from "playwright-core";
import { apiLogin, urlIs, visible } from "./lib.mjs";
import { freePort } from "./ports.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const bin = resolve(here, "..", process.env.XZ_BIN ?? "../bin/xiangzhi");
export const DEMO_PASSWORD = "Demo@2025";

/** startDemo fills a fresh data directory with the demo county and serves it; stop() ends it. */
export async function startDemo() {
  const work = mkdtempSync(join(tmpdir(), "xz-e2e-wf-"));
  const dataDir = join(work, "data");
  await promisify(execFile)(bin, ["demo", "--data", dataDir], { timeout: 180_000, maxBuffer: 16 << 20 });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(bin, [], { env: { ...process.env, XZ_ADDR: `127.0.0.1:${port}`, XZ_DATA_DIR: dataDir }, stdio: "ignore" });
  const until = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`demo server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      child.kill("SIGKILL");
      throw new Error("demo server: /healthz did not answer within 90 s");
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const ctx = { api: (path, init) => fetch(`${base}${path}`, init) };
  return {
    base,
    ctx,
    browser,
    /** token signs a demo user in through the API. */
    token: async (username) => (await apiLogin(ctx, username, DEMO_PASSWORD)).token,
    /** page opens a browser context of its own signed in as username, on the workbench. */
    page: async (username) => {
      const context = await browser.newContext({ baseURL: base, locale: "zh-CN", viewport: { width: 1366, height: 900 }, reducedMotion: "reduce" });
      const page = await context.newPage();
      await page.goto("/login");
      await (await visible(page.getByRole("textbox", { name: "用户名" }))).fill(username);
      await page.getByLabel("密码").fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: /登\s*录/ }).click();
      await urlIs(page, "/workbench", 60_000);
      return page;
    },
    stop: async () => {
      await browser.close().catch(() => undefined);
      await new Promise((done) => {
        if (child.exitCode !== null) return done();
        const kill = setTimeout(() => child.kill("SIGKILL"), 5000);
        child.once("exit", () => {
          clearTimeout(kill);
          done();
        });
        child.kill("SIGTERM");
      });
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** fillRange types a start and an end into the antd range picker inside scope and confirms each. */
export async function fillRange(page, scope, start, end) {
  const inputs = scope.locator(".ant-picker-range input");
  await inputs.nth(0).click();
  await inputs.nth(0).fill(start);
  await inputs.nth(0).press("Enter");
  await inputs.nth(1).click();
  await inputs.nth(1).fill(end);
  await inputs.nth(1).press("Enter");
  // Close a picker panel still open by clicking the scope's title, not Escape (which cancels the dialog).
  if (await page.locator(".ant-picker-dropdown:visible").count()) await scope.locator(".ant-modal-title").click();
}

/**
 * applyForVehicle goes through the vehicle application dialog from the 用车申请 list: step 1 searches the
 * time range and picks the first vehicle (or the one whose plate is given), step 2 fills the form and
 * confirms. It answers the plate chosen; the caller checks the outcome message.
 */
export async function applyForVehicle(page, { applicant, destination, reason, start, end, plate }) {
  await page.goto("/m/vehicleApply");
  await (await visible(page.getByRole("button", { name: /新\s*建/ }), 30_000)).click();
  const dialog = await visible(page.locator(".ant-modal").filter({ hasText: "选择车辆" }), 30_000);
  await fillRange(page, dialog, start, end);
  await dialog.getByRole("button", { name: /查\s*询/ }).click();
  const rows = dialog.locator(".ant-table-tbody tr.ant-table-row");
  const row = plate ? rows.filter({ hasText: plate }).first() : rows.first();
  await visible(row, 30_000);
  const chosen = plate ?? (await row.locator("td").nth(1).innerText()).trim();
  await row.locator(".ant-radio-input").check();
  await dialog.getByRole("button", { name: "下一步" }).click();
  await visible(dialog.locator("#applyUserName"));
  await dialog.locator("#applyUserName").fill(applicant);
  await dialog.locator("#destination").fill(destination);
  await fillRange(page, dialog, start, end);
  await dialog.locator("#description").fill(reason);
  await dialog.getByRole("button", { name: /确\s*定/ }).click();
  return { dialog, plate: chosen };
}

/** approveFromTodo opens 待办, finds the application by its title, checks its step and approves it with comment. */
export async function approveFromTodo(page, title, step, comment) {
  await page.goto("/workflow/todo");
  const row = page.locator(".ant-table-tbody tr.ant-table-row").filter({ hasText: title });
  await (await visible(row, 30_000)).getByText(title).click();
  const drawer = await visible(page.locator(".ant-drawer-content"));
  await visible(drawer.getByText(step).first());
  await drawer.getByRole("button", { name: /^同\s*意$/ }).click();
  const modal = await visible(page.locator(".ant-modal").filter({ hasText: "意见" }));
  await modal.locator("textarea").fill(comment);
  await modal.getByRole("button", { name: /^同\s*意$/ }).click();
  await visible(page.locator(".ant-message").getByText("已同意"));
  await page.locator(".ant-drawer-close").click();
}

/** submitFromRecord opens a record's page, submits it after the path preview, and answers the preview's text. */
export async function submitFromRecord(page, module, id, expectSteps) {
  await page.goto(`/m/${module}/show/${id}`);
  const panel = await visible(page.getByTestId("workflow-panel"), 30_000);
  await panel.getByRole("button", { name: "提交审批" }).click();
  const modal = await visible(page.locator(".ant-modal").filter({ hasText: "确定按以下路径提交审批吗？" }));
  for (const s of expectSteps) await visible(modal.getByText(s).first(), 30_000);
  const preview = await modal.innerText();
  await modal.getByRole("button", { name: "提交审批" }).click();
  await visible(page.locator(".ant-message").getByText("已提交审批"), 30_000);
  await visible(panel.locator(".ant-tag").getByText("审批中", { exact: true }));
  return preview;
}
