// Button codes (spec §2, §3): a user whose role grants 发布类型 (publishType) with only its 查看 code sees
// the list and the 查看 link, but no 新建, 编辑 or 删除; the API refuses a write with 403 没有操作权限.
// The spec makes its own role, user and record through the API as the administrator.
import { adminToken, apiChangePassword, apiJSON, apiLogin, assert, encrypt, newPassword, signIn, urlIs, visible } from "../lib.mjs";

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

/** ok asserts an envelope answer of 200 and returns its data. */
function ok(res, what) {
  assert.equal(res.status, 200, `${what}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export default [
  {
    name: "a user without add/edit/delete codes sees no such buttons, and the API answers 403",
    async run(ctx) {
      const { page, screenshot } = ctx;
      const admin = await adminToken(ctx);

      // A record to look at, a role with only the list and its 查看 code, and a user holding that role.
      const typeName = `只读可见${suffix}`;
      ok(await apiJSON(ctx, "/cms/api/cmsPublishTypes", { token: admin, method: "POST", body: { typeName, typeCode: `ro_${suffix}` } }), "create record");
      const menus = ok(await apiJSON(ctx, "/api/system/cscpMenus", { token: admin }), "menus");
      const list = findMenu(menus, (m) => m.url === "/m/publishType");
      assert.ok(list, "the menu tree has /m/publishType");
      const view = findMenu(menus, (m) => m.parentId === list.id && m.type === "button" && m.name === "view");
      assert.ok(view, "the publishType menu has a 查看 button");
      const role = ok(await apiJSON(ctx, "/api/system/cscpRoless", { token: admin, method: "POST", body: { name: `只读${suffix}`, icon: "UserOutlined" } }), "create role");
      ok(await apiJSON(ctx, "/api/system/menu/save", { token: admin, method: "POST", body: { roles: String(role.id), menus: `${list.id},${view.id}` } }), "grant menus");
      const username = `ro${suffix}`;
      const initial = newPassword();
      const mobile = `139${String(Date.now()).slice(-8)}`;
      ok(
        await apiJSON(ctx, "/api/system/cscpUserDetails", {
          token: admin,
          method: "POST",
          body: { username, familyName: "只", name: "读", mobile, roleIds: [role.id], orgId: 1, password: await encrypt(ctx, initial) },
        }),
        "create user",
      );
      // The new user must change the initial password; do it through the API, then sign in on the page.
      const first = await apiLogin(ctx, username, initial);
      const password = newPassword();
      const token = first.mustChangePassword ? await apiChangePassword(ctx, first.token, username, initial, password) : first.token;
      const current = first.mustChangePassword ? password : initial;

      await signIn(page, username, current);
      await urlIs(page, "/workbench", 30_000);
      await page.goto("/m/publishType");
      const row = await visible(page.getByRole("row").filter({ hasText: typeName }));
      await visible(row.getByRole("link", { name: "查看" }));
      await screenshot("permissions-readonly-list");
      assert.equal(await page.getByRole("button", { name: /新\s*建/ }).count(), 0, "no 新建 button");
      assert.equal(await row.getByRole("link", { name: "编辑" }).count(), 0, "no 编辑 link");
      assert.equal(await row.getByText("删除").count(), 0, "no 删除 link");
      assert.equal(await page.getByRole("checkbox").count(), 0, "no row selection for batch delete");

      // The API refuses a write the user holds no code for.
      const refused = await apiJSON(ctx, "/cms/api/cmsPublishTypes", { token, method: "POST", body: { typeName: `越权${suffix}`, typeCode: `x_${suffix}` } });
      assert.equal(refused.status, 403, JSON.stringify(refused.body));
      assert.equal(refused.body.msg, "没有操作权限");
    },
  },
];
