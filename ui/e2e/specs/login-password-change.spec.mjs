// Login with the forced password change (spec §2): the seeded administrator signs in with the initial
// password, is sent to /update-password-precheck, changes the password on /update-password, lands in the
// console, signs out and signs in again with the new password. Skipped while the server does not answer
// GET /api/system/publicKey.
//
// Credentials of the seeded administrator: E2E_USERNAME (default admin), E2E_PASSWORD (default
// XZ_ADMIN_PASSWORD, which the runner sets for the binary's first start).
import { adminCredentials, adminPasswordChanged, assert, signIn as fillLogin, skipUnlessServed, urlIs, visible } from "../lib.mjs";

const { username, password: initial } = adminCredentials();
const changed = `Xz-${Date.now().toString(36)}-e2e`;

const signIn = (page, password) => fillLogin(page, username, password);

export default [
  {
    name: "/update-password is reachable only from the precheck page",
    async run(ctx) {
      await ctx.page.goto("/update-password");
      await urlIs(ctx.page, "/login");
    },
  },
  {
    name: "login with forced password change, then login with the new password",
    async run(ctx) {
      await skipUnlessServed(ctx, "/api/system/publicKey");
      const { page, screenshot } = ctx;
      await signIn(page, initial);
      await urlIs(page, "/update-password-precheck");
      await screenshot("password-precheck");
      await (await visible(page.getByRole("button", { name: /去修改密码/ }))).click();
      await urlIs(page, "/update-password");
      await page.getByLabel("当前密码").fill(initial);
      await page.getByLabel("新密码", { exact: true }).fill(changed);
      await page.getByLabel("确认新密码").fill(changed);
      await screenshot("password-change");
      await page.getByRole("button", { name: /确认修改/ }).click();
      await visible(page.getByText("更新密码成功！"));
      adminPasswordChanged(changed);
      await urlIs(page, "/workbench", 30_000);
      await visible(page.getByRole("heading", { name: /欢迎/ }));
      await screenshot("workbench");

      await page.getByText(/管理员|admin/).first().hover();
      await (await visible(page.getByText("退出登录"))).click();
      await urlIs(page, "/login");
      const cleared = await page.evaluate(() => sessionStorage.length === 0 && !JSON.parse(localStorage.getItem("xz.session") ?? "{}")?.state?.token);
      assert.ok(cleared, "logout leaves no token and no session storage");

      await signIn(page, changed);
      await urlIs(page, "/workbench", 30_000);
    },
  },
];
