package schema

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"xiangzhi/engine/msg"
)

// doc is one parsed YAML file: its root node, kept so that every problem can
// be reported at the line of the key it is about.
type doc struct {
	file    string
	root    *yaml.Node
	nameKey string // the key that names the items of a list: "name", or "type" in _dicts.yaml
}

var yamlLineRE = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// syntaxError turns a yaml.v3 syntax error into its 1-based line and text.
// yaml.v3 reports the line of the context a problem was found in (where the
// mapping or list began), zero-based for its parser's problems — well.yaml:12
// for a bad key on line 13. The line of the problem itself is the first line
// at which the text stops parsing: found by parsing prefixes of the text,
// from the reported line on (a binary search: a prefix that fails keeps
// failing as lines are added, bar a flow collection closed later).
func syntaxError(data []byte, err error) (int, string) {
	text := err.Error()
	line := 0
	if m := yamlLineRE.FindStringSubmatch(text); m != nil {
		line, _ = strconv.Atoi(m[1])
		text = m[2]
	} else {
		text = strings.TrimPrefix(text, "yaml: ")
	}
	if parserProblems[text] {
		line++ // zero-based, or absent on the first line
	}
	ends := lineEnds(data)
	fails := func(k int) bool { // the first k lines do not parse
		var n yaml.Node
		return yaml.Unmarshal(data[:ends[k-1]], &n) != nil
	}
	lo, hi := max(line, 1), len(ends) // fails(hi) holds: the whole text fails
	if lo > hi || !fails(hi) {
		return line, text
	}
	for lo < hi {
		mid := (lo + hi) / 2
		if fails(mid) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo, text
}

// parserProblems are the problems yaml.v3's parser (not its scanner)
// reports: their line is zero-based.
var parserProblems = map[string]bool{
	"did not find expected <stream-start>":   true,
	"did not find expected <document start>": true,
	"did not find expected node content":     true,
	"did not find expected '-' indicator":    true,
	"did not find expected key":              true,
	"did not find expected ',' or ']'":       true,
	"did not find expected ',' or '}'":       true,
	"found undefined tag handle":             true,
	"found duplicate %YAML directive":        true,
	"found duplicate %TAG directive":         true,
	"found incompatible YAML document":       true,
}

// lineEnds lists, for each line of data, the offset just past it.
func lineEnds(data []byte) []int {
	var ends []int
	for i, c := range data {
		if c == '\n' {
			ends = append(ends, i+1)
		}
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		ends = append(ends, len(data))
	}
	return ends
}

// parseYAML parses data into a doc, reporting syntax errors, an empty file,
// duplicate keys and merge keys.
func parseYAML(file string, data []byte, nameKey string) (*doc, []*LoadError) {
	var n yaml.Node
	if err := yaml.Unmarshal(data, &n); err != nil {
		line, text := syntaxError(data, err)
		return nil, []*LoadError{{File: file, Line: line, Problem: fmt.Sprintf(msg.SchemaYAMLSyntax, text)}}
	}
	if n.Kind != yaml.DocumentNode || len(n.Content) == 0 {
		return nil, []*LoadError{{File: file, Line: 1, Problem: msg.SchemaEmptyFile}}
	}
	d := &doc{file: file, root: n.Content[0], nameKey: nameKey}
	var errs []*LoadError
	d.checkKeys(d.root, nil, &errs)
	return d, errs
}

// checkKeys reports duplicate keys, merge keys and keys that are not plain
// scalars anywhere under n.
func (d *doc) checkKeys(n *yaml.Node, path []string, errs *[]*LoadError) {
	n = resolve(n)
	switch n.Kind {
	case yaml.MappingNode:
		seen := map[string]int{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			p := append(slicesClip(path), k.Value)
			switch {
			case k.Kind != yaml.ScalarNode:
				*errs = append(*errs, &LoadError{File: d.file, Line: k.Line, Field: d.render(path), Problem: msg.SchemaNonScalarKey})
				continue
			case k.Tag == "!!merge":
				*errs = append(*errs, &LoadError{File: d.file, Line: k.Line, Field: d.render(path), Problem: msg.SchemaMergeKey})
				continue
			}
			if first, dup := seen[k.Value]; dup {
				*errs = append(*errs, &LoadError{File: d.file, Line: k.Line, Field: d.render(p),
					Problem: fmt.Sprintf(msg.SchemaDuplicateKey, first)})
				continue
			}
			seen[k.Value] = k.Line
			d.checkKeys(n.Content[i+1], p, errs)
		}
	case yaml.SequenceNode:
		for i, c := range n.Content {
			d.checkKeys(c, append(slicesClip(path), strconv.Itoa(i)), errs)
		}
	}
}

func slicesClip(s []string) []string { return s[:len(s):len(s)] }

// resolve follows aliases to the node they name.
func resolve(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

// value converts the doc into plain JSON-like Go values for the
// meta-schema: mappings become map[string]any with the keys as written,
// timestamps stay the text they were written as.
func (d *doc) value() any { return nodeValue(d.root) }

func nodeValue(n *yaml.Node) any {
	n = resolve(n)
	switch n.Kind {
	case yaml.MappingNode:
		m := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			m[n.Content[i].Value] = nodeValue(n.Content[i+1])
		}
		return m
	case yaml.SequenceNode:
		s := make([]any, len(n.Content))
		for i, c := range n.Content {
			s[i] = nodeValue(c)
		}
		return s
	case yaml.ScalarNode:
		var v any
		if err := n.Decode(&v); err != nil {
			return n.Value
		}
		if _, ok := v.(time.Time); ok {
			return n.Value
		}
		return v
	}
	return nil
}

// find walks path (mapping keys and sequence indexes) from the root. It
// returns the deepest node reached, the key node of the last mapping step
// taken (nil when the last step was an index), and whether the whole path
// was found.
func (d *doc) find(path []string) (node, key *yaml.Node, ok bool) {
	node = resolve(d.root)
	for _, seg := range path {
		switch node.Kind {
		case yaml.MappingNode:
			var next *yaml.Node
			for i := 0; i+1 < len(node.Content); i += 2 {
				if node.Content[i].Value == seg {
					key, next = node.Content[i], resolve(node.Content[i+1])
					break
				}
			}
			if next == nil {
				return node, key, false
			}
			node = next
		case yaml.SequenceNode:
			i, err := strconv.Atoi(seg)
			if err != nil || i < 0 || i >= len(node.Content) {
				return node, key, false
			}
			node, key = resolve(node.Content[i]), nil
		default:
			return node, key, false
		}
	}
	return node, key, true
}

// line is the line a problem at path is reported on: the line of the key
// the path ends in, the line of the list item it ends in, or, when the path
// does not exist (a missing key), the line of the deepest mapping reached.
func (d *doc) line(path []string) int {
	node, key, ok := d.find(path)
	if ok && key != nil {
		return key.Line
	}
	return node.Line
}

// render writes path for people: keys joined with dots, a list item by its
// name (the nameKey value) when it has one, else by its index in brackets:
// "fields.idCard.type", "status.actions.approve.to", "fields[3].label".
func (d *doc) render(path []string) string {
	var b strings.Builder
	node := resolve(d.root)
	for _, seg := range path {
		if node != nil && node.Kind == yaml.SequenceNode {
			i, err := strconv.Atoi(seg)
			if err == nil && i >= 0 && i < len(node.Content) {
				item := resolve(node.Content[i])
				if name := scalarAt(item, d.nameKey); name != "" {
					if b.Len() > 0 {
						b.WriteByte('.')
					}
					b.WriteString(name)
				} else {
					fmt.Fprintf(&b, "[%d]", i)
				}
				node = item
				continue
			}
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(seg)
		node = childAt(node, seg)
	}
	return b.String()
}

// at builds the LoadError for a problem at path.
func (d *doc) at(path []string, problem string) *LoadError {
	return &LoadError{File: d.file, Line: d.line(path), Field: d.render(path), Problem: problem}
}

// childAt is the value of key in a mapping node, or nil.
func childAt(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return resolve(n.Content[i+1])
		}
	}
	return nil
}

// scalarAt is the text of a scalar value under key in a mapping node, or "".
func scalarAt(n *yaml.Node, key string) string {
	c := childAt(n, key)
	if c == nil || c.Kind != yaml.ScalarNode {
		return ""
	}
	return c.Value
}
