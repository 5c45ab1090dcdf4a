package schema

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"unicode"

	"xiangzhi/engine/msg"
)

// Translations (docs/schema.md "Translations"). Every text a module file,
// _dicts.yaml or _menus.yaml shows on a screen has a place, a path naming
// where it stands; a locale's catalogue (schemas/i18n/<locale>.yaml)
// translates texts by their Chinese wording (texts:) and, where one wording
// needs two translations, by place (places:). The console asks for the
// catalogue of the locale it shows and falls back to the Chinese text for
// every string the catalogue lacks.

// I18nDir is the folder, directly under the schemas root, that holds the
// catalogue files; it holds no modules.
const I18nDir = "i18n"

// Locales are the console's locales besides zh_CN, the language the files
// are written in. zh_TW is converted from the simplified text (ToTraditional);
// its catalogue file, when present, only corrects the conversion.
var Locales = []string{"en", "ja", "ko", "zh_TW"}

// TextPlace is one translatable text and the place it stands.
//
// Places:
//
//	<module>                     the module's title
//	<module>.<field>             a field's label (<module>.<field>.<sub> in children)
//	<module>.<field>=<value>     an option's label (also a status value)
//	<module>.<field>~pattern     a field's patternMessage (~help, ~placeholder)
//	<module>#<section>           a section's title
//	<module>!<action>            a status action's label
//	@menu.<group>                a menu group's title
//	@dict.<type>                 a dictionary's title
//	@dict.<type>=<value>         a dictionary item's label
//	@common.<key>                a common column every module has (创建时间…)
//	<module>@<step>              a workflow step's title (a node at any depth)
//	<module>@<step>/<branch>     a branch's title (<branch> its name, else its index)
//	@dash.<name>                 a dashboard's title
//	@dash.<name>.<widget>        a widget's title (~unit its unit)
//	@dash.<name>.<widget>[<i>]   a number card item's label (~unit its unit)
//	@dash.<name>~<filter>        a page filter's label (=<value> an option's)
type TextPlace struct {
	Place string
	Text  string
}

// hasHan reports whether s holds a Chinese character: only such texts are
// translated (a placeholder "08:30" is not).
func hasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// Texts lists every translatable text of the set with its place, in a stable
// order (menus, dictionaries, then modules by name).
func (s *Set) Texts() []TextPlace {
	var out []TextPlace
	add := func(place, text string) {
		if hasHan(text) {
			out = append(out, TextPlace{place, text})
		}
	}
	for _, c := range commonTexts {
		add("@common."+c[0], c[1])
	}
	for _, g := range s.Groups {
		add("@menu."+g.Name, g.Title)
	}
	types := make([]string, 0, len(s.Dicts))
	for t := range s.Dicts {
		types = append(types, t)
	}
	sort.Strings(types)
	for _, t := range types {
		d := s.Dicts[t]
		add("@dict."+t, d.Title)
		for _, it := range d.Items {
			add("@dict."+t+"="+fmt.Sprint(it.Value), it.Label)
		}
	}
	mods := slices.Clone(s.Modules)
	slices.SortFunc(mods, func(a, b *Module) int { return cmpString(a.Name, b.Name) })
	for _, m := range mods {
		out = append(out, m.Texts()...)
	}
	dashes := slices.Clone(s.Dashboards)
	slices.SortFunc(dashes, func(a, b *Dashboard) int { return cmpString(a.Name, b.Name) })
	for _, d := range dashes {
		out = append(out, d.Texts()...)
	}
	return out
}

// Texts lists the translatable texts of a dashboard with their places: its
// title, the page filters' labels and options, the widgets' titles and
// units, the number cards' item labels and units.
func (d *Dashboard) Texts() []TextPlace {
	var out []TextPlace
	add := func(place, text string) {
		if hasHan(text) {
			out = append(out, TextPlace{place, text})
		}
	}
	at := "@dash." + d.Name
	add(at, d.Title)
	for _, f := range d.Filters {
		add(at+"~"+f.Name, f.Label)
		for _, o := range f.Options {
			add(at+"~"+f.Name+"="+fmt.Sprint(o.Value), o.Label)
		}
	}
	for _, w := range d.Widgets {
		p := at + "." + w.ID
		add(p, w.Title)
		add(p+"~unit", w.Unit)
		for i, it := range w.Items {
			ip := p + "[" + strconv.Itoa(i) + "]"
			add(ip, it.Label)
			add(ip+"~unit", it.Unit)
		}
	}
	return out
}

// workflowTexts lists the titles of a workflow's nodes and branches, at any
// depth, with their places.
func workflowTexts(module string, steps []Step, add func(place, text string)) {
	for _, st := range steps {
		p := module + "@" + st.Name
		add(p, st.Title)
		for _, group := range [][]Branch{st.Branches, st.Parallel} {
			for i, b := range group {
				name := b.Name
				if name == "" {
					name = strconv.Itoa(i)
				}
				add(p+"/"+name, b.Title)
				workflowTexts(module, b.Steps, add)
			}
		}
	}
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Texts lists the translatable texts of one module with their places.
func (m *Module) Texts() []TextPlace {
	var out []TextPlace
	add := func(place, text string) {
		if hasHan(text) {
			out = append(out, TextPlace{place, text})
		}
	}
	add(m.Name, m.Title)
	for _, sec := range m.Sections {
		add(m.Name+"#"+sec.Name, sec.Title)
	}
	var fields func(prefix string, fs []Field)
	fields = func(prefix string, fs []Field) {
		for _, f := range fs {
			p := prefix + "." + f.Name
			add(p, f.Label)
			for _, o := range f.Options {
				add(p+"="+fmt.Sprint(o.Value), o.Label)
			}
			add(p+"~pattern", f.PatternMsg)
			add(p+"~help", f.Help)
			add(p+"~placeholder", f.Placeholder)
			fields(p, f.Fields)
		}
	}
	fields(m.Name, m.Fields)
	if st := m.Status; st != nil {
		p := m.Name + "." + st.Field
		if m.Field(st.Field) == nil {
			add(p, st.Label)
		}
		keys := make([]int, 0, len(st.Values))
		for k := range st.Values {
			keys = append(keys, k)
		}
		sort.Ints(keys)
		for _, k := range keys {
			add(p+"="+strconv.Itoa(k), st.Values[k])
		}
		for _, a := range st.Actions {
			add(m.Name+"!"+a.Name, a.Label)
		}
	}
	if m.Workflow != nil {
		workflowTexts(m.Name, m.Workflow.Steps, add)
	}
	for _, sc := range m.Screens {
		add(m.Name+"@"+sc.Name, sc.Title)
	}
	return out
}

// commonTexts are the labels of the columns the engine adds to every module.
var commonTexts = [][2]string{
	{"orgId", msg.CommonOrg}, {"createdBy", msg.CommonCreatedBy}, {"createdAt", msg.CommonCreatedAt},
	{"updatedBy", msg.CommonUpdatedBy}, {"updatedAt", msg.CommonUpdatedAt}, {"version", msg.CommonVersion},
	{"history", msg.CommonHistory}, {"status", msg.CommonStatus},
}
