// Steps the widget specs share on the 村务公开 (villageNotice) module: fill a new record's required
// fields, submit it, and open its detail page from the list.
import { visible } from "./lib.mjs";

/** fillNotice opens the create form and fills 标题, 类型 and 发布单位 (the rest is the caller's). */
export async function fillNotice(page, title) {
  await page.goto("/m/villageNotice/create");
  await (await visible(page.getByLabel("标题"))).fill(title);
  await page.getByLabel("类型").click();
  await (await visible(page.getByTitle("通知公告"))).click();
  await page.getByLabel("发布单位").fill("E2E村委会");
}

/** saveAndShow submits the form and opens the new record's detail page from the list. */
export async function saveAndShow(page, title) {
  await page.getByRole("button", { name: /提\s*交/ }).click();
  await visible(page.getByText("新建成功！"));
  await page.waitForURL((u) => !u.pathname.endsWith("/create"), { timeout: 15_000 });
  await page.goto("/m/villageNotice");
  await (await visible(page.getByRole("row").filter({ hasText: title }))).getByRole("link", { name: "查看" }).click();
  await page.waitForURL((u) => /^\/m\/villageNotice\/show\//.test(u.pathname), { timeout: 15_000 });
}
