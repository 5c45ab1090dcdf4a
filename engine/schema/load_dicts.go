package schema

import (
	"fmt"
	"strconv"

	"xiangzhi/engine/msg"
)

// parseDicts reads _dicts.yaml. Item values are kept as the text written
// ("01" stays "01"): dictionary values are strings. A dictionary with a
// problem is reported and left out; the others load.
func parseDicts(file string, data []byte) ([]*Dict, []*LoadError) {
	d, errs := parseYAML(file, data, "type")
	if d == nil || len(errs) > 0 {
		return nil, errs
	}
	if errs := d.metaCheck(DictsMetaSchema); len(errs) > 0 {
		return nil, errs
	}
	var dicts []*Dict
	if err := d.root.Decode(&dicts); err != nil {
		return nil, []*LoadError{{File: file, Problem: fmt.Sprintf(msg.SchemaYAMLSyntax, err)}}
	}
	var out []*Dict
	seen := map[string]bool{}
	for i, dict := range dicts {
		at := []string{strconv.Itoa(i)}
		if seen[dict.Type] {
			errs = append(errs, d.at(append(at, "type"), fmt.Sprintf(msg.SchemaDuplicateDict, dict.Type)))
			continue
		}
		seen[dict.Type] = true
		ok := true
		values := map[string]bool{}
		for j := range dict.Items {
			vp := []string{strconv.Itoa(i), "items", strconv.Itoa(j), "value"}
			n, _, _ := d.find(vp)
			dict.Items[j].Value = n.Value
			if values[n.Value] {
				errs = append(errs, d.at(vp, fmt.Sprintf(msg.SchemaDuplicateItem, n.Value)))
				ok = false
			}
			values[n.Value] = true
		}
		if ok {
			out = append(out, dict)
		}
	}
	return out, errs
}

// parseMenus reads _menus.yaml. A group with a problem (a repeated name, an
// unknown parent, a parent cycle) is reported and left out.
func parseMenus(file string, data []byte) ([]Group, []*LoadError) {
	d, errs := parseYAML(file, data, "name")
	if d == nil || len(errs) > 0 {
		return nil, errs
	}
	if errs := d.metaCheck(MenusMetaSchema); len(errs) > 0 {
		return nil, errs
	}
	var groups []Group
	if err := d.root.Decode(&groups); err != nil {
		return nil, []*LoadError{{File: file, Problem: fmt.Sprintf(msg.SchemaYAMLSyntax, err)}}
	}
	index := map[string]int{}
	bad := map[int]bool{}
	for i, g := range groups {
		if _, dup := index[g.Name]; dup {
			errs = append(errs, d.at([]string{strconv.Itoa(i), "name"}, fmt.Sprintf(msg.SchemaDuplicateGroup, g.Name)))
			bad[i] = true
			continue
		}
		index[g.Name] = i
	}
	for i, g := range groups {
		if bad[i] || g.Parent == "" {
			continue
		}
		if _, ok := index[g.Parent]; !ok {
			errs = append(errs, d.at([]string{strconv.Itoa(i), "parent"}, fmt.Sprintf(msg.SchemaUnknownParent, g.Parent)))
			bad[i] = true
			continue
		}
		// Follow the parents; coming back to g is a cycle.
		for p, steps := g.Parent, 0; p != "" && steps <= len(groups); steps++ {
			if p == g.Name {
				errs = append(errs, d.at([]string{strconv.Itoa(i), "parent"}, msg.SchemaParentCycle))
				bad[i] = true
				break
			}
			j, ok := index[p]
			if !ok {
				break
			}
			p = groups[j].Parent
		}
	}
	var out []Group
	for i, g := range groups {
		if !bad[i] {
			out = append(out, g)
		}
	}
	return out, errs
}
