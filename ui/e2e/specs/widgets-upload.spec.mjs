// Uploads in a generated module form (spec §5): the administrator creates a 村务公开 (villageNotice)
// record, uploads a picture into its 封面 (image) field and a pdf into its 附件 (files) field, saves, and
// sees both on the detail page: the picture rendered (loaded from a signed link) and the file as a link
// under its original name that downloads the same bytes. The record's title carries a per-run suffix.
import { assert, signInAdmin, visible } from "../lib.mjs";
import { fillNotice, saveAndShow } from "../villageNotice.mjs";

const suffix = Date.now().toString(36).slice(-6);
const title = `E2E上传${suffix}`;
const pdf = Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF ${suffix}\n`);

export default [
  {
    name: "a module form uploads an image and a file; the detail page shows the picture and the link",
    async run(ctx) {
      const { page, screenshot } = ctx;
      await signInAdmin(ctx);
      // A real png: a small screenshot of the workbench.
      const png = await page.screenshot({ clip: { x: 0, y: 0, width: 24, height: 24 } });

      await fillNotice(page, title);
      await page.locator("#root_content").click();
      await page.keyboard.type("上传测试正文");

      // The picture: reviewed and uploaded on selection.
      await page.locator("#root_cover input[type=file]").setInputFiles({ name: "封面.png", mimeType: "image/png", buffer: png });
      await visible(page.getByText("上传成功").first());
      await visible(page.locator("#root_cover .ant-upload-list-item-done"));
      // The file: listed under its original name.
      await page.locator("#root_attachments input[type=file]").setInputFiles({ name: "通知.pdf", mimeType: "application/pdf", buffer: pdf });
      await visible(page.locator("#root_attachments").getByText("通知.pdf"));
      await screenshot("widgets-upload-form");

      await saveAndShow(page, title);

      await visible(page.getByText(title));

      // The picture is rendered from a signed link and has loaded.
      const img = page.locator(".ant-descriptions img[src*='/api/oos/file/']").first();
      await visible(img);
      await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await img.elementHandle(), { timeout: 15_000 });
      assert.equal(await img.evaluate((el) => el.naturalWidth), 24);

      // The file is a link under its original name that downloads the uploaded bytes.
      const link = await visible(page.getByRole("link", { name: "通知.pdf" }));
      const href = await link.getAttribute("href");
      assert.match(href, /\/api\/oos\/file\/.+\.pdf\?exp=\d+&sig=/);
      const res = await page.request.get(href);
      assert.equal(res.status(), 200);
      assert.equal((await res.body()).toString(), pdf.toString());
      await screenshot("widgets-upload-detail");
    },
  },
];
