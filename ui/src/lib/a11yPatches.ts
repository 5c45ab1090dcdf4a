// Accessibility repairs of antd's own markup (issue 19) that its props cannot reach, applied once for the
// whole console by one MutationObserver:
// - the table's hidden measure row (rc-table) is aria-hidden yet focusable (tabindex=-1): it becomes inert;
// - a required multiple Select carries aria-required on its root div, where the ARIA rules do not allow it:
//   it moves to the select's search input (role combobox), which may carry it;
// - the tab bar's overflow button ("more") sits inside role=tablist; while there is no overflow antd only
//   hides it visually, so it is also taken out of the accessibility tree and the tab order (inert);
// - a table's scrolling box with nothing focusable inside cannot be scrolled from the keyboard: it takes focus.

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** repair fixes the known antd markup problems inside root. */
export function repair(root: ParentNode): void {
  root.querySelectorAll("tr.ant-table-measure-row").forEach((row) => {
    if (row.hasAttribute("tabindex")) row.removeAttribute("tabindex");
    if (!row.hasAttribute("inert")) row.setAttribute("inert", "");
  });
  root.querySelectorAll(".ant-select[aria-required]").forEach((select) => {
    const value = select.getAttribute("aria-required");
    select.removeAttribute("aria-required");
    const input = select.querySelector("input");
    if (input && value) input.setAttribute("aria-required", value);
  });
  root.querySelectorAll(".ant-tabs-nav-operations").forEach((ops) => {
    const hidden = ops.classList.contains("ant-tabs-nav-operations-hidden");
    if (hidden && !ops.hasAttribute("inert")) {
      ops.setAttribute("inert", "");
      ops.setAttribute("aria-hidden", "true");
    } else if (!hidden && ops.hasAttribute("inert")) {
      ops.removeAttribute("inert");
      ops.removeAttribute("aria-hidden");
    }
  });
  root.querySelectorAll(".ant-table-content").forEach((box) => {
    const needs = !box.querySelector(FOCUSABLE);
    if (needs && !box.hasAttribute("tabindex")) box.setAttribute("tabindex", "0");
    else if (!needs && box.getAttribute("tabindex") === "0") box.removeAttribute("tabindex");
  });
}

let installed = false;

/** installA11yPatches repairs the document now and after every change of it. */
export function installA11yPatches(doc: Document = document): void {
  if (installed || typeof MutationObserver === "undefined") return;
  installed = true;
  let queued = false;
  const run = () => {
    queued = false;
    repair(doc);
  };
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    if (typeof requestAnimationFrame === "function") requestAnimationFrame(run);
    else setTimeout(run, 0);
  }).observe(doc.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ["aria-required", "tabindex", "class"] });
  repair(doc);
}
