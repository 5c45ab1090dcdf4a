// Keyboard-only helpers for the e2e specs (issue 19): move the focus with Tab (or arrows) until it reaches
// the wanted element, and check that the focused element shows it has the focus.
import { assert } from "./lib.mjs";

/** focused describes the focused element: tag, role, accessible text and whether its focus is visible. */
export function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { tag: "body", text: "", visible: false };
    const label = el.getAttribute("aria-label") ?? "";
    const labelledBy = el.id ? (document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent ?? "") : "";
    const text = `${label} ${labelledBy} ${el.getAttribute("placeholder") ?? ""} ${(el.textContent ?? "").trim().slice(0, 60)} ${el.id ? `#${el.id}` : ""}`.replace(/\s+/g, " ").trim();
    // Focus is visible when the element (or its antd wrapper) draws an outline or a focus shadow.
    const shows = (node) => {
      if (!node) return false;
      const s = getComputedStyle(node);
      return (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0) || (s.boxShadow && s.boxShadow !== "none");
    };
    const wrapper = el.closest(".ant-input-affix-wrapper, .ant-input-outlined, .ant-select-selector, .ant-select, .ant-picker, .ant-input-number");
    const selector = el.closest(".ant-select")?.querySelector(".ant-select-selector");
    return {
      tag: el.tagName.toLowerCase(),
      role: el.getAttribute("role") ?? "",
      text,
      visible: shows(el) || shows(wrapper) || shows(selector) || el.matches(":focus-visible") && shows(el),
    };
  });
}

/**
 * tabTo presses key (Tab by default) until the focused element's text matches, at most max times, and
 * asserts that the focus is visible there.
 */
export async function tabTo(page, match, { key = "Tab", max = 80 } = {}) {
  const seen = [];
  for (let i = 0; i < max; i++) {
    const before = await page.evaluateHandle(() => document.activeElement);
    await page.keyboard.press(key);
    // The page moves the focus in its own time (antd's menus a frame or more after the key, longer on a busy
    // machine): wait until it has left the element it was on, at most a second (a key may leave it there).
    await page.waitForFunction((el) => document.activeElement !== el, before, { timeout: 1000 }).catch(() => {});
    await before.dispose();
    const f = await focused(page);
    seen.push(`${f.tag}:${f.text.slice(0, 24)}`);
    if (match.test(f.text)) {
      assert.ok(f.visible, `the focus on ${f.tag} "${f.text}" is not visible`);
      return f;
    }
  }
  throw new Error(`${key} never reached ${match} within ${max} presses; seen: ${seen.join(" | ")}`);
}
