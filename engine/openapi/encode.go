package openapi

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
)

// Encode writes the document as compact JSON with one entry per line at the
// first two levels (each path, each component): small on the wire and in the
// repository, yet a change to one route or module shows as a change to its
// own lines in a diff.
func Encode(doc map[string]any) ([]byte, error) {
	var b bytes.Buffer
	if err := encodeLevel(&b, doc, 0); err != nil {
		return nil, err
	}
	b.WriteByte('\n')
	return b.Bytes(), nil
}

// linesDepth is how many levels of objects put each entry on its own line:
// the document's keys, its paths and component kinds, and each path or
// component.
const linesDepth = 3

func encodeLevel(b *bytes.Buffer, v any, depth int) error {
	m, ok := v.(map[string]any)
	if !ok || depth >= linesDepth || len(m) == 0 {
		return compact(b, v)
	}
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	})
	indent := strings.Repeat(" ", depth)
	b.WriteString("{\n")
	for i, k := range keys {
		b.WriteString(indent + " ")
		if err := compact(b, k); err != nil {
			return err
		}
		b.WriteByte(':')
		if err := encodeLevel(b, m[k], depth+1); err != nil {
			return err
		}
		if i < len(keys)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString(indent + "}")
	return nil
}

// compact writes v as compact JSON without HTML escaping.
func compact(b *bytes.Buffer, v any) error {
	var one bytes.Buffer
	enc := json.NewEncoder(&one)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	b.Write(bytes.TrimSuffix(one.Bytes(), []byte("\n")))
	return nil
}
