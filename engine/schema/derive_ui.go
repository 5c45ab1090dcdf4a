package schema

import "slices"

// UISchema derives the react-jsonschema-form uiSchema of the module's form:
// "ui:order" (fields without a section first, then each section in the
// order sections lists them, each in declaration order, then the status
// field and "*"), and per field "ui:widget" (from the Widgets registry),
// "ui:title" (the label) and "ui:options" (placeholder, help, dict, ref,
// display, accept, maxCount, maxSize, mask, section, readonly). The common
// read-only keys and the references' display values are hidden. The root
// "ui:options" lists the sections with their titles; a children field
// carries the uiSchema of its rows in "items" (the row id hidden).
func UISchema(m *Module) map[string]any {
	ui := fieldsUI(m.Fields, m.Sections)
	order := ui["ui:order"].([]string)
	if sf := m.StatusField(); sf != nil {
		ui[sf.Name] = fieldUI(sf)
		order = append(order, sf.Name)
	}
	ui["ui:order"] = append(order, "*")
	for _, k := range append(slices.Clone(ReadOnlyKeys), LabelsKey) {
		ui[k] = map[string]any{"ui:widget": "hidden"}
	}
	if len(m.Sections) > 0 {
		ui["ui:options"] = map[string]any{"sections": m.Sections}
	}
	return ui
}

// fieldsUI is the uiSchema of a field list with its ui:order.
func fieldsUI(fields []Field, sections []Section) map[string]any {
	ui := map[string]any{}
	var order []string
	for i := range fields {
		f := &fields[i]
		ui[f.Name] = fieldUI(f)
		if f.Section == "" {
			order = append(order, f.Name)
		}
	}
	for _, s := range sections {
		for _, f := range fields {
			if f.Section == s.Name {
				order = append(order, f.Name)
			}
		}
	}
	ui["ui:order"] = order
	return ui
}

// fieldUI is the uiSchema of one field.
func fieldUI(f *Field) map[string]any {
	widget := f.FormWidget()
	if f.Hidden {
		widget = "hidden"
	}
	opts := map[string]any{}
	set := func(k string, v any, ok bool) {
		if ok {
			opts[k] = v
		}
	}
	set("placeholder", f.Placeholder, f.Placeholder != "")
	set("help", f.Help, f.Help != "")
	set("patternMessage", f.PatternMsg, f.PatternMsg != "")
	set("dict", f.Dict, f.Dict != "")
	set("ref", f.Ref, f.Ref != "")
	set("display", f.Display, f.Display != "")
	set("accept", f.Accept, len(f.Accept) > 0)
	set("maxCount", f.MaxItems(), f.MaxItems() > 0)
	set("maxSize", f.MaxSize, f.MaxSize != "")
	set("mask", f.Mask, f.Mask != "")
	set("section", f.Section, f.Section != "")
	set("readonly", true, f.ReadOnly)
	if f.Type == TypeDecimal {
		prec, scale := f.Digits()
		opts["precision"], opts["scale"] = prec, scale
	}
	ui := map[string]any{"ui:widget": widget, "ui:title": f.Label}
	if len(opts) > 0 {
		ui["ui:options"] = opts
	}
	if f.Type == TypeChildren {
		items := fieldsUI(f.Fields, nil)
		items["ui:order"] = append(items["ui:order"].([]string), "*")
		items["id"] = map[string]any{"ui:widget": "hidden"}
		ui["items"] = items
	}
	return ui
}
