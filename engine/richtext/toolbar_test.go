package richtext

import (
	"strings"
	"testing"
)

// TestPolicyKeepsToolbarOutput feeds the policy what the console editor's
// execCommand toolbar produces (ui/src/widgets/richtext) and checks it is
// kept: headings, font elements, colour spans, alignment, quotes, lists,
// tables, links, images and videos from the file service.
func TestPolicyKeepsToolbarOutput(t *testing.T) {
	kept := []string{
		"<h1>一级</h1>", "<h4>四级</h4>",
		"<b>粗</b>", "<i>斜</i>", "<u>下</u>", "<strike>删</strike>",
		`<font size="5">大</font>`, `<font face="黑体">黑</font>`, `<font color="#ff0000">红</font>`,
		`<span style="background-color: rgb(255, 255, 0)">底</span>`,
		`<div style="text-align: center">中</div>`,
		"<blockquote>引</blockquote>", "<ol><li>一</li></ol>", "<ul><li>二</li></ul>",
		"<table><tbody><tr><td>格</td></tr></tbody></table>",
		`<img src="/api/oos/file/1/article/2024/05/01/ab.png?exp=1&amp;sig=2" alt="图">`,
		`<video src="/api/oos/file/1/article/2024/05/01/cd.mp4" controls="" width="640"></video>`,
	}
	for _, html := range kept {
		if got := Policy().Sanitize(html); got != html {
			t.Errorf("Sanitize(%s) = %s", html, got)
		}
	}
	link := Policy().Sanitize(`<a href="https://example.com/a">链接</a>`)
	if !strings.Contains(link, `href="https://example.com/a"`) || !strings.Contains(link, "nofollow") {
		t.Errorf("link = %s", link)
	}
	if got := Policy().Sanitize(`<a href="javascript:alert(1)">x</a><img src=x onerror="alert(1)">`); strings.Contains(got, "javascript") || strings.Contains(got, "onerror") {
		t.Errorf("unsafe link or handler kept: %s", got)
	}
}
