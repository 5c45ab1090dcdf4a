// Login and operation logs (spec §2, §5, §7, §9): searching by the administrator's username shows their
// rows, newest first, with the pager's total and size chooser; a name nobody has shows none; the search
// box stops at 20 characters; Reset empties it and lists every row again.
import { adminCredentials, signInAdmin, urlIs, visible } from "../lib.mjs";

const suffix = Date.now().toString(36).slice(-6);

/** rows are the table's data rows. */
const rows = (page) => page.locator(".ant-table-tbody tr.ant-table-row");


/** check walks one log screen: search, no match, limit, reset. */
async function check(ctx, path, timeColumn, shot) {
  const { page, screenshot } = ctx;
  const { username } = adminCredentials();
  await page.goto(path);
  await urlIs(page, path);
  const box = await visible(page.getByPlaceholder("请输入用户名"));
  await box.fill(`  ${username} `);
  await page.getByRole("button", { name: /查\s*询/ }).click();
  await visible(rows(page).filter({ hasText: username }));
  // Every row is the admin's, and the times run newest first.
  await page.waitForFunction(
    ([name, col]) => {
      const trs = [...document.querySelectorAll(".ant-table-tbody tr.ant-table-row")];
      const times = trs.map((tr) => tr.children[col].textContent);
      return trs.length > 0 && trs.every((tr) => tr.textContent.includes(name)) && times.every((t, i) => i === 0 || times[i - 1] >= t);
    },
    [username, timeColumn],
    { timeout: 15_000 },
  );
  if ((await box.inputValue()) !== username) throw new Error(`the search box keeps the trimmed name, got ${await box.inputValue()}`);
  await visible(page.locator(".ant-pagination-total-text"));
  await visible(page.locator(".ant-pagination-options .ant-select"));
  await screenshot(shot);

  await box.fill(`无此人${suffix}`);
  await page.getByRole("button", { name: /查\s*询/ }).click();
  await visible(page.locator(".ant-table-placeholder"));

  await box.fill("x".repeat(25));
  if ((await box.inputValue()).length !== 20) throw new Error("the username search stops at 20 characters");

  await page.getByRole("button", { name: /重\s*置/ }).click();
  await visible(rows(page));
  if ((await box.inputValue()) !== "") throw new Error("Reset empties the search box");
}

export default [
  {
    name: "login log: search by the admin's username, no match, Reset",
    async run(ctx) {
      await signInAdmin(ctx);
      await check(ctx, "/logging-login", 3, "logs-login");
    },
  },
  {
    name: "operation log: search by the admin's username, no match, Reset",
    async run(ctx) {
      await signInAdmin(ctx);
      await check(ctx, "/logging-operation", 4, "logs-operation");
    },
  },
];
