// Issue 12: the vehicle application on the approval workflow, in the demo county. The village
// administrator v01_admin (东关村, 城关镇) applies through the two-step dialog — every step-2 message is
// checked — for a trip of three days, so the township (town1_admin) and then the county (county_admin)
// decide; each approves from 待办; the applicant then sees 已通过 in 我的申请. An application overlapping
// the first for the same vehicle is refused with the specification's message.
import { assert, urlIs, visible } from "../lib.mjs";
import { applyForVehicle, approveFromTodo, startDemo } from "../demo-lib.mjs";

const suffix = Date.now().toString(36).slice(-5);
const applicant = `张${suffix}`;
const start = "2031-03-10 08:00:00";
const end = "2031-03-12 18:00:00";

export default [
  {
    name: "a village user applies for a vehicle in two steps; township and county approve from 待办; the applicant sees 已通过; an overlap is refused",
    async run() {
      const demo = await startDemo();
      try {
        const village = await demo.page("v01_admin");

        // Step 1: nothing chosen, 下一步 disabled; the list pages by 5.
        await village.goto("/m/vehicleApply");
        await (await visible(village.getByRole("button", { name: /新\s*建/ }), 30_000)).click();
        const dialog = await visible(village.locator(".ant-modal").filter({ hasText: "选择车辆" }), 30_000);
        await visible(dialog.getByText("填写事由"));
        const next = dialog.getByRole("button", { name: "下一步" });
        await visible(dialog.locator(".ant-table-tbody tr.ant-table-row"), 30_000);
        assert.ok(await next.isDisabled(), "下一步 is disabled until a vehicle is chosen");
        assert.ok((await dialog.locator(".ant-table-tbody tr.ant-table-row").count()) <= 5, "at most 5 vehicles a page");
        await visible(dialog.locator(".ant-pagination-options").getByText("5 条/页"));
        await dialog.locator(".ant-table-tbody tr.ant-table-row").first().locator(".ant-radio-input").check();
        assert.ok(!(await next.isDisabled()), "下一步 is enabled once a vehicle is chosen");
        await next.click();

        // Step 2: every message of spec §5.
        const ok = dialog.getByRole("button", { name: /确\s*定/ });
        await visible(ok);
        await dialog.locator("#vehicle").fill("");
        await ok.click();
        for (const m of ["请输入申请人", "请输入出行目的地", "请输入出发时间", "请输入申请事由", "请输入申请车辆"]) {
          await visible(dialog.locator(".ant-form-item-explain-error").getByText(m, { exact: true }));
        }
        await visible(village.locator(".ant-message").getByText("请填写必要参数"));
        await dialog.locator("#applyUserName").fill(" 张 ");
        await visible(dialog.locator(".ant-form-item-explain-error").getByText("长度在 2 到 20 个字符", { exact: true }));
        await village.screenshot({ path: "e2e/screenshots/workflow-vehicle-rules.png", fullPage: true });

        // Cancel on step 2 goes back to step 1 with nothing chosen; cancel on step 1 closes.
        await dialog.getByRole("button", { name: /取\s*消/ }).click();
        await visible(dialog.locator(".ant-table-tbody tr.ant-table-row"));
        assert.ok(await next.isDisabled(), "back on step 1 the choice is cleared");
        await dialog.getByRole("button", { name: /取\s*消/ }).click();
        await dialog.waitFor({ state: "hidden" });

        // The application: a three-day trip, so the county decides too.
        const first = await applyForVehicle(village, { applicant: `  ${applicant}  `, destination: " 县城 ", reason: " 参加培训 ", start, end });
        await visible(village.locator(".ant-message").getByText("添加成功"), 30_000);
        await first.dialog.waitFor({ state: "hidden" });

        // An overlapping application for the same vehicle is refused with the spec's message; the first
        // one's booked period shows beside the vehicle.
        const second = await applyForVehicle(village, {
          applicant: `李${suffix}`,
          destination: "市里",
          reason: "送材料",
          start: "2031-03-11 09:00:00",
          end: "2031-03-11 17:00:00",
          plate: first.plate,
        });
        await visible(village.locator(".ant-message").getByText("该时间段车辆已被预约，请重新选择时间段"), 30_000);
        await second.dialog.getByRole("button", { name: /取\s*消/ }).click();
        const booked = second.dialog.locator(".ant-table-tbody tr.ant-table-row").filter({ hasText: first.plate });
        await visible(booked.getByText(`${start} ~ ${end}`));
        await second.dialog.getByRole("button", { name: /取\s*消/ }).click();

        // 我的申请: under approval at the township.
        await village.goto("/workflow/mine");
        const mine = village.locator(".ant-table-tbody tr.ant-table-row").filter({ hasText: applicant });
        await visible(mine.getByText("审批中"), 30_000);
        await visible(mine.getByText("乡镇审批"));

        // The township approves from 待办, then the county.
        const town = await demo.page("town1_admin");
        await approveFromTodo(town, applicant, "乡镇审批", "同意用车");
        await town.screenshot({ path: "e2e/screenshots/workflow-township-approved.png", fullPage: true });
        const county = await demo.page("county_admin");
        await approveFromTodo(county, applicant, "县级审批", "县里同意");

        // The applicant sees 已通过, and the step chart names both decisions with their comments.
        await village.reload();
        await urlIs(village, "/workflow/mine");
        await visible(mine.getByText("已通过"), 30_000);
        await mine.getByText(applicant).click();
        const drawer = await visible(village.locator(".ant-drawer-content"));
        await visible(drawer.getByText("同意用车"));
        await visible(drawer.getByText("县里同意"));
        await village.screenshot({ path: "e2e/screenshots/workflow-vehicle-approved.png", fullPage: true });
      } finally {
        await demo.stop();
      }
    },
  },
];
