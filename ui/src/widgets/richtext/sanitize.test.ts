import { describe, expect, it } from "vitest";
import { safeUrl, sanitizeHtml } from "./sanitize";
import { CN } from "../../test/chinese";

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
      `<h2>${CN.title}</h2><p style="text-align: center;"><b>${CN.boldText}</b><i>${CN.italic}</i><u>${CN.under}</u><strike>${CN.strike}</strike>` +
      `<font size="5" face="${CN.heiti}" color="#ff0000">${CN.character}</font><span style="background-color: rgb(255, 255, 0);">${CN.background}</span></p>` +
      `<blockquote>${CN.quote}</blockquote><ol><li>${CN.one}</li></ol><ul><li>${CN.two}</li></ul>` +
      `<table><tbody><tr><td>${CN.cell}</td></tr></tbody></table><a href="https://example.com" target="_blank">${CN.linkText}</a>` +
      `<img src="/api/oos/file/1/x/a.png?exp=1&amp;sig=2" alt="${CN.picture}"><video src="/api/oos/file/1/x/b.mp4" controls="" width="640"></video>`;
    const out = sanitizeHtml(html);
    for (const part of [`<h2>${CN.title}</h2>`, 'style="text-align: center"', `<b>${CN.boldText}</b>`, `<strike>${CN.strike}</strike>`, `face="${CN.heiti}"`, 'color="#ff0000"', "background-color: rgb(255, 255, 0)", "<blockquote>", "<ol>", `<td>${CN.cell}</td>`, 'href="https://example.com"', 'rel="noopener noreferrer nofollow"', 'src="/api/oos/file/1/x/a.png?exp=1&amp;sig=2"', "<video", "controls"]) {
      expect(out).toContain(part);
    }
  });

  it("drops unsafe style values and unknown elements but keeps their text", () => {
    expect(sanitizeHtml(`<p style="color: red; background-image: url(javascript:x); position: fixed">t</p>`)).toBe('<p style="color: red">t</p>');
    expect(sanitizeHtml(`<marquee>${CN.marquee}</marquee>`)).toBe(CN.marquee);
  });

  it("safeUrl refuses scripts and data", () => {
    expect(safeUrl("https://a.cn")).toBe(true);
    expect(safeUrl("/api/oos/file/x")).toBe(true);
    expect(safeUrl(" java\tscript:alert(1)")).toBe(false);
    expect(safeUrl("data:text/html,x")).toBe(false);
  });

  it("is the one sanitiser: articles' figures and captions stay, and the preview opens every link in a new window", () => {
    const html = `<figure align="center"><img src="/a.png" title="${CN.picture}"><figcaption>${CN.note}<small>${CN.smallText}</small></figcaption></figure><a href="https://e.cn" target="_self">${CN.linkText}</a>`;
    expect(sanitizeHtml(html)).toBe(
      `<figure align="center"><img src="/a.png" title="${CN.picture}"><figcaption>${CN.note}<small>${CN.smallText}</small></figcaption></figure><a href="https://e.cn" rel="noopener noreferrer nofollow">${CN.linkText}</a>`,
    );
    expect(sanitizeHtml(html, { newWindow: true })).toContain(`<a href="https://e.cn" target="_blank" rel="noopener noreferrer">${CN.linkText}</a>`);
    expect(sanitizeHtml(`<img src="data:image/png;base64,AAAA">`, { newWindow: true })).toBe("<img>");
  });
});

