package schema

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"xiangzhi/engine/msg"
)

// checkContext is what the checks know beyond one module file.
type checkContext struct {
	dicts        map[string]*Dict // nil: dictionaries unknown, dict: is not checked
	groups       map[string]bool  // nil: no _menus.yaml, group: is not checked
	modulesKnown bool             // the modules are the whole tree: a ref to another module is an error
}

// builtinDisplays are the fields a reference to a system entity may display.
var builtinDisplays = map[string][]string{
	RefUser: {"name", "username", "mobile", "email"},
	RefOrg:  {"name"},
	RefGrid: {"name"},
}

// IsBuiltinRef reports whether a ref target names a system entity (user,
// org, grid). A module of the same name takes its place: see RefModule.
func IsBuiltinRef(target string) bool {
	_, ok := builtinDisplays[target]
	return ok
}

// reservedModules are the module names kept for system entities that the
// common columns refer to.
var reservedModules = []string{RefUser, RefOrg}

// RefModule is the module a reference field points to, or nil when it points
// to a system entity (user, org, or grid when no module is named grid). The
// receiver may be nil.
func (s *Set) RefModule(f *Field) *Module {
	if s == nil || f.Type != TypeRef {
		return nil
	}
	return s.Module(f.Ref)
}

// crossCheck applies the rules that involve more than one file: unique
// module names, API paths and tables (the first file in walk order keeps
// them), then dictionaries, menu groups and reference targets. A module that
// refers to a module left out is left out too, until nothing changes.
func crossCheck(ctx *checkContext, loaded []*loadedModule, failed map[string]bool) ([]*loadedModule, []*LoadError) {
	var errs []*LoadError
	var kept []*loadedModule
	names := map[string]*Module{}
	apis := map[string]*Module{}
	tables := map[string]*Module{}
	routes := map[string]*Module{} // "METHOD path" of the declared routes
	var broken []*loadedModule
	for _, lm := range loaded {
		m := lm.m
		if lm.bad {
			broken = append(broken, lm)
			continue
		}
		var bad []*LoadError
		if other := names[m.Name]; other != nil {
			bad = append(bad, lm.d.at([]string{"name"}, fmt.Sprintf(msg.SchemaDuplicateModule, m.Name, other.File)))
		}
		if other := apis[m.API]; other != nil {
			bad = append(bad, lm.d.at([]string{"api"}, fmt.Sprintf(msg.SchemaDuplicateAPI, m.API, other.File)))
		}
		if other := tables[m.TableName()]; other != nil {
			key := "table"
			if m.Table == "" {
				key = "name"
			}
			bad = append(bad, lm.d.at([]string{key}, fmt.Sprintf(msg.SchemaDuplicateTable, m.TableName(), other.File)))
		}
		for i := range m.Routes {
			key := m.Routes[i].Method + " " + m.RoutePath(&m.Routes[i])
			if other := routes[key]; other != nil && other != m {
				bad = append(bad, lm.d.at([]string{"routes", strconv.Itoa(i), "path"},
					fmt.Sprintf(msg.SchemaRouteTaken, m.Routes[i].Method, m.RoutePath(&m.Routes[i]), other.File)))
			}
		}
		if len(bad) > 0 {
			errs = append(errs, bad...)
			if names[m.Name] == nil {
				failed[m.Name] = true
			}
			continue
		}
		names[m.Name], apis[m.API], tables[m.TableName()] = m, m, m
		for i := range m.Routes {
			routes[m.Routes[i].Method+" "+m.RoutePath(&m.Routes[i])] = m
		}
		kept = append(kept, lm)
	}
	for {
		byName := map[string]*Module{}
		for _, lm := range kept {
			byName[lm.m.Name] = lm.m
		}
		var next []*loadedModule
		for _, lm := range kept {
			bad := ctx.refs(lm, byName, failed)
			if len(bad) == 0 {
				bad = ctx.defaults(lm)
			}
			if len(bad) > 0 {
				errs = append(errs, bad...)
				failed[lm.m.Name] = true
				continue
			}
			next = append(next, lm)
		}
		if len(next) == len(kept) {
			for _, lm := range broken {
				errs = append(errs, ctx.refs(lm, byName, failed)...)
			}
			break
		}
		kept = next
	}
	return kept, errs
}

// refs checks the module's menu group, dictionaries and reference targets.
func (ctx *checkContext) refs(lm *loadedModule, byName map[string]*Module, failed map[string]bool) []*LoadError {
	c := &checker{d: lm.d, m: lm.m}
	if ctx.groups != nil && lm.m.Group != "" && !ctx.groups[lm.m.Group] {
		c.add([]string{"group"}, msg.SchemaUnknownGroup, lm.m.Group)
	}
	var walkFields func(fields []Field, path []string)
	walkFields = func(fields []Field, path []string) {
		for i := range fields {
			f := &fields[i]
			p := at(path, strconv.Itoa(i))
			if f.Dict != "" && ctx.dicts != nil && ctx.dicts[f.Dict] == nil {
				c.add(at(p, "dict"), msg.SchemaUnknownDict, f.Dict)
			}
			if f.Type == TypeRef {
				ctx.ref(c, f, p, byName, failed)
			}
			walkFields(f.Fields, at(p, "fields"))
		}
	}
	walkFields(lm.m.Fields, []string{"fields"})
	return c.errs
}

// ref checks one reference field's target and display field. A module of
// the target's name wins over the system entity of that name (the grid
// module, where the tree declares one).
func (ctx *checkContext) ref(c *checker, f *Field, p []string, byName map[string]*Module, failed map[string]bool) {
	if f.Ref == "" {
		return // reported by the module's own checks
	}
	target := byName[f.Ref]
	shown, builtin := builtinDisplays[f.Ref]
	switch {
	case target != nil:
		if f.Display == "" {
			return
		}
		if df := target.Field(f.Display); df == nil || df.Type == TypeChildren {
			c.add(at(p, "display"), msg.SchemaUnknownDisplay, f.Ref, f.Display)
		}
	case failed[f.Ref]:
		c.add(at(p, "ref"), msg.SchemaRefInvalidModule, f.Ref)
	case builtin:
		if f.Display != "" && !slices.Contains(shown, f.Display) {
			c.add(at(p, "display"), msg.SchemaUnknownDisplay, f.Ref, f.Display)
		}
	case !ctx.modulesKnown:
		// Linting files without their tree: the target cannot be judged.
	default:
		c.add(at(p, "ref"), msg.SchemaUnknownRef, f.Ref)
	}
}

// defaults checks every field's default value against the field, the way
// the record validator would judge it.
func (ctx *checkContext) defaults(lm *loadedModule) []*LoadError {
	c := &checker{d: lm.d, m: lm.m}
	set := &Set{Dicts: ctx.dicts}
	var walkFields func(owner *Module, path []string)
	walkFields = func(owner *Module, path []string) {
		for i := range owner.Fields {
			f := &owner.Fields[i]
			p := at(path, strconv.Itoa(i))
			if f.Default != nil {
				err := Validate(owner, set, map[string]any{f.Name: f.Default}, true)
				var ve *ValidationError
				switch {
				case errors.As(err, &ve):
					c.add(at(p, "default"), msg.SchemaBadDefault, ve.Errors[0].Message)
				case err != nil:
					c.add(at(p, "default"), msg.SchemaBadDefault, err)
				}
			}
			if f.Type == TypeChildren {
				walkFields(&Module{Name: lm.m.Name + "." + f.Name, Fields: f.Fields}, at(p, "fields"))
			}
		}
	}
	walkFields(lm.m, []string{"fields"})
	return c.errs
}
