import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DetailActions } from "./DetailActions";

describe("DetailActions", () => {
  it("gives articles a 预览 that shows the sanitised article", async () => {
    render(<DetailActions module="article" record={{ id: 1, title: "村务公开", authorName: "张三", visits: 3, content: "<p>正文<script>alert(1)</script></p>" }} />);
    await userEvent.setup().click(screen.getByRole("button", { name: /预\s*览/ }));
    expect(await screen.findByText("作者：张三")).toBeInTheDocument();
    expect(screen.getAllByText("正文").length).toBeGreaterThan(0);
    expect(document.querySelector(".news-preview-content script")).toBeNull();
  });

  it("adds nothing to other modules", () => {
    const { container } = render(<DetailActions module="publishType" record={{ id: 1 }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
