package schema

import (
	"bytes"
	"fmt"
	"reflect"

	"gopkg.in/yaml.v3"
)

// Render writes a module as its YAML file, the form designer's way back
// from the model (docs/designer.md). Parsing the result gives the same
// module. With a base (the module's YAML so far), the module is written
// into it: keys already there keep their place, their style and their
// comments; list items with a name (fields, sections, actions, steps) are
// matched by name and follow the module's order; new keys go after the key
// the module puts before them; keys the module no longer has go. Rendering
// a module into its own rendering gives the same bytes.
func Render(m *Module, base []byte) ([]byte, error) {
	gen, err := moduleNode(m)
	if err != nil {
		return nil, err
	}
	root := &yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{gen}}
	if len(bytes.TrimSpace(base)) > 0 {
		var b yaml.Node
		if err := yaml.Unmarshal(base, &b); err == nil && b.Kind == yaml.DocumentNode && len(b.Content) == 1 &&
			b.Content[0].Kind == yaml.MappingNode {
			b.Content[0] = mergeNode(b.Content[0], gen)
			root = &b
		}
	}
	var out bytes.Buffer
	enc := yaml.NewEncoder(&out)
	enc.SetIndent(2)
	if err := enc.Encode(root); err != nil {
		return nil, fmt.Errorf("render module %s: %w", m.Name, err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("render module %s: %w", m.Name, err)
	}
	return out.Bytes(), nil
}

// moduleNode encodes m the way a module file declares it: the status a
// workflow gives is left out, a decimal's scale is written even when 0
// (an omitted one means 2).
func moduleNode(m *Module) (*yaml.Node, error) {
	c := *m
	if c.Workflow != nil {
		c.Status = nil
	}
	var n yaml.Node
	if err := n.Encode(&c); err != nil {
		return nil, fmt.Errorf("render module %s: %w", m.Name, err)
	}
	if fields := childAt(&n, "fields"); fields != nil {
		decimalKeys(fields, c.Fields)
	}
	return &n, nil
}

// decimalKeys writes precision and scale on every decimal field under seq.
func decimalKeys(seq *yaml.Node, fields []Field) {
	for i, f := range fields {
		if i >= len(seq.Content) {
			return
		}
		item := seq.Content[i]
		if f.Type == TypeDecimal {
			for _, kv := range []struct {
				key string
				val int
			}{{"precision", f.Precision}, {"scale", f.Scale}} {
				if childAt(item, kv.key) == nil {
					item.Content = append(item.Content,
						&yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: kv.key},
						&yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: fmt.Sprint(kv.val)})
				}
			}
		}
		if sub := childAt(item, "fields"); sub != nil {
			decimalKeys(sub, f.Fields)
		}
	}
}

// mergeNode writes gen into base, keeping what base says the same way.
func mergeNode(base, gen *yaml.Node) *yaml.Node {
	switch {
	case base.Kind == yaml.MappingNode && gen.Kind == yaml.MappingNode:
		return mergeMapping(base, gen)
	case base.Kind == yaml.SequenceNode && gen.Kind == yaml.SequenceNode:
		return mergeSequence(base, gen)
	case base.Kind == yaml.ScalarNode && gen.Kind == yaml.ScalarNode && sameScalar(base, gen):
		return base
	}
	gen.HeadComment, gen.LineComment, gen.FootComment = base.HeadComment, base.LineComment, base.FootComment
	return gen
}

// mergeMapping keeps base's keys that gen has, in base's order, merged;
// a key only gen has goes right after the key gen puts before it.
func mergeMapping(base, gen *yaml.Node) *yaml.Node {
	genVal := map[string]*yaml.Node{}
	for i := 0; i+1 < len(gen.Content); i += 2 {
		genVal[gen.Content[i].Value] = gen.Content[i+1]
	}
	var out []*yaml.Node
	at := map[string]bool{}
	for i := 0; i+1 < len(base.Content); i += 2 {
		k := base.Content[i]
		if g, ok := genVal[k.Value]; ok {
			out = append(out, k, mergeNode(base.Content[i+1], g))
			at[k.Value] = true
		}
	}
	prev := ""
	for i := 0; i+1 < len(gen.Content); i += 2 {
		k := gen.Content[i].Value
		if !at[k] {
			pos := 0 // after prev, or first
			if prev != "" {
				for j := 0; j+1 < len(out); j += 2 {
					if out[j].Value == prev {
						pos = j + 2
						break
					}
				}
			}
			out = append(out[:pos], append([]*yaml.Node{gen.Content[i], gen.Content[i+1]}, out[pos:]...)...)
			at[k] = true
		}
		prev = k
	}
	base.Content = out
	return base
}

// mergeSequence follows gen's items: items with a name are matched with
// base's item of that name, others by position.
func mergeSequence(base, gen *yaml.Node) *yaml.Node {
	byName := map[string]*yaml.Node{}
	for _, it := range base.Content {
		if name := itemName(it); name != "" {
			byName[name] = it
		}
	}
	out := make([]*yaml.Node, len(gen.Content))
	for i, g := range gen.Content {
		var b *yaml.Node
		if name := itemName(g); name != "" {
			b = byName[name]
		} else if i < len(base.Content) && itemName(base.Content[i]) == "" {
			b = base.Content[i]
		}
		if b != nil {
			out[i] = mergeNode(b, g)
		} else {
			out[i] = g
		}
	}
	base.Content = out
	return base
}

// itemName is the name (or type) of a mapping list item, or "".
func itemName(n *yaml.Node) string {
	if n.Kind != yaml.MappingNode {
		return ""
	}
	if v := scalarAt(n, "name"); v != "" {
		return v
	}
	return ""
}

// sameScalar reports whether two scalars hold the same value (numbers
// compare by value: 1.0 is 1).
func sameScalar(a, b *yaml.Node) bool {
	var va, vb any
	if a.Decode(&va) != nil || b.Decode(&vb) != nil {
		return a.Value == b.Value && a.ShortTag() == b.ShortTag()
	}
	if fa, ok := number(va); ok {
		fb, ok := number(vb)
		return ok && fa == fb
	}
	return reflect.DeepEqual(va, vb)
}

func number(v any) (float64, bool) {
	switch x := v.(type) {
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case uint64:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}
