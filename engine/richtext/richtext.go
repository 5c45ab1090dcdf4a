// Package richtext makes the HTML of rich-text fields safe to store and to
// show: every richtext value a client sends is passed through a bluemonday
// policy before validation, so scripts, event handlers, javascript: links and
// foreign frames never reach the database, whatever the editor sent.
package richtext

import (
	"regexp"
	"sync"

	"github.com/microcosm-cc/bluemonday"

	"xiangzhi/engine/schema"
)

var (
	once   sync.Once
	policy *bluemonday.Policy
)

// Policy is the policy for rich text: bluemonday's user-generated-content
// policy plus what the editor's toolbar produces (text alignment, colours,
// font sizes and faces, tables, images and HTML5 video from the file service).
func Policy() *bluemonday.Policy {
	once.Do(func() {
		p := bluemonday.UGCPolicy()
		p.AllowStyles("text-align").Matching(regexp.MustCompile(`^(left|right|center|justify)$`)).Globally()
		p.AllowStyles("color", "background-color").Matching(regexp.MustCompile(`^(#[0-9a-fA-F]{3,8}|rgba?\([0-9., %]+\)|[a-z]+)$`)).Globally()
		p.AllowStyles("font-size").Matching(regexp.MustCompile(`^[0-9.]+(px|pt|em|rem|%)$`)).Globally()
		p.AllowStyles("font-family").Matching(regexp.MustCompile(`^[\p{L}\p{N} ,'"-]+$`)).Globally()
		p.AllowStyles("text-decoration").MatchingEnum("underline", "line-through", "none").Globally()
		p.AllowElements("video", "source", "font", "u", "s")
		p.AllowAttrs("controls", "width", "height", "poster").OnElements("video")
		p.AllowAttrs("src", "type").OnElements("source")
		p.AllowAttrs("src").OnElements("video")
		p.AllowAttrs("color", "size", "face").OnElements("font")
		p.AllowURLSchemes("http", "https")
		p.RequireNoFollowOnLinks(true)
		p.AddTargetBlankToFullyQualifiedLinks(true)
		policy = p
	})
	return policy
}

// Sanitize returns rec with every richtext field (also inside children rows)
// passed through Policy. Other values are left as they are; rec is not
// changed.
func Sanitize(m *schema.Module, rec map[string]any) map[string]any {
	return sanitize(m.Fields, rec)
}

func sanitize(fields []schema.Field, rec map[string]any) map[string]any {
	out := make(map[string]any, len(rec))
	for k, v := range rec {
		out[k] = v
	}
	for i := range fields {
		f := &fields[i]
		v, ok := out[f.Name]
		if !ok {
			continue
		}
		switch f.Type {
		case schema.TypeRichText:
			if s, ok := v.(string); ok {
				out[f.Name] = Policy().Sanitize(s)
			}
		case schema.TypeChildren:
			rows, ok := v.([]any)
			if !ok {
				continue
			}
			clean := make([]any, len(rows))
			for j, r := range rows {
				if row, ok := r.(map[string]any); ok {
					clean[j] = sanitize(f.Fields, row)
				} else {
					clean[j] = r
				}
			}
			out[f.Name] = clean
		}
	}
	return out
}
