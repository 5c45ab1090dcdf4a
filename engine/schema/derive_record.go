package schema

import (
	"fmt"

	"xiangzhi/engine/msg"
)

// JSONSchemaDraft is the $schema of every record schema.
const JSONSchemaDraft = "http://json-schema.org/draft-07/schema#"

// RecordSchema derives the JSON Schema (draft-07) of the module's records.
// The browser renders and checks forms with it (react-jsonschema-form) and
// the server validator compiles the same schema, so both judge a record
// alike. Titles are the Chinese labels; every declared field is a property;
// required fields are listed in required; unknown keys are refused
// (additionalProperties false), except the common read-only keys and the
// status field, which are declared readOnly and ignored by the validator.
// set supplies dictionary items for dict enums; it may be nil.
//
// An absent key and a null value both mean "no value": the console leaves
// nulls out of form data, and the validator takes null on an optional field
// as clearing it.
func RecordSchema(m *Module, set *Set) map[string]any {
	props := map[string]any{}
	for i := range m.Fields {
		f := &m.Fields[i]
		props[f.Name] = fieldSchema(f, set)
	}
	for _, cf := range CommonFields(m) {
		if cf.Name == "version" || cf.Name == "id" {
			props[cf.Name] = map[string]any{"type": "integer", "title": cf.Label, "readOnly": true}
			continue
		}
		p := fieldSchema(&cf, set)
		p["readOnly"] = true
		props[cf.Name] = p
	}
	props["history"] = map[string]any{"type": "array", "title": msg.CommonHistory, "readOnly": true, "items": map[string]any{"type": "object"}}
	props[LabelsKey] = map[string]any{"type": "object", "title": msg.CommonLabels, "readOnly": true,
		"additionalProperties": map[string]any{"type": "object", "additionalProperties": map[string]any{"type": "string"}}}
	return map[string]any{
		"$schema":              JSONSchemaDraft,
		"title":                m.Title,
		"type":                 "object",
		"properties":           props,
		"required":             requiredNames(m.Fields),
		"additionalProperties": false,
	}
}

// requiredNames lists the required fields in declaration order.
func requiredNames(fields []Field) []string {
	out := []string{}
	for _, f := range fields {
		if f.Required {
			out = append(out, f.Name)
		}
	}
	return out
}

// fieldSchema is the JSON Schema of one field's value.
func fieldSchema(f *Field, set *Set) map[string]any {
	s := valueSchema(f, set)
	s["title"] = f.Label
	if f.Default != nil {
		s["default"] = f.Default
	}
	if f.ReadOnly {
		s["readOnly"] = true
	}
	if f.Required && s["type"] == "array" {
		s["minItems"] = 1
	}
	return s
}

// valueSchema is the type part of a field's schema.
func valueSchema(f *Field, set *Set) map[string]any {
	switch f.Type {
	case TypeString, TypeText, TypeRichText:
		s := map[string]any{"type": "string", "maxLength": f.MaxLen()}
		if f.MinLength > 0 {
			s["minLength"] = f.MinLength
		}
		if f.Pattern != "" {
			s["pattern"] = f.Pattern
		}
		return s
	case TypeIDCard:
		return map[string]any{"type": "string", "maxLength": f.MaxLen(), "format": FormatIDCard}
	case TypeMobile:
		return map[string]any{"type": "string", "maxLength": f.MaxLen(), "format": FormatMobile}
	case TypeEmail:
		return map[string]any{"type": "string", "maxLength": f.MaxLen(), "format": FormatEmail}
	case TypeInt, TypeDecimal:
		s := map[string]any{"type": "integer"}
		if f.Type == TypeDecimal {
			s["type"] = "number"
		}
		if f.Min != nil {
			s["minimum"] = *f.Min
		}
		if f.Max != nil {
			s["maximum"] = *f.Max
		}
		return s
	case TypeBool:
		return map[string]any{"type": "boolean"}
	case TypeDate:
		return map[string]any{"type": "string", "format": FormatDate}
	case TypeDateTime:
		return map[string]any{"type": "string", "format": FormatDateTimeCN,
			"pattern": `^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$`}
	case TypeEnum:
		return many(f, choiceSchema(f, set))
	case TypeRef:
		lowest := 1
		if f.Ref == RefOrg {
			lowest = 0 // the root organisation is 0
		}
		return many(f, map[string]any{"type": "integer", "minimum": lowest})
	case TypeImage, TypeFile, TypeVideo:
		return map[string]any{"type": "string", "maxLength": f.MaxLen()}
	case TypeImages, TypeFiles:
		return map[string]any{"type": "array", "maxItems": f.MaxItems(),
			"items": map[string]any{"type": "string", "maxLength": DefaultURLMaxLength}}
	case TypeGeoPoint:
		return geoPointSchema()
	case TypeGeoPolygon:
		return geoPolygonSchema()
	case TypeJSON:
		return map[string]any{"type": []string{"object", "array"}}
	case TypeChildren:
		return map[string]any{"type": "array", "items": childSchema(f, set)}
	}
	return map[string]any{}
}

// many wraps an item schema in a unique array when the field is multiple.
func many(f *Field, item map[string]any) map[string]any {
	if !f.Multiple {
		return item
	}
	return map[string]any{"type": "array", "items": item, "uniqueItems": true}
}

// choiceSchema is an enum's value: integer when every inline value is an
// integer, else string, with one {const, title} per choice (the oneOf form
// react-jsonschema-form renders as a select).
func choiceSchema(f *Field, set *Set) map[string]any {
	s := map[string]any{"type": "string"}
	if f.IntEnum() {
		s["type"] = "integer"
	}
	opts := Choices(f, set)
	if len(opts) == 0 {
		return s
	}
	one := make([]any, len(opts))
	for i, o := range opts {
		one[i] = map[string]any{"const": o.Value, "title": o.Label}
	}
	s["oneOf"] = one
	return s
}

// Choices are the options of an enum field: its inline options, or the items
// of its dictionary in set (values as strings). It is nil when the
// dictionary is not in set.
func Choices(f *Field, set *Set) []Option {
	if f.Dict == "" {
		return f.Options
	}
	if set == nil || set.Dicts[f.Dict] == nil {
		return nil
	}
	items := set.Dicts[f.Dict].Items
	out := make([]Option, len(items))
	for i, it := range items {
		out[i] = Option{Value: optionText(it.Value), Label: it.Label, Color: it.Color}
	}
	return out
}

// childSchema is the schema of one row of a children field: its fields and
// the row id, which an edited row carries.
func childSchema(f *Field, set *Set) map[string]any {
	props := map[string]any{"id": map[string]any{"type": "integer", "readOnly": true}}
	for i := range f.Fields {
		props[f.Fields[i].Name] = fieldSchema(&f.Fields[i], set)
	}
	return map[string]any{
		"type":                 "object",
		"properties":           props,
		"required":             requiredNames(f.Fields),
		"additionalProperties": false,
	}
}

// geoPointSchema is a point {lng, lat}, with a radius in metres when it is
// the centre of a circle (the mapCircle widget).
func geoPointSchema() map[string]any {
	return map[string]any{
		"type": "object",
		"properties": map[string]any{
			"lng":    map[string]any{"type": "number", "minimum": -180, "maximum": 180},
			"lat":    map[string]any{"type": "number", "minimum": -90, "maximum": 90},
			"radius": map[string]any{"type": "number", "minimum": 1, "maximum": MaxCircleRadius},
		},
		"required":             []string{"lng", "lat"},
		"additionalProperties": false,
	}
}

// geoPolygonSchema is a GeoJSON Polygon or MultiPolygon geometry with
// [lng, lat] positions, or a FeatureCollection of Polygon features whose
// properties say which land category each belongs to (the mapLand widget:
// category, color, parentId, selfId).
func geoPolygonSchema() map[string]any {
	position := map[string]any{"type": "array", "minItems": 2, "maxItems": 3, "items": []any{
		map[string]any{"type": "number", "minimum": -180, "maximum": 180},
		map[string]any{"type": "number", "minimum": -90, "maximum": 90},
		map[string]any{"type": "number"},
	}}
	ring := map[string]any{"type": "array", "minItems": 4, "items": position}
	polygon := map[string]any{"type": "array", "minItems": 1, "items": ring}
	geometry := func(kind string, coords map[string]any) map[string]any {
		return map[string]any{
			"type": "object",
			"properties": map[string]any{
				"type":        map[string]any{"const": kind},
				"coordinates": coords,
			},
			"required":             []string{"type", "coordinates"},
			"additionalProperties": false,
		}
	}
	feature := map[string]any{
		"type": "object",
		"properties": map[string]any{
			"type":       map[string]any{"const": "Feature"},
			"geometry":   geometry("Polygon", polygon),
			"properties": landProperties(),
		},
		"required":             []string{"type", "geometry", "properties"},
		"additionalProperties": false,
	}
	return map[string]any{
		"type": "object",
		"oneOf": []any{
			geometry("Polygon", polygon),
			geometry("MultiPolygon", map[string]any{"type": "array", "minItems": 1, "items": polygon}),
			map[string]any{
				"type": "object",
				"properties": map[string]any{
					"type":     map[string]any{"const": "FeatureCollection"},
					"features": map[string]any{"type": "array", "items": feature},
				},
				"required":             []string{"type", "features"},
				"additionalProperties": false,
			},
		},
	}
}

// landProperties are the properties of one categorised polygon: its land
// category (spec §3: houseSiteCrood … unusedGroundCrood), its colour, and
// the ids that tie it to the record and to itself.
func landProperties() map[string]any {
	short := func(n int) map[string]any { return map[string]any{"type": "string", "maxLength": n} }
	return map[string]any{
		"type": "object",
		"properties": map[string]any{
			"category": map[string]any{"enum": LandCategories},
			"color":    map[string]any{"type": "string", "pattern": "^#[0-9a-fA-F]{6}$"},
			"parentId": short(64),
			"selfId":   short(64),
		},
		"required":             []string{"category", "selfId"},
		"additionalProperties": false,
	}
}

// optionText is a dictionary value as the string it is stored as.
func optionText(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return fmt.Sprint(v)
}
