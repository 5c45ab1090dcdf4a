package schema

import (
	"slices"
	"strconv"
	"strings"

	"xiangzhi/engine/msg"
)

// Route declares one extra path of a module (the routes: key): a path and
// method served by one of the module's generic operations, with the
// permission code and data scope of that operation.
type Route struct {
	// Path is relative to the module's api base ("getPageList",
	// "selectByPrimaryKey/{id}") or absolute ("/affairs/zwglVillageNoticesByCriteria/list").
	// A segment {id} takes the record id.
	Path   string `yaml:"path" json:"path"`
	Method string `yaml:"method" json:"method"`
	// Op is the generic operation (RouteOps).
	Op string `yaml:"op" json:"op"`
	// Answer shapes a list: page ({data, recordsTotal}, the default) or rows
	// (the array alone).
	Answer string `yaml:"answer,omitempty" json:"answer,omitempty"`
	// Action names the status action of op status.
	Action string `yaml:"action,omitempty" json:"action,omitempty"`
	// Field is the field op exists/unique checks, the parent reference
	// (to the module itself) op tree nests by, or the children field whose
	// row op removeRow removes.
	Field string `yaml:"field,omitempty" json:"field,omitempty"`
	// Params are query parameters the route fixes (stats: by, bucket, …;
	// list: criteria), over what the caller sends.
	Params map[string]string `yaml:"params,omitempty" json:"params,omitempty"`
}

// The operations a declared route may run, with the standard operation
// whose permission code it needs.
var RouteOps = map[string]string{
	"list": "list", "get": "view", "create": "add", "update": "edit", "delete": "del",
	"export": "export", "status": "", "exists": "list", "unique": "list", "tree": "list", "stats": "list",
	"removeRow": "edit",
}

// RouteCode is the permission code a declared route needs.
func (m *Module) RouteCode(r *Route) string {
	if r.Op == "status" {
		if a := m.Action(r.Action); a != nil {
			return m.ActionCode(*a)
		}
		return ""
	}
	return m.Code(RouteOps[r.Op])
}

// Action finds a status action by name; nil when there is none.
func (m *Module) Action(name string) *Action {
	if m.Status == nil {
		return nil
	}
	for i := range m.Status.Actions {
		if m.Status.Actions[i].Name == name {
			return &m.Status.Actions[i]
		}
	}
	return nil
}

// RoutePath is the absolute path of a declared route, {id} kept.
func (m *Module) RoutePath(r *Route) string {
	if strings.HasPrefix(r.Path, "/") {
		return r.Path
	}
	return strings.TrimSuffix(m.API, "/") + "/" + r.Path
}

// routes checks the declared routes: op keys that fit, no path declared
// twice with one method, none that the generic routes already serve.
func (c *checker) routes() {
	seen := map[string]int{}
	for i := range c.m.Routes {
		r := &c.m.Routes[i]
		p := []string{"routes", strconv.Itoa(i)}
		key := r.Method + " " + c.m.RoutePath(r)
		if _, dup := seen[key]; dup {
			c.add(at(p, "path"), msg.SchemaRouteDuplicate, r.Method, c.m.RoutePath(r))
		}
		seen[key] = i
		hasID := slices.Contains(strings.Split(r.Path, "/"), "{id}")
		if rest, ok := strings.CutPrefix(c.m.RoutePath(r), strings.TrimSuffix(c.m.API, "/")); ok && genericRest(r.Method, rest) {
			c.add(at(p, "path"), msg.SchemaRouteGeneric, c.m.RoutePath(r))
		}
		switch r.Op {
		case "status":
			if r.Action == "" {
				c.add(p, msg.SchemaRouteNeeds, "action")
			} else if c.m.Action(r.Action) == nil {
				c.add(at(p, "action"), msg.SchemaRouteAction, r.Action)
			}
		case "exists", "unique":
			if f := c.m.Field(r.Field); f == nil {
				c.add(at(p, "field"), msg.SchemaRouteField, r.Field)
			} else if f.Type != TypeString && f.Type != TypeIDCard && f.Type != TypeMobile && f.Type != TypeEmail {
				c.add(at(p, "field"), msg.SchemaRouteText, r.Op)
			}
		case "tree":
			if f := c.m.Field(r.Field); f == nil || f.Type != TypeRef || f.Ref != c.m.Name || f.Multiple {
				c.add(at(p, "field"), msg.SchemaRouteParent, r.Field, c.m.Name)
			}
		case "removeRow":
			if f := c.m.Field(r.Field); f == nil || f.Type != TypeChildren {
				c.add(at(p, "field"), msg.SchemaRouteChildren, r.Field)
			}
			if !hasID {
				c.add(at(p, "path"), msg.SchemaRouteNeedsID, r.Op)
			}
		case "stats":
			if r.Params["by"] == "" {
				c.add(p, msg.SchemaRouteNeeds, "params.by")
			}
		case "export":
			if !c.m.Export {
				c.add(at(p, "op"), msg.SchemaRouteExport)
			}
		}
		if r.Op != "status" && r.Action != "" {
			c.add(at(p, "action"), msg.SchemaRouteKey, "action", "status")
		}
		if r.Op != "list" && r.Answer != "" {
			c.add(at(p, "answer"), msg.SchemaRouteKey, "answer", "list")
		}
		if hasID && !slices.Contains([]string{"get", "update", "delete", "status", "removeRow"}, r.Op) {
			c.add(at(p, "path"), msg.SchemaRouteNoID, r.Op)
		}
	}
}

// genericRest reports whether the generic routes serve method at the path
// after the module base ("" GET, "/{id}" PUT, "/{id}/status" PUT, …). POST
// to "/{id}" is not one: a module may declare it (POST to remove).
func genericRest(method, rest string) bool {
	switch rest {
	case "", "/":
		return true
	case "/{id}":
		return method != "POST"
	case "/schema", "/stats", "/export", "/import", "/import/template", "/{id}/status":
		return true
	}
	return false
}
