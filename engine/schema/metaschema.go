package schema

import (
	"embed"
	"fmt"
	"sync"

	"github.com/xeipuuv/gojsonschema"
)

// metaFS holds the meta-schemas. docs/schema/ holds the published copies;
// a test keeps both identical.
//
//go:embed metaschema/*.json
var metaFS embed.FS

// Names of the embedded meta-schemas, as published under docs/schema/.
const (
	ModuleMetaSchema = "module.schema.json"
	DictsMetaSchema  = "dicts.schema.json"
	MenusMetaSchema  = "menus.schema.json"
)

// MetaSchema returns the text of one embedded meta-schema (ModuleMetaSchema,
// DictsMetaSchema or MenusMetaSchema), so that the server can publish it to
// editors.
func MetaSchema(name string) ([]byte, error) {
	b, err := metaFS.ReadFile("metaschema/" + name)
	if err != nil {
		return nil, fmt.Errorf("meta-schema %s: %w", name, err)
	}
	return b, nil
}

// metaSchemas are the compiled meta-schemas, built once.
var metaSchemas = sync.OnceValues(func() (map[string]*gojsonschema.Schema, error) {
	setupJSONSchema()
	out := map[string]*gojsonschema.Schema{}
	for _, name := range []string{ModuleMetaSchema, DictsMetaSchema, MenusMetaSchema} {
		b, err := MetaSchema(name)
		if err != nil {
			return nil, err
		}
		s, err := gojsonschema.NewSchema(gojsonschema.NewBytesLoader(b))
		if err != nil {
			return nil, fmt.Errorf("compile meta-schema %s: %w", name, err)
		}
		out[name] = s
	}
	return out, nil
})
