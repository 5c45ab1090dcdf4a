import { describe, expect, it } from "vitest";
import { repair } from "./a11yPatches";

describe("a11y repairs of antd markup", () => {
  it("makes the table's measure row inert, moves aria-required to the select's input, hides an idle overflow button", () => {
    const root = document.createElement("div");
    root.innerHTML = `
      <table><tbody><tr class="ant-table-measure-row" aria-hidden="true" tabindex="-1"><td></td></tr></tbody></table>
      <div class="ant-select ant-select-multiple" aria-required="true"><input role="combobox" /></div>
      <div role="tablist"><div class="ant-tabs-nav-operations ant-tabs-nav-operations-hidden"><button class="ant-tabs-nav-more" aria-controls="x"></button></div></div>
      <div class="ant-table-content"><table><tbody><tr><td>1</td></tr></tbody></table></div>
      <div class="ant-table-content"><a href="/x">x</a></div>`;
    repair(root);
    const row = root.querySelector("tr.ant-table-measure-row")!;
    expect(row.hasAttribute("tabindex")).toBe(false);
    expect(row.hasAttribute("inert")).toBe(true);
    expect(root.querySelector(".ant-select")!.hasAttribute("aria-required")).toBe(false);
    expect(root.querySelector(".ant-select input")!.getAttribute("aria-required")).toBe("true");
    const ops = root.querySelector(".ant-tabs-nav-operations")!;
    expect(ops.getAttribute("aria-hidden")).toBe("true");
    const boxes = root.querySelectorAll(".ant-table-content");
    expect(boxes[0].getAttribute("tabindex")).toBe("0");
    expect(boxes[1].hasAttribute("tabindex")).toBe(false);
    // Once the overflow button shows, it is back in the tree.
    ops.classList.remove("ant-tabs-nav-operations-hidden");
    repair(root);
    expect(ops.hasAttribute("aria-hidden")).toBe(false);
  });
});
