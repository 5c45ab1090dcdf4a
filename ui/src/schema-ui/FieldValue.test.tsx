import { describe, expect, it } from "vitest";
import { render } from "@testing-library/react";
import { fieldValue, listCell, plainText } from "./FieldValue";

describe("FieldValue", () => {
  it("reads rich text as plain text in list cells, without running or keeping scripts", () => {
    expect(plainText(`<h2>标题</h2><script>window.__xss=1</script><p>正文</p>`)).toBe("标题正文");
    expect(listCell("richtext", "<b>粗</b>")).toBe("粗");
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it("renders nothing for other types or empty values, and rich text safely on detail pages", () => {
    expect(listCell("string", "x")).toBeNull();
    expect(fieldValue("images", [])).toBeNull();
    const { container } = render(<>{fieldValue("richtext", `<p><i>斜</i></p><img src="x" onerror="window.__xss=1">`)}</>);
    expect(container.querySelector("i")?.textContent).toBe("斜");
    expect(container.querySelector("[onerror]")).toBeNull();
  });
});
