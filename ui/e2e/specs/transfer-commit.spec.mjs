// Import committed (spec §9) on 土地信息 (landInformation): a file with one good row passes the dry run
// (共 1 行：可导入 1 行), 确认导入 writes it (成功导入 1 条数据), the dialog closes and the new row is in the
// list. The row's 地块编码 carries a per-run suffix.
// (The file sorts after login-password-change.spec.mjs, which must be the first to sign the administrator in.)
import { signInAdmin, urlIs, visible } from "../lib.mjs";
import { xlsx } from "../xlsx.mjs";

const suffix = Date.now().toString(36).slice(-6);
const parcel = `E2E-IMP-${suffix}`;

export default [
  {
    name: "import continues from the dry run to the commit and the imported row appears in the list",
    async run(ctx) {
      const { page, screenshot } = ctx;
      await signInAdmin(ctx);
      await page.goto("/m/landInformation");
      await urlIs(page, "/m/landInformation");
      await visible(page.getByRole("columnheader", { name: /地块编码/ }));

      const file = xlsx([
        ["地块编码", "地块名称/坐落", "管理类别", "面积(亩)", "所有权性质"],
        [parcel, "南坡", "宅基地", "2.25", "集体所有"],
      ]);
      await (await visible(page.getByRole("button", { name: /导\s*入/ }))).click();
      const dialog = await visible(page.getByRole("dialog", { name: /导入土地信息/ }));
      await dialog.locator('input[type="file"]').setInputFiles({ name: "land.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: file });
      await visible(dialog.getByText("共 1 行：可导入 1 行，有问题 0 行"));
      await screenshot("import-dry-run-ok");

      await dialog.getByRole("button", { name: /确认导入/ }).click();
      await visible(page.getByText("成功导入 1 条数据"));
      await dialog.waitFor({ state: "hidden", timeout: 15_000 });

      // The list shows it, also when filtered down to its code.
      await page.getByRole("textbox", { name: "地块编码" }).fill(parcel);
      await page.getByRole("button", { name: /查\s*询/ }).click();
      await page.waitForURL((u) => u.search.includes("parcelCode"), { timeout: 15_000 });
      const row = await visible(page.getByRole("row").filter({ hasText: parcel }));
      await visible(row.getByText("南坡"));
      await screenshot("import-committed");
    },
  },
];
