package schema

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"xiangzhi/engine/msg"
)

// ReservedNames are the API names of the common columns every module table
// has. No field, and no status field, may take one of them, nor a name whose
// column (snake case) is one of theirs.
var ReservedNames = []string{
	"id", "tenantId", "orgId", "orgPath", "createdBy", "createdAt",
	"updatedBy", "updatedAt", "deletedAt", "version", "history",
}

// ReadOnlyKeys are the common keys a record read from the API carries. A
// submitted record may echo them back: the validator accepts and ignores
// them (the store sets them), as it does the status field.
var ReadOnlyKeys = []string{
	"id", "orgId", "createdBy", "createdAt", "updatedBy", "updatedAt", "version", "history",
}

// LabelsKey is the record key of the display values of a record's
// references, {field: {id: label}}, which the module API's list and get
// answers carry (engine/crud). Like ReadOnlyKeys, it is read-only and
// hidden in forms; the API drops it from a submitted record.
const LabelsKey = "_labels"

// Widgets is the registry of form widgets the console implements. A field's
// default widget follows its type; a field may name another with widget:.
var Widgets = []string{
	"text", "textarea", "richtext", "select", "multiSelect", "radio", "date", "datetime",
	"idcard", "mobile", "email", "refSelect", "image", "images", "file", "files", "video",
	"mapPoint", "mapCircle", "mapPolygon", "mapLand", "json", "children", "switch", "number", "hidden",
}

// LandCategories are the land categories a mapLand polygon may belong to
// (spec §3, map land categories).
var LandCategories = []any{
	"houseSiteCrood", "idleHousingCrood", "ploughCrood", "collectiveConstructionCrood",
	"qualityPloughCrood", "perpetualPloughCrood", "forestCrood", "unusedGroundCrood",
}

// MaxCircleRadius bounds the radius of a circle (metres).
const MaxCircleRadius = 100000

// Defaults the reference documents.
const (
	DefaultStringMaxLength   = 255
	DefaultTextMaxLength     = 2000
	DefaultRichTextMaxLength = 1 << 20 // characters, about 1 MB
	DefaultIDCardMaxLength   = 18
	DefaultMobileMaxLength   = 11
	DefaultEmailMaxLength    = 40
	DefaultURLMaxLength      = 1024 // image, file, video and each item of images, files
	DefaultMaxCount          = 9    // images
	DefaultFileMaxCount      = 3    // files (spec §5: the file list's limit)
	DefaultPrecision         = 18
	DefaultScale             = 2
	MaxPrecision             = 30
)

// The operator sets of each filter, as criteria operator names (query.Op).
var (
	opsEquals   = []string{"equals", "notEquals", "in", "notIn", "specified"}
	opsContains = append(slices.Clone(opsEquals), "contains", "doesNotContain")
	opsRange    = append(slices.Clone(opsEquals), "greaterThan", "lessThan", "greaterThanOrEqual", "lessThanOrEqual")
)

// Operators lists the criteria operators the field's filter allows, by
// name (the values of query.Op): equals and in allow equals, notEquals, in,
// notIn and specified; contains adds contains and doesNotContain; range adds
// greaterThan, lessThan, greaterThanOrEqual and lessThanOrEqual. A field
// without a filter allows none.
func (f *Field) Operators() []string {
	switch f.Filter {
	case FilterEquals, FilterIn:
		return slices.Clone(opsEquals)
	case FilterContains:
		return slices.Clone(opsContains)
	case FilterRange:
		return slices.Clone(opsRange)
	}
	return nil
}

// typeSet is a set of field types.
type typeSet map[FieldType]bool

func types(ts ...FieldType) typeSet {
	s := typeSet{}
	for _, t := range ts {
		s[t] = true
	}
	return s
}

// Capabilities of the field types.
var (
	textLike    = types(TypeString, TypeText, TypeIDCard, TypeMobile, TypeEmail)
	orderedType = types(TypeInt, TypeDecimal, TypeDate, TypeDateTime)
	noFilter    = types(TypeChildren, TypeJSON, TypeRichText, TypeFiles, TypeImages, TypeGeoPoint, TypeGeoPolygon)
	noSort      = types(TypeChildren, TypeJSON, TypeRichText, TypeFiles, TypeImages, TypeGeoPoint,
		TypeGeoPolygon, TypeText, TypeImage, TypeFile, TypeVideo)
	uniqueType = types(TypeString, TypeInt, TypeDecimal, TypeDate, TypeDateTime, TypeEnum, TypeRef,
		TypeIDCard, TypeMobile, TypeEmail)
	fileType  = types(TypeImage, TypeImages, TypeFile, TypeFiles, TypeVideo)
	statsType = types(TypeEnum, TypeBool, TypeDate, TypeDateTime)
)

// Filterable reports whether the field's type may be filtered on.
func (f *Field) Filterable() bool { return !noFilter[f.Type] }

// Sortable reports whether the field's type may be sorted on.
func (f *Field) Sortable() bool { return !noSort[f.Type] && !f.Multiple }

// IntEnum reports whether an enum holds integers: it has inline options and
// every option value is an integer. Dictionary enums hold strings.
func (f *Field) IntEnum() bool {
	if f.Type != TypeEnum || f.Dict != "" || len(f.Options) == 0 {
		return false
	}
	for _, o := range f.Options {
		if _, ok := intValue(o.Value); !ok {
			return false
		}
	}
	return true
}

// MaxLen is the longest text the field accepts, in characters: maxLength
// when set, else the type's default; 0 for types that are not text.
func (f *Field) MaxLen() int {
	if f.MaxLength > 0 {
		return f.MaxLength
	}
	switch f.Type {
	case TypeString:
		return DefaultStringMaxLength
	case TypeText:
		return DefaultTextMaxLength
	case TypeRichText:
		return DefaultRichTextMaxLength
	case TypeIDCard:
		return DefaultIDCardMaxLength
	case TypeMobile:
		return DefaultMobileMaxLength
	case TypeEmail:
		return DefaultEmailMaxLength
	case TypeImage, TypeFile, TypeVideo:
		return DefaultURLMaxLength
	}
	return 0
}

// Digits are a decimal's precision (total digits) and scale (digits after
// the point). The loader fills in the defaults, 18 and 2, when a file omits
// them; a zero precision here (a module built in Go) also means 18.
func (f *Field) Digits() (precision, scale int) {
	precision = f.Precision
	if precision == 0 {
		precision = DefaultPrecision
	}
	return precision, f.Scale
}

// MaxItems is how many images or files the field holds at most: maxCount
// when set, else 9 images or 3 files. It is 0 for other types.
func (f *Field) MaxItems() int {
	if f.Type != TypeImages && f.Type != TypeFiles {
		return 0
	}
	if f.MaxCount > 0 {
		return f.MaxCount
	}
	if f.Type == TypeFiles {
		return DefaultFileMaxCount
	}
	return DefaultMaxCount
}

// MaxSizeBytes is the size limit per file that maxSize states (1 KB = 1024
// bytes), or 0 when the field states none and the upload default applies.
func (f *Field) MaxSizeBytes() int64 {
	s := strings.ReplaceAll(strings.ToUpper(f.MaxSize), " ", "")
	mult := int64(1)
	switch {
	case strings.HasSuffix(s, "GB"):
		mult, s = 1<<30, strings.TrimSuffix(s, "GB")
	case strings.HasSuffix(s, "MB"):
		mult, s = 1<<20, strings.TrimSuffix(s, "MB")
	case strings.HasSuffix(s, "KB"):
		mult, s = 1<<10, strings.TrimSuffix(s, "KB")
	default:
		s = strings.TrimSuffix(s, "B")
	}
	n, err := strconv.ParseFloat(s, 64)
	if err != nil || n <= 0 {
		return 0
	}
	return int64(n * float64(mult))
}

// DefaultWidget is the form widget of a field when it names none.
func (f *Field) DefaultWidget() string {
	switch f.Type {
	case TypeString:
		return "text"
	case TypeText:
		return "textarea"
	case TypeInt, TypeDecimal:
		return "number"
	case TypeBool:
		return "switch"
	case TypeEnum:
		if f.Multiple {
			return "multiSelect"
		}
		return "select"
	case TypeRef:
		return "refSelect"
	case TypeGeoPoint:
		return "mapPoint"
	case TypeGeoPolygon:
		return "mapPolygon"
	}
	return string(f.Type) // richtext, date, datetime, image(s), file(s), video, idcard, mobile, email, json, children
}

// FormWidget returns the field's form widget: the one it names, else the type's.
func (f *Field) FormWidget() string {
	if f.Widget != "" {
		return f.Widget
	}
	return f.DefaultWidget()
}

// StatusField is the status pseudo-field of a module with a workflow: an int
// enum whose options are the status values in ascending order, filterable
// with equals and in, sortable and listed. It is nil without a status.
func (m *Module) StatusField() *Field {
	st := m.Status
	if st == nil {
		return nil
	}
	label := st.Label
	if label == "" {
		label = msg.CommonStatus
	}
	f := &Field{Name: st.Field, Label: label, Type: TypeEnum, Filter: FilterEquals, Sort: true,
		List: true, ReadOnly: true, Default: st.Initial}
	for _, k := range st.valueKeys() {
		f.Options = append(f.Options, Option{Value: k, Label: st.Values[k]})
	}
	return f
}

// valueKeys are the status values in ascending order.
func (st *Status) valueKeys() []int {
	keys := make([]int, 0, len(st.Values))
	for k := range st.Values {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	return keys
}

// CommonFields are the read-only common columns as pseudo-fields, so that the
// query parser and the store treat them like declared fields: id (int, range,
// sortable), orgId (ref org), createdBy and updatedBy (ref user), createdAt
// and updatedAt (datetime, range, sortable), version (int, not filterable),
// and the status field when the module declares a status.
func CommonFields(m *Module) []Field {
	fs := []Field{
		{Name: "id", Label: msg.CommonID, Type: TypeInt, Filter: FilterRange, Sort: true, ReadOnly: true},
		{Name: "orgId", Label: msg.CommonOrg, Type: TypeRef, Ref: RefOrg, Filter: FilterEquals, ReadOnly: true},
		{Name: "createdBy", Label: msg.CommonCreatedBy, Type: TypeRef, Ref: RefUser, Filter: FilterEquals, ReadOnly: true},
		{Name: "createdAt", Label: msg.CommonCreatedAt, Type: TypeDateTime, Filter: FilterRange, Sort: true, ReadOnly: true},
		{Name: "updatedBy", Label: msg.CommonUpdatedBy, Type: TypeRef, Ref: RefUser, Filter: FilterEquals, ReadOnly: true},
		{Name: "updatedAt", Label: msg.CommonUpdatedAt, Type: TypeDateTime, Filter: FilterRange, Sort: true, ReadOnly: true},
		{Name: "version", Label: msg.CommonVersion, Type: TypeInt, ReadOnly: true},
	}
	if sf := m.StatusField(); sf != nil {
		fs = append(fs, *sf)
	}
	return fs
}

// intValue reads a value as an integer the way YAML or JSON decoding may
// have typed it.
func intValue(v any) (int64, bool) {
	switch x := v.(type) {
	case int:
		return int64(x), true
	case int64:
		return x, true
	case int32:
		return int64(x), true
	case uint64:
		return int64(x), x <= 1<<63-1
	case float64:
		if x == float64(int64(x)) {
			return int64(x), true
		}
	}
	return 0, false
}

// HoldsFiles reports whether the field's values are stored files (image,
// images, file, files, video).
func (f *Field) HoldsFiles() bool { return fileType[f.Type] }
