package richtext

import (
	"strings"
	"testing"

	"xiangzhi/engine/schema"
)

func TestSanitizeRemovesStoredXSS(t *testing.T) {
	m := &schema.Module{Fields: []schema.Field{
		{Name: "content", Type: schema.TypeRichText},
		{Name: "title", Type: schema.TypeString},
		{Name: "notes", Type: schema.TypeChildren, Fields: []schema.Field{{Name: "body", Type: schema.TypeRichText}}},
	}}
	vectors := []struct {
		name, in string
		banned   []string
		kept     []string
	}{
		{"script tag", `<p>通知</p><script>alert(1)</script>`, []string{"<script", "alert(1)"}, []string{"<p>通知</p>"}},
		{"event handler", `<img src="https://x/a.png" onerror="alert(1)">`, []string{"onerror"}, []string{`src="https://x/a.png"`}},
		{"javascript link", `<a href="javascript:alert(1)">点我</a>`, []string{"javascript:"}, []string{"点我"}},
		{"iframe", `<iframe src="https://evil"></iframe>正文`, []string{"<iframe"}, []string{"正文"}},
		{"svg onload", `<svg onload=alert(1)><circle/></svg>`, []string{"onload", "<svg"}, nil},
		{"style expression", `<p style="width:expression(alert(1))">x</p>`, []string{"expression"}, []string{"x"}},
		{"data url image", `<img src="data:text/html;base64,PHNjcmlwdD4=">`, []string{"data:text/html"}, nil},
		{"editor formatting survives", `<p style="text-align:center"><strong>加粗</strong><span style="color:#ff0000">红字</span></p><table><tr><td>格</td></tr></table>`,
			nil, []string{`text-align: center`, "<strong>加粗</strong>", `color: #ff0000`, "<td>格</td>"}},
		{"video from the file service", `<video controls src="https://files/a.mp4"></video>`, nil, []string{"<video", "controls"}},
	}
	for _, v := range vectors {
		t.Run(v.name, func(t *testing.T) {
			rec := map[string]any{"content": v.in, "title": v.in, "notes": []any{map[string]any{"body": v.in}}}
			got := Sanitize(m, rec)
			for _, s := range []string{got["content"].(string), got["notes"].([]any)[0].(map[string]any)["body"].(string)} {
				for _, b := range v.banned {
					if strings.Contains(s, b) {
						t.Errorf("sanitised %q still holds %q", s, b)
					}
				}
				for _, k := range v.kept {
					if !strings.Contains(s, k) {
						t.Errorf("sanitised %q lost %q", s, k)
					}
				}
			}
			if got["title"] != v.in {
				t.Error("a plain string field was changed; only richtext is sanitised")
			}
			if rec["content"] != v.in {
				t.Error("Sanitize changed its input")
			}
		})
	}
}
