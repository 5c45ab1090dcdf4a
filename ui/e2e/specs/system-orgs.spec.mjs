// Organisation management (spec §2, §4 "Organisation tree", §5, §8): the tree loads a level only when
// it is expanded; the edit dialog refuses an empty name with '请填写机构名称' and saves a new one; real
// HTML5 drags in Chromium put a node first inside its parent, after a sibling and inside another node,
// each persisted (checked through the API after a reload); a drop beside the fixed root is refused and
// changes nothing; the keyboard's 移动 menu moves one up. The organisations are made through the API under the last first-level organisation.
import { adminToken, apiJSON, assert, signInAdmin, urlIs, visible } from "../lib.mjs";

const suffix = Date.now().toString(36).slice(-6);
const PATH = "/organization-management";

/** ok asserts an envelope answer of 200 and returns its data. */
function ok(res, what) {
  assert.equal(res.status, 200, `${what}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** children lists the organisations under parentId, in the tree's order. */
async function children(ctx, token, parentId) {
  return ok(await apiJSON(ctx, `/api/system/cscpOrgs/all?parentId=${parentId}`, { token }), "children").cscpOrgDTOs;
}

/** createOrg makes an organisation under parentId and answers its id. */
async function createOrg(ctx, token, orgName, parentId, orderby) {
  return ok(await apiJSON(ctx, "/api/system/cscpOrgs/save", { token, method: "POST", body: { cscpOrgDTOs: [{ orgName, parentId, orderby }] } }), `create ${orgName}`).id;
}

/** node is the tree row titled name. */
const node = (page, name) => page.locator(".ant-tree-treenode").filter({ has: page.locator(".org-node", { hasText: new RegExp(`^${name}$`) }) });

/** expand opens a collapsed tree row. */
async function expand(page, name) {
  const row = await visible(node(page, name));
  await row.locator(".ant-tree-switcher_close").click();
  await visible(row.locator(".ant-tree-switcher_open"));
}

/**
 * drag drags the row from onto the row to with the mouse (HTML5 drag events in Chromium): dy is where on
 * the target row, as a fraction of its height (above 0.5: lower half); dx moves the pointer right of where
 * the drag started (far right: inside; none: beside; far left: levels up). refused: the tree must offer no
 * drop target there.
 */
async function drag(page, from, to, { dy, dx = 0, grabAt = 10, refused = false }) {
  // The mouse reaches only what the viewport shows: bring both rows into view first.
  await (await visible(node(page, to))).scrollIntoViewIfNeeded();
  await (await visible(node(page, from))).scrollIntoViewIfNeeded();
  const source = await (await visible(node(page, from))).locator(".ant-tree-node-content-wrapper").boundingBox();
  const target = await (await visible(node(page, to))).locator(".ant-tree-node-content-wrapper").boundingBox();
  const startX = source.x + grabAt;
  await page.mouse.move(startX, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(startX + 5, source.y + source.height / 2 + 5, { steps: 3 });
  const x = Math.max(target.x + 10 + dx, 5);
  await page.mouse.move(x, target.y + target.height * dy, { steps: 12 });
  await page.mouse.move(x, target.y + target.height * dy + 1, { steps: 2 });
  // The drag is on; the tree marks a drop target only where the drop is allowed.
  await visible(page.locator(".ant-tree-treenode.dragging").filter({ hasText: from }));
  if (refused) assert.equal(await page.locator(".ant-tree-treenode.drop-target").count(), 0, "no drop target");
  else await visible(page.locator(".ant-tree-treenode.drop-target"));
  await page.mouse.up();
}

/** idsUnder answers the ids under parentId in order. */
const idsUnder = async (ctx, token, parentId) => (await children(ctx, token, parentId)).map((o) => o.id);

export default [
  {
    name: "organisations: lazy levels, edit with the required name, drags persisted, none beside the root",
    async run(ctx) {
      const { page, screenshot } = ctx;
      const token = await adminToken(ctx);
      const tops = await children(ctx, token, 0);
      const top = tops[tops.length - 1];
      const names = { p: `拖拽${suffix}`, q: `旁支${suffix}`, a: `甲${suffix}`, b: `乙${suffix}`, c: `丙${suffix}` };
      const q = await createOrg(ctx, token, names.q, top.id, 99998);
      const p = await createOrg(ctx, token, names.p, top.id, 99999);
      const a = await createOrg(ctx, token, names.a, p, 1);
      const b = await createOrg(ctx, token, names.b, p, 2);
      const c = await createOrg(ctx, token, names.c, p, 3);
      const topLevel = await idsUnder(ctx, token, 0);
      const underTop = await idsUnder(ctx, token, top.id);
      assert.deepEqual(underTop.slice(-2), [q, p], "the run's organisations close the last first-level one");

      await signInAdmin(ctx);
      await page.goto(PATH);
      await urlIs(page, PATH);
      await visible(node(page, "组织机构"));
      await visible(node(page, top.orgName));
      // Lazy: the run's organisations appear only once their parent is expanded.
      assert.equal(await node(page, names.p).count(), 0);
      await expand(page, top.orgName);
      await visible(node(page, names.p));
      assert.equal(await node(page, names.a).count(), 0);

      // Refused: dropping the sibling q below the last row (p, collapsed), pulled far left so rc-tree
      // climbs to the root's level, would put it beside the root; nothing is saved.
      await drag(page, names.q, names.p, { dy: 0.75, dx: -2000, grabAt: 400, refused: true });
      await page.goto(PATH);
      await expand(page, top.orgName);
      await visible(node(page, names.p));
      assert.deepEqual(await idsUnder(ctx, token, 0), topLevel, "the first level is unchanged");
      assert.deepEqual(await idsUnder(ctx, token, top.id), underTop, "the last first-level organisation is unchanged");

      await expand(page, names.p);
      await visible(node(page, names.c));
      await screenshot("orgs-expanded");

      // Edit: an empty name is refused with the spec's message; a new one is saved.
      await node(page, names.a).getByRole("button", { name: `编辑 ${names.a}` }).click();
      const dialog = await visible(page.locator(".ant-modal").filter({ hasText: "编辑机构" }));
      const nameBox = dialog.getByLabel("机构名称");
      await page.waitForFunction((want) => document.querySelector(".ant-modal #orgName")?.value === want, names.a, { timeout: 15_000 });
      await nameBox.fill("");
      await dialog.getByRole("button", { name: /确\s*定/ }).click();
      await visible(dialog.getByText("请填写机构名称", { exact: true }));
      await screenshot("orgs-edit-required");
      names.a = `甲改${suffix}`;
      await nameBox.fill(names.a);
      await dialog.getByLabel("描述").fill("乡镇");
      await dialog.getByRole("button", { name: /确\s*定/ }).click();
      await visible(node(page, names.a));
      await dialog.waitFor({ state: "hidden" });
      const saved = ok(await apiJSON(ctx, `/api/system/cscpOrgs/${a}`, { token }), "org");
      assert.equal(saved.orgName, names.a);
      assert.equal(saved.description, "乡镇");

      // Drag c onto the upper half of a (p's first child): it goes first inside p.
      await drag(page, names.c, names.a, { dy: 0.25 });
      await page.waitForFunction(
        ([first, second]) => {
          const titles = [...document.querySelectorAll(".org-node")].map((n) => n.textContent);
          return titles.indexOf(first) >= 0 && titles.indexOf(first) + 1 === titles.indexOf(second);
        },
        [names.c, names.a],
        { timeout: 15_000 },
      );
      await page.reload();
      assert.deepEqual(await idsUnder(ctx, token, p), [c, a, b]);
      assert.deepEqual((await children(ctx, token, p)).map((o) => o.orderby), [1, 2, 3]);

      // Drag c onto the lower half of a, level with it: after a.
      await expand(page, top.orgName);
      await expand(page, names.p);
      await drag(page, names.c, names.a, { dy: 0.75 });
      await page.waitForFunction(
        ([first, second]) => {
          const titles = [...document.querySelectorAll(".org-node")].map((n) => n.textContent);
          return titles.indexOf(first) >= 0 && titles.indexOf(first) + 1 === titles.indexOf(second);
        },
        [names.a, names.c],
        { timeout: 15_000 },
      );
      assert.deepEqual(await idsUnder(ctx, token, p), [a, c, b]);

      // Drag b onto a, pulled right: inside a (a leaf until now).
      await drag(page, names.b, names.a, { dy: 0.75, dx: 120 });
      // The tree opens a and shows b one level deeper.
      await page.waitForFunction(
        ([parent, child]) => {
          const depth = (name) => {
            const row = [...document.querySelectorAll(".ant-tree-treenode")].find((r) => r.querySelector(".org-node")?.textContent === name);
            return row ? row.querySelectorAll(".ant-tree-indent-unit").length : -1;
          };
          return depth(parent) >= 0 && depth(child) === depth(parent) + 1;
        },
        [names.a, names.b],
        { timeout: 15_000 },
      );
      await page.reload();
      const moved = await children(ctx, token, a);
      assert.deepEqual(moved.map((o) => [o.id, o.parentId, o.orderby]), [[b, a, 1]]);
      assert.deepEqual(await idsUnder(ctx, token, p), [a, c]);
      await expand(page, top.orgName);
      await expand(page, names.p);
      await expand(page, names.a);
      await visible(node(page, names.b));
      await screenshot("orgs-after-drags");

      // The keyboard alternative (issue 19): c's 移动 button, Enter opens its moves with the focus on the
      // first (上移), Enter moves c before a.
      await node(page, names.c).getByRole("button", { name: `移动 ${names.c}` }).focus();
      await page.keyboard.press("Enter");
      const up = await visible(page.getByRole("menuitem", { name: "上移" }));
      await page.waitForFunction(() => document.activeElement?.closest("[role=menu]") != null, null, { timeout: 15_000 });
      assert.equal(await page.getByRole("menuitem", { name: "下移" }).getAttribute("aria-disabled"), "true");
      await page.keyboard.press("Enter");
      await up.waitFor({ state: "hidden" });
      await page.waitForFunction(
        ([first, second]) => {
          const titles = [...document.querySelectorAll(".org-node")].map((n) => n.textContent);
          return titles.indexOf(first) >= 0 && titles.indexOf(first) + 1 === titles.indexOf(second);
        },
        [names.c, names.a],
        { timeout: 15_000 },
      );
      assert.deepEqual(await idsUnder(ctx, token, p), [c, a]);
    },
  },
];
