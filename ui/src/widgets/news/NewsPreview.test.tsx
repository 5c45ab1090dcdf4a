import { describe, expect, it } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { NewsPreview } from "./NewsPreview";
import { sanitizeHtml } from "../richtext/sanitize";
import { text } from "../../locales/catalogue";
import { CN } from "../../test/chinese";

describe("sanitizeHtml", () => {
  it("keeps allowed markup and drops scripts, handlers and unsafe URLs", () => {
    const out = sanitizeHtml(
      `<p onclick="x()">${CN.body}<script>alert(1)</script><b>${CN.bold}</b></p><a href="javascript:alert(1)">${CN.badLink}</a><a href="https://e.cn/a">${CN.goodLink}</a>` +
        `<img src="x" onerror="alert(1)"><img src="data:text/html,x"><iframe src="https://e.cn"></iframe><style>p{}</style><custom>${CN.keptText}</custom>`,
      { newWindow: true },
    );
    expect(out).toBe(
      `<p>${CN.body}<b>${CN.bold}</b></p><a target="_blank" rel="noopener noreferrer">${CN.badLink}</a><a href="https://e.cn/a" target="_blank" rel="noopener noreferrer">${CN.goodLink}</a>` +
        `<img src="x"><img>${CN.keptText}`,
    );
  });
});

describe("NewsPreview", () => {
  it("shows the article on desktop and mobile tabs", () => {
    render(
      <NewsPreview
        article={{ title: CN.villageAffairsOpen, source: CN.chengguanTown, authorName: CN.zhangSan, publishTime: "2024-05-06 08:00:00", visits: 12, content: `<p style="color: red">${CN.content}<img src="/a.png" onerror="alert(1)"></p>` }}
      />,
    );
    expect(screen.getByRole("tab", { name: text("widgets.news.desktop") })).toBeInTheDocument();
    expect(screen.getByText(`${text("widgets.news.source")}${CN.chengguanTown}`)).toBeInTheDocument();
    expect(screen.getByText(`${text("widgets.news.author")}${CN.zhangSan}`)).toBeInTheDocument();
    expect(screen.getByText(`${text("widgets.news.publishTime")}2024-05-06 08:00:00`)).toBeInTheDocument();
    expect(screen.getByText(`${text("widgets.news.visits")}12`)).toBeInTheDocument();
    expect(document.querySelector("[onerror]")).toBeNull();
    // The preview goes through the rich-text sanitiser: the editor's styles stay.
    expect(document.querySelector('.news-preview-content p[style="color: red"]')).not.toBeNull();
    fireEvent.click(screen.getByRole("tab", { name: text("widgets.news.mobile") }));
    expect(screen.getAllByText(CN.villageAffairsOpen).length).toBeGreaterThan(0);
  });
});
