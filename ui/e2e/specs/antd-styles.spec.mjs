// antd's styles of the first screens as a stylesheet made at build time (issue 19, the first module list on a
// phone's link; ui/build/antdStyles.ts, src/app/antdStyles.ts). Counted in Chromium: the `<style>` elements
// antd's CSS-in-JS writes at run time (those with a `data-css-hash`), from before the page's first script. On a
// signed-in first load of a module list the stylesheet carries them all, so antd writes (almost) none; the
// screens still look as antd draws them; a component outside the stylesheet (the organisations' tree) writes its
// own; and the login page, which does not load the stylesheet, writes them at run time as before.
import { assert, signInAdmin, urlIs, visible } from "../lib.mjs";

/** Runs in every page before its scripts: counts antd's run-time style writes (an element added or rewritten). */
function countStyleWrites() {
  window.__antdStyleWrites = [];
  const seen = (node) => node.nodeName === "STYLE" && node.hasAttribute("data-css-hash");
  new MutationObserver((records) => {
    for (const r of records) {
      if (seen(r.target)) window.__antdStyleWrites.push(r.target.getAttribute("data-css-hash"));
      for (const n of r.addedNodes) if (seen(n)) window.__antdStyleWrites.push(n.getAttribute("data-css-hash"));
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/** The bound on a list's run-time writes: the first module list wrote 40–50 without the stylesheet. */
const MAX_LIST_WRITES = 3;

const writes = (page) => page.evaluate(() => window.__antdStyleWrites);
const cssOf = (locator, prop) => locator.evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), prop);

export default [
  {
    name: "a signed-in first load of a module list takes antd's styles from the build's stylesheet",
    async run(ctx) {
      const { page } = ctx;
      // The stylesheet is made with the default theme; the runner's browser asks for reduced motion, whose
      // theme (no motion) antd hashes differently and styles at run time. Here, the default a user has.
      await page.emulateMedia({ reducedMotion: "no-preference" });
      await page.addInitScript(countStyleWrites);
      await signInAdmin(ctx);

      // The login page and the workbench it leads to (one document): antd writes their styles at run time.
      const signInWrites = await writes(page);
      assert.ok(signInWrites.length >= 5, `antd wrote ${signInWrites.length} style elements signing in, expected its run-time styles`);

      // A first load of the list with the session (a new document): the stylesheet, loaded, carries its styles.
      await page.goto("/m/publishType");
      await urlIs(page, "/m/publishType");
      const search = await visible(page.getByRole("textbox", { name: "类型名称" }));
      await visible(page.locator(".ant-table").first());
      await page.waitForLoadState("networkidle");
      const sheet = await page.evaluate(() => {
        const link = document.querySelector("link[data-antd-static]");
        return link ? { href: link.getAttribute("href"), rules: link.sheet?.cssRules.length ?? 0 } : null;
      });
      assert.ok(sheet, "no antd stylesheet on the signed-in list: index.html lacks <meta name=xz-antd-css> (build/antdStyles.ts)");
      assert.ok(sheet.rules > 1000, `antd's stylesheet ${sheet.href} has ${sheet.rules} rules`);
      const listWrites = await writes(page);
      assert.ok(
        listWrites.length <= MAX_LIST_WRITES,
        `antd wrote ${listWrites.length} style elements at run time on the list (at most ${MAX_LIST_WRITES}): ${listWrites.join(", ")}`,
      );

      // The styles are there: antd's input text size (the browser's own is 13.33 px), the primary button's theme
      // colour, the table header's background.
      assert.equal(await cssOf(search, "font-size"), "14px", "the search input lacks antd's font size");
      const create = page.getByRole("button", { name: /新\s*建/ });
      assert.equal(await cssOf(create, "background-color"), "rgb(9, 88, 217)", "the create button lacks the theme's primary colour");
      const th = page.locator(".ant-table-thead th").first();
      assert.equal(await cssOf(th, "background-color"), "rgb(250, 250, 250)", "the table header lacks antd's background");

      // A component outside the stylesheet writes its own styles, as before.
      await page.goto("/organization-management");
      await visible(page.locator(".ant-tree-treenode:not([aria-hidden])").first());
      const treeWrites = await writes(page);
      const treeStyled = await page.evaluate(() =>
        [...document.querySelectorAll("style[data-css-hash]")].some((s) => s.textContent.includes(".ant-tree-treenode")),
      );
      assert.ok(treeWrites.length > 0 && treeStyled, `the organisations' tree wrote no styles of its own (${treeWrites.length} writes)`);
      assert.equal(await cssOf(page.locator(".ant-tree").first(), "background-color"), "rgb(255, 255, 255)", "the tree lacks antd's background");
    },
  },
];
