// User management (spec §2, §5, §8, §9): create a user on the form → find it in the list → view its
// details read-only → edit it (a wrong current login password is refused with the specification's
// messages) → delete it after confirming. Also the form's validation messages, and the pager: hidden with
// exactly 10 matching users, shown with 11. Users carry a per-run name; the others are made via the API.
import { adminCredentials, adminToken, apiJSON, assert, signInAdmin, urlIs, visible } from "../lib.mjs";
import { createUser, ok, placement, uniqueMobile, userByName } from "../users-lib.mjs";

const suffix = Date.now().toString(36).slice(-6);
const btn = (page, text) => page.getByRole("button", { name: new RegExp(text.split("").join("\\s*")) });
const field = (page, label) => page.getByLabel(label, { exact: true });

/**
 * searchFor fills the list's search box, runs the search and waits until its answer is on screen. The rows
 * shown before (the unfiltered first page, newest first) can already hold the very users searched for, with
 * another total: a check made before the answer arrived passed or failed by load (the pager check below).
 */
async function searchFor(page, text) {
  const box = await visible(page.getByPlaceholder("搜索用户名、姓名、手机号、邮箱、描述"));
  await box.fill(text);
  const answered = page.waitForResponse((r) => r.url().includes("/api/userDetails/userDetailsOr") && decodeURIComponent(r.url()).includes(text));
  await box.press("Enter");
  await answered;
  await page.waitForFunction(() => !document.querySelector(".ant-table-wrapper .ant-spin-spinning"));
}

/** rowsWith waits until the table shows exactly n rows containing text. */
async function rowsWith(page, text, n) {
  await page.waitForFunction(
    ([t, want]) => [...document.querySelectorAll(".ant-table-tbody tr.ant-table-row")].filter((r) => r.textContent.includes(t)).length === want,
    [text, n],
    { timeout: 15_000 },
  );
}

/** pickOrgAndRole chooses the administrator's organisation in the cascader and the role in the select. */
async function pickOrgAndRole(page, where) {
  await field(page, "所属机构").click();
  await (await visible(page.locator(".ant-cascader-menu-item").filter({ hasText: where.orgName }))).click();
  await page.keyboard.press("Escape");
  await field(page, "角色").click();
  await (await visible(page.locator(".ant-select-item-option").filter({ hasText: where.roleName }))).click();
  await page.keyboard.press("Escape");
}

export default [
  {
    name: "user form validation messages",
    async run(ctx) {
      const { page, screenshot } = ctx;
      await signInAdmin(ctx);
      await page.goto("/user-management");
      await (await visible(btn(page, "新增"))).click();
      await urlIs(page, "/user-add");
      await (await visible(btn(page, "保存"))).click();
      for (const text of ["用户名不能为空！", "姓不能为空！", "名不能为空！", "请输入手机号", "请选择所属机构！", "请选择至少一个角色！"]) {
        await visible(page.getByText(text, { exact: true }));
      }
      await field(page, "手机号").fill("12345");
      await visible(page.getByText("请输入正确的手机号", { exact: true }));
      await field(page, "用户名").fill("admin");
      await visible(page.getByText("当前账号已存在，请重新输入！", { exact: true }));
      await field(page, "用户名").fill(`a b${suffix}`);
      assert.equal(await field(page, "用户名").inputValue(), `ab${suffix}`, "spaces are blocked in the username");
      await screenshot("users-validation");
    },
  },
  {
    name: "create, list, details, edit with the current login password, delete",
    async run(ctx) {
      const { page, screenshot } = ctx;
      await signInAdmin(ctx);
      const token = await adminToken(ctx);
      const where = await placement(ctx, token);
      const username = `u${suffix}`;
      const mobile = uniqueMobile();

      // Create through the form.
      await page.goto("/user-add");
      await (await visible(field(page, "用户名"))).fill(username);
      await field(page, "姓").fill("李");
      await field(page, "名").fill("明");
      await field(page, "手机号").fill(mobile);
      await field(page, "邮箱").fill(`${username}@example.cn`);
      await field(page, "个人描述标题").fill("网格员");
      await pickOrgAndRole(page, where);
      await btn(page, "保存").click();
      await visible(page.getByText("保存成功", { exact: true }));
      await visible(page.getByText(/该用户的初始密码为/));
      await page.getByRole("button", { name: /知道了|OK|确\s*定/ }).click();
      await urlIs(page, "/user-management");

      // Find it in the list.
      await searchFor(page, username);
      await rowsWith(page, username, 1);
      const row = page.locator(".ant-table-tbody tr.ant-table-row").filter({ hasText: username });
      await visible(row.getByText(mobile));
      await screenshot("users-list");

      // Details: read-only, no save.
      await row.getByRole("button", { name: /详\s*情/ }).click();
      await page.waitForURL((u) => u.pathname === "/user-edit" && u.searchParams.get("isDetail") === "true");
      await visible(page.getByText("用户详情"));
      assert.equal(await (await visible(field(page, "姓"))).inputValue(), "李");
      assert.ok(await field(page, "姓").isDisabled(), "details are read-only");
      assert.equal(await btn(page, "保存").count(), 0, "details have no save button");
      await screenshot("users-detail");
      await btn(page, "返回").click();
      await urlIs(page, "/user-management");

      // Edit: username locked, a wrong current login password is refused, the right one saves.
      await searchFor(page, username);
      await rowsWith(page, username, 1);
      await row.getByRole("button", { name: /编\s*辑/ }).click();
      await urlIs(page, "/user-edit");
      await visible(page.getByText("编辑用户"));
      assert.equal(await (await visible(field(page, "姓"))).inputValue(), "李");
      assert.ok(await field(page, "用户名").isDisabled(), "username is locked on edit");
      await field(page, "个人描述标题").fill("村级网格员");
      await btn(page, "保存").click();
      await visible(page.getByText("当前登录密码不能为空", { exact: true }));
      await field(page, "当前登录密码").fill("Wrong-pass-1");
      await btn(page, "保存").click();
      await visible(page.getByText("当前登录密码填写错误！", { exact: true }));
      await visible(page.getByText("登录密码错误，请重新填写！", { exact: true }));
      await screenshot("users-edit-wrong-password");
      await field(page, "当前登录密码").fill(adminCredentials().password);
      await btn(page, "保存").click();
      await urlIs(page, "/user-management");
      const saved = await userByName(ctx, token, username);
      assert.equal(saved?.discTitle, "村级网格员");

      // Delete after confirming.
      await searchFor(page, username);
      await rowsWith(page, username, 1);
      await row.getByRole("button", { name: /删\s*除/ }).click();
      await (await visible(page.locator(".ant-popconfirm").getByRole("button", { name: /确\s*定|OK/ }))).click();
      await visible(page.getByText("删除成功！", { exact: true }));
      await rowsWith(page, username, 0);
      assert.equal(await userByName(ctx, token, username), null, "the user is gone");
    },
  },
  {
    name: "the user list pages only when the total exceeds 10",
    async run(ctx) {
      const { page, screenshot } = ctx;
      const token = await adminToken(ctx);
      const where = await placement(ctx, token);
      const prefix = `pg${suffix}`;
      for (let i = 1; i <= 10; i++) await createUser(ctx, token, where, { username: `${prefix}_${String(i).padStart(2, "0")}` });
      await signInAdmin(ctx);
      await page.goto("/user-management");
      await searchFor(page, prefix);
      await rowsWith(page, prefix, 10);
      assert.equal(await page.locator(".ant-pagination").count(), 0, "no pager with exactly 10 users");

      await createUser(ctx, token, where, { username: `${prefix}_11` });
      await searchFor(page, `${prefix}_`);
      await rowsWith(page, prefix, 10);
      const pager = await visible(page.locator(".ant-pagination"));
      await visible(pager.getByText("共 11 条"));
      await screenshot("users-pager");
      // Newest registration first: the 11th user leads page 1, the 1st is alone on page 2.
      await visible(page.locator(".ant-table-tbody tr.ant-table-row").first().filter({ hasText: `${prefix}_11` }));
      await pager.locator(".ant-pagination-item-2").click();
      await rowsWith(page, prefix, 1);
      await visible(page.locator(".ant-table-tbody tr.ant-table-row").filter({ hasText: `${prefix}_01` }));

      for (let i = 1; i <= 11; i++) {
        const u = await userByName(ctx, token, `${prefix}_${String(i).padStart(2, "0")}`);
        if (u) ok(await apiJSON(ctx, `/api/system/cscpUsers/${u.userId}`, { token, method: "DELETE" }), "delete");
      }
    },
  },
];
