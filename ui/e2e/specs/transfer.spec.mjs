// Export and import of a generated module (spec §9) on 土地信息 (landInformation): 导出 downloads an xlsx
// file; 导入 of a file with one good and one bad row shows the dry run's summary and the bad row's error
// (row number, field, message) before anything is written.
import { readFile } from "node:fs/promises";
import { assert, signInAdmin, urlIs, visible } from "../lib.mjs";
import { xlsx } from "../xlsx.mjs";

const suffix = Date.now().toString(36).slice(-6);

export default [
  {
    name: "export downloads an xlsx file; import of a file with a bad row shows that row's error",
    async run(ctx) {
      const { page, screenshot } = ctx;
      await signInAdmin(ctx);
      await page.goto("/m/landInformation");
      await urlIs(page, "/m/landInformation");
      await visible(page.getByRole("columnheader", { name: /地块编码/ }));

      // Export.
      const [download] = await Promise.all([
        page.waitForEvent("download", { timeout: 30_000 }),
        (await visible(page.getByRole("button", { name: /导\s*出/ }))).click(),
      ]);
      assert.match(download.suggestedFilename(), /\.xlsx$/);
      const bytes = await readFile(await download.path());
      assert.equal(bytes.subarray(0, 2).toString("latin1"), "PK", "the export is a zip (xlsx) file");
      await screenshot("transfer-exported");

      // Import: row 2 is fine, row 3 has a bad area.
      const file = xlsx([
        ["地块编码", "地块名称/坐落", "管理类别", "面积(亩)", "所有权性质"],
        [`E2E-${suffix}-1`, "东头", "宅基地", "1.5", "集体所有"],
        [`E2E-${suffix}-2`, "西头", "宅基地", "abc", "集体所有"],
      ]);
      await (await visible(page.getByRole("button", { name: /导\s*入/ }))).click();
      const dialog = await visible(page.getByRole("dialog", { name: /导入土地信息/ }));
      await dialog.locator('input[type="file"]').setInputFiles({ name: "land.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: file });
      await visible(dialog.getByText("共 2 行：可导入 1 行，有问题 1 行"));
      const bad = await visible(dialog.getByRole("row").filter({ hasText: "面积(亩)的值“abc”格式不正确" }));
      assert.match(await bad.innerText(), /^\s*3\b/, "the error names row 3");
      await screenshot("transfer-import-errors");
      await dialog.getByRole("button", { name: /取\s*消/ }).click();
      await dialog.waitFor({ state: "hidden", timeout: 15_000 });
    },
  },
];
