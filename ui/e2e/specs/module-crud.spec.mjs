// A generated module end to end (spec §9): the administrator opens 发布类型 (publishType) from the menu,
// submits an empty form and sees the required-field message under its field, creates a record, views it,
// edits it, filters the list, sorts a column and deletes the record through the confirm dialog. The
// record's values carry a per-run suffix, so the spec makes its own data and leaves none behind.
import { assert, signInAdmin, urlIs, visible } from "../lib.mjs";

const suffix = Date.now().toString(36).slice(-6);
const name = `E2E类型${suffix}`;
const renamed = `E2E改名${suffix}`;
const code = `e2e_${suffix}`;

/** rowOf is the list's table row holding text. */
const rowOf = (page, text) => page.getByRole("row").filter({ hasText: text });

export default [
  {
    name: "a generated module: create (with validation), view, edit, filter, sort, delete",
    async run(ctx) {
      const { page, screenshot } = ctx;
      await signInAdmin(ctx);

      // Open the module from the menu.
      await (await visible(page.getByRole("menuitem", { name: "内容管理" }))).click();
      await (await visible(page.getByRole("menuitem", { name: "发布类型" }))).click();
      await urlIs(page, "/m/publishType");
      await visible(page.getByText("发布类型").first());
      await screenshot("module-list");

      // Create: empty submit shows the field's own message (as the server words it) under 类型名称, then fill and save.
      await (await visible(page.getByRole("button", { name: /新\s*建/ }))).click();
      await urlIs(page, "/m/publishType/create");
      const typeName = await visible(page.getByLabel("类型名称"));
      await page.getByRole("button", { name: /提\s*交/ }).click();
      // The message sits in the 类型名称 field's own form item.
      await visible(page.locator(".ant-form-item").filter({ has: page.getByLabel("类型名称") }).getByText("类型名称不能为空", { exact: true }));
      await screenshot("module-create-required");
      await typeName.fill(name);
      await page.getByLabel("类型编码").fill(code);
      await screenshot("module-create-filled");
      await page.getByRole("button", { name: /提\s*交/ }).click();
      await visible(page.getByText("新建成功！"));
      await page.waitForURL((u) => !u.pathname.endsWith("/create"), { timeout: 15_000 });
      await screenshot("module-created");

      // View it from the list.
      await page.goto("/m/publishType");
      const row = await visible(rowOf(page, name));
      await row.getByRole("link", { name: "查看" }).click();
      await page.waitForURL((u) => /^\/m\/publishType\/show\//.test(u.pathname), { timeout: 15_000 });
      await visible(page.getByText(name));
      await visible(page.getByText(code));
      await screenshot("module-show");

      // Edit it.
      await page.goto("/m/publishType");
      await (await visible(rowOf(page, name))).getByRole("link", { name: "编辑" }).click();
      await page.waitForURL((u) => /^\/m\/publishType\/edit\//.test(u.pathname), { timeout: 15_000 });
      const editName = await visible(page.getByLabel("类型名称"));
      await page.waitForFunction((n) => [...document.querySelectorAll("input")].some((i) => i.value === n), name, { timeout: 15_000 });
      await editName.fill(renamed);
      await screenshot("module-edit");
      await page.getByRole("button", { name: /提\s*交/ }).click();
      await visible(page.getByText("更新成功！"));
      await page.goto("/m/publishType");
      await visible(rowOf(page, renamed));

      // Filter the list by the name.
      await page.getByRole("textbox", { name: "类型名称" }).fill(renamed);
      await page.getByRole("button", { name: /查\s*询/ }).click();
      await page.waitForURL((u) => u.search.includes("typeName"), { timeout: 15_000 });
      await visible(rowOf(page, renamed));
      await screenshot("module-filtered");

      // Sort by 排序: the list opens sorted ascending by it (the module's default); a click turns it around.
      const header = await visible(page.getByRole("columnheader", { name: /排序/ }));
      assert.equal(await header.getAttribute("aria-sort"), "ascending");
      const urlBefore = page.url();
      await header.click();
      await visible(page.locator('th[aria-sort="descending"]').filter({ hasText: "排序" }));
      await page.waitForURL((u) => u.href !== urlBefore, { timeout: 15_000 });
      await screenshot("module-sorted");

      // Delete through the confirm dialog.
      await (await visible(rowOf(page, renamed))).getByText("删除").click();
      await visible(page.getByText("确定要删除这条数据吗？"));
      await screenshot("module-delete-confirm");
      await page.getByRole("tooltip").getByRole("button", { name: /确\s*定|OK|是/ }).click();
      await visible(page.getByText("删除成功！"));
      await rowOf(page, renamed).waitFor({ state: "detached", timeout: 15_000 });
      await screenshot("module-deleted");
      assert.equal(await rowOf(page, renamed).count(), 0);
    },
  },
];
