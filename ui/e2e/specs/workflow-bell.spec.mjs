// Issue 13 with issue 12: two browser contexts on the demo county. The village administrator v02_admin
// (西关村, 城关镇) submits a vehicle application; the township approver town1_admin, already signed in
// elsewhere, sees the bell's count rise and a notification pop up; clicking it opens the exact task (the link
// names the task; the record and its approval panel in 待办, the task marked 本条待办) without a reload; 全部标为已读 empties the bell.
import { assert, urlIs, visible } from "../lib.mjs";
import { applyForVehicle, startDemo } from "../demo-lib.mjs";

const suffix = Date.now().toString(36).slice(-5);
const applicant = `王${suffix}`;

export default [
  {
    name: "a submission raises the township approver's bell; the notification opens the task without a reload; mark all read empties the bell",
    async run() {
      const demo = await startDemo();
      try {
        const townToken = await demo.token("town1_admin");
        const unread = async () => {
          const res = await demo.ctx.api("/message/api/message/unreadCount", { headers: { Authorization: `Bearer ${townToken}` } });
          return (await res.json()).data;
        };
        const before = await unread();
        const town = await demo.page("town1_admin");
        await visible(town.getByRole("button", { name: `未读消息 ${before} 条` }), 30_000);
        // A marker on the window: it is gone if the page reloads.
        await town.evaluate(() => {
          window.__xzNoReload = true;
        });

        const village = await demo.page("v02_admin");
        const { dialog } = await applyForVehicle(village, {
          applicant,
          destination: "镇政府",
          reason: "报送材料",
          start: "2031-04-02 08:00:00",
          end: "2031-04-02 17:00:00",
        });
        await visible(village.locator(".ant-message").getByText("添加成功"), 30_000);
        await dialog.waitFor({ state: "hidden" });

        // The approver's bell rises and the notification pops up, without a reload.
        await visible(town.getByRole("button", { name: `未读消息 ${before + 1} 条` }), 30_000);
        assert.equal(await unread(), before + 1, "one message stored for the approver");
        const notice = await visible(town.locator(".ant-notification-notice").filter({ hasText: "待审批" }), 30_000);
        await town.screenshot({ path: "e2e/screenshots/workflow-bell.png", fullPage: true });
        await notice.click();
        await urlIs(town, "/workflow/todo", 30_000);
        // The link names the exact task: the approver's open task on the record (issue 12).
        const taskId = Number(new URL(town.url()).searchParams.get("task"));
        const todo = await demo.ctx.api("/api/workflow/todo?size=1000", { headers: { Authorization: `Bearer ${townToken}` } });
        const row = (await todo.json()).data.data.find((r) => r.title === applicant);
        assert.ok(row, "the approver has the task in 待办");
        assert.equal(taskId, row.id, "the message's link names the approver's task");
        const drawer = await visible(town.locator(".ant-drawer-content"), 30_000);
        await visible(drawer.getByText(applicant).first());
        await visible(drawer.locator('[data-testid="flow-task"][data-focused="true"]').filter({ hasText: "本条待办" }));
        await visible(drawer.getByRole("button", { name: /^同\s*意$/ }));
        assert.equal(await town.evaluate(() => window.__xzNoReload === true), true, "the task opened without a reload");
        await visible(town.locator(".ant-table-tbody tr.ant-table-row").filter({ hasText: applicant }));

        // The message opened is read; mark all read empties the bell.
        await town.locator(".ant-drawer-close").click();
        await town.getByRole("button", { name: /未读消息 \d+ 条/ }).click();
        await urlIs(town, "/messages");
        await town.getByRole("button", { name: "全部标为已读" }).click();
        await visible(town.getByRole("button", { name: "未读消息 0 条" }), 30_000);
        assert.equal(await unread(), 0, "nothing unread is left");
        assert.equal(await town.evaluate(() => window.__xzNoReload === true), true, "still the same page load");
      } finally {
        await demo.stop();
      }
    },
  },
];
