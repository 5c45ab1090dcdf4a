// Package schema holds the module schema language: the types a module file
// decodes into, the loader that validates files against the meta-schema, and
// the derivations (record JSON Schema, uiSchema, list configuration) that the
// rest of the engine and the console are driven by.
//
// Its files fall in four groups, named by prefix:
//
//   - the model: module.go (the types), set.go (a loaded tree and naming),
//     fieldrules.go (what each field type allows), formats.go, defaults.go,
//     errors.go;
//   - loading and checking: load.go (the tree), load_yaml.go (YAML nodes and
//     lines), load_dicts.go (_dicts.yaml, _menus.yaml), check_meta.go (the
//     meta-schema), check_module.go (one module), check_refs.go (across
//     modules), lint.go, metaschema.go;
//   - derivation: derive_record.go (record JSON Schema), derive_ui.go
//     (uiSchema), derive_list.go (list configuration), derive_describe.go
//     (the GET {api}/schema answer);
//   - record validation: validate.go, validate_msg.go, validate_locale.go.
package schema

// FieldType names the kind of value a field holds.
type FieldType string

// The field types a module file may use.
const (
	TypeString     FieldType = "string"
	TypeText       FieldType = "text"
	TypeRichText   FieldType = "richtext"
	TypeInt        FieldType = "int"
	TypeDecimal    FieldType = "decimal"
	TypeBool       FieldType = "bool"
	TypeDate       FieldType = "date"
	TypeDateTime   FieldType = "datetime"
	TypeEnum       FieldType = "enum"
	TypeRef        FieldType = "ref"
	TypeImage      FieldType = "image"
	TypeImages     FieldType = "images"
	TypeFile       FieldType = "file"
	TypeFiles      FieldType = "files"
	TypeVideo      FieldType = "video"
	TypeGeoPoint   FieldType = "geoPoint"
	TypeGeoPolygon FieldType = "geoPolygon"
	TypeIDCard     FieldType = "idcard"
	TypeMobile     FieldType = "mobile"
	TypeEmail      FieldType = "email"
	TypeJSON       FieldType = "json"
	TypeChildren   FieldType = "children"
)

// FieldTypes lists every field type, in the order the reference documents them.
var FieldTypes = []FieldType{
	TypeString, TypeText, TypeRichText, TypeInt, TypeDecimal, TypeBool, TypeDate, TypeDateTime,
	TypeEnum, TypeRef, TypeImage, TypeImages, TypeFile, TypeFiles, TypeVideo, TypeGeoPoint,
	TypeGeoPolygon, TypeIDCard, TypeMobile, TypeEmail, TypeJSON, TypeChildren,
}

// Filter names how a list may be filtered on a field.
type Filter string

// The filters a field may declare. Each one decides which criteria operators
// the list accepts for the field.
const (
	FilterEquals   Filter = "equals"   // equals, notEquals, in, notIn, specified
	FilterContains Filter = "contains" // the above plus contains, doesNotContain
	FilterRange    Filter = "range"    // the above plus greaterThan, lessThan, …OrEqual
	FilterIn       Filter = "in"       // equals, notEquals, in, notIn, specified
)

// Built-in ref targets that are system entities rather than modules.
const (
	RefUser = "user"
	RefOrg  = "org"
	RefGrid = "grid"
)

// Module is one business module as declared in a schema file.
type Module struct {
	Name        string `yaml:"name" json:"name"`
	Title       string `yaml:"title" json:"title"`
	Group       string `yaml:"group,omitempty" json:"group,omitempty"`
	Icon        string `yaml:"icon,omitempty" json:"icon,omitempty"`
	Order       int    `yaml:"order,omitempty" json:"order,omitempty"`
	Description string `yaml:"description,omitempty" json:"description,omitempty"`
	API         string `yaml:"api" json:"api"`
	Permission  string `yaml:"permission" json:"permission"`
	OrgScoped   bool   `yaml:"orgScoped,omitempty" json:"orgScoped,omitempty"`
	// ShareDown makes an orgScoped register reference data for the levels
	// below: a user also reads (and may reference) the records of the
	// organisations above their own — the township's hospitals, the county's
	// sites — while writing stays within their own data scope.
	ShareDown bool      `yaml:"shareDown,omitempty" json:"shareDown,omitempty"`
	Table     string    `yaml:"table,omitempty" json:"table,omitempty"`
	Fields    []Field   `yaml:"fields" json:"fields"`
	Sections  []Section `yaml:"sections,omitempty" json:"sections,omitempty"`
	Status    *Status   `yaml:"status,omitempty" json:"status,omitempty"`
	List      List      `yaml:"list,omitempty" json:"list"`
	Export    bool      `yaml:"export,omitempty" json:"export,omitempty"`
	Import    bool      `yaml:"import,omitempty" json:"import,omitempty"`
	Stats     []string  `yaml:"stats,omitempty" json:"stats,omitempty"`
	// Counted are the fields the set's dashboards group, measure or filter
	// this module by: set by the loader from the dashboard files, never read
	// from the module's file. With Stats they make the module's statistics
	// index (StatsColumns, docs/store.md § Statistics index).
	Counted []string `yaml:"-" json:"-"`

	// Workflow is the module's multi-step approval (workflow.go); it gives
	// the module its Status.
	Workflow *Workflow `yaml:"workflow,omitempty" json:"workflow,omitempty"`
	// I18n translates the module's own texts: locale → Chinese text →
	// translation (docs/schema.md "Translations"), for a module that has no
	// place in the shipped catalogues — one made in the form designer. A
	// text it leaves out falls back to the catalogues, then to Chinese.
	I18n map[string]map[string]string `yaml:"i18n,omitempty" json:"i18n,omitempty"`

	// Routes are extra paths the module answers with one of its generic
	// operations (routes.go): the call paths of spec §7.
	Routes []Route `yaml:"routes,omitempty" json:"routes,omitempty"`

	// Screens are console screens of the module beyond its list (pages a
	// Go part of the module serves, such as marking an exam's answers):
	// each gets a menu beside the module's, under its group.
	Screens []Screen `yaml:"screens,omitempty" json:"screens,omitempty"`

	// File is the path the module was loaded from, for messages.
	File string `yaml:"-" json:"-"`
}

// Screen is one of a module's own console screens: its menu opens url
// for the holders of the module's code of op (list, edit, an action...).
type Screen struct {
	Name  string `yaml:"name" json:"name"`
	Title string `yaml:"title" json:"title"`
	URL   string `yaml:"url" json:"url"`
	Op    string `yaml:"op" json:"op"`
	Icon  string `yaml:"icon,omitempty" json:"icon,omitempty"`
	Order int    `yaml:"order,omitempty" json:"order,omitempty"`
}

// Field is one field of a module (or of a children sub-record).
type Field struct {
	Name        string    `yaml:"name" json:"name"`
	Label       string    `yaml:"label" json:"label"`
	Type        FieldType `yaml:"type" json:"type"`
	Required    bool      `yaml:"required,omitempty" json:"required,omitempty"`
	Unique      bool      `yaml:"unique,omitempty" json:"unique,omitempty"`
	MaxLength   int       `yaml:"maxLength,omitempty" json:"maxLength,omitempty"`
	MinLength   int       `yaml:"minLength,omitempty" json:"minLength,omitempty"`
	Pattern     string    `yaml:"pattern,omitempty" json:"pattern,omitempty"`
	PatternMsg  string    `yaml:"patternMessage,omitempty" json:"patternMessage,omitempty"`
	Min         *float64  `yaml:"min,omitempty" json:"min,omitempty"`
	Max         *float64  `yaml:"max,omitempty" json:"max,omitempty"`
	Precision   int       `yaml:"precision,omitempty" json:"precision,omitempty"`
	Scale       int       `yaml:"scale,omitempty" json:"scale,omitempty"`
	Default     any       `yaml:"default,omitempty" json:"default,omitempty"`
	Dict        string    `yaml:"dict,omitempty" json:"dict,omitempty"`
	Options     []Option  `yaml:"options,omitempty" json:"options,omitempty"`
	Multiple    bool      `yaml:"multiple,omitempty" json:"multiple,omitempty"`
	Ref         string    `yaml:"ref,omitempty" json:"ref,omitempty"`
	Display     string    `yaml:"display,omitempty" json:"display,omitempty"`
	Accept      []string  `yaml:"accept,omitempty" json:"accept,omitempty"`
	MaxCount    int       `yaml:"maxCount,omitempty" json:"maxCount,omitempty"`
	MaxSize     string    `yaml:"maxSize,omitempty" json:"maxSize,omitempty"`
	List        bool      `yaml:"list,omitempty" json:"list,omitempty"`
	Filter      Filter    `yaml:"filter,omitempty" json:"filter,omitempty"`
	Sort        bool      `yaml:"sort,omitempty" json:"sort,omitempty"`
	Section     string    `yaml:"section,omitempty" json:"section,omitempty"`
	Placeholder string    `yaml:"placeholder,omitempty" json:"placeholder,omitempty"`
	Help        string    `yaml:"help,omitempty" json:"help,omitempty"`
	ReadOnly    bool      `yaml:"readOnly,omitempty" json:"readOnly,omitempty"`
	// AutoNumber, on a string field, makes the store number new records
	// <AutoNumber><yyyyMMdd>-<nnnn> (per tenant and day); the field is then
	// read-only.
	AutoNumber string `yaml:"autoNumber,omitempty" json:"autoNumber,omitempty"`
	Hidden     bool   `yaml:"hidden,omitempty" json:"hidden,omitempty"`
	Mask       string `yaml:"mask,omitempty" json:"mask,omitempty"`
	Widget     string `yaml:"widget,omitempty" json:"widget,omitempty"`
	Width      int    `yaml:"width,omitempty" json:"width,omitempty"`
	// Fields are the columns of a children sub-record (type children only).
	Fields []Field `yaml:"fields,omitempty" json:"fields,omitempty"`
}

// Option is one inline choice of an enum field.
type Option struct {
	Value any    `yaml:"value" json:"value"`
	Label string `yaml:"label" json:"label"`
	Color string `yaml:"color,omitempty" json:"color,omitempty"`
}

// Section groups fields on forms and detail pages.
type Section struct {
	Name  string `yaml:"name" json:"name"`
	Title string `yaml:"title" json:"title"`
}

// Status declares a module's workflow: the status field, its values, the
// initial value and the actions that move a record between values.
type Status struct {
	Field   string         `yaml:"field" json:"field"`
	Label   string         `yaml:"label,omitempty" json:"label,omitempty"`
	Values  map[int]string `yaml:"values" json:"values"`
	Initial int            `yaml:"initial" json:"initial"`
	Actions []Action       `yaml:"actions,omitempty" json:"actions,omitempty"`
}

// Comment says whether a status action asks for a comment.
type Comment string

// The comment modes of an action.
const (
	CommentNone     Comment = ""
	CommentOptional Comment = "optional"
	CommentRequired Comment = "required"
)

// Action is one status transition a user may perform.
type Action struct {
	Name       string  `yaml:"name" json:"name"`
	Label      string  `yaml:"label" json:"label"`
	From       []int   `yaml:"from" json:"from"`
	To         int     `yaml:"to" json:"to"`
	Permission string  `yaml:"permission,omitempty" json:"permission,omitempty"`
	Comment    Comment `yaml:"comment,omitempty" json:"comment,omitempty"`
	Confirm    string  `yaml:"confirm,omitempty" json:"confirm,omitempty"`
}

// List is a module's list-page configuration.
type List struct {
	Sort     string `yaml:"sort,omitempty" json:"sort,omitempty"`
	PageSize int    `yaml:"pageSize,omitempty" json:"pageSize,omitempty"`
}
