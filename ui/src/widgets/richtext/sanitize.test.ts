import { describe, expect, it } from "vitest";
import { safeUrl, sanitizeHtml } from "./sanitize";

describe("sanitizeHtml", () => {
  it("drops scripts, handlers and javascript: links", () => {
    const out = sanitizeHtml(
      `<p onclick="x()">hi<script>window.pwned=1</script></p><img src="x" onerror="window.pwned=1"><a href="javascript:alert(1)">a</a><iframe src="https://e.com"></iframe><svg onload="alert(1)"></svg>`,
    );
    expect(out).not.toMatch(/script|onerror|onclick|javascript|iframe|svg|onload/i);
    expect(out).toContain("<p>hi</p>");
    expect(out).toContain('<img src="x">');
    expect(out).toContain("<a>a</a>");
  });

  it("keeps what the toolbar produces", () => {
    const html =
      `<h2>标题</h2><p style="text-align: center;"><b>粗</b><i>斜</i><u>下</u><strike>删</strike>` +
      `<font size="5" face="黑体" color="#ff0000">字</font><span style="background-color: rgb(255, 255, 0);">底</span></p>` +
      `<blockquote>引用</blockquote><ol><li>一</li></ol><ul><li>二</li></ul>` +
      `<table><tbody><tr><td>格</td></tr></tbody></table><a href="https://example.com" target="_blank">链</a>` +
      `<img src="/api/oos/file/1/x/a.png?exp=1&amp;sig=2" alt="图"><video src="/api/oos/file/1/x/b.mp4" controls="" width="640"></video>`;
    const out = sanitizeHtml(html);
    for (const part of ["<h2>标题</h2>", 'style="text-align: center"', "<b>粗</b>", "<strike>删</strike>", 'face="黑体"', 'color="#ff0000"', "background-color: rgb(255, 255, 0)", "<blockquote>", "<ol>", "<td>格</td>", 'href="https://example.com"', 'rel="noopener noreferrer nofollow"', 'src="/api/oos/file/1/x/a.png?exp=1&amp;sig=2"', "<video", "controls"]) {
      expect(out).toContain(part);
    }
  });

  it("drops unsafe style values and unknown elements but keeps their text", () => {
    expect(sanitizeHtml(`<p style="color: red; background-image: url(javascript:x); position: fixed">t</p>`)).toBe('<p style="color: red">t</p>');
    expect(sanitizeHtml(`<marquee>走马灯</marquee>`)).toBe("走马灯");
  });

  it("safeUrl refuses scripts and data", () => {
    expect(safeUrl("https://a.cn")).toBe(true);
    expect(safeUrl("/api/oos/file/x")).toBe(true);
    expect(safeUrl(" java\tscript:alert(1)")).toBe(false);
    expect(safeUrl("data:text/html,x")).toBe(false);
  });

  it("is the one sanitiser: articles' figures and captions stay, and the preview opens every link in a new window", () => {
    const html = `<figure align="center"><img src="/a.png" title="图"><figcaption>说明<small>小字</small></figcaption></figure><a href="https://e.cn" target="_self">链</a>`;
    expect(sanitizeHtml(html)).toBe(
      `<figure align="center"><img src="/a.png" title="图"><figcaption>说明<small>小字</small></figcaption></figure><a href="https://e.cn" rel="noopener noreferrer nofollow">链</a>`,
    );
    expect(sanitizeHtml(html, { newWindow: true })).toContain(`<a href="https://e.cn" target="_blank" rel="noopener noreferrer">链</a>`);
    expect(sanitizeHtml(`<img src="data:image/png;base64,AAAA">`, { newWindow: true })).toBe("<img>");
  });
});

