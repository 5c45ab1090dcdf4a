package schema

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPublishedMetaSchemas keeps docs/schema/ identical to the embedded
// copies.
func TestPublishedMetaSchemas(t *testing.T) {
	for _, name := range []string{ModuleMetaSchema, DictsMetaSchema, MenusMetaSchema} {
		t.Run(name, func(t *testing.T) {
			embedded, err := MetaSchema(name)
			if err != nil {
				t.Fatal(err)
			}
			published, err := os.ReadFile("../../docs/schema/" + name)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(embedded, published) {
				t.Errorf("docs/schema/%s differs from engine/schema/metaschema/%s: copy one over the other", name, name)
			}
		})
	}
}

// metaDoc decodes one meta-schema.
func metaDoc(t *testing.T, name string) map[string]any {
	t.Helper()
	b, err := MetaSchema(name)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return doc
}

// dig walks nested maps by keys.
func dig(v any, keys ...string) any {
	for _, k := range keys {
		m, _ := v.(map[string]any)
		v = m[k]
	}
	return v
}

func strs(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// yamlKeys lists the yaml keys of a struct type.
func yamlKeys(v any) []string {
	var out []string
	rt := reflect.TypeOf(v)
	for i := range rt.NumField() {
		tag, _, _ := strings.Cut(rt.Field(i).Tag.Get("yaml"), ",")
		if tag != "" && tag != "-" {
			out = append(out, tag)
		}
	}
	slices.Sort(out)
	return out
}

func propKeys(v any) []string {
	var out []string
	for k := range v.(map[string]any) {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestMetaSchemaMatchesTypes keeps the meta-schema's keys and enums in step
// with the Go types a file decodes into.
func TestMetaSchemaMatchesTypes(t *testing.T) {
	mod := metaDoc(t, ModuleMetaSchema)
	dicts := metaDoc(t, DictsMetaSchema)
	menus := metaDoc(t, MenusMetaSchema)
	objects := []struct {
		name  string
		props any
		typ   any
	}{
		{"module", dig(mod, "properties"), Module{}},
		{"field", dig(mod, "definitions", "field", "properties"), Field{}},
		{"option", dig(mod, "definitions", "option", "properties"), Option{}},
		{"section", dig(mod, "definitions", "section", "properties"), Section{}},
		{"status", dig(mod, "definitions", "status", "properties"), Status{}},
		{"action", dig(mod, "definitions", "action", "properties"), Action{}},
		{"list", dig(mod, "definitions", "list", "properties"), List{}},
		{"dict", dig(dicts, "items", "properties"), Dict{}},
		{"dict item", dig(dicts, "items", "properties", "items", "items", "properties"), Option{}},
		{"group", dig(menus, "items", "properties"), Group{}},
	}
	for _, o := range objects {
		t.Run(o.name, func(t *testing.T) {
			if diff := cmp.Diff(yamlKeys(o.typ), propKeys(o.props)); diff != "" {
				t.Errorf("keys (-Go +meta-schema):\n%s", diff)
			}
		})
	}
	var types []string
	for _, ft := range FieldTypes {
		types = append(types, string(ft))
	}
	enums := []struct {
		name string
		got  any
		want []string
	}{
		{"field type", dig(mod, "definitions", "field", "properties", "type", "enum"), types},
		{"filter", dig(mod, "definitions", "field", "properties", "filter", "enum"),
			[]string{string(FilterEquals), string(FilterContains), string(FilterRange), string(FilterIn)}},
		{"comment", dig(mod, "definitions", "action", "properties", "comment", "enum"),
			[]string{string(CommentNone), string(CommentOptional), string(CommentRequired)}},
		{"widget", dig(mod, "definitions", "field", "properties", "widget", "enum"), Widgets},
	}
	for _, e := range enums {
		if diff := cmp.Diff(e.want, strs(e.got)); diff != "" {
			t.Errorf("%s enum (-Go +meta-schema):\n%s", e.name, diff)
		}
	}
}

// TestMetaSchemaAdditionalProperties checks that every object of the
// meta-schemas refuses unknown keys.
func TestMetaSchemaAdditionalProperties(t *testing.T) {
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case map[string]any:
			if x["type"] == "object" && x["additionalProperties"] != false && !strings.HasSuffix(path, "/status/values") {
				t.Errorf("%s: object without additionalProperties: false", path)
			}
			for k, c := range x {
				p := path
				if k != "properties" && k != "definitions" && k != "items" {
					p += "/" + k
				}
				walk(p, c)
			}
		case []any:
			for _, c := range x {
				walk(path, c)
			}
		}
	}
	for _, name := range []string{ModuleMetaSchema, DictsMetaSchema, MenusMetaSchema} {
		walk(name, metaDoc(t, name))
	}
}
