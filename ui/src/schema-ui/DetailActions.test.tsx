import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DetailActions } from "./DetailActions";
import { text } from "../locales/catalogue";
import { CN } from "../test/chinese";
import { btn } from "../test/texts";

describe("DetailActions", () => {
  it("gives articles a preview that shows the sanitised article", async () => {
    render(<DetailActions module="article" record={{ id: 1, title: CN.villageAffairsOpen, authorName: CN.zhangSan, visits: 3, content: `<p>${CN.body}<script>alert(1)</script></p>` }} />);
    await userEvent.setup().click(screen.getByRole("button", { name: btn("widgets.preview") }));
    expect(await screen.findByText(`${text("widgets.news.author")}${CN.zhangSan}`)).toBeInTheDocument();
    expect(screen.getAllByText(text("widgets.richtext.paragraph")).length).toBeGreaterThan(0);
    expect(document.querySelector(".news-preview-content script")).toBeNull();
  });

  it("adds nothing to other modules", () => {
    const { container } = render(<DetailActions module="publishType" record={{ id: 1 }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
