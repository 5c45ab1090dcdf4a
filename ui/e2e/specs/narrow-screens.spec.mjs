// Narrow and common office screens (issue 19). At 390×844 the keyboard spec's path with taps (clicks at a
// phone's size): the sider is a drawer opened from the header, the tab bar shows the current page only,
// the list scrolls sideways inside itself with its first column fixed, the form is one column, the status
// dialog fits the screen, and nothing makes the page wider than the screen; /loginH5 and ?type=h5 work.
// At 1366×768 the shell's screens do not overflow either.
import { adminCredentials, assert, signInAdmin, urlIs, visible, withRepairWalk } from "../lib.mjs";

const suffix = Date.now().toString(36).slice(-6);

/** noOverflow asserts the page is no wider than the screen. */
async function noOverflow(page, where) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  assert.ok(scroll <= width, `${where}: the page is ${scroll}px wide on a ${width}px screen`);
}

export default [
  {
    name: "at 390×844: drawer menu, one tab, lists scroll inside, one-column forms, dialogs fit; h5 login",
    async run(ctx) {
      const { page, screenshot } = ctx;
      await page.setViewportSize({ width: 390, height: 844 });
      await withRepairWalk(ctx, "H5", suffix, async ({ orderId, made }) => {
        // The H5 login and the redirect to it.
        await page.goto("/workbench?type=h5");
        await urlIs(page, "/loginH5");
        await visible(page.getByRole("textbox", { name: "用户名" }));
        await noOverflow(page, "/loginH5");
        await screenshot("narrow-loginH5");

        const { username, password } = adminCredentials();
        await page.goto("/login");
        await (await visible(page.getByRole("textbox", { name: "用户名" }))).fill(username);
        await page.getByLabel("密码").fill(password);
        await noOverflow(page, "/login");
        await page.getByRole("button", { name: /登\s*录/ }).click();
        await urlIs(page, "/workbench", 30_000);
        await noOverflow(page, "workbench");
        assert.equal(await page.locator(".ant-layout-sider").count(), 0, "no sider on a phone");

        // The drawer menu.
        await page.getByRole("button", { name: "打开菜单" }).click();
        const drawer = await visible(page.locator(".ant-drawer-content"));
        await drawer.getByText("内容管理", { exact: true }).click();
        await (await visible(drawer.getByText("发布类型", { exact: true }))).click();
        await urlIs(page, "/m/publishType");
        await page.locator(".ant-drawer-content").waitFor({ state: "hidden", timeout: 15_000 });
        await visible(page.getByRole("textbox", { name: "类型名称" }));
        const shownTabs = await page.locator("nav[aria-label='已打开的页面'] li").evaluateAll((lis) => lis.filter((li) => li.offsetParent !== null).map((li) => li.textContent));
        assert.deepEqual(shownTabs, ["发布类型"], `the tab bar shows the current page only: ${JSON.stringify(shownTabs)}`);
        await noOverflow(page, "list");
        await screenshot("narrow-list");

        // Create: the form is one column.
        await page.getByRole("button", { name: /新\s*建/ }).click();
        await urlIs(page, "/m/publishType/create");
        // The form's own fields (the list's search fields of the same labels may still show while it loads).
        const name = await visible(page.locator("#root_typeName"));
        const code = await visible(page.locator("#root_typeCode"));
        await page.waitForLoadState("networkidle");
        const [a, b] = await page.evaluate(() =>
          ["root_typeName", "root_typeCode"].map((id) => {
            const input = document.getElementById(id);
            const r = input?.getBoundingClientRect();
            return r ? { y: r.y, height: r.height, width: r.width } : null;
          }),
        );
        assert.ok(a && b && b.y > a.y + a.height - 1 && a.width > 250, `类型编码 is under 类型名称 (one column): ${JSON.stringify([a, b])}`);
        await name.fill(`窄屏${suffix}`);
        await code.fill(`H5_${suffix}`);
        await noOverflow(page, "form");
        await screenshot("narrow-form");
        await page.getByRole("button", { name: /提\s*交/ }).click();
        await visible(page.getByText("新建成功！"));
        await page.waitForURL((u) => !u.pathname.endsWith("/create"), { timeout: 15_000 });

        // Search; the list scrolls inside itself with the first column fixed.
        await page.goto("/m/publishType");
        await (await visible(page.getByRole("textbox", { name: "类型名称" }))).fill(`窄屏${suffix}`);
        await page.keyboard.press("Enter");
        const row = await visible(page.getByRole("row").filter({ hasText: `窄屏${suffix}` }));
        made.typeId = await row.getAttribute("data-row-key");
        assert.ok(await page.locator(".ant-table-row .ant-table-cell-fix-left").count(), "the first column is fixed");
        await noOverflow(page, "searched list");

        // A status action: its dialog fits the screen.
        await page.goto(`/m/repairOrder/show/${orderId}`);
        await visible(page.getByText(`H5-${suffix}`));
        await noOverflow(page, "detail");
        await page.getByRole("button", { name: /拒\s*绝/ }).click();
        const dialog = await visible(page.getByRole("dialog").filter({ hasText: "意见" }));
        const box = await dialog.boundingBox();
        assert.ok(box.x >= 0 && box.x + box.width <= 390, `the dialog fits: ${JSON.stringify(box)}`);
        await dialog.getByRole("textbox").fill(`窄屏拒绝${suffix}`);
        await dialog.getByRole("button", { name: /确\s*定/ }).click();
        await visible(page.getByText("拒绝成功！"));
        await visible(page.locator(".ant-tag").filter({ hasText: "已拒绝" }));
        await screenshot("narrow-status");

        // Sign out.
        await page.locator(".ant-layout-header").getByRole("button", { name: /管理员|admin/ }).click();
        await (await visible(page.getByText("退出登录"))).click();
        await urlIs(page, "/login");
      });
    },
  },
  {
    name: "at 1366×768 nothing overflows; the header and tab bar stay while a long form scrolls; one tab per screen",
    async run(ctx) {
      const { page } = ctx;
      await page.setViewportSize({ width: 1366, height: 768 });
      await signInAdmin(ctx);
      for (const path of ["/workbench", "/m/landInformation", "/m/landInformation/create", "/m/quarantine", "/m/quarantine/create", "/user-management", "/role-management", "/organization-management", "/async-routes-config", "/logging-operation", "/form-design"]) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        await noOverflow(page, path);
      }
      // A long form: scrolled to its end, the header and the tab bar are still at the top.
      await page.goto("/m/quarantine/create");
      await visible(page.getByLabel("姓名"));
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const header = await page.locator(".ant-layout-header").boundingBox();
      const tabs = await page.locator("nav[aria-label='已打开的页面']").boundingBox();
      assert.ok(await page.evaluate(() => window.scrollY > 0), "the form is longer than the screen");
      assert.ok(header.y === 0 && tabs.y >= header.height - 1 && tabs.y < 120, `header at ${header.y}, tabs at ${tabs.y}`);
      // The same screen with another query reuses its tab, and the tab remembers the last query. The list
      // rewrites its address as criteria once it has rendered (?name=b becomes ?page=0&size=…&name.equals=b,
      // ModuleListPage.tsx), and the tab follows: compare with the address after that write, not with the one
      // typed (which the tab showed only until the list rendered, a race the spec lost or won by load).
      await page.goto("/m/quarantine?name=a");
      await page.waitForURL((u) => u.searchParams.get("name.equals") === "a");
      await page.goto("/m/quarantine?name=b");
      await page.waitForURL((u) => u.searchParams.get("name.equals") === "b" && u.searchParams.has("page"));
      const address = await page.evaluate(() => location.pathname + location.search);
      await visible(page.locator(`nav[aria-label='已打开的页面'] li[data-tab='/m/quarantine'] a[href='${address}']`));
      const quarantineTabs = await page.locator("nav[aria-label='已打开的页面'] li[data-tab='/m/quarantine']").count();
      assert.equal(quarantineTabs, 1, "one tab for the list whatever its query");
      assert.equal(await page.locator("nav[aria-label='已打开的页面'] li[data-tab='/m/quarantine'] a").getAttribute("href"), address);
    },
  },
];
