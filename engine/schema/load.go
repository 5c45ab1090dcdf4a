package schema

import (
	"cmp"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"
	"time"

	"xiangzhi/engine/msg"
)

// Names of the special files at the root of a schemas tree.
const (
	DictsFile = "_dicts.yaml"
	MenusFile = "_menus.yaml"
)

// LoadFS loads the schemas tree under root in fsys: every *.yaml file at any
// depth is a module, except _dicts.yaml and _menus.yaml at the root, which
// hold the code tables and the menu groups. Each file is checked against its
// meta-schema and then by the semantic rules of docs/schema.md, within the
// file and across the tree (unique names and paths, dictionaries, reference
// targets, menu groups). A file with problems is reported and left out of
// the Set; the rest still loads. Problems come sorted by file and line.
func LoadFS(fsys fs.FS, root string) (*Set, []*LoadError) {
	return LoadFSWith(fsys, root, nil)
}

// LoadFSWith is LoadFS with more module files held in memory (the form
// designer's published modules), by path: they are loaded and checked
// exactly like the files of the tree, and with them.
func LoadFSWith(fsys fs.FS, root string, extra map[string][]byte) (*Set, []*LoadError) {
	files, errs := walk(fsys, root)
	for _, p := range slices.Sorted(maps.Keys(extra)) {
		files = append(files, p)
	}
	set, more := loadTreeFrom(fsys, readerOf(fsys, extra), root, files, true)
	errs = append(errs, more...)
	sortErrors(errs)
	return set, errs
}

// LoadFile loads one module file on its own: its YAML, the meta-schema and
// every rule that needs no other file. Dictionaries, menu groups and
// reference targets are not checked (LoadFS and Lint check them). A file with
// problems returns a nil module and LoadErrors.
func LoadFile(fsys fs.FS, name string) (*Module, error) {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, fmt.Errorf("load module %s: %w", name, err)
	}
	return ParseModule(name, data)
}

// ParseModule is LoadFile for a module held in memory (the form designer's
// draft); file names it in messages.
func ParseModule(file string, data []byte) (*Module, error) {
	m, _, errs := parseModule(file, data)
	if len(errs) > 0 {
		sortErrors(errs)
		return nil, LoadErrors(errs)
	}
	return m, nil
}

// walk lists the module files under root (sorted, hidden folders skipped)
// and reports misplaced reserved file names.
func walk(fsys fs.FS, root string) ([]string, []*LoadError) {
	var files []string
	var errs []*LoadError
	err := fs.WalkDir(fsys, root, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			errs = append(errs, &LoadError{File: p, Problem: fmt.Sprintf(msg.SchemaReadFailed, err)})
			return nil
		}
		base := e.Name()
		if e.IsDir() {
			if p != root && strings.HasPrefix(base, ".") || p == path.Join(root, DashboardsDir) || p == path.Join(root, I18nDir) {
				return fs.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(base, ".yaml") {
			return nil
		}
		if strings.HasPrefix(base, "_") {
			if path.Dir(p) != path.Clean(root) || (base != DictsFile && base != MenusFile) {
				errs = append(errs, &LoadError{File: p, Problem: msg.SchemaReservedFile})
			}
			return nil
		}
		files = append(files, p)
		return nil
	})
	if err != nil {
		errs = append(errs, &LoadError{File: root, Problem: fmt.Sprintf(msg.SchemaReadFailed, err)})
	}
	return files, errs
}

// loadTree loads the dictionaries and menus at root (when present) and the
// given module files, and cross-checks them. With complete set, the files
// are the whole tree: a reference to a module not among them is an error.
func loadTree(fsys fs.FS, root string, files []string, complete bool) (*Set, []*LoadError) {
	return loadTreeFrom(fsys, readerOf(fsys, nil), root, files, complete)
}

// reader reads one file of a tree.
type reader func(name string) ([]byte, error)

// readerOf reads extra's files from memory, the others from fsys.
func readerOf(fsys fs.FS, extra map[string][]byte) reader {
	return func(name string) ([]byte, error) {
		if data, ok := extra[name]; ok {
			return data, nil
		}
		return fs.ReadFile(fsys, name)
	}
}

// loadTreeFrom is loadTree reading module files through read; the
// dashboards of a complete tree come from fsys.
func loadTreeFrom(fsys fs.FS, read reader, root string, files []string, complete bool) (*Set, []*LoadError) {
	set := &Set{Dicts: map[string]*Dict{}}
	var errs []*LoadError
	ctx := &checkContext{}
	if data, err := read(path.Join(root, DictsFile)); err == nil {
		dicts, more := parseDicts(path.Join(root, DictsFile), data)
		errs = append(errs, more...)
		for _, d := range dicts {
			set.Dicts[d.Type] = d
		}
		ctx.dicts = set.Dicts
	} else if complete {
		ctx.dicts = set.Dicts // no dictionaries: every dict: is unknown
	}
	if data, err := read(path.Join(root, MenusFile)); err == nil {
		groups, more := parseMenus(path.Join(root, MenusFile), data)
		errs = append(errs, more...)
		set.Groups = groups
		ctx.groups = map[string]bool{}
		for _, g := range groups {
			ctx.groups[g.Name] = true
		}
	}
	var loaded []*loadedModule
	failed := map[string]bool{} // names of modules whose files have problems
	errs = append(errs, eachFile(read, files, func(f string, data []byte) []*LoadError {
		m, d, more := parseModule(f, data)
		if len(more) > 0 {
			if d != nil {
				failed[scalarAt(d.root, "name")] = true
			} else {
				failed[NameInText(data)] = true
			}
			if m != nil { // decoded: report its cross-file problems too
				loaded = append(loaded, &loadedModule{m: m, d: d, bad: true})
			}
			return more
		}
		loaded = append(loaded, &loadedModule{m: m, d: d})
		return nil
	})...)
	ctx.modulesKnown = complete
	kept, more := crossCheck(ctx, loaded, failed)
	errs = append(errs, more...)
	for _, lm := range kept {
		set.Modules = append(set.Modules, lm.m)
	}
	if complete {
		errs = append(errs, loadDashboards(readerOf(fsys, nil), set, dashboardFiles(fsys, root))...)
		countDashboards(set)
		errs = append(errs, loadCatalogues(readerOf(fsys, nil), set, catalogueFiles(fsys, root))...)
	}
	set.Failed = map[string]bool{}
	for name := range failed {
		if set.Module(name) == nil {
			set.Failed[name] = true
		}
	}
	return set, errs
}

// eachFile reads every file and hands it to parse, collecting the problems
// in file order (a file that cannot be read is one): the loop of modules
// and dashboards alike.
func eachFile(read reader, files []string, parse func(file string, data []byte) []*LoadError) []*LoadError {
	var errs []*LoadError
	for _, f := range files {
		data, err := read(f)
		if err != nil {
			errs = append(errs, &LoadError{File: f, Problem: fmt.Sprintf(msg.SchemaReadFailed, err)})
			continue
		}
		errs = append(errs, parse(f, data)...)
	}
	return errs
}

// yamlFile reports whether a file name is a YAML file of a tree (hidden
// files aside).
func yamlFile(base string) bool {
	return strings.HasSuffix(base, ".yaml") && !strings.HasPrefix(base, ".")
}

// dashboardFiles lists the dashboard files of the tree at root (sorted).
func dashboardFiles(fsys fs.FS, root string) []string {
	return yamlFilesIn(fsys, path.Join(root, DashboardsDir))
}

// yamlFilesIn lists the YAML files directly in dir (sorted), none when dir
// does not exist.
func yamlFilesIn(fsys fs.FS, dir string) []string {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if !e.IsDir() && yamlFile(e.Name()) {
			out = append(out, path.Join(dir, e.Name()))
		}
	}
	return out
}

var nameLineRE = regexp.MustCompile(`(?m)^name:[ \t]*["']?([A-Za-z][A-Za-z0-9]*)["']?[ \t]*(?:#.*)?\r?$`)

// NameInText reads the module name of a file that may be no valid YAML
// from its top-level name: line, or "" when it has none.
func NameInText(data []byte) string {
	if m := nameLineRE.FindSubmatch(data); m != nil {
		return string(m[1])
	}
	return ""
}

// loadedModule is a module that passed its own checks, with its doc for
// locating problems found across files.
type loadedModule struct {
	m   *Module
	d   *doc
	bad bool // has problems of its own: only checked for more, never kept
}

// parseModule decodes and checks one module file on its own. With
// problems, the doc is still returned when the YAML parsed, and the module
// when it decoded (for further reports only).
func parseModule(file string, data []byte) (*Module, *doc, []*LoadError) {
	d, errs := parseYAML(file, data, "name")
	if d == nil || len(errs) > 0 {
		return nil, nil, errs
	}
	if errs := d.metaCheck(ModuleMetaSchema); len(errs) > 0 {
		return nil, d, errs
	}
	m := &Module{}
	if err := d.root.Decode(m); err != nil {
		return nil, d, []*LoadError{{File: file, Problem: fmt.Sprintf(msg.SchemaYAMLSyntax, err)}}
	}
	m.File = file
	d.normalize(m)
	if errs := checkModule(d, m); len(errs) > 0 {
		return m, d, errs
	}
	return m, d, nil
}

// normalize fills in the defaults that cannot be told from a zero value
// later (a decimal's omitted scale is 2, but scale: 0 is 0) and turns YAML
// timestamps in defaults back into the text the API uses. An auto-numbered
// field is read-only.
func (d *doc) normalize(m *Module) {
	m.applyWorkflow()
	var walkFields func(fields []Field, node []string)
	walkFields = func(fields []Field, at []string) {
		for i := range fields {
			f := &fields[i]
			p := append(slices.Clip(at), fmt.Sprint(i))
			n, _, _ := d.find(p)
			if f.Type == TypeDecimal {
				if childAt(n, "precision") == nil {
					f.Precision = DefaultPrecision
				}
				if childAt(n, "scale") == nil {
					f.Scale = DefaultScale
				}
			}
			if f.AutoNumber != "" {
				f.ReadOnly = true
			}
			if t, ok := f.Default.(time.Time); ok {
				f.Default = timeText(t, f.Type)
			}
			for j := range f.Options {
				if t, ok := f.Options[j].Value.(time.Time); ok {
					f.Options[j].Value = t.Format(DateLayout)
				}
			}
			walkFields(f.Fields, append(p, "fields"))
		}
	}
	walkFields(m.Fields, []string{"fields"})
}

// timeText writes a YAML timestamp the way the API writes the field type.
func timeText(t time.Time, ft FieldType) string {
	if ft == TypeDate {
		return t.Format(DateLayout)
	}
	return t.Format(DateTimeLayout)
}

// sortErrors orders problems by file, line and field.
func sortErrors(errs []*LoadError) {
	slices.SortStableFunc(errs, func(a, b *LoadError) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line),
			cmp.Compare(a.Field, b.Field), cmp.Compare(a.Problem, b.Problem))
	})
}

// CheckInSet checks one module file against a loaded set, as LoadFS would
// with the file added to the set's tree in place of the set's module of
// the same name: its own rules, then unique name, API path and table,
// dictionaries, menu groups, reference targets and defaults. It reads no
// other file, so it is cheap enough for every edit of the form designer's
// YAML tab; it does not tell whether another module's references to this
// one still hold (LoadFSWith does, at publish).
func CheckInSet(set *Set, file string, data []byte) (*Module, []*LoadError) {
	m, d, errs := parseModule(file, data)
	if len(errs) > 0 {
		sortErrors(errs)
		return nil, errs
	}
	ctx := &checkContext{dicts: set.Dicts, modulesKnown: true}
	if ctx.dicts == nil {
		ctx.dicts = map[string]*Dict{}
	}
	if set.Groups != nil {
		ctx.groups = map[string]bool{}
		for _, g := range set.Groups {
			ctx.groups[g.Name] = true
		}
	}
	byName := map[string]*Module{m.Name: m}
	for _, o := range set.Modules {
		if o.Name == m.Name {
			continue
		}
		byName[o.Name] = o
		if o.API == m.API {
			errs = append(errs, d.at([]string{"api"}, fmt.Sprintf(msg.SchemaDuplicateAPI, m.API, o.File)))
		}
		if o.TableName() == m.TableName() {
			key := "table"
			if m.Table == "" {
				key = "name"
			}
			errs = append(errs, d.at([]string{key}, fmt.Sprintf(msg.SchemaDuplicateTable, m.TableName(), o.File)))
		}
	}
	if len(errs) == 0 {
		lm := &loadedModule{m: m, d: d}
		errs = ctx.refs(lm, byName, map[string]bool{})
		if len(errs) == 0 {
			errs = ctx.defaults(lm)
		}
	}
	if len(errs) > 0 {
		sortErrors(errs)
		return nil, errs
	}
	setCounted(m, countedBy(set.Dashboards)) // as loading the tree would
	return m, nil
}
