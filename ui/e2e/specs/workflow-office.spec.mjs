// Issue 12, the office system's other flows in the demo county, from the record's approval panel: an
// expense claim of 6100.50 yuan (over the 5000 threshold) is submitted by the village administrator after
// the simulated path shows the county step, approved by the township and then by the county; a seal
// application for the township's official seal (需会签) goes to a countersign of the township and the county:
// after the township's approval it is still under way, after the county's it is approved.
import { apiJSON, assert, visible } from "../lib.mjs";
import { approveFromTodo, startDemo, submitFromRecord } from "../demo-lib.mjs";

const suffix = Date.now().toString(36).slice(-5);
const today = new Date().toISOString().slice(0, 10);

/** mineState waits until the applicant's 我的申请 row of title shows state. */
async function mineState(page, title, state) {
  await page.goto("/workflow/mine");
  const row = page.locator(".ant-table-tbody tr.ant-table-row").filter({ hasText: title });
  await visible(row.getByText(state, { exact: true }), 30_000);
}

export default [
  {
    name: "an expense claim over the threshold goes to the county; a seal application with countersign needs the township and the county",
    async run() {
      const demo = await startDemo();
      try {
        const token = await demo.token("v01_admin");
        const village = await demo.page("v01_admin");
        const town = await demo.page("town1_admin");
        const county = await demo.page("county_admin");

        // The expense claim, made through the API as a draft; its total is computed on the server.
        const claimant = `赵${suffix}`;
        const claim = await apiJSON(demo.ctx, "/office/expenseClaims", {
          token,
          method: "POST",
          body: {
            claimant,
            department: "村委会",
            claimDate: today,
            reason: "购置办公设备",
            items: [
              { date: today, category: "2", amount: 3500 },
              { date: today, category: "1", amount: 2600.5 },
            ],
          },
        });
        assert.equal(claim.status, 200, JSON.stringify(claim.body));
        assert.equal(Number(claim.body.data.total), 6100.5, "the total is the items' sum");
        const preview = await submitFromRecord(village, "expenseClaim", claim.body.data.id, ["乡镇审批", "县级审批"]);
        assert.ok(preview.includes("县级审批"), "the simulated path has the county step");
        await approveFromTodo(town, claimant, "乡镇审批", "镇里同意报销");
        await mineState(village, claimant, "审批中");
        await approveFromTodo(county, claimant, "县级审批", "县里同意报销");
        await mineState(village, claimant, "已通过");

        // The seal application with countersign.
        const seals = await apiJSON(demo.ctx, "/office/seals?page=0&size=100", { token });
        assert.equal(seals.status, 200, JSON.stringify(seals.body));
        const seal = seals.body.data.data.find((s) => s.countersign === true && String(s.sealName).startsWith("城关镇"));
        assert.ok(seal, "the township's official seal needs a countersign");
        const fileName = `会签文件${suffix}`;
        const apply = await apiJSON(demo.ctx, "/office/sealApplies", {
          token,
          method: "POST",
          body: { sealId: seal.id, fileName, purpose: "报送上级", copies: 2 },
        });
        assert.equal(apply.status, 200, JSON.stringify(apply.body));
        await submitFromRecord(village, "sealApply", apply.body.data.id, ["会签"]);
        await approveFromTodo(town, fileName, "会签", "镇里会签同意");
        await mineState(village, fileName, "审批中");
        await approveFromTodo(county, fileName, "会签", "县里会签同意");
        await mineState(village, fileName, "已通过");
        await village.screenshot({ path: "e2e/screenshots/workflow-office.png", fullPage: true });
      } finally {
        await demo.stop();
      }
    },
  },
];
