package schema

// Describe is the whole answer of GET {api}/schema: the module's identity
// and switches, its permission codes, the record JSON Schema, the uiSchema,
// the list configuration, the declared fields and the dictionaries its
// fields use ({type: [{value, label}]}). Map keys marshal sorted, so the
// output is deterministic.
func Describe(m *Module, set *Set) map[string]any {
	stats := m.Stats
	if stats == nil {
		stats = []string{}
	}
	return map[string]any{
		"module": map[string]any{
			"name":        m.Name,
			"title":       m.Title,
			"description": m.Description,
			"api":         m.API,
			"permission":  m.Permission,
			"orgScoped":   m.OrgScoped,
			"export":      m.Export,
			"import":      m.Import,
			"codes":       m.Codes(),
			"status":      m.Status,
			"stats":       stats,
			"group":       m.Group,
			"icon":        m.Icon,
		},
		"jsonSchema": RecordSchema(m, set),
		"uiSchema":   UISchema(m),
		"list":       ListConfig(m, set),
		"fields":     m.Fields,
		"dicts":      usedDicts(m, set),
	}
}

// usedDicts are the dictionaries the module's fields (and its children's
// fields) use, with their items.
func usedDicts(m *Module, set *Set) map[string][]Option {
	out := map[string][]Option{}
	var walk func(fields []Field)
	walk = func(fields []Field) {
		for i := range fields {
			f := &fields[i]
			if f.Dict != "" {
				if opts := Choices(f, set); opts != nil {
					out[f.Dict] = opts
				}
			}
			walk(f.Fields)
		}
	}
	walk(m.Fields)
	return out
}
