// Loads antd's styles made at build time (ui/build/antdStyles.ts) before the console's first render on a signed-in
// address (issue 19, the first module list on a phone's link). @ant-design/cssinjs reads the sheet's map of
// cache paths once, when the first antd component renders, and from then on writes no style a component finds
// in it: so the sheet must have loaded by then, and the first render waits for it. Without the sheet (a
// development server, a failed request) nothing changes: every component writes its styles as before. The
// login family does not load it: by the time its user signs in, cssinjs has read its (empty) map.

/** The meta element the build puts into index.html's head, naming the stylesheet. */
const META = 'meta[name="xz-antd-css"]';

/**
 * STYLES_WAIT_MS bounds the wait: a link that stalls (neither loads nor fails) must not leave the screen blank.
 * After it the console renders and antd writes its styles at run time, as without the sheet.
 */
export const STYLES_WAIT_MS = 8000;

/**
 * loadAntdStyles adds the stylesheet that index.html names, before the page's own styles (so they keep
 * overriding antd's), and answers when it has loaded or failed, or after STYLES_WAIT_MS; at once when there is
 * none.
 */
export function loadAntdStyles(doc: Document = document): Promise<void> {
  const href = doc.querySelector(META)?.getAttribute("content");
  if (!href) return Promise.resolve();
  return new Promise((resolve) => {
    const link = doc.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.dataset.antdStatic = "";
    link.onload = () => resolve();
    link.onerror = () => resolve();
    setTimeout(resolve, STYLES_WAIT_MS);
    doc.head.insertBefore(link, doc.head.querySelector('style, link[rel="stylesheet"]'));
  });
}
