import { describe, expect, it } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { NewsPreview } from "./NewsPreview";
import { sanitizeHtml } from "../richtext/sanitize";

describe("sanitizeHtml", () => {
  it("keeps allowed markup and drops scripts, handlers and unsafe URLs", () => {
    const out = sanitizeHtml(
      '<p onclick="x()">正文<script>alert(1)</script><b>加粗</b></p><a href="javascript:alert(1)">坏链接</a><a href="https://e.cn/a">好链接</a>' +
        '<img src="x" onerror="alert(1)"><img src="data:text/html,x"><iframe src="https://e.cn"></iframe><style>p{}</style><custom>留字</custom>',
      { newWindow: true },
    );
    expect(out).toBe(
      '<p>正文<b>加粗</b></p><a target="_blank" rel="noopener noreferrer">坏链接</a><a href="https://e.cn/a" target="_blank" rel="noopener noreferrer">好链接</a>' +
        '<img src="x"><img>留字',
    );
  });
});

describe("NewsPreview", () => {
  it("shows the article on desktop and mobile tabs", () => {
    render(
      <NewsPreview
        article={{ title: "村务公开", source: "城关镇", authorName: "张三", publishTime: "2024-05-06 08:00:00", visits: 12, content: '<p style="color: red">内容<img src="/a.png" onerror="alert(1)"></p>' }}
      />,
    );
    expect(screen.getByRole("tab", { name: "电脑端" })).toBeInTheDocument();
    expect(screen.getByText("来源：城关镇")).toBeInTheDocument();
    expect(screen.getByText("作者：张三")).toBeInTheDocument();
    expect(screen.getByText("发布时间：2024-05-06 08:00:00")).toBeInTheDocument();
    expect(screen.getByText("访问量：12")).toBeInTheDocument();
    expect(document.querySelector("[onerror]")).toBeNull();
    // The preview goes through the rich-text sanitiser: the editor's styles stay.
    expect(document.querySelector('.news-preview-content p[style="color: red"]')).not.toBeNull();
    fireEvent.click(screen.getByRole("tab", { name: "手机端" }));
    expect(screen.getAllByText("村务公开").length).toBeGreaterThan(0);
  });
});
