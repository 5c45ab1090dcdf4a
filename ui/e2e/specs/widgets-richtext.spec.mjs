// Rich text is stored and shown safely (spec §9 editor, DESIGN security): a 村务公开 (villageNotice) record
// is given HTML with script vectors twice — once straight through the API, once pasted into the editor
// together with formatting made with the toolbar — and its detail page shows the formatting while no
// script runs: the window flags the payloads would set stay undefined and no dialog opens.
import { adminToken, apiJSON, assert, signInAdmin, visible } from "../lib.mjs";
import { fillNotice, saveAndShow } from "../villageNotice.mjs";

const suffix = Date.now().toString(36).slice(-6);
const vectors =
  `<script>window.__xzPwned = "script"</script>` +
  `<img src="x-${suffix}" onerror="window.__xzPwned = 'img'; alert(1)">` +
  `<a href="javascript:window.__xzPwned='link'">坏链接</a>` +
  `<svg onload="window.__xzPwned='svg'"></svg>`;

/** watchDialogs records every dialog the page opens (and dismisses it). */
function watchDialogs(page) {
  const seen = [];
  page.on("dialog", (d) => {
    seen.push(d.message());
    void d.dismiss();
  });
  return seen;
}

async function assertNoScriptRan(page, dialogs) {
  // Give a late onerror the chance to fire: wait until every image has settled.
  await page.waitForFunction(() => [...document.images].every((i) => i.complete), null, { timeout: 15_000 });
  assert.equal(await page.evaluate(() => window.__xzPwned), undefined);
  assert.deepEqual(dialogs, []);
  assert.equal(await page.locator(".xz-richtext script, .xz-richtext [onerror], .xz-richtext svg").count(), 0);
}

export default [
  {
    name: "rich text sent through the API is shown with its formatting and without running scripts",
    async run(ctx) {
      const { page, screenshot } = ctx;
      const dialogs = watchDialogs(page);
      const token = await adminToken(ctx);
      const title = `E2E富文本API${suffix}`;
      const res = await apiJSON(ctx, "/affairs/zwglVillageNotices", {
        token,
        method: "POST",
        body: { title, noticeType: 1, publisher: "E2E", content: `<h2>安全标题${suffix}</h2><p><b>安全加粗</b></p>${vectors}` },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const id = res.body.data.id;
      assert.ok(!JSON.stringify(res.body.data.content).includes("onerror"), "the server stored a handler");

      await signInAdmin(ctx);
      await page.goto(`/m/villageNotice/show/${id}`);
      await visible(page.locator(".xz-richtext h2").filter({ hasText: `安全标题${suffix}` }));
      await visible(page.locator(".xz-richtext b").filter({ hasText: "安全加粗" }));
      await assertNoScriptRan(page, dialogs);
      await screenshot("widgets-richtext-api");
    },
  },
  {
    name: "the editor's toolbar formats, pasted script vectors are dropped, and the detail page runs nothing",
    async run(ctx) {
      const { page, screenshot } = ctx;
      const dialogs = watchDialogs(page);
      const title = `E2E富文本编辑${suffix}`;
      await signInAdmin(ctx);
      await fillNotice(page, title);

      const editor = page.locator("#root_content");
      await editor.click();
      await page.keyboard.type("加粗的字");
      await page.keyboard.press("Control+A");
      await page.getByRole("button", { name: "加粗" }).click();
      await page.keyboard.press("End");
      // Paste HTML with the vectors (a real paste event carrying text/html).
      await editor.evaluate((el, html) => {
        const data = new DataTransfer();
        data.setData("text/html", html);
        el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
      }, `<p><i>粘贴的斜体</i></p>${vectors}`);
      await visible(editor.locator("i").filter({ hasText: "粘贴的斜体" }));
      assert.equal(await editor.locator("script, [onerror], svg").count(), 0);
      await screenshot("widgets-richtext-editor");

      await saveAndShow(page, title);
      await visible(page.locator(".xz-richtext b").filter({ hasText: "加粗的字" }));
      await visible(page.locator(".xz-richtext i").filter({ hasText: "粘贴的斜体" }));
      await assertNoScriptRan(page, dialogs);
      await screenshot("widgets-richtext-detail");
    },
  },
];
