// Roles (spec §2 role list and editor, §5 Role, §6, §8): the administrator creates a role with menus in
// the editor (after the two required-field messages and the at-least-one-menu message), sees its card,
// edits it, and deletes it through the confirm dialog; a role an account uses is not deleted and the
// message names the count. Each run makes its own roles and user (per-run suffix).
import { adminToken, apiJSON, assert, encrypt, newPassword, signInAdmin, urlIs, visible } from "../lib.mjs";

const suffix = Date.now().toString(36).slice(-6);

/** data asserts an envelope answer of 200 and returns its data. */
function data(res, what) {
  assert.equal(res.status, 200, `${what}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** checkedTitles lists the titles of the checked nodes of a queryByRoleId tree. */
function checkedTitles(nodes) {
  return nodes.flatMap((n) => [...(n.checked ? [n.title] : []), ...checkedTitles(n.items ?? [])]);
}

/** roleNamed finds the tenant's role by name through the API. */
async function roleNamed(ctx, token, name) {
  const page = data(await apiJSON(ctx, "/api/system/cscpRolessByCriteria?size=1000", { token }), "roles");
  return page.data.find((r) => r.name === name);
}

/** roleMenus answers the checked menu titles of the role on a terminal (web, or terminalType 0/1). */
async function roleMenus(ctx, token, roleId, terminalType) {
  const path = terminalType === undefined ? "/api/system/menu/queryByRoleId" : "/api/appMenu/queryByRoleId";
  const body = terminalType === undefined ? { roles: String(roleId) } : { roles: String(roleId), terminalType: String(terminalType) };
  return checkedTitles(data(await apiJSON(ctx, path, { token, method: "POST", body }), "role menus"));
}

/** treeNode is the node titled title of the open tab's tree. */
const treeNode = (page, title) =>
  page.locator(".ant-tabs-tabpane-active .ant-tree-treenode").filter({ has: page.locator(".ant-tree-title", { hasText: new RegExp(`^${title}$`) }) });

/** checkMenu ticks the tree node titled title in the open tab, opening its parent first when given. */
async function checkMenu(page, title, parent) {
  if (parent) await (await visible(treeNode(page, parent).locator(".ant-tree-switcher_close"))).click();
  const node = treeNode(page, title);
  await (await visible(node.locator(".ant-tree-checkbox"))).click();
  await visible(node.locator(".ant-tree-checkbox-checked"));
}

const submit = (page) => page.getByRole("button", { name: /提\s*交/ }).click();

export default [
  {
    name: "roles: create with menus (validation first), card, edit, delete with confirm",
    async run(ctx) {
      const { page, screenshot } = ctx;
      const token = await adminToken(ctx);
      await signInAdmin(ctx);
      const name = `巡查员${suffix}`;
      const renamed = `网格员${suffix}`;

      await page.goto("/role-management");
      await visible(page.getByTestId("role-card").filter({ hasText: "超级管理员" }));
      await screenshot("roles-list");
      await page.getByText("新增角色", { exact: true }).click();
      await urlIs(page, "/role-add");
      await visible(page.locator(".ant-tree-title", { hasText: "工作台" }));

      // The two required-field messages, verbatim.
      await submit(page);
      await visible(page.getByText("名称不能为空!", { exact: true }));
      await visible(page.getByText("图标不能为空!", { exact: true }));
      await screenshot("roles-required");

      // Name and icon, but no menu beyond the locked workbench.
      await page.getByLabel("名称").fill(name);
      await page.getByLabel("扩展属性").fill("e2e");
      await page.getByLabel("图标").click();
      await page.getByLabel("图标").fill("team");
      await page.keyboard.press("Enter");
      const workbench = page.locator(".ant-tree-treenode").filter({ hasText: "工作台" });
      await visible(workbench.locator(".ant-tree-checkbox-checked.ant-tree-checkbox-disabled"));
      await submit(page);
      await visible(page.getByText("请至少选择一项菜单", { exact: true }));

      await checkMenu(page, "角色管理", "系统管理");
      await screenshot("roles-create-filled");
      await submit(page);
      await visible(page.getByText("创建新角色成功！"));
      await urlIs(page, "/role-management");
      const card = await visible(page.getByTestId("role-card").filter({ hasText: name }));
      const role = await roleNamed(ctx, token, name);
      assert.ok(role, "the role exists");
      assert.equal(role.icon, "team");
      const web = await roleMenus(ctx, token, role.id);
      for (const title of ["工作台", "系统管理", "角色管理"]) assert.ok(web.includes(title), `web menus ${web} hold ${title}`);

      // Edit: rename and grant the mini program's 首页.
      await card.click();
      await page.waitForURL((u) => u.pathname === "/role-edit" && u.search.includes(`id=${role.id}`), { timeout: 15_000 });
      await page.waitForFunction((n) => [...document.querySelectorAll("input")].some((i) => i.value === n), name, { timeout: 15_000 });
      await page.getByLabel("名称").fill(renamed);
      await page.getByRole("tab", { name: "小程序菜单" }).click();
      await checkMenu(page, "首页");
      await screenshot("roles-edit");
      await submit(page);
      await visible(page.getByText("更新角色数据成功！"));
      await urlIs(page, "/role-management");
      const renamedCard = await visible(page.getByTestId("role-card").filter({ hasText: renamed }));
      assert.deepEqual(await roleMenus(ctx, token, role.id, 0), ["首页"]);
      assert.ok((await roleMenus(ctx, token, role.id)).includes("角色管理"), "the web menus are kept");

      // Delete through the confirm dialog.
      await renamedCard.getByRole("button", { name: `删除角色 ${renamed}` }).click();
      const dialog = page.locator(".ant-modal-confirm");
      await visible(dialog.locator(".ant-modal-confirm-title", { hasText: renamed }));
      await screenshot("roles-delete-confirm");
      await dialog.getByRole("button", { name: /确\s*定/ }).click();
      await visible(page.getByText("角色删除成功！"));
      await page.getByTestId("role-card").filter({ hasText: renamed }).waitFor({ state: "detached", timeout: 15_000 });
      assert.equal(await roleNamed(ctx, token, renamed), undefined, "the role is gone");
    },
  },
  {
    name: "roles: a role an account uses is not deleted, and the message names the count",
    async run(ctx) {
      const { page, screenshot } = ctx;
      const token = await adminToken(ctx);
      const name = `在用角色${suffix}`;
      const role = data(await apiJSON(ctx, "/api/system/cscpRoless", { token, method: "POST", body: { name, icon: "user" } }), "create role");
      const mobile = `137${String(Date.now()).slice(-8)}`;
      data(
        await apiJSON(ctx, "/api/system/cscpUserDetails", {
          token,
          method: "POST",
          body: { username: `zy${suffix}`, familyName: "在", name: "用", mobile, roleIds: [role.id], orgId: 1, password: await encrypt(ctx, newPassword()) },
        }),
        "create user",
      );
      assert.equal(data(await apiJSON(ctx, `/api/system/cscpRoleUsers/${role.id}`, { token }), "role users"), 1);

      await signInAdmin(ctx);
      await page.goto("/role-management");
      const card = await visible(page.getByTestId("role-card").filter({ hasText: name }));
      await card.getByRole("button", { name: `删除角色 ${name}` }).click();
      await visible(page.getByText("该角色已被1个账号使用，禁止删除"));
      await screenshot("roles-in-use");
      assert.equal(await page.locator(".ant-modal-confirm").count(), 0, "no confirm dialog opens");
      assert.ok(await roleNamed(ctx, token, name), "the role is still there");
    },
  },
];
