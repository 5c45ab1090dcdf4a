// Accessibility (issue 19): axe-core's WCAG 2 A/AA rules find nothing serious or critical on the login
// family, the workbench, the generic list / detail / form / import dialog of one shipped module of each
// shape (plain 发布类型, children and status 隔离管控, map 土地信息, upload and rich text 村务公开, status
// with history 报修工单), every system screen, the approval screens, the designer and the dashboards.
// Records are made through the API with a per-run suffix and removed afterwards.
import { adminToken, apiJSON, assert, signInAdmin, urlIs, visible } from "../lib.mjs";
import { Audit } from "../a11y.mjs";

const suffix = Date.now().toString(36).slice(-6);

async function create(ctx, token, api, body) {
  const res = await apiJSON(ctx, api, { token, method: "POST", body });
  assert.equal(res.status, 200, `create at ${api}: ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

/** MODULES are the module shapes, each with a record to show. */
const MODULES = [
  { name: "publishType", api: "/cms/api/cmsPublishTypes", body: { typeName: `无障碍${suffix}`, typeCode: `A11Y_${suffix}`, sort: 1 } },
  {
    name: "quarantine",
    api: "/epidemic/api/quarantines",
    body: {
      name: `无障碍${suffix}`,
      idCard: "11010519491231002X",
      mobile: "13800138000",
      personType: 1,
      fromPlace: "外地",
      arriveTime: "2026-01-02 10:00:00",
      controlMeasure: 2,
      startDate: "2026-01-02",
      nucleicResults: [{ testDate: "2026-01-02", result: 0, testOrg: "县医院" }],
    },
  },
  { name: "landInformation", api: "/household/api/yhydLandInformations", body: { parcelCode: `A11Y-${suffix}`, name: `无障碍地块${suffix}`, landType: "houseSite", area: 1.5, ownershipType: 1 } },
  { name: "villageNotice", api: "/affairs/zwglVillageNotices", body: { title: `无障碍公告${suffix}`, noticeType: 1, publisher: "E2E", content: "<h2>标题</h2><p>正文</p>" } },
  {
    name: "repairOrder",
    api: "/ecologicallylivable/api/csgmRepairOrder",
    body: { orderNo: `A11Y-${suffix}`, objectType: 5, faultType: "6", faultDesc: "路灯不亮", faultLocation: "村口", reporterName: "张三", reporterPhone: "13800138000", reportTime: "2026-01-02 10:00:00" },
  },
];

const SYSTEM = [
  "/user-management",
  "/user-add",
  "/role-management",
  "/role-add",
  "/workgroup-management",
  "/workgroup-add",
  "/organization-management",
  "/logging-login",
  "/logging-operation",
  "/self-edit",
  "/async-routes-config",
  "/platform/tenants",
  "/messages",
  "/workflow/todo",
  "/workflow/done",
  "/workflow/cc",
  "/workflow/mine",
];

export default [
  {
    name: "no serious or critical axe findings on the console's screens",
    async run(ctx) {
      const { page } = ctx;
      const audit = new Audit(page);

      // Signed out: the login pages.
      await page.goto("/login");
      await visible(page.getByRole("textbox", { name: "用户名" }));
      await audit.check("login");
      await page.goto("/loginH5");
      await visible(page.getByRole("textbox", { name: "用户名" }));
      await audit.check("loginH5");
      await page.goto("/404");
      await audit.check("404");

      const token = await adminToken(ctx);
      const made = [];
      try {
        for (const m of MODULES) made.push({ ...m, id: await create(ctx, token, m.api, m.body) });

        await signInAdmin(ctx);
        await audit.check("workbench");
        // The password pages (reached signed in, from the profile's change password).
        for (const path of ["/update-password-precheck", "/update-password"]) {
          await page.goto(path);
          await audit.check(path);
        }

        for (const m of made) {
          await page.goto(`/m/${m.name}`);
          await urlIs(page, `/m/${m.name}`);
          await visible(page.locator(".ant-table-row").first());
          await audit.check(`${m.name} list`);
          const importButton = page.getByRole("button", { name: /导\s*入/ });
          if (await importButton.count()) {
            await importButton.first().click();
            await visible(page.getByRole("dialog"));
            await audit.check(`${m.name} import dialog`);
            await page.keyboard.press("Escape");
            await page.getByRole("dialog").waitFor({ state: "hidden" });
          }
          await page.goto(`/m/${m.name}/show/${m.id}`);
          await visible(page.locator(".ant-descriptions, .ant-card").first());
          await audit.check(`${m.name} detail`);
          await page.goto(`/m/${m.name}/edit/${m.id}`);
          await visible(page.locator("form").first());
          await audit.check(`${m.name} edit form`);
          await page.goto(`/m/${m.name}/create`);
          await visible(page.locator("form").first());
          // A submitted empty form shows the required messages.
          await page.getByRole("button", { name: /提\s*交/ }).click();
          await visible(page.locator(".ant-form-item-explain-error").first());
          await audit.check(`${m.name} create form with errors`);
        }

        // A status action's dialog.
        const order = made.find((m) => m.name === "repairOrder");
        await page.goto(`/m/repairOrder/show/${order.id}`);
        await (await visible(page.getByRole("button", { name: /拒\s*绝/ }))).click();
        await visible(page.getByRole("dialog"));
        await audit.check("status action dialog");
        await page.keyboard.press("Escape");

        for (const path of SYSTEM) {
          await page.goto(path);
          await urlIs(page, path);
          await visible(page.locator("main, .ant-layout-content").first());
          await audit.check(path);
        }

        await page.goto("/form-design");
        await visible(page.getByTestId("designer"), 30_000);
        await audit.check("designer");

        for (const path of ["/dataStatistics", "/dataStatisticsForSix"]) {
          await page.goto(path);
          await page.waitForResponse((r) => /\/api\/dashboards\/[^/]+\/data/.test(r.url()), { timeout: 30_000 }).catch(() => undefined);
          await audit.check(path);
        }
      } finally {
        for (const m of made) await apiJSON(ctx, `${m.api}/${m.id}`, { token, method: "DELETE" });
      }
      console.log(`  axe: ${audit.screens} screens checked`);
      assert.equal(audit.count, 0, audit.message());
    },
  },
];
