package crud

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/xuri/excelize/v2"

	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
)

// column is one column of an exported or imported workbook: a field and how
// its values turn into cells and back.
type column struct {
	f       *schema.Field
	options []schema.Option // enum choices (inline or from the dictionary)
	status  bool            // the status pseudo-field: exported, never imported
}

// notTabular are the field types that do not fit a spreadsheet cell.
var notTabular = map[schema.FieldType]bool{
	schema.TypeRichText: true, schema.TypeImage: true, schema.TypeImages: true,
	schema.TypeFile: true, schema.TypeFiles: true, schema.TypeVideo: true,
	schema.TypeGeoPoint: true, schema.TypeGeoPolygon: true, schema.TypeJSON: true,
	schema.TypeChildren: true,
}

// exportColumns are the module's tabular fields in declaration order, then
// the status field when the module has a workflow.
func exportColumns(m *schema.Module, set *schema.Set) []column {
	var cols []column
	for i := range m.Fields {
		f := &m.Fields[i]
		if notTabular[f.Type] || f.Hidden {
			continue
		}
		cols = append(cols, column{f: f, options: optionsOf(f, set)})
	}
	if sf := m.StatusField(); sf != nil {
		cols = append(cols, column{f: sf, options: sf.Options, status: true})
	}
	return cols
}

// importColumns are the export columns a file may fill: not the status
// field and no read-only field.
func importColumns(m *schema.Module, set *schema.Set) []column {
	var cols []column
	for _, c := range exportColumns(m, set) {
		if !c.status && !c.f.ReadOnly {
			cols = append(cols, c)
		}
	}
	return cols
}

// optionsOf lists an enum field's choices: its inline options or its
// dictionary's items.
func optionsOf(f *schema.Field, set *schema.Set) []schema.Option {
	if f.Type != schema.TypeEnum {
		return nil
	}
	if f.Dict != "" && set != nil {
		if d := set.Dicts[f.Dict]; d != nil {
			return d.Items
		}
	}
	return f.Options
}

// key is the text form of a choice value, so 1, int64(1), "1" and
// json.Number("1") all match.
func key(v any) string {
	switch t := v.(type) {
	case string: // what fmt.Sprint gives, without its copy (every label of a page is one)
		return t
	case int64:
		return strconv.FormatInt(t, 10)
	case float64:
		return strconv.FormatFloat(t, 'f', -1, 64)
	case json.Number:
		return t.String()
	}
	return fmt.Sprint(v)
}

// cell turns a record value into what the spreadsheet shows: labels for
// choices, 是/否 for yes/no, dates as text, numbers as numbers.
func (c column) cell(v any) any {
	if v == nil {
		return nil
	}
	if list, ok := v.([]any); ok {
		parts := make([]string, 0, len(list))
		for _, item := range list {
			parts = append(parts, key(c.cell(item)))
		}
		return strings.Join(parts, msg.ValueListSeparator)
	}
	switch c.f.Type {
	case schema.TypeEnum:
		k := key(v)
		for _, o := range c.options {
			if key(o.Value) == k {
				return o.Label
			}
		}
		return k
	case schema.TypeBool:
		if b, ok := v.(bool); ok {
			if b {
				return msg.BoolTrue
			}
			return msg.BoolFalse
		}
	case schema.TypeDate:
		if t, ok := v.(time.Time); ok {
			return t.Format(schema.DateLayout)
		}
	case schema.TypeDateTime:
		if t, ok := v.(time.Time); ok {
			return t.Local().Format(schema.DateTimeLayout)
		}
	case schema.TypeInt, schema.TypeDecimal, schema.TypeRef:
		if n, ok := v.(json.Number); ok {
			if f, err := n.Float64(); err == nil {
				return f
			}
		}
		if s, ok := v.(string); ok {
			if f, err := strconv.ParseFloat(s, 64); err == nil {
				return f
			}
		}
	}
	return v
}

// cellError is a cell that cannot be read for its field.
type cellError struct{ message string }

// value turns cell text into the value a JSON body would carry for the
// field (json.Number for numbers), the reverse of cell. A choice may be
// given by label or by code, several separated by 、 , or ，.
func (c column) value(text string) (any, *cellError) {
	text = strings.TrimSpace(text)
	bad := &cellError{fmt.Sprintf(msg.BadCell, c.f.Label, text)}
	if c.f.Multiple && (c.f.Type == schema.TypeEnum || c.f.Type == schema.TypeRef) {
		var out []any
		for _, part := range splitList(text) {
			single := c
			single.f = &schema.Field{Type: c.f.Type, Label: c.f.Label}
			v, err := single.value(part)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	}
	switch c.f.Type {
	case schema.TypeInt, schema.TypeRef:
		f, err := strconv.ParseFloat(text, 64)
		if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
			return nil, bad
		}
		return json.Number(strconv.FormatInt(int64(f), 10)), nil
	case schema.TypeDecimal:
		if _, err := strconv.ParseFloat(text, 64); err != nil {
			return nil, bad
		}
		return json.Number(text), nil
	case schema.TypeBool:
		switch strings.ToLower(text) {
		case msg.BoolTrue, "true", "1", "y", "yes":
			return true, nil
		case msg.BoolFalse, "false", "0", "n", "no":
			return false, nil
		}
		return nil, bad
	case schema.TypeDate:
		t, ok := parseCellTime(text)
		if !ok {
			return nil, bad
		}
		return t.Format(schema.DateLayout), nil
	case schema.TypeDateTime:
		t, ok := parseCellTime(text)
		if !ok {
			return nil, bad
		}
		return t.Format(schema.DateTimeLayout), nil
	case schema.TypeEnum:
		for _, o := range c.options {
			if o.Label == text || key(o.Value) == text {
				return jsonValue(o.Value), nil
			}
		}
		return nil, &cellError{fmt.Sprintf(msg.UnknownOption, c.f.Label, text)}
	}
	return text, nil
}

// jsonValue is an option value as a JSON body carries it.
func jsonValue(v any) any {
	switch t := v.(type) {
	case int:
		return json.Number(strconv.Itoa(t))
	case int64:
		return json.Number(strconv.FormatInt(t, 10))
	case float64:
		return json.Number(strconv.FormatFloat(t, 'f', -1, 64))
	}
	return v
}

func splitList(s string) []string {
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == msg.ListSeparator || r == ',' || r == msg.FullWidthComma })
	out := parts[:0]
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// cellLayouts are the ways people write dates and times in cells.
var cellLayouts = []string{
	"2006-01-02 15:04:05", "2006-01-02 15:04", "2006-01-02T15:04:05", "2006-01-02",
	"2006/1/2 15:04:05", "2006/1/2 15:04", "2006/1/2", "2006-1-2", "2006.1.2", msg.DateLayout, "20060102",
}

// parseCellTime reads a date or date-time cell: an Excel serial number (a
// date-formatted cell read raw) or one of cellLayouts, in local time.
func parseCellTime(s string) (time.Time, bool) {
	if f, err := strconv.ParseFloat(s, 64); err == nil && !strings.Contains(s, "-") && len(s) != 8 {
		t, err := excelize.ExcelDateToTime(f, false)
		return t, err == nil && f > 0
	}
	for _, layout := range cellLayouts {
		if t, err := time.ParseInLocation(layout, s, time.Local); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}
