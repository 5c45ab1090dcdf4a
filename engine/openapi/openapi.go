// Package openapi derives the OpenAPI 3.1 document of the whole API from the
// route table: every system route with its permission code, and every
// generated module route with request and answer schemas taken from the
// module's record JSON Schema. `go tool task generate` writes it to
// generated/openapi.json.
package openapi

import (
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strings"

	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
)

// Route is what the document needs of one route of the table.
type Route struct {
	Method string
	Path   string // echo pattern, /x/:id
	Code   string
	Name   string
	Public bool
}

// Info is the document's title and version.
type Info struct {
	Title   string
	Version string
}

var echoParam = regexp.MustCompile(`:([A-Za-z0-9_]+)`)

// Document builds the OpenAPI document for the routes. Routes under a
// module's base path get that module's schemas; the others are described by
// name, code and the common envelope.
func Document(info Info, routes []Route, set *schema.Set) map[string]any {
	paths := map[string]map[string]any{}
	components := map[string]any{
		"Envelope":  envelopeSchema(),
		"Error":     errorSchema(),
		"PageQuery": map[string]any{"type": "object"},
	}
	parameters := sharedParameters()
	responses := sharedResponses()
	for _, m := range set.Modules {
		rec := schema.RecordSchema(m, set)
		delete(rec, "$schema")
		name := schemaName(m)
		components[name] = rec
		components[name+"Criteria"] = criteriaSchema(m)
		parameters[name+"Criteria"] = map[string]any{
			"name": "criteria", "in": "query", "style": "form", "explode": true,
			"description": "JHipster criteria: <field>.<operator>=value (docs/api.md)",
			"schema":      ref("schemas", name+"Criteria"),
		}
		responses[name] = envelopeResponse(ref("schemas", name))
		responses[name+"Page"] = envelopeResponse(map[string]any{
			"type": "object",
			"properties": map[string]any{
				"data":         map[string]any{"type": "array", "items": ref("schemas", name)},
				"recordsTotal": map[string]any{"type": "integer"},
			},
		})
	}
	sorted := slices.Clone(routes)
	sort.SliceStable(sorted, func(i, j int) bool {
		if sorted[i].Path != sorted[j].Path {
			return sorted[i].Path < sorted[j].Path
		}
		return sorted[i].Method < sorted[j].Method
	})
	for _, r := range sorted {
		p := echoParam.ReplaceAllString(r.Path, "{$1}")
		if paths[p] == nil {
			paths[p] = map[string]any{}
		}
		method := strings.ToLower(r.Method)
		if existing, ok := paths[p][method].(map[string]any); ok {
			// Several status actions share PUT {api}/{id}/status: list every code.
			existing["x-permission-codes"] = append(existing["x-permission-codes"].([]string), r.Code)
			continue
		}
		m, dr := declaredOf(set, r.Method, p)
		if m == nil {
			m = moduleOf(set, r.Path)
		}
		op := operation(r, p, m)
		if dr != nil {
			declaredOperation(op, dr, m)
		}
		paths[p][method] = op
	}
	out := map[string]any{}
	for k, v := range paths {
		out[k] = v
	}
	return map[string]any{
		"openapi":  "3.1.0",
		"info":     map[string]any{"title": info.Title, "version": info.Version},
		"security": []any{map[string]any{"bearer": []string{}}},
		"paths":    out,
		"components": map[string]any{
			"schemas":    components,
			"parameters": parameters,
			"responses":  responses,
			"securitySchemes": map[string]any{
				"bearer": map[string]any{"type": "http", "scheme": "bearer", "bearerFormat": "JWT"},
			},
		},
	}
}

// declaredOf finds the module route a module file declares (routes:) at
// method and path.
func declaredOf(set *schema.Set, method, path string) (*schema.Module, *schema.Route) {
	for _, m := range set.Modules {
		for i := range m.Routes {
			if r := &m.Routes[i]; r.Method == method && m.RoutePath(r) == path {
				return m, r
			}
		}
	}
	return nil, nil
}

// declaredOperation describes a declared route by its generic operation.
func declaredOperation(op map[string]any, r *schema.Route, m *schema.Module) {
	name := schemaName(m)
	var params []any
	if p, ok := op["parameters"].([]any); ok {
		params = p
	}
	switch r.Op {
	case "list":
		params = append(params, listParams(m)...)
		op["responses"] = moduleResponses(name + "Page")
		if r.Answer == "rows" {
			op["responses"] = map[string]any{
				"200":     envelopeResponse(map[string]any{"type": "array", "items": ref("schemas", name)}),
				"default": ref("responses", "Error"),
			}
		}
	case "get":
		if !strings.Contains(r.Path, "{id}") {
			params = append(params, map[string]any{"name": "id", "in": "query", "required": true, "schema": map[string]any{"type": "integer"}})
		}
		op["responses"] = moduleResponses(name)
	case "create", "update":
		op["requestBody"] = jsonBody(ref("schemas", name))
		op["responses"] = moduleResponses(name)
	case "delete":
		if !strings.Contains(r.Path, "{id}") {
			params = append(params, ref("parameters", "ids"))
		}
	case "export":
		params = append(params, listParams(m)...)
		op["responses"] = map[string]any{"200": ref("responses", "Xlsx"), "default": ref("responses", "Error")}
	case "status", "removeRow":
		op["responses"] = moduleResponses(name)
	case "exists", "unique":
		params = append(params, map[string]any{"name": r.Field, "in": "query", "required": true, "schema": map[string]any{"type": "string"}})
		op["responses"] = map[string]any{"200": envelopeResponse(map[string]any{"type": "boolean"}), "default": ref("responses", "Error")}
	case "tree":
		op["responses"] = map[string]any{"200": envelopeResponse(map[string]any{"type": "array", "items": map[string]any{
			"allOf": []any{ref("schemas", name), map[string]any{"type": "object", "properties": map[string]any{
				"children": map[string]any{"type": "array"}}}}}}), "default": ref("responses", "Error")}
	}
	if len(params) > 0 {
		op["parameters"] = params
	}
}

// moduleOf finds the module whose base path the route lies under.
func moduleOf(set *schema.Set, path string) *schema.Module {
	var best *schema.Module
	for _, m := range set.Modules {
		base := strings.TrimSuffix(m.API, "/")
		if path == base || strings.HasPrefix(path, base+"/") {
			if best == nil || len(base) > len(best.API) {
				best = m
			}
		}
	}
	return best
}

func schemaName(m *schema.Module) string {
	return strings.ToUpper(m.Name[:1]) + m.Name[1:]
}

func operation(r Route, path string, m *schema.Module) map[string]any {
	op := map[string]any{
		"summary":            r.Name,
		"operationId":        operationID(r.Method, path),
		"x-permission-codes": []string{r.Code},
		"responses":          moduleResponses(""),
	}
	if r.Public {
		op["security"] = []any{} // the document's default is the bearer token
		op["x-permission-codes"] = []string{}
	}
	var params []any
	for _, name := range echoParam.FindAllStringSubmatch(r.Path, -1) {
		if name[1] == "id" {
			params = append(params, ref("parameters", "id"))
			continue
		}
		params = append(params, map[string]any{
			"name": name[1], "in": "path", "required": true, "schema": map[string]any{"type": "string"},
		})
	}
	if m != nil {
		op["tags"] = []string{m.Title}
		moduleOperation(op, r, path, m, &params)
	}
	if len(params) > 0 {
		op["parameters"] = params
	}
	return op
}

// moduleOperation fills in the request and answer of a generated route.
func moduleOperation(op map[string]any, r Route, path string, m *schema.Module, params *[]any) {
	name := schemaName(m)
	record := ref("schemas", name)
	suffix := strings.TrimPrefix(path, strings.TrimSuffix(m.API, "/"))
	switch {
	case r.Method == http.MethodGet && suffix == "":
		*params = append(*params, listParams(m)...)
		op["responses"] = moduleResponses(name + "Page")
	case r.Method == http.MethodGet && suffix == "/{id}":
		op["responses"] = moduleResponses(name)
	case (r.Method == http.MethodPost && suffix == "") || (r.Method == http.MethodPut && (suffix == "" || suffix == "/{id}")):
		op["requestBody"] = jsonBody(record)
		op["responses"] = moduleResponses(name)
	case r.Method == http.MethodDelete && suffix == "":
		*params = append(*params, ref("parameters", "ids"))
	case suffix == "/{id}/status":
		op["requestBody"] = jsonBody(map[string]any{
			"type":     "object",
			"required": []string{"action"},
			"properties": map[string]any{
				"action":  map[string]any{"type": "string", "enum": actionNames(m)},
				"comment": map[string]any{"type": "string"},
				"version": map[string]any{"type": "integer"},
			},
		})
		op["responses"] = moduleResponses(name)
	case suffix == "/export" || suffix == "/import/template":
		*params = append(*params, listParams(m)...)
		op["responses"] = map[string]any{"200": ref("responses", "Xlsx"), "default": ref("responses", "Error")}
	case suffix == "/import":
		*params = append(*params, ref("parameters", "dryRun"))
		op["requestBody"] = map[string]any{"required": true, "content": map[string]any{
			"multipart/form-data": map[string]any{"schema": map[string]any{
				"type":       "object",
				"properties": map[string]any{"file": map[string]any{"type": "string", "format": "binary"}},
			}},
		}}
	case suffix == "/stats":
		*params = append(*params,
			map[string]any{"name": "by", "in": "query", "required": true, "schema": map[string]any{"type": "string", "enum": statFields(m)}},
			map[string]any{"name": "bucket", "in": "query", "schema": map[string]any{"type": "string", "enum": []string{"day", "month", "year"}}},
		)
	}
}

func actionNames(m *schema.Module) []string {
	var out []string
	if m.Status != nil {
		for _, a := range m.Status.Actions {
			out = append(out, a.Name)
		}
	}
	return out
}

func statFields(m *schema.Module) []string {
	if len(m.Stats) > 0 {
		return m.Stats
	}
	return []string{}
}

// listParams are the paging, sorting and criteria parameters of a module's
// list: the shared page, size and sort, and the module's criteria object.
func listParams(m *schema.Module) []any {
	return []any{ref("parameters", "page"), ref("parameters", "size"), ref("parameters", "sort"),
		ref("parameters", schemaName(m)+"Criteria")}
}

// criteriaSchema describes a module's criteria as one object whose keys
// are <field>.<operator>: one pattern for each set of fields sharing the
// same operators (the field labels are in the record schema), so a
// form-exploded object parameter puts exactly the query parameters the list
// takes, without one parameter per field and operator.
func criteriaSchema(m *schema.Module) map[string]any {
	byOps := map[string][]string{}
	var order []string
	fields := append(slices.Clone(m.Fields), schema.CommonFields(m)...)
	seen := map[string]bool{}
	for i := range fields {
		f := &fields[i]
		ops := f.Operators()
		if !f.Filterable() || len(ops) == 0 || seen[f.Name] {
			continue
		}
		seen[f.Name] = true
		key := strings.Join(ops, "|")
		if byOps[key] == nil {
			order = append(order, key)
		}
		byOps[key] = append(byOps[key], regexp.QuoteMeta(f.Name))
	}
	patterns := map[string]any{}
	for _, ops := range order {
		patterns["^("+strings.Join(byOps[ops], "|")+")\\.("+ops+")$"] = map[string]any{"type": "string"}
	}
	return map[string]any{"type": "object", "patternProperties": patterns, "additionalProperties": false}
}

// ref is a reference to a component of the given kind.
func ref(kind, name string) map[string]any {
	return map[string]any{"$ref": "#/components/" + kind + "/" + name}
}

// sharedParameters are the parameters every module's routes share.
func sharedParameters() map[string]any {
	return map[string]any{
		"id":     map[string]any{"name": "id", "in": "path", "required": true, "schema": map[string]any{"type": "string"}},
		"page":   map[string]any{"name": "page", "in": "query", "schema": map[string]any{"type": "integer", "minimum": 0, "default": 0}},
		"size":   map[string]any{"name": "size", "in": "query", "schema": map[string]any{"type": "integer", "minimum": 1, "maximum": 1000, "default": 10}},
		"sort":   map[string]any{"name": "sort", "in": "query", "description": "field,asc|desc (repeatable)", "schema": map[string]any{"type": "array", "items": map[string]any{"type": "string"}}, "explode": true},
		"ids":    map[string]any{"name": "ids", "in": "query", "required": true, "description": "comma-separated ids", "schema": map[string]any{"type": "string"}},
		"dryRun": map[string]any{"name": "dryRun", "in": "query", "schema": map[string]any{"type": "boolean", "default": true}},
	}
}

// sharedResponses are the answers every route shares: the plain envelope,
// the error envelope and an xlsx file.
func sharedResponses() map[string]any {
	return map[string]any{
		"Ok": envelopeResponse(nil),
		"Error": map[string]any{"description": msg.APIError, "content": map[string]any{"application/json": map[string]any{
			"schema": ref("schemas", "Error"),
		}}},
		"Xlsx": map[string]any{"description": "xlsx", "content": map[string]any{
			"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": map[string]any{
				"schema": map[string]any{"type": "string", "format": "binary"},
			},
		}},
	}
}

// moduleResponses answers with the named response component ("" for the
// plain envelope) or the error envelope.
func moduleResponses(name string) map[string]any {
	if name == "" {
		name = "Ok"
	}
	return map[string]any{"200": ref("responses", name), "default": ref("responses", "Error")}
}

func jsonBody(s any) map[string]any {
	return map[string]any{"required": true, "content": map[string]any{"application/json": map[string]any{"schema": s}}}
}

// envelopeResponse is a success answer whose envelope carries data (nil:
// any data).
func envelopeResponse(data any) map[string]any {
	env := ref("schemas", "Envelope")
	if data != nil {
		env = map[string]any{"allOf": []any{
			ref("schemas", "Envelope"),
			map[string]any{"type": "object", "properties": map[string]any{"data": data}},
		}}
	}
	return map[string]any{"description": msg.APISuccess, "content": map[string]any{"application/json": map[string]any{"schema": env}}}
}

func envelopeSchema() map[string]any {
	return map[string]any{
		"type":     "object",
		"required": []string{"code", "msg"},
		"properties": map[string]any{
			"code": map[string]any{"type": "integer", "description": msg.APICodeSuccess},
			"msg":  map[string]any{"type": "string"},
			"data": map[string]any{},
		},
	}
}

func errorSchema() map[string]any {
	return map[string]any{
		"type":     "object",
		"required": []string{"code", "msg"},
		"properties": map[string]any{
			"code": map[string]any{"type": "integer", "description": msg.APICodeStatus},
			"msg":  map[string]any{"type": "string", "description": msg.APIMsg},
			"errors": map[string]any{"type": "array", "items": map[string]any{
				"type": "object",
				"properties": map[string]any{
					"field":   map[string]any{"type": "string"},
					"message": map[string]any{"type": "string"},
				},
			}},
		},
	}
}

func operationID(method, path string) string {
	var b strings.Builder
	b.WriteString(strings.ToLower(method))
	for _, part := range strings.FieldsFunc(path, func(r rune) bool { return r == '/' || r == '{' || r == '}' || r == '-' || r == '.' }) {
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String()
}
