// Menu configuration (spec §2, §5 web menu form and menu dragging, §8 menus): on the web tab the
// administrator adds a node under a first-level menu of this run, edits it (a Chinese name is refused
// first), drags a second-level menu below its sibling (the new order is read back through the API after a
// reload), tries two drops the rules refuse (a first-level menu into another, a menu beside the root) that
// change nothing, and deletes the node through the confirm dialog. The spec makes its own menus and
// deletes them again.
import { adminToken, apiJSON, assert, signInAdmin, visible } from "../lib.mjs";

const suffix = Date.now().toString(36).slice(-6);

/** data asserts an envelope answer of 200 and returns its data. */
function data(res, what) {
  assert.equal(res.status, 200, `${what}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** addMenu creates a web menu through the API and answers its id. */
async function addMenu(ctx, token, parentId, title, type) {
  const name = `e2e${suffix}${title.replace(/\W/g, "")}`;
  const body = { parentId, type, title, name, url: `/${name}`, component: "Layout" };
  return data(await apiJSON(ctx, "/api/system/menu/addMenu", { token, method: "PUT", body }), `add ${title}`);
}

/** childTitles answers the titles of parentId's web children in their order. */
async function childTitles(ctx, token, parentId) {
  return data(await apiJSON(ctx, `/api/system/menu/getMenu?parentId=${parentId}`, { token }), "children").map((m) => m.title);
}

/** titleOf is the title text of the tree node titled title. */
const titleOf = (page, title) => page.locator(`[data-menu-title="${title}"] > .ant-space-item`).first();

/** nodeActions is a node's action button (新增, 编辑, 删除). */
const nodeAction = (page, title, action) =>
  page.locator(`[data-menu-title="${title}"]`).getByRole("button", { name: new RegExp(`^${action.split("").join("\\s*")}$`) });

/**
 * drag drags the title of from onto the node titled to, ending dy pixels below its middle. The mouse is let go
 * only once the tree shows the drag (and, for an allowed drop, its target): rc-tree takes the drop position from
 * the state its dragover events set, so a release before that state is rendered drops nothing.
 */
async function drag(page, from, to, dy, { refused = false } = {}) {
  // The tree is taller than the viewport: bring both rows into view, the mouse only reaches what is shown.
  await (await visible(titleOf(page, to))).scrollIntoViewIfNeeded();
  await (await visible(titleOf(page, from))).scrollIntoViewIfNeeded();
  const a = await (await visible(titleOf(page, from))).boundingBox();
  const b = await (await visible(titleOf(page, to))).boundingBox();
  await page.mouse.move(a.x + 5, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + 8, a.y + a.height / 2 + 3, { steps: 3 });
  await page.mouse.move(b.x + 5, b.y + b.height / 2 + dy, { steps: 10 });
  await page.mouse.move(b.x + 6, b.y + b.height / 2 + dy, { steps: 2 });
  await visible(page.locator(".ant-tree-treenode.dragging").filter({ has: page.locator(`[data-menu-title="${from}"]`) }));
  // A refused place shows no target (one the pointer passed on its way may take a moment to clear).
  if (refused) await page.locator(".ant-tree-treenode.drop-target").first().waitFor({ state: "detached", timeout: 5_000 });
  else await visible(page.locator(".ant-tree-treenode.drop-target").filter({ has: page.locator(`[data-menu-title="${to}"]`) }));
  await page.mouse.up();
}

const parentTitle = `E2E父${suffix}`;
const otherTitle = `E2E邻${suffix}`;
const kidTitles = [`E2E甲${suffix}`, `E2E乙${suffix}`, `E2E丙${suffix}`];

export default [
  {
    name: "menus: add, edit with a refused name, accepted and refused drags, delete with confirm",
    async run(ctx) {
      const { page, screenshot } = ctx;
      const token = await adminToken(ctx);
      const parent = await addMenu(ctx, token, 0, parentTitle, "menu1");
      const other = await addMenu(ctx, token, 0, otherTitle, "menu1");
      for (const title of kidTitles) await addMenu(ctx, token, parent, title, "menu2");
      try {
        await signInAdmin(ctx);
        await page.goto("/async-routes-config");
        await visible(page.getByText("一级菜单只能在同级之间拖动", { exact: false }));
        await visible(titleOf(page, "异步路由配置"));
        await visible(titleOf(page, parentTitle));
        await page.locator(".ant-tree-treenode").filter({ has: page.locator(`[data-menu-title="${parentTitle}"]`) }).locator(".ant-tree-switcher").click();
        await visible(titleOf(page, kidTitles[2]));
        await screenshot("menus-tree");

        // Add a node under the parent.
        const added = `E2E新增${suffix}`;
        await nodeAction(page, parentTitle, "新增").click();
        const dialog = page.locator(".ant-modal").filter({ hasText: "新增菜单" });
        await visible(dialog);
        await dialog.getByLabel("菜单类型").click();
        await page.locator(".ant-select-item-option").filter({ hasText: "二级菜单（无三级）" }).click();
        await dialog.getByLabel("标题").fill(added);
        await dialog.getByLabel("名称").fill(`e2eAdded${suffix}`);
        await dialog.getByLabel("路由地址").fill(`/e2e-added-${suffix}`);
        await dialog.getByLabel("组件").fill("E2eAdded");
        await dialog.getByRole("button", { name: /提\s*交/ }).click();
        await visible(page.getByText("新增菜单成功！"));
        await visible(titleOf(page, added));
        assert.ok((await childTitles(ctx, token, parent)).includes(added), "the added node is saved");

        // Edit it: a Chinese name is refused with the rule's message, then a proper one is saved.
        const edited = `E2E改${suffix}`;
        await nodeAction(page, added, "编辑").click();
        const editDialog = page.locator(".ant-modal").filter({ hasText: "编辑菜单" });
        await visible(editDialog);
        await editDialog.getByLabel("标题").fill(edited);
        await editDialog.getByLabel("名称").fill("中文名称");
        await editDialog.getByRole("button", { name: /提\s*交/ }).click();
        await visible(editDialog.getByText("名称不能包含中文"));
        await screenshot("menus-edit-refused");
        await editDialog.getByLabel("名称").fill(`e2eEdited${suffix}`);
        await editDialog.getByRole("button", { name: /提\s*交/ }).click();
        await visible(page.getByText("更新菜单成功！"));
        await visible(titleOf(page, edited));
        const before = await childTitles(ctx, token, parent);
        assert.deepEqual(before, [...kidTitles, edited]);

        // An accepted drop: the first child below the second (lower half of its row).
        await drag(page, kidTitles[0], kidTitles[1], 6);
        await visible(page.getByText("菜单顺序已更新"));
        await page.reload();
        await visible(titleOf(page, parentTitle));
        const after = [kidTitles[1], kidTitles[0], kidTitles[2], edited];
        assert.deepEqual(await childTitles(ctx, token, parent), after);
        await screenshot("menus-dragged");

        // Refused drops change nothing: a first-level menu into another, a second-level menu beside the root.
        await page.locator(".ant-tree-treenode").filter({ has: page.locator(`[data-menu-title="${parentTitle}"]`) }).locator(".ant-tree-switcher").click();
        await visible(titleOf(page, kidTitles[2]));
        await drag(page, otherTitle, parentTitle, 6, { refused: true });
        await drag(page, kidTitles[2], "异步路由配置", -6, { refused: true });
        assert.deepEqual(await childTitles(ctx, token, parent), after);
        assert.deepEqual(await childTitles(ctx, token, other), []);
        const top = await childTitles(ctx, token, 0);
        assert.ok(top.includes(otherTitle) && !top.includes(kidTitles[2]), `first level: ${top}`);
        assert.equal(await page.getByText("菜单顺序已更新").count(), 0, "no drop was saved");

        // Delete the edited node through the confirm dialog.
        await nodeAction(page, edited, "删除").click();
        const confirm = page.locator(".ant-modal-confirm");
        await visible(confirm.getByText("确定删除该节点吗？该节点下的所有子节点也会被一并删除！"));
        await screenshot("menus-delete-confirm");
        await confirm.getByRole("button", { name: /确\s*定/ }).click();
        await visible(page.getByText("删除成功！"));
        await titleOf(page, edited).waitFor({ state: "detached", timeout: 15_000 });
        assert.deepEqual(await childTitles(ctx, token, parent), [kidTitles[1], kidTitles[0], kidTitles[2]]);

        // The keyboard alternative to dragging (issue 19): the 移动 button of the second child, Enter opens its
        // moves with the focus on the first (上移), Enter moves it up.
        await page.locator(`[data-menu-title="${kidTitles[0]}"]`).getByRole("button", { name: `移动 ${kidTitles[0]}` }).focus();
        await page.keyboard.press("Enter");
        await visible(page.getByRole("menuitem", { name: "上移" }));
        await page.waitForFunction(() => document.activeElement?.closest("[role=menu]") != null, null, { timeout: 15_000 });
        await page.keyboard.press("Enter");
        await visible(page.getByText("菜单顺序已更新"));
        assert.deepEqual(await childTitles(ctx, token, parent), kidTitles);

        // The mini-program tab has its own tree; its form asks a second-level menu for its image.
        await page.getByRole("tab", { name: "小程序" }).click();
        const mini = page.locator(".ant-tabs-tabpane-active");
        await visible(mini.locator('[data-menu-title="首页"]'));
        await mini.locator('[data-menu-title="异步路由配置"]').getByRole("button", { name: /^新\s*增$/ }).click();
        const appDialog = page.locator(".ant-modal").filter({ visible: true });
        await visible(appDialog.getByText("新增菜单"));
        await appDialog.getByLabel("菜单类型").click();
        await page.locator(".ant-select-item-option").filter({ visible: true, hasText: "二级菜单（无三级）" }).click();
        await appDialog.getByLabel("标题").fill(`E2E小${suffix}`);
        await appDialog.getByLabel("名称").fill(`e2eMini${suffix}`);
        await appDialog.getByLabel("路径").fill("pages/e2e");
        await appDialog.getByRole("button", { name: /提\s*交/ }).click();
        await visible(appDialog.getByText("请上传图片"));
        await visible(appDialog.getByText("请输入组件"));
        await visible(appDialog.getByText("路径必须以/开头"));
        await screenshot("menus-mini-refused");
        await appDialog.getByRole("button", { name: /取\s*消/ }).click();
        assert.ok(!(await childTitles(ctx, token, 0)).includes(`E2E小${suffix}`), "nothing was added");
      } finally {
        for (const id of [parent, other]) await apiJSON(ctx, `/api/system/menu/deleteMenu/${id}`, { token, method: "DELETE" });
      }
    },
  },
];
