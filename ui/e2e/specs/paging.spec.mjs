// Paging of a generated module list (spec §2, §9) on 发布类型 (publishType, page size 10): with 11
// records matching a filter the pager shows 共 11 条 and the second page holds the 11th row; the size
// chooser switches to 20 per page, which shows all 11 and hides the pager again; with exactly 10 matching
// records there is no pager at all; opened by its address the list asks no rows of its own (they come with
// its schema). The records carry a per-run prefix and are made through the API.
import { adminToken, apiJSON, assert, signInAdmin, urlIs, visible } from "../lib.mjs";

const suffix = Date.now().toString(36).slice(-6);
const prefix = `翻页${suffix}`;

/** ok asserts an envelope answer of 200 and returns its data. */
function ok(res, what) {
  assert.equal(res.status, 200, `${what}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** dataRows are the table's body rows holding the run's prefix. */
const dataRows = (page) => page.locator(".ant-table-tbody tr.ant-table-row").filter({ hasText: prefix });

/** filterBy fills the 类型名称 filter with text and runs the query. */
async function filterBy(page, text) {
  await page.goto("/m/publishType");
  await urlIs(page, "/m/publishType");
  await (await visible(page.getByRole("textbox", { name: "类型名称" }))).fill(text);
  await page.getByRole("button", { name: /查\s*询/ }).click();
  await page.waitForURL((u) => u.search.includes("typeName"), { timeout: 15_000 });
}

/** rowCountIs waits until the table shows n rows of the run. */
async function rowCountIs(page, n) {
  await page.waitForFunction(
    ([p, want]) => [...document.querySelectorAll(".ant-table-tbody tr.ant-table-row")].filter((r) => r.textContent.includes(p)).length === want,
    [prefix, n],
    { timeout: 15_000 },
  );
  assert.equal(await dataRows(page).count(), n);
}

export default [
  {
    name: "a list pages when the total exceeds the page size, switches size, and hides the pager at 10",
    async run(ctx) {
      const { page, screenshot } = ctx;
      const admin = await adminToken(ctx);
      // 11 records under one prefix (sort 1..11, so page 2 holds the 11th); 10 of them also carry "甲".
      for (let i = 1; i <= 11; i++) {
        const typeName = i <= 10 ? `${prefix}甲${String(i).padStart(2, "0")}` : `${prefix}乙${i}`;
        ok(await apiJSON(ctx, "/cms/api/cmsPublishTypes", { token: admin, method: "POST", body: { typeName, typeCode: `pg_${suffix}_${i}`, sort: i } }), `create ${typeName}`);
      }
      await signInAdmin(ctx);

      // 11 matches: page 1 holds 10, the pager shows the total, page 2 holds the last one.
      await filterBy(page, prefix);
      await rowCountIs(page, 10);
      const pager = await visible(page.locator(".ant-pagination"));
      await visible(pager.getByText("共 11 条"));
      await screenshot("paging-first-page");
      await pager.locator(".ant-pagination-item-2").click();
      await rowCountIs(page, 1);
      await visible(dataRows(page).filter({ hasText: `${prefix}乙11` }));
      await screenshot("paging-second-page");

      // The size chooser: 20 per page shows all 11, and the pager goes (total no longer exceeds the size).
      await pager.locator(".ant-pagination-item-1").click();
      await rowCountIs(page, 10);
      await pager.locator(".ant-select").click();
      await (await visible(page.locator(".ant-select-item-option").filter({ hasText: /^20/ }))).click();
      await rowCountIs(page, 11);
      await page.locator(".ant-pagination").waitFor({ state: "detached", timeout: 15_000 });
      await screenshot("paging-size-20");

      // Exactly 10 matches with the default size: no pager.
      await filterBy(page, `${prefix}甲`);
      await rowCountIs(page, 10);
      assert.equal(await page.locator(".ant-pagination").count(), 0, "no pager for exactly one page");
      await screenshot("paging-exactly-ten");

      // Opened by its address (a reload, a shared link), the list's first page comes with its schema
      // (GET /api/modules/{name}/schema?rows=…): the server's default page, size and order are the ones the
      // list asks, so the list asks GET {api} for no rows — with the address's criteria and with none.
      const rowsAsked = [];
      const onRequest = (req) => {
        const u = new URL(req.url());
        if (u.pathname === "/cms/api/cmsPublishTypes") rowsAsked.push(u.search);
      };
      page.on("request", onRequest);
      await page.reload();
      await rowCountIs(page, 10);
      await page.goto("/m/publishType");
      await page.reload();
      await visible(page.locator(".ant-table-tbody tr.ant-table-row").first());
      page.off("request", onRequest);
      assert.deepEqual(rowsAsked, [], "no rows request besides the schema's");
    },
  },
];
