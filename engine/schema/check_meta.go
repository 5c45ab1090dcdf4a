package schema

import (
	"fmt"
	"slices"
	"strings"

	"github.com/xeipuuv/gojsonschema"

	"xiangzhi/engine/msg"
)

// errorRank orders gojsonschema error types: when one key has several
// problems only the most telling one is reported.
var errorRank = map[string]int{
	"required": 0, "additional_property_not_allowed": 1, "invalid_type": 2,
	"invalid_property_name": 3, "enum": 4, "const": 5, "pattern": 6,
}

// metaCheck validates the doc against one of the meta-schemas and turns
// every failure into a LoadError at the line of the key concerned.
func (d *doc) metaCheck(name string) []*LoadError {
	schemas, err := metaSchemas()
	if err != nil {
		return []*LoadError{{File: d.file, Problem: err.Error()}}
	}
	res, err := schemas[name].Validate(gojsonschema.NewGoLoader(d.value()))
	if err != nil {
		return []*LoadError{{File: d.file, Problem: err.Error()}}
	}
	type found struct {
		rank int
		err  *LoadError
	}
	best := map[string]found{}
	var order []string
	// A bad key under propertyNames also yields a pattern failure on the
	// mapping itself; the key's own report says it better.
	badKeys := map[string]bool{}
	for _, re := range res.Errors() {
		if re.Type() == "invalid_property_name" {
			badKeys[re.Context().String()+"\x00"+fmt.Sprint(re.Details()["property"])] = true
		}
	}
	for _, re := range res.Errors() {
		if re.Type() == "pattern" && badKeys[re.Context().String()+"\x00"+fmt.Sprint(re.Value())] {
			continue
		}
		path := contextPath(re.Context())
		switch re.Type() {
		case "required", "additional_property_not_allowed", "invalid_property_name":
			path = append(path, fmt.Sprint(re.Details()["property"]))
		}
		key := strings.Join(path, "\x00")
		rank, ok := errorRank[re.Type()]
		if !ok {
			rank = len(errorRank)
		}
		if b, seen := best[key]; seen && b.rank <= rank {
			continue
		} else if !seen {
			order = append(order, key)
		}
		best[key] = found{rank, d.at(path, metaProblem(name, re, path))}
	}
	out := make([]*LoadError, 0, len(order))
	for _, k := range order {
		out = append(out, best[k].err)
	}
	return out
}

// contextPath splits a gojsonschema context ("(root).fields.0.type") into
// its steps, without the root.
func contextPath(c *gojsonschema.JsonContext) []string {
	if c == nil {
		return nil
	}
	const sep = "\x1f" // keys may hold dots; they never hold this
	parts := strings.Split(c.String(sep), sep)
	return parts[1:]
}

// metaProblem is the Chinese text of one meta-schema failure. Most come from
// the Chinese gojsonschema locale; pattern failures on well-known keys and
// type failures get texts that say what to write instead.
func metaProblem(schemaName string, re gojsonschema.ResultError, path []string) string {
	switch re.Type() {
	case "invalid_type":
		d := re.Details()
		return strings.NewReplacer("{{.expected}}", typeNames(fmt.Sprint(d["expected"])),
			"{{.given}}", typeNames(fmt.Sprint(d["given"]))).Replace(msg.JSONSchemaInvalidType)
	case "invalid_property_name":
		if slices.Equal(parentOf(path), []string{"status", "values"}) {
			return msg.SchemaBadStatusValue
		}
	case "pattern":
		if text := patternProblem(schemaName, path); text != "" {
			return text
		}
	}
	return re.Description()
}

func parentOf(path []string) []string {
	if len(path) == 0 {
		return nil
	}
	return path[:len(path)-1]
}

// patternProblem explains the pattern a well-known key must match.
func patternProblem(schemaName string, path []string) string {
	if len(path) == 0 {
		return ""
	}
	if schemaName != ModuleMetaSchema {
		return msg.SchemaBadKey // type, name and parent in _dicts.yaml and _menus.yaml
	}
	last := path[len(path)-1]
	if len(path) >= 2 && path[len(path)-2] == "accept" {
		return msg.SchemaBadExtension
	}
	if len(path) >= 2 && path[len(path)-2] == "stats" {
		return msg.SchemaLowerCamel
	}
	switch last {
	case "name", "field", "ref", "display", "section":
		return msg.SchemaLowerCamel
	case "api":
		return msg.SchemaBadAPI
	case "permission":
		return msg.SchemaBadCode
	case "table":
		return msg.SchemaBadTable
	case "dict", "group":
		return msg.SchemaBadKey
	case "sort":
		return msg.SchemaBadListSort
	case "maxSize":
		return msg.SchemaBadMaxSize
	}
	return ""
}

// typeNames translates a JSON type, or a bracketed list of them, to Chinese.
func typeNames(s string) string {
	names := map[string]string{
		"string": msg.JSONSchemaTypeString, "integer": msg.JSONSchemaTypeInteger,
		"number": msg.JSONSchemaTypeNumber, "boolean": msg.JSONSchemaTypeBoolean,
		"object": msg.JSONSchemaTypeObject, "array": msg.JSONSchemaTypeArray, "null": msg.JSONSchemaTypeNull,
	}
	parts := strings.Split(strings.Trim(s, "[]"), ",")
	for i, p := range parts {
		if n, ok := names[p]; ok {
			parts[i] = n
		}
	}
	return strings.Join(parts, msg.JSONSchemaTypeOr)
}
