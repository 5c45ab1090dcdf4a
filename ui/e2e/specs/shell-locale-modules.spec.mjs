// Module texts in the chosen locale (issue 18, docs/schema.md "Translations"): after switching to English the
// menus, the list's column headers and the form's labels of a generated module (发布类型, publishType) come
// from the English catalogue, and an empty submit shows the required field's own message under it, worded
// in English with the field's English label; a pattern failure shows the field's translated patternMessage.
// The large screen /dataStatistics shows its dashboard and widget titles in English too (the catalogue's
// @dash places).
import { assert, signInAdmin, urlIs, visible } from "../lib.mjs";

/** itemOf is the form item holding the field labelled label. */
const itemOf = (page, label) => page.locator(".ant-form-item").filter({ has: page.getByLabel(label, { exact: true }) });

export default [
  {
    name: "in English, a generated module's menus, columns, form labels and field messages are English",
    async run(ctx) {
      const { page, screenshot } = ctx;
      await signInAdmin(ctx);
      await visible(page.getByRole("combobox", { name: "语言" }));
      await page.locator(".ant-select").filter({ has: page.getByRole("combobox", { name: "语言" }) }).click();
      await (await visible(page.getByTitle("English", { exact: true }))).click();
      await visible(page.getByRole("combobox", { name: "Language" }));

      // Menus: the group and the module, by their English titles.
      await (await visible(page.getByRole("menuitem", { name: "Content Management" }))).click();
      await (await visible(page.getByRole("menuitem", { name: "Publish Types" }))).click();
      await urlIs(page, "/m/publishType");
      assert.equal(await page.getByRole("menuitem", { name: "内容管理" }).count(), 0, "the Chinese group title is gone");

      // Column headers.
      for (const header of ["Type name", "Type code", "Display template", "Sort order", "Enabled"]) {
        await visible(page.getByRole("columnheader", { name: header }));
      }
      assert.equal(await page.getByRole("columnheader", { name: "类型名称" }).count(), 0, "no Chinese column header");
      await screenshot("locale-modules-list-en");

      // Form labels and the required field's own message under it.
      await (await visible(page.getByRole("button", { name: /New/ }))).click();
      await urlIs(page, "/m/publishType/create");
      await visible(page.getByLabel("Type name", { exact: true }));
      await visible(page.getByLabel("Display template", { exact: true }));
      await page.getByRole("button", { name: /Submit/ }).click();
      await visible(itemOf(page, "Type name").getByText("Type name is required", { exact: true }));
      await visible(itemOf(page, "Type code").getByText("Type code is required", { exact: true }));

      // The field's patternMessage, translated.
      await page.getByLabel("Type code", { exact: true }).fill("not valid!");
      await page.getByRole("button", { name: /Submit/ }).click();
      await visible(itemOf(page, "Type code").getByText("Only letters, digits and underscores", { exact: true }));
      await screenshot("locale-modules-form-en");

      // The large screen: its title and a widget's title in English.
      await page.goto(new URL("/dataStatistics", page.url()).href);
      await visible(page.getByRole("heading", { name: "Rural Governance Data Overview" }), 60_000);
      await visible(page.getByRole("region", { name: "Population Overview" }));
      assert.equal(await page.getByRole("heading", { name: "乡村治理数据总览" }).count(), 0, "no Chinese dashboard title");
      await screenshot("locale-modules-dashboard-en");
    },
  },
];
