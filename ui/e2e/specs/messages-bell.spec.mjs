// Messages in real time (issue 13): in a second browser the administrator sends an announcement to a role
// from the message centre; the user holding that role, signed in in the first browser, sees the bell's
// count rise without a reload and a notification pop up; the message centre lists it, and 全部标为已读
// empties the bell.
import { chromium } from "playwright-core";
import { adminCredentials, adminToken, apiChangePassword, apiJSON, apiLogin, assert, encrypt, newPassword, signIn, urlIs, visible } from "../lib.mjs";
import { ok, uniqueMobile } from "../users-lib.mjs";

const suffix = Date.now().toString(36).slice(-6);

/** findMenu is the first menu of the tree for which test answers true. */
function findMenu(nodes, test) {
  for (const n of nodes ?? []) {
    if (test(n)) return n;
    const hit = findMenu(n.children, test);
    if (hit) return hit;
  }
  return undefined;
}

export default [
  {
    name: "an announcement from another browser raises the bell without a reload; mark all read empties it",
    async run(ctx) {
      const { page, screenshot } = ctx;
      const admin = await adminToken(ctx);

      // A role (with one menu, so its holder has a console) and a user holding it.
      const menus = ok(await apiJSON(ctx, "/api/system/cscpMenus", { token: admin }), "menus");
      const list = findMenu(menus, (m) => m.url === "/m/publishType");
      assert.ok(list, "the menu tree has /m/publishType");
      const roleName = `收消息${suffix}`;
      const role = ok(await apiJSON(ctx, "/api/system/cscpRoless", { token: admin, method: "POST", body: { name: roleName, icon: "UserOutlined" } }), "create role");
      ok(await apiJSON(ctx, "/api/system/menu/save", { token: admin, method: "POST", body: { roles: String(role.id), menus: String(list.id) } }), "grant menu");
      const username = `msg${suffix}`;
      const initial = newPassword();
      ok(
        await apiJSON(ctx, "/api/system/cscpUserDetails", {
          token: admin,
          method: "POST",
          body: { username, familyName: "收", name: "信", mobile: uniqueMobile(), roleIds: [role.id], orgId: 1, password: await encrypt(ctx, initial) },
        }),
        "create user",
      );
      const first = await apiLogin(ctx, username, initial);
      const password = newPassword();
      const userToken = first.mustChangePassword ? await apiChangePassword(ctx, first.token, username, initial, password) : first.token;

      // The user, in the first browser.
      await signIn(page, username, first.mustChangePassword ? password : initial);
      await urlIs(page, "/workbench", 30_000);
      await visible(page.getByRole("button", { name: "未读消息 0 条" }));

      // The administrator, in a browser of their own.
      const other = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", headless: true, args: ["--no-sandbox", "--disable-gpu"] });
      try {
        const adminCtx = await other.newContext({ baseURL: ctx.base, locale: "zh-CN", viewport: { width: 1366, height: 768 }, reducedMotion: "reduce" });
        const adminPage = await adminCtx.newPage();
        const { username: adminName, password: adminPassword } = adminCredentials();
        await signIn(adminPage, adminName, adminPassword);
        await urlIs(adminPage, "/workbench", 30_000);
        await adminPage.goto("/messages");
        await (await visible(adminPage.getByRole("button", { name: "发布公告", exact: true }))).click();
        const dialog = await visible(adminPage.getByRole("dialog"));
        await dialog.getByLabel("标题").fill(`停水通知${suffix}`);
        await dialog.getByLabel("内容").fill("明日上午停水");
        await dialog.getByLabel("接收角色").click();
        await (await visible(adminPage.locator(".ant-select-item-option").filter({ hasText: roleName }))).click();
        await dialog.getByRole("button", { name: /提\s*交/ }).click();
        await visible(adminPage.getByText("公告已发送给 1 人")).catch(async (err) => {
          await adminPage.screenshot({ path: "e2e/screenshots/FAILED-messages-admin.png", fullPage: true });
          throw err;
        });
      } finally {
        await other.close();
      }

      // The server stored it for the user.
      const unread = ok(await apiJSON(ctx, "/message/api/message/unreadCount", { token: userToken }), "unread count");
      assert.equal(unread, 1, "the announcement is stored for the user");

      // The user's bell rises and a notification shows, without a reload.
      await visible(page.getByRole("button", { name: "未读消息 1 条" }));
      await visible(page.locator(".ant-notification").getByText(`停水通知${suffix}`));
      await screenshot("messages-bell");

      // The message centre lists it; 全部标为已读 empties the bell.
      await page.getByRole("button", { name: "未读消息 1 条" }).click();
      await urlIs(page, "/messages");
      await visible(page.getByRole("cell").getByText(`停水通知${suffix}`));
      await page.getByRole("button", { name: "全部标为已读" }).click();
      await visible(page.getByRole("button", { name: "未读消息 0 条" }));
      await screenshot("messages-centre");
    },
  },
];
