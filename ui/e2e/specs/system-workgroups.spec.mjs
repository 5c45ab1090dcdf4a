// Work groups (spec §2, §4, §5, §8, §9): the happy path through the screens — an empty submit shows
// '名称不能为空!', '描述不能为空' and '人员不能为空', a filled one creates the group and returns to the list,
// the edit screen (id handed over in session storage, not the URL) updates it, and delete asks
// '确定要删除这条数据吗？' before removing it — and the pager, hidden with exactly 13 matching groups and
// shown with 14 (groups made through the API under a per-run prefix).
import { adminToken, apiJSON, assert, signInAdmin, urlIs, visible } from "../lib.mjs";

const suffix = Date.now().toString(36).slice(-6);
const LIST = "/workgroup-management";

/** ok asserts an envelope answer of 200 and returns its data. */
function ok(res, what) {
  assert.equal(res.status, 200, `${what}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** search opens the list and searches text. */
async function search(page, text) {
  await page.goto(LIST);
  const box = await visible(page.getByPlaceholder("请输入名称或描述"));
  await box.fill(text);
  await box.press("Enter");
}

/** rowsOf are the list's rows holding text. */
const rowsOf = (page, text) => page.locator(".ant-table-tbody tr.ant-table-row").filter({ hasText: text });

/** adminId is the administrator's user id. */
async function adminId(ctx, token) {
  const users = ok(await apiJSON(ctx, "/api/system/cscpUserDetailsOr?page=0&size=1000&username=admin", { token }), "users");
  const admin = users.data.find((u) => u.username === "admin");
  assert.ok(admin, "the admin user is listed");
  return admin.userId;
}

export default [
  {
    name: "work groups: create with the required messages, edit, delete after confirming",
    async run(ctx) {
      const { page, screenshot } = ctx;
      const token = await adminToken(ctx);
      const name = `工作组${suffix}`;
      await signInAdmin(ctx);
      await page.goto(LIST);
      await (await visible(page.getByRole("button", { name: /新\s*建/ }))).click();
      await urlIs(page, "/workgroup-add");

      // An empty submit shows the three messages of spec §5, verbatim.
      await (await visible(page.getByRole("button", { name: /提\s*交/ }))).click();
      await visible(page.getByText("名称不能为空!", { exact: true }));
      await visible(page.getByText("描述不能为空", { exact: true }));
      await visible(page.getByText("人员不能为空", { exact: true }));
      await screenshot("workgroups-required");

      await page.getByLabel("名称", { exact: true }).fill(name);
      await page.getByLabel("描述", { exact: true }).fill("巡查组");
      const members = page.getByLabel("人员", { exact: true });
      await members.click();
      await members.fill("admin");
      await (await visible(page.locator(".ant-select-item-option").filter({ hasText: "admin" }))).click();
      await page.keyboard.press("Escape");
      await visible(page.locator(".ant-form-item").filter({ has: page.getByLabel("人员", { exact: true }) }).locator(".ant-select-selection-item"));
      await page.getByText("人员不能为空", { exact: true }).waitFor({ state: "detached", timeout: 15_000 });
      await page.getByRole("button", { name: /提\s*交/ }).click();
      await visible(page.getByText("新建工作组成功！"));
      await urlIs(page, LIST);

      const created = ok(await apiJSON(ctx, `/api/system/cscpWorkGroupsOr?groupName=${encodeURIComponent(name)}&page=0&size=13`, { token }), "list");
      assert.equal(created.recordsTotal, 1);
      const id = created.data[0].id;
      const detail = ok(await apiJSON(ctx, `/api/system/cscpWorkGroups/${id}`, { token }), "detail");
      assert.deepEqual(detail.userDetail.map((u) => u.userId), [await adminId(ctx, token)]);

      // Edit: the id travels in session storage; the URL carries none.
      await search(page, name);
      const row = await visible(rowsOf(page, name));
      await row.getByRole("button", { name: /编\s*辑/ }).click();
      await urlIs(page, "/workgroup-edit");
      assert.equal(new URL(page.url()).search, "");
      const nameBox = page.getByLabel("名称", { exact: true });
      await page.waitForFunction((want) => document.querySelector("#groupName")?.value === want, name, { timeout: 15_000 });
      await nameBox.fill(`${name}改`);
      await page.getByLabel("描述", { exact: true }).fill("夜间巡查组");
      await page.getByRole("button", { name: /提\s*交/ }).click();
      await visible(page.getByText("更新工作组成功！"));
      await urlIs(page, LIST);
      const updated = ok(await apiJSON(ctx, `/api/system/cscpWorkGroups/${id}`, { token }), "detail");
      assert.equal(updated.groupName, `${name}改`);
      assert.equal(updated.description, "夜间巡查组");

      // Delete after the confirmation.
      await search(page, name);
      await (await visible(rowsOf(page, "夜间巡查组"))).getByRole("button", { name: /删\s*除/ }).click();
      const confirm = await visible(page.locator(".ant-popover").filter({ hasText: "确定要删除这条数据吗？" }));
      await screenshot("workgroups-delete-confirm");
      await confirm.getByRole("button", { name: /确\s*定/ }).click();
      await visible(page.getByText("删除成功！"));
      await page.waitForFunction((n) => ![...document.querySelectorAll(".ant-table-tbody tr")].some((r) => r.textContent.includes(n)), name, {
        timeout: 15_000,
      });
      const gone = await apiJSON(ctx, `/api/system/cscpWorkGroups/${id}`, { token });
      assert.equal(gone.status, 404);
    },
  },
  {
    name: "work groups: no pager with 13 matching groups, a pager with 14",
    async run(ctx) {
      const { page, screenshot } = ctx;
      const token = await adminToken(ctx);
      const prefix = `分页组${suffix}`;
      const admin = await adminId(ctx, token);
      const make = async (i) =>
        ok(
          await apiJSON(ctx, "/api/system/cscpWorkGroups", {
            token,
            method: "POST",
            body: { groupName: `${prefix}-${String(i).padStart(2, "0")}`, description: "分页", userDetail: [{ userId: admin }] },
          }),
          `create group ${i}`,
        );
      for (let i = 1; i <= 13; i++) await make(i);
      await signInAdmin(ctx);

      await search(page, prefix);
      await page.waitForFunction((p) => [...document.querySelectorAll(".ant-table-tbody tr.ant-table-row")].filter((r) => r.textContent.includes(p)).length === 13, prefix, {
        timeout: 15_000,
      });
      assert.equal(await page.locator(".ant-pagination").count(), 0, "no pager with 13 groups");

      await make(14);
      await search(page, prefix);
      const pager = await visible(page.locator(".ant-pagination"));
      assert.equal(await rowsOf(page, prefix).count(), 13);
      await pager.locator(".ant-pagination-item-2").click();
      await visible(rowsOf(page, `${prefix}-14`));
      await screenshot("workgroups-pager");
    },
  },
];
