// Keyboard only (issue 19): sign in, open 发布类型 from the menu, search (Enter submits), create a record,
// run a status action (拒绝 on a 报修工单) and sign out, all with key presses; the focus is visible on
// every element reached; Escape closes a dialog and gives the focus back to the button that opened it.
import { adminCredentials, assert, urlIs, visible, withRepairWalk } from "../lib.mjs";
import { focused, tabTo } from "../keyboard.mjs";

const suffix = Date.now().toString(36).slice(-6);

export default [
  {
    name: "keyboard only: sign in, open a module from the menu, search, create, a status action, sign out",
    async run(ctx) {
      const { page, screenshot } = ctx;
      await withRepairWalk(ctx, "KB", suffix, async ({ orderId, made }) => {
        const { username, password } = adminCredentials();

        // Sign in.
        await page.goto("/login");
        await visible(page.getByRole("textbox", { name: "用户名" }));
        await tabTo(page, /用户名/);
        await page.keyboard.type(username);
        await tabTo(page, /密码/);
        await page.keyboard.type(password);
        await page.keyboard.press("Enter");
        await urlIs(page, "/workbench", 30_000);

        // The skip link comes first and leads to the content.
        await tabTo(page, /跳到主要内容/, { max: 3 });

        // Open 发布类型 from the menu: Tab into the menu, arrows to 内容管理, Enter opens it, arrows to the item.
        await tabTo(page, /工作台|内容管理/);
        // The menu has some thirty groups; the arrows walk them in order.
        await tabTo(page, /^内容管理/, { key: "ArrowDown", max: 60 });
        await page.keyboard.press("Enter");
        // Enter opens the group: its items are in the menu before the arrows walk into them.
        await visible(page.getByRole("menuitem", { name: "发布类型" }));
        await tabTo(page, /^发布类型/, { key: "ArrowDown", max: 60 });
        await page.keyboard.press("Enter");
        await urlIs(page, "/m/publishType");
        await visible(page.getByRole("textbox", { name: "类型名称" }));

        // Create: 新建, fill the form with Tab, submit with Enter on 提交.
        await tabTo(page, /^新\s*建$/);
        await page.keyboard.press("Enter");
        await urlIs(page, "/m/publishType/create");
        // The form's own field (the list's search field of the same label may still show while the form loads).
        await visible(page.locator("#root_typeName"));
        await page.waitForLoadState("networkidle");
        const nameField = await tabTo(page, /#root_typeName/);
        assert.equal(nameField.tag, "input", `focus on the name field: ${JSON.stringify(nameField)}`);
        await page.keyboard.type(`KBname${suffix}`);
        await tabTo(page, /#root_typeCode/);
        await page.keyboard.type(`KB_${suffix}`);
        await tabTo(page, /^提\s*交$/);
        await page.keyboard.press("Enter");
        await visible(page.getByText("新建成功！"));
        await page.waitForURL((u) => !u.pathname.endsWith("/create"), { timeout: 15_000 });

        // Search: type into the search form, Enter submits it.
        await page.goto("/m/publishType");
        await visible(page.getByRole("textbox", { name: "类型名称" }));
        await tabTo(page, /类型名称/);
        await page.keyboard.type(`KBname${suffix}`);
        await page.keyboard.press("Enter");
        await page.waitForURL((u) => u.search.includes(`KBname${suffix}`), { timeout: 15_000 });
        await visible(page.getByRole("row").filter({ hasText: `KBname${suffix}` }));
        assert.equal(await page.locator(".ant-table-row").count(), 1, "the search leaves the one record");
        made.typeId = await page.locator(".ant-table-row").first().getAttribute("data-row-key");
        await screenshot("keyboard-searched");

        // A status action: 拒绝 opens its dialog; Escape closes it and the focus returns to 拒绝.
        await page.goto(`/m/repairOrder/show/${orderId}`);
        await visible(page.getByText(`KB-${suffix}`));
        await tabTo(page, /^拒\s*绝$/);
        await page.keyboard.press("Enter");
        const dialog = await visible(page.getByRole("dialog").filter({ hasText: "意见" }));
        // The focus moves into the dialog.
        await page.waitForFunction(() => !!document.activeElement?.closest(".ant-modal-wrap"), null, { timeout: 5_000 });
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "hidden", timeout: 15_000 });
        await page.waitForFunction(() => /拒\s*绝/.test(document.activeElement?.textContent ?? ""), null, { timeout: 5_000 });
        // Again, this time with a comment.
        await page.keyboard.press("Enter");
        await visible(page.getByRole("dialog").filter({ hasText: "意见" }));
        await page.waitForFunction(() => !!document.activeElement?.closest(".ant-modal-wrap"), null, { timeout: 5_000 });
        await tabTo(page, /意见/, { max: 10 });
        await page.keyboard.type(`键盘拒绝${suffix}`);
        await tabTo(page, /^确\s*定$/, { max: 10 });
        await page.keyboard.press("Enter");
        await visible(page.getByText("拒绝成功！"));
        await visible(page.locator(".ant-tag").filter({ hasText: "已拒绝" }));
        // The change is announced: the status sits in a live region.
        assert.ok(await page.locator('[aria-live] .ant-tag, [role="status"] .ant-tag').filter({ hasText: "已拒绝" }).count(), "the new status is in a live region");

        // Sign out from the user menu.
        await tabTo(page, /管理员|admin/);
        await page.keyboard.press("Enter");
        // Enter opens the user menu: its items are there before the arrows walk into them.
        await visible(page.getByRole("menuitem", { name: "退出登录" }));
        await tabTo(page, /退出登录/, { key: "ArrowDown", max: 6 });
        await page.keyboard.press("Enter");
        await urlIs(page, "/login", 15_000);
      });
    },
  },
];
