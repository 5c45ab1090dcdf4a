// Locale in the signed-in shell (spec §2): switching the header's 语言 select to English changes the
// shell's own texts (the workbench greeting, the workbench tab, the document language) without a reload.
import { assert, signInAdmin, visible } from "../lib.mjs";

export default [
  {
    name: "switching the shell's locale to English changes its texts",
    async run(ctx) {
      const { page, screenshot } = ctx;
      await signInAdmin(ctx);
      await visible(page.getByRole("heading", { name: /欢迎/ }));
      await screenshot("shell-locale-zh");
      // antd's Select covers its combobox input: open it by its shown value, pick the option by its title.
      await visible(page.getByRole("combobox", { name: "语言" }));
      await page.locator(".ant-select").filter({ has: page.getByRole("combobox", { name: "语言" }) }).click();
      await (await visible(page.getByTitle("English", { exact: true }))).click();
      await visible(page.getByRole("heading", { name: /Welcome/ }));
      await visible(page.getByRole("combobox", { name: "Language" }));
      assert.equal(await page.getByRole("heading", { name: /欢迎/ }).count(), 0, "the Chinese greeting is gone");
      assert.equal(await page.evaluate(() => document.documentElement.lang), "en");
      await screenshot("shell-locale-en");
    },
  },
];
