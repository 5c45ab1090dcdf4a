// The platform administration (docs/tenants.md): the administrator (the platform administrator the first
// start makes) opens 租户管理 from the user menu, creates a tenant and reads its administrator's generated
// password once; that administrator signs in with the tenant code (指定租户) and is sent to the forced
// password change; once the tenant is disabled the same sign-in is refused with 账号已停用.
import { adminToken, apiJSON, assert, signInAdmin, skipUnlessServed, urlIs, visible } from "../lib.mjs";

const code = `e2e${Date.now().toString(36).slice(-6)}`;
const btn = (page, text) => page.getByRole("button", { name: new RegExp(text.split("").join("\\s*")) });

/** signInTenant fills the login form with a tenant code and submits it. */
async function signInTenant(page, tenantCode, username, password) {
  await page.evaluate(() => localStorage.clear());
  await page.goto("/login");
  await (await visible(btn(page, "指定租户"))).click();
  await (await visible(page.getByLabel("租户编码"))).fill(tenantCode);
  await page.getByRole("textbox", { name: "用户名" }).fill(username);
  await page.getByLabel("密码", { exact: true }).fill(password);
  await page.getByRole("button", { name: /^登\s*录$/ }).click();
}

export default [
  {
    name: "platform administrator creates a tenant; its administrator signs in with the tenant code",
    async run(ctx) {
      await skipUnlessServed(ctx, "/api/system/publicKey");
      const { page, screenshot } = ctx;
      await signInAdmin(ctx);
      await page.locator("header.ant-layout-header .ant-avatar").hover();
      await (await visible(page.getByRole("menuitem", { name: "租户管理" }))).click();
      await urlIs(page, "/platform/tenants");
      await visible(page.getByRole("cell", { name: "default", exact: true }));
      await (await visible(btn(page, "新增租户"))).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("租户编码").fill(code);
      await dialog.getByLabel("租户名称").fill(`测试县${code}`);
      await btn(dialog, "保存").click();
      const shown = await visible(page.locator(".ant-modal").filter({ hasText: "初始密码" }).locator("code").last());
      const password = (await shown.textContent()).trim();
      assert.ok(password.length >= 8, `generated password ${password}`);
      await screenshot("tenants-created");
      await page.keyboard.press("Escape");
      await visible(page.getByRole("cell", { name: code, exact: true }));

      await signInTenant(page, code, "admin", password);
      await urlIs(page, "/update-password-precheck", 30_000);
      await screenshot("tenants-signed-in");

      // Disabled: the right password is answered with 账号已停用.
      const token = await adminToken(ctx);
      const list = await apiJSON(ctx, "/api/platform/tenants", { token });
      const row = list.body.data.find((t) => t.code === code);
      const res = await apiJSON(ctx, `/api/platform/tenants/${row.id}/disable`, { token, method: "PUT" });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      await signInTenant(page, code, "admin", password);
      await visible(page.getByText("账号已停用"));
      await urlIs(page, "/login");
    },
  },
];
