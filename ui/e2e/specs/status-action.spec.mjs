// A status action on a generated module (spec §9, workflow): a 报修工单 (repairOrder) made through the API
// starts 待受理; on its detail page 拒绝 needs a comment, so the dialog refuses an empty one with 请填写意见;
// with a comment it goes through, the status tag turns 已拒绝 and the 状态记录 timeline shows the step.
import { adminToken, apiJSON, assert, signInAdmin, urlIs, visible } from "../lib.mjs";

const suffix = Date.now().toString(36).slice(-6);
const orderNo = `E2E-${suffix}`;
const comment = `重复报修${suffix}`;

export default [
  {
    name: "a status action asks for its required comment, changes the status and adds to the history",
    async run(ctx) {
      const { page, screenshot } = ctx;
      const admin = await adminToken(ctx);
      const created = await apiJSON(ctx, "/ecologicallylivable/api/csgmRepairOrder", {
        token: admin,
        method: "POST",
        body: {
          orderNo,
          objectType: 5,
          faultType: "6",
          faultDesc: "路灯不亮",
          faultLocation: "村口",
          reporterName: "张三",
          reporterPhone: "13800138000",
          reportTime: "2026-01-02 10:00:00",
        },
      });
      assert.equal(created.status, 200, `create repair order: ${JSON.stringify(created.body)}`);
      const id = created.body.data.id;
      assert.ok(id, "the created record has an id");

      await signInAdmin(ctx);
      await page.goto(`/m/repairOrder/show/${id}`);
      await urlIs(page, `/m/repairOrder/show/${id}`);
      await visible(page.getByText(orderNo));
      await visible(page.locator(".ant-tag").filter({ hasText: "待受理" }));
      await visible(page.getByText("暂无状态记录"));
      await screenshot("status-before");

      // 拒绝 opens the comment dialog; an empty comment is refused.
      await (await visible(page.getByRole("button", { name: /拒\s*绝/ }))).click();
      const dialog = await visible(page.getByRole("dialog").filter({ hasText: "意见" }));
      await dialog.getByRole("button", { name: /确\s*定/ }).click();
      await visible(dialog.getByText("请填写意见"));
      await screenshot("status-comment-required");
      assert.equal(await page.locator(".ant-tag").filter({ hasText: "待受理" }).count(), 1, "still 待受理");

      // With a comment the action goes through.
      await dialog.getByRole("textbox").fill(comment);
      await dialog.getByRole("button", { name: /确\s*定/ }).click();
      await visible(page.getByText("拒绝成功！"));
      await dialog.waitFor({ state: "hidden", timeout: 15_000 });
      await visible(page.locator(".ant-tag").filter({ hasText: "已拒绝" }));
      const timeline = await visible(page.locator(".ant-timeline"));
      await visible(timeline.getByText("拒绝"));
      await visible(timeline.getByText("待受理 → 已拒绝"));
      await visible(timeline.getByText(comment));
      assert.equal(await page.getByRole("button", { name: /拒\s*绝/ }).count(), 0, "拒绝 is no longer open from 已拒绝");
      await screenshot("status-after");

      // The server agrees.
      const after = await apiJSON(ctx, `/ecologicallylivable/api/csgmRepairOrder/${id}`, { token: admin });
      assert.equal(after.status, 200, JSON.stringify(after.body));
      assert.equal(String(after.body.data.orderStatus), "4");
    },
  },
];
