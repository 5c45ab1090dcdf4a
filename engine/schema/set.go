package schema

import (
	"strings"
	"unicode"
)

// Dict is one code table from _dicts.yaml: a type key, a title and its items.
type Dict struct {
	Type  string   `yaml:"type" json:"type"`
	Title string   `yaml:"title" json:"title"`
	Items []Option `yaml:"items" json:"items"`
}

// Group is one menu group from _menus.yaml.
type Group struct {
	Name   string `yaml:"name" json:"name"`
	Title  string `yaml:"title" json:"title"`
	Icon   string `yaml:"icon,omitempty" json:"icon,omitempty"`
	Order  int    `yaml:"order,omitempty" json:"order,omitempty"`
	Parent string `yaml:"parent,omitempty" json:"parent,omitempty"`
}

// DesignerDir is the folder the form designer's modules are loaded under
// (their File is DesignerDir/<name>.yaml); no schemas tree has it.
const DesignerDir = "designer"

// Set is everything loaded from one schemas tree: modules, dictionaries and
// menu groups, already validated and cross-checked.
type Set struct {
	Modules []*Module
	Dicts   map[string]*Dict
	Groups  []Group
	// Dashboards are the files of the dashboards folder (dashboard.go).
	Dashboards []*Dashboard
	// Catalogues are the translation files of the i18n folder by locale
	// (i18n_load.go); Catalogue(locale) is what the console receives.
	Catalogues map[string]*Catalogue
	// Failed names the modules whose files have problems and were left
	// out; the key "" stands for a file whose module name could not be
	// read (a YAML syntax error before its name:). A module neither in
	// Modules nor in Failed was removed.
	Failed map[string]bool
}

// Module returns the module with the given name, or nil.
func (s *Set) Module(name string) *Module {
	for _, m := range s.Modules {
		if m.Name == name {
			return m
		}
	}
	return nil
}

// DefaultPageSize is the list page size when a module does not set one.
const DefaultPageSize = 10

// TableName is the SQL table that holds the module's rows.
func (m *Module) TableName() string {
	if m.Table != "" {
		return m.Table
	}
	return "mod_" + SnakeCase(m.Name)
}

// ChildTableName is the SQL table that holds the rows of a children field.
func (m *Module) ChildTableName(f *Field) string {
	return m.TableName() + "__" + SnakeCase(f.Name)
}

// StatusTableName is the table shared by all modules for status transitions.
const StatusTableName = "xz_status_history"

// Field returns the field with the given name, or nil.
func (m *Module) Field(name string) *Field {
	for i := range m.Fields {
		if m.Fields[i].Name == name {
			return &m.Fields[i]
		}
	}
	return nil
}

// Code returns the permission code for an operation on the module, such as
// "onlineVillage.handicapped.add".
func (m *Module) Code(op string) string { return m.Permission + "." + op }

// Codes lists every permission code the module declares: the standard
// operations, export and import when switched on, and one per status action
// (an action's own permission when it names one).
func (m *Module) Codes() []string {
	codes := []string{m.Code("list"), m.Code("view"), m.Code("add"), m.Code("edit"), m.Code("del")}
	if m.Export {
		codes = append(codes, m.Code("export"))
	}
	if m.Import {
		codes = append(codes, m.Code("import"))
	}
	if m.Status != nil {
		for _, a := range m.Status.Actions {
			codes = append(codes, m.ActionCode(a))
		}
	}
	if m.Workflow != nil {
		codes = append(codes, m.Code(SubmitOp))
	}
	return codes
}

// SubmitOp is the operation of submitting a record to its module's
// workflow: its code is <permission>.submit.
const SubmitOp = "submit"

// ActionCode is the permission code a status action requires.
func (m *Module) ActionCode(a Action) string {
	if a.Permission != "" {
		return a.Permission
	}
	return m.Code(a.Name)
}

// Column is the SQL column name of a field: its name in snake case.
func (f *Field) Column() string { return SnakeCase(f.Name) }

// Stored reports whether the field has a column in the module table
// (children live in their own table).
func (f *Field) Stored() bool { return f.Type != TypeChildren }

// SnakeCase turns a lower-camel name into snake case: applyDate → apply_date,
// idCard → id_card, houseSiteCrood → house_site_crood.
func SnakeCase(s string) string {
	var b strings.Builder
	rs := []rune(s)
	for i, r := range rs {
		if unicode.IsUpper(r) {
			if i > 0 && (unicode.IsLower(rs[i-1]) || unicode.IsDigit(rs[i-1]) ||
				(i+1 < len(rs) && unicode.IsLower(rs[i+1]))) {
				b.WriteByte('_')
			}
			b.WriteRune(unicode.ToLower(r))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
