// The map pickers in generated module forms (spec §2 "Shared widgets", §5, §9): a land parcel's boundary
// drawn as a polygon, an attendance rule's circle range, a village's land-category map with right-click
// delete behind '确定删除？', and the empty-input messages of the place and coordinate boxes. Records are
// created through the API with a per-run suffix; the e2e server has no tile or place-search URL, so the
// maps draw a plain grid and must make no failed request and log no console error.
import { adminToken, apiJSON, assert, signInAdmin, visible } from "../lib.mjs";

const suffix = Date.now().toString(36).slice(-6);

function ok(res, what) {
  assert.equal(res.status, 200, `${what}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** create makes a record through the API and returns its id. */
async function create(ctx, token, api, body) {
  return ok(await apiJSON(ctx, api, { token, method: "POST", body }), `create at ${api}`).id;
}

/** recordOf reads a record back through the API. */
async function recordOf(ctx, token, api, id) {
  return ok(await apiJSON(ctx, `${api}/${id}`, { token }), `read ${api}/${id}`);
}

/** openMap opens a record's edit form and waits for the map labelled label to be ready. */
async function openMap(page, module, id, label) {
  await page.goto(`/m/${module}/edit/${id}`);
  const map = page.getByRole("region", { name: label });
  await visible(map.and(page.locator('[data-map-ready="true"]')));
  await map.scrollIntoViewIfNeeded();
  return map;
}

/** drawSquare draws a polygon: three clicks and a double-click on the fourth corner. */
async function drawSquare(page, map, startLabel) {
  await page.getByRole("button", { name: startLabel }).click();
  await map.click({ position: { x: 120, y: 80 } });
  await map.click({ position: { x: 320, y: 80 } });
  await map.click({ position: { x: 320, y: 240 } });
  await map.dblclick({ position: { x: 120, y: 240 } });
}

/** save submits the edit form and waits for the success message. */
async function save(page) {
  await page.getByRole("button", { name: /提\s*交/ }).click();
  await visible(page.getByText("更新成功！"));
}

/** sixDecimals checks that every number has at most 6 decimals. */
function sixDecimals(numbers) {
  for (const n of numbers) assert.ok(Math.abs(n * 1e6 - Math.round(n * 1e6)) < 1e-6, `${n} has more than 6 decimals`);
}

function watchErrors(page) {
  const errors = [];
  // Chromium logs every 4xx/5xx as "Failed to load resource"; the response handler names the URL instead.
  page.on("console", (m) => m.type() === "error" && !m.text().startsWith("Failed to load resource") && errors.push(`console: ${m.text()}`));
  page.on("response", (r) => r.status() >= 400 && errors.push(`HTTP ${r.status()}: ${r.request().method()} ${r.url()}`));
  // A request cut short by leaving the page (ERR_ABORTED) is not a failure; a tile that cannot load is.
  page.on("requestfailed", (r) => r.failure()?.errorText !== "net::ERR_ABORTED" && errors.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
  return errors;
}

export default [
  {
    name: "map pickers: polygon, circle, land categories with right-click delete, empty-input messages",
    async run(ctx) {
      const { page, screenshot } = ctx;
      const errors = watchErrors(page);
      await signInAdmin(ctx);
      const token = await adminToken(ctx);

      // A land parcel's boundary: draw a polygon, save, read it back.
      const landApi = "/household/api/yhydLandInformations";
      const landId = await create(ctx, token, landApi, { parcelCode: `E2E-${suffix}`, name: `E2E地块${suffix}`, landType: "houseSite", area: 1.5, ownershipType: 1 });
      let map = await openMap(page, "landInformation", landId, "地块边界");
      await drawSquare(page, map, "绘制多边形");
      await visible(page.getByText(/多边形 1：/));
      await screenshot("map-polygon-drawn");
      await save(page);
      const boundary = (await recordOf(ctx, token, landApi, landId)).boundary;
      assert.equal(boundary.type, "Polygon");
      const ring = boundary.coordinates[0];
      assert.equal(ring.length, 5, `closed ring of 4 vertices: ${JSON.stringify(ring)}`);
      assert.deepEqual(ring[0], ring[4]);
      sixDecimals(ring.flat());
      await page.goto(`/m/landInformation/show/${landId}`);
      await visible(page.getByText(`多边形 1：${ring[0][0].toFixed(6)},${ring[0][1].toFixed(6)}`, { exact: false }));

      // The place and coordinate boxes: empty inputs warn, no search service is configured.
      map = await openMap(page, "landInformation", landId, "地块边界");
      await page.getByRole("button", { name: /搜\s*索/ }).click();
      await visible(page.getByText("请输入地点"));
      await page.getByRole("button", { name: /定\s*位/ }).click();
      await visible(page.getByText("请输入坐标点"));
      await page.getByLabel("搜索地点").fill("城关镇");
      await page.getByRole("button", { name: /搜\s*索/ }).click();
      await visible(page.getByText("未配置地点搜索服务，请直接输入坐标或在地图上点选"));
      await screenshot("map-search-messages");

      // An attendance rule's circle: click the centre, widen the range, save.
      const ruleApi = "/cmzz/api/attendanceRules";
      const ruleId = await create(ctx, token, ruleApi, { ruleName: `E2E规则${suffix}`, workDays: [1, 2, 3], onTime: "08:30", offTime: "17:30" });
      map = await openMap(page, "attendanceRule", ruleId, "打卡范围");
      await map.click({ position: { x: 200, y: 150 } });
      const radius = page.getByLabel("半径(米)");
      assert.equal(await radius.inputValue(), "100");
      await radius.fill("300");
      await radius.blur();
      await screenshot("map-circle");
      await save(page);
      const center = (await recordOf(ctx, token, ruleApi, ruleId)).center;
      assert.equal(center.radius, 300);
      sixDecimals([center.lng, center.lat]);
      await page.goto(`/m/attendanceRule/show/${ruleId}`);
      await visible(page.getByText(`${center.lng.toFixed(6)},${center.lat.toFixed(6)}（半径 300 米）`));

      // A village's land map: a forest parcel, saved, then deleted by right-click after '确定删除？'.
      const villageApi = "/household/api/yhydVillageInformation";
      const regionCode = String(Date.now()).slice(-12).padStart(12, "9");
      const villageId = await create(ctx, token, villageApi, { regionCode, villageName: `E2E村${suffix}` });
      map = await openMap(page, "village", villageId, "土地分类图");
      await page.locator('div.ant-select[aria-label="地块类别"]').click();
      await (await visible(page.locator(".ant-select-item-option").filter({ hasText: /^林地$/ }))).click();
      await drawSquare(page, map, "绘制地块");
      await visible(page.getByLabel("地块统计").getByText("林地 1"));
      await save(page);
      const land = (await recordOf(ctx, token, villageApi, villageId)).landMap;
      assert.equal(land.features.length, 1);
      assert.deepEqual(
        { category: land.features[0].properties.category, parentId: land.features[0].properties.parentId },
        { category: "forestCrood", parentId: String(villageId) },
      );
      map = await openMap(page, "village", villageId, "土地分类图");
      await map.click({ button: "right", position: { x: 220, y: 160 } });
      const dialog = page.getByRole("dialog").filter({ hasText: "确定删除？" });
      await visible(dialog);
      await screenshot("map-delete-confirm");
      await dialog.getByRole("button", { name: /确\s*定/ }).click();
      await visible(page.getByLabel("地块统计").getByText("林地 0"));
      await save(page);
      assert.equal((await recordOf(ctx, token, villageApi, villageId)).landMap ?? null, null);

      assert.deepEqual(errors, []);
    },
  },
];
