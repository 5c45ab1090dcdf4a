package schema

import (
	"bytes"
	"encoding/json"
)

// ApplyDefaults fills, in a new record, the fields that rec leaves out (or
// sends as null) with their declared default, and does the same inside every
// children row. Values come as JSON decoding gives them (json.Number for
// numbers), the form the validator and the store read. rec is not changed.
func ApplyDefaults(m *Module, rec map[string]any) map[string]any {
	return applyDefaults(m.Fields, rec)
}

func applyDefaults(fields []Field, rec map[string]any) map[string]any {
	out := make(map[string]any, len(rec)+len(fields))
	for k, v := range rec {
		out[k] = v
	}
	for i := range fields {
		f := &fields[i]
		v, present := out[f.Name]
		if f.Type == TypeChildren {
			if rows, ok := v.([]any); ok {
				filled := make([]any, len(rows))
				for j, r := range rows {
					if row, ok := r.(map[string]any); ok {
						filled[j] = applyDefaults(f.Fields, row)
					} else {
						filled[j] = r
					}
				}
				out[f.Name] = filled
			}
			continue
		}
		if f.Default == nil || (present && v != nil) {
			continue
		}
		if d, ok := jsonValue(f.Default); ok {
			out[f.Name] = d
		}
	}
	return out
}

// jsonValue turns a value decoded from YAML into the value JSON decoding
// with UseNumber would give for it.
func jsonValue(v any) (any, bool) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var out any
	if err := dec.Decode(&out); err != nil {
		return nil, false
	}
	return out, true
}
