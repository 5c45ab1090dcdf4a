// The login page renders with its form (works before the auth API exists).
import { assert, urlIs, visible } from "../lib.mjs";

export default [
  {
    name: "login page renders its form",
    async run({ page, screenshot }) {
      await page.goto("/login");
      await visible(page.getByRole("heading", { name: "乡治" }));
      await visible(page.getByRole("textbox", { name: "用户名" }));
      await visible(page.getByLabel("密码"));
      const submit = await visible(page.getByRole("button", { name: /登\s*录/ }));
      await submit.click();
      await visible(page.getByText("请输入用户名"));
      await visible(page.getByText("请输入密码"));
      await screenshot("login");
    },
  },
  {
    name: "the console sends a signed-out visitor to the login page",
    async run({ page }) {
      await page.goto("/workbench");
      await urlIs(page, "/login");
      await visible(page.getByRole("textbox", { name: "用户名" }));
    },
  },
  {
    name: "?type=h5 opens the H5 login",
    async run({ page, screenshot }) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/login?type=h5");
      await urlIs(page, "/loginH5");
      await visible(page.getByRole("textbox", { name: "用户名" }));
      await screenshot("login-h5");
    },
  },
  {
    name: "the locale switcher changes the language",
    async run({ page }) {
      await page.goto("/login");
      await (await visible(page.getByRole("button", { name: "English" }))).click();
      await visible(page.getByRole("textbox", { name: "Username" }));
      assert.equal(await page.evaluate(() => document.documentElement.lang), "en");
    },
  },
];
