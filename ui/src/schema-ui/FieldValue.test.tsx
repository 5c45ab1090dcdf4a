import { describe, expect, it } from "vitest";
import { render } from "@testing-library/react";
import { fieldValue, listCell, plainText } from "./FieldValue";
import { CN } from "../test/chinese";

describe("FieldValue", () => {
  it("reads rich text as plain text in list cells, without running or keeping scripts", () => {
    expect(plainText(`<h2>${CN.title}</h2><script>window.__xss=1</script><p>${CN.body}</p>`)).toBe(`${CN.title}${CN.body}`);
    expect(listCell("richtext", `<b>${CN.boldText}</b>`)).toBe(CN.boldText);
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it("renders nothing for other types or empty values, and rich text safely on detail pages", () => {
    expect(listCell("string", "x")).toBeNull();
    expect(fieldValue("images", [])).toBeNull();
    const { container } = render(<>{fieldValue("richtext", `<p><i>${CN.italic}</i></p><img src="x" onerror="window.__xss=1">`)}</>);
    expect(container.querySelector("i")?.textContent).toBe(CN.italic);
    expect(container.querySelector("[onerror]")).toBeNull();
  });
});
