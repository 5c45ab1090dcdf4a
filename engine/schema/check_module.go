package schema

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"xiangzhi/engine/msg"
)

// standardOps are the operation names of the standard permission codes; an
// action may not take one, or its code would be the same.
var standardOps = []string{"list", "view", "add", "edit", "del", "export", "import"}

// childReserved are the names a children row may not use: the common names
// and parentId, the column that ties a row to its record.
var childReserved = append(slices.Clone(ReservedNames), "parentId")

// sortableCommon are the common columns a list may always sort by.
var sortableCommon = []string{"id", "createdAt", "updatedAt"}

// keyTypes says which field types may use a type-specific key.
var keyTypes = []struct {
	key   string
	types typeSet
}{
	{"maxLength", types(TypeString, TypeText, TypeRichText, TypeEmail)},
	{"minLength", types(TypeString, TypeText, TypeRichText)},
	{"pattern", types(TypeString, TypeText)},
	{"patternMessage", types(TypeString, TypeText)},
	{"min", types(TypeInt, TypeDecimal)},
	{"max", types(TypeInt, TypeDecimal)},
	{"precision", types(TypeDecimal)},
	{"scale", types(TypeDecimal)},
	{"dict", types(TypeEnum)},
	{"options", types(TypeEnum)},
	{"multiple", types(TypeEnum, TypeRef)},
	{"ref", types(TypeRef)},
	{"display", types(TypeRef)},
	{"accept", fileType},
	{"maxSize", fileType},
	{"maxCount", types(TypeImages, TypeFiles)},
	{"fields", types(TypeChildren)},
	{"autoNumber", types(TypeString)},
	{"mask", types(TypeString, TypeText, TypeIDCard, TypeMobile, TypeEmail)},
}

// checker collects the problems of one module file.
type checker struct {
	d    *doc
	m    *Module
	errs []*LoadError
}

func (c *checker) add(path []string, format string, args ...any) {
	c.errs = append(c.errs, c.d.at(path, fmt.Sprintf(format, args...)))
}

// checkModule applies the rules that need nothing beyond the module file.
func checkModule(d *doc, m *Module) []*LoadError {
	c := &checker{d: d, m: m}
	if slices.Contains(reservedModules, m.Name) {
		c.add([]string{"name"}, msg.SchemaReservedModule, m.Name)
	}
	c.fields(m.Fields, []string{"fields"}, true)
	c.sections()
	c.status()
	c.workflow()
	c.listSort()
	c.stats()
	c.routes()
	c.screens()
	c.i18n()
	if m.ShareDown && !m.OrgScoped {
		c.add([]string{"shareDown"}, msg.SchemaShareDownUnscoped)
	}
	return c.errs
}

// at extends a path by more steps without sharing the backing array.
func at(path []string, steps ...string) []string {
	return append(slices.Clip(path), steps...)
}

// fields checks a field list: the module's (top) or a children field's.
func (c *checker) fields(fields []Field, path []string, top bool) {
	reserved := ReservedNames
	if !top {
		reserved = childReserved
	}
	names := map[string]bool{}
	cols := map[string]string{}
	for _, r := range reserved {
		cols[SnakeCase(r)] = r
	}
	for i := range fields {
		f := &fields[i]
		p := at(path, strconv.Itoa(i))
		switch other, clash := cols[f.Column()]; {
		case slices.Contains(reserved, f.Name):
			c.add(at(p, "name"), msg.SchemaReservedField, f.Name)
		case names[f.Name]:
			c.add(at(p, "name"), msg.SchemaDuplicateField, f.Name)
		case clash:
			c.add(at(p, "name"), msg.SchemaColumnClash, f.Name, other, f.Column())
		}
		names[f.Name] = true
		cols[f.Column()] = f.Name
		if top && c.m.Status != nil && f.Name == c.m.Status.Field {
			c.add(at(p, "name"), msg.SchemaStatusDeclared, f.Name)
		}
		c.keys(f, p)
		c.field(f, p, top)
	}
}

// keys reports type-specific keys written on a field of another type.
func (c *checker) keys(f *Field, p []string) {
	n, _, _ := c.d.find(p)
	for _, kt := range keyTypes {
		if childAt(n, kt.key) != nil && !kt.types[f.Type] {
			c.add(at(p, kt.key), msg.SchemaKeyNotForType, f.Type, kt.key)
		}
	}
}

// field checks the rules of one field.
func (c *checker) field(f *Field, p []string, top bool) {
	if f.Required && f.ReadOnly {
		c.add(at(p, "required"), msg.SchemaReadOnlyRequired)
	}
	switch f.Type {
	case TypeEnum:
		switch {
		case f.Dict == "" && len(f.Options) == 0:
			c.add(at(p, "type"), msg.SchemaEnumNeedsChoices)
		case f.Dict != "" && len(f.Options) > 0:
			c.add(at(p, "options"), msg.SchemaEnumBothChoices)
		}
		seen := map[string]bool{}
		for j, o := range f.Options {
			v := fmt.Sprint(o.Value)
			if seen[v] {
				c.add(at(p, "options", strconv.Itoa(j), "value"), msg.SchemaDuplicateOption, v)
			}
			seen[v] = true
		}
	case TypeRef:
		if f.Ref == "" {
			c.add(at(p, "type"), msg.SchemaRefNeedsTarget)
		}
	case TypeDecimal:
		if prec, scale := f.Digits(); scale > prec {
			c.add(at(p, "scale"), msg.SchemaScaleOverPrec, scale, prec)
		}
	case TypeChildren:
		switch {
		case !top:
			c.add(at(p, "type"), msg.SchemaNestedChildren)
		case len(f.Fields) == 0:
			c.add(at(p, "type"), msg.SchemaChildrenNeedField)
		default:
			c.fields(f.Fields, at(p, "fields"), false)
		}
	}
	if f.Min != nil && f.Max != nil && *f.Min > *f.Max {
		c.add(at(p, "min"), msg.SchemaMinOverMax)
	}
	if f.MaxLength > 0 && f.MinLength > f.MaxLength {
		c.add(at(p, "minLength"), msg.SchemaMinLenOverMax)
	}
	if f.Pattern != "" {
		if _, err := regexp.Compile(f.Pattern); err != nil {
			c.add(at(p, "pattern"), msg.SchemaBadRegexp, strings.TrimPrefix(err.Error(), "error parsing regexp: "))
		}
	}
	c.listKeys(f, p, top)
}

// listKeys checks filter, sort, unique and section.
func (c *checker) listKeys(f *Field, p []string, top bool) {
	if !top {
		for _, k := range []string{"filter", "sort", "unique", "section", "autoNumber"} {
			if n, _, _ := c.d.find(p); childAt(n, k) != nil {
				c.add(at(p, k), msg.SchemaChildKey, k)
			}
		}
		return
	}
	switch {
	case f.Filter == "":
	case !f.Filterable():
		c.add(at(p, "filter"), msg.SchemaNoFilter, f.Type)
	case f.Filter == FilterContains && !textLike[f.Type]:
		c.add(at(p, "filter"), msg.SchemaContainsText)
	case f.Filter == FilterRange && !orderedType[f.Type]:
		c.add(at(p, "filter"), msg.SchemaRangeOrdered)
	}
	switch {
	case !f.Sort:
	case noSort[f.Type]:
		c.add(at(p, "sort"), msg.SchemaNoSort, f.Type)
	case f.Multiple:
		c.add(at(p, "sort"), msg.SchemaNoMultipleSort)
	}
	switch {
	case !f.Unique:
	case !uniqueType[f.Type]:
		c.add(at(p, "unique"), msg.SchemaNoUnique, f.Type)
	case f.Multiple:
		c.add(at(p, "unique"), msg.SchemaNoMultipleUnique)
	}
	if f.Section != "" && !slices.ContainsFunc(c.m.Sections, func(s Section) bool { return s.Name == f.Section }) {
		c.add(at(p, "section"), msg.SchemaUnknownSection, f.Section)
	}
}

// sections checks that section names are unique.
func (c *checker) sections() {
	seen := map[string]bool{}
	for i, s := range c.m.Sections {
		if seen[s.Name] {
			c.add([]string{"sections", strconv.Itoa(i), "name"}, msg.SchemaDuplicateSection, s.Name)
		}
		seen[s.Name] = true
	}
}

// status checks the workflow: its field, its initial value and its actions.
func (c *checker) status() {
	st := c.m.Status
	if st == nil {
		return
	}
	col := SnakeCase(st.Field)
	switch {
	case slices.ContainsFunc(ReservedNames, func(r string) bool { return SnakeCase(r) == col }):
		c.add([]string{"status", "field"}, msg.SchemaStatusReserved, st.Field)
	default:
		for _, f := range c.m.Fields {
			if f.Column() == col && f.Name != st.Field {
				c.add([]string{"status", "field"}, msg.SchemaColumnClash, st.Field, f.Name, col)
			}
		}
	}
	if _, ok := st.Values[st.Initial]; !ok {
		c.add([]string{"status", "initial"}, msg.SchemaUnknownStatus, st.Initial)
	}
	seen := map[string]bool{}
	for i, a := range st.Actions {
		p := []string{"status", "actions", strconv.Itoa(i)}
		switch {
		case seen[a.Name]:
			c.add(at(p, "name"), msg.SchemaDuplicateAction, a.Name)
		case slices.Contains(standardOps, a.Name):
			c.add(at(p, "name"), msg.SchemaReservedAction, a.Name)
		}
		seen[a.Name] = true
		for j, v := range a.From {
			if _, ok := st.Values[v]; !ok {
				c.add(at(p, "from", strconv.Itoa(j)), msg.SchemaUnknownStatus, v)
			}
		}
		if _, ok := st.Values[a.To]; !ok {
			c.add(at(p, "to"), msg.SchemaUnknownStatus, a.To)
		}
	}
}

// listSort checks the default sort names a sortable field.
func (c *checker) listSort() {
	if c.m.List.Sort == "" {
		return
	}
	name, _, _ := strings.Cut(c.m.List.Sort, ",")
	if !c.m.canSortBy(name) {
		c.add([]string{"list", "sort"}, msg.SchemaUnknownSort, name)
	}
}

// canSortBy reports whether the list may sort by name: a field declared
// with sort: true, a sortable common column or the status field.
func (m *Module) canSortBy(name string) bool {
	if slices.Contains(sortableCommon, name) || (m.Status != nil && m.Status.Field == name) {
		return true
	}
	f := m.Field(name)
	return f != nil && f.Sort && f.Sortable()
}

// stats checks that every stats entry may be grouped by.
func (c *checker) stats() {
	for i, name := range c.m.Stats {
		if c.m.Status != nil && name == c.m.Status.Field {
			continue
		}
		if f := c.m.Field(name); f == nil || !statsType[f.Type] || f.Multiple {
			c.add([]string{"stats", strconv.Itoa(i)}, msg.SchemaBadStats, name)
		}
	}
}

// i18n checks the module's own translations: a locale the console has, and
// only texts the module shows (its status values included).
func (c *checker) i18n() {
	if len(c.m.I18n) == 0 {
		return
	}
	texts := map[string]bool{}
	for _, tp := range c.m.Texts() {
		texts[tp.Text] = true
	}
	for _, v := range FlowStatuses {
		texts[v] = true
	}
	texts[msg.FlowStatusLabel] = true
	locales := make([]string, 0, len(c.m.I18n))
	for l := range c.m.I18n {
		locales = append(locales, l)
	}
	sort.Strings(locales)
	for _, l := range locales {
		if !isLocale(l) {
			c.add([]string{"i18n", l}, msg.I18nUnknownModuleLocale, l)
			continue
		}
		keys := make([]string, 0, len(c.m.I18n[l]))
		for k := range c.m.I18n[l] {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if !texts[k] {
				c.add([]string{"i18n", l, k}, msg.I18nNotModuleText, k)
			}
		}
	}
}

// screens checks the declared screens: unique names, an operation the
// module has a code for, and an address under /m/ that is no module's
// generic page (the console's module screens live there: /m/exam/marking).
func (c *checker) screens() {
	seen := map[string]bool{}
	for i, sc := range c.m.Screens {
		p := []string{"screens", strconv.Itoa(i)}
		if seen[sc.Name] {
			c.add(at(p, "name"), msg.SchemaScreenDuplicate, sc.Name)
		}
		seen[sc.Name] = true
		if !slices.Contains(c.m.Codes(), c.m.Code(sc.Op)) {
			c.add(at(p, "op"), msg.SchemaScreenOp, sc.Op)
		}
		if !ScreenURL(sc.URL) {
			c.add(at(p, "url"), msg.SchemaScreenURL, sc.URL)
		}
	}
}

// ScreenURL tells whether url may be a module screen's: /m/<module>/<page>
// (more steps allowed), where page is none of the generic create, edit and
// show pages.
func ScreenURL(url string) bool {
	rest, ok := strings.CutPrefix(url, "/m/")
	if !ok || len(url) > 100 {
		return false
	}
	steps := strings.Split(rest, "/")
	if len(steps) < 2 {
		return false
	}
	for _, s := range steps {
		if s == "" || strings.ContainsAny(s, "?#:* ") {
			return false
		}
	}
	return steps[1] != "create" && steps[1] != "edit" && steps[1] != "show"
}
