// Package crud serves every business module's REST API from its schema. One
// catch-all route hands each request to the Dispatcher, which finds the
// module by its api base path in a registry swapped atomically on reload
// (so modules come and go without touching echo's router), checks the
// operation's permission code through the Authorizer, and runs the handler:
// decode, validate against the schema, call the store, answer the envelope.
// There is no SQL here.
//
// Under a module's base path {api}:
//
//	GET    {api}                   list (criteria, page, size, sort)         <permission>.list
//	GET    {api}/{id}              one record with children and history      <permission>.view
//	POST   {api}                   create                                    <permission>.add
//	PUT    {api}/{id}, PUT {api}   update (id in the path or the body)       <permission>.edit
//	DELETE {api}/{id}              delete one                                <permission>.del
//	DELETE {api}?ids=1,2,3         delete several                            <permission>.del
//	PUT    {api}/{id}/status       status action {action, comment, version}  the action's code
//	GET    {api}/export            xlsx of every matching row                <permission>.export
//	POST   {api}/import            xlsx upload, dryRun=true report / commit  <permission>.import
//	GET    {api}/import/template   empty xlsx with the headers               <permission>.import
//	GET    {api}/schema            record schema, uiSchema, list config      <permission>.list
//	GET    {api}/stats?by=f        group-by counts                           <permission>.list
//
// PUT and DELETE may arrive as POST with ?_method=PUT|DELETE (see
// httpx.MethodOverride). Export and import exist only when the module
// switches them on.
//
// Conventions chosen here: every success answers HTTP 200 with the
// envelope (a create too, as the legacy client expects); ids are positive
// decimal integers, anything else is 400 ID格式不正确; a path under a module
// that names no operation is 404, a known path with another method 405; a
// delete (single or batch) that reaches no record is 404; update is partial
// (only the keys sent change) and honours "version" as an optimistic lock;
// the list, export and stats accept the same criteria (query.Parse) plus
// the reserved _method, _t and _ parameters; the export walks rows in id
// order; an import's dry run is the default, and a commit inserts every row
// in one transaction or none; create and update ignore read-only fields; list
// and get answers carry the references' display values (labels.go); the
// ids a create, update or import writes in ref fields must name records
// the caller could read (refcheck.go); every
// write runs the module's write hooks (engine/store: a refusal answers 409
// or 400 naming the field, an import's naming the row too), and every
// status action, whichever route runs it, is followed by the module's
// transition hooks (hooks.go).
package crud

import (
	"cmp"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// Authorizer decides whether the request may perform the operation that
// needs the permission code, and returns the data scope it runs in.
type Authorizer interface {
	Authorize(c echo.Context, code string) (store.Scope, error)
}

// Options configure a Dispatcher.
type Options struct {
	// Store keeps the records.
	Store *store.Store
	// Authorizer checks every operation; required.
	Authorizer Authorizer
	// Logger receives import and export problems; nil means slog.Default().
	Logger *slog.Logger
	// MaxBody limits JSON bodies (httpx.DefaultMaxBody when 0).
	MaxBody int64
	// MaxExports bounds the exports running at once (DefaultMaxExports
	// when 0); ExportWait is how long another waits for one to end before
	// it is answered 503 (DefaultExportWait when 0).
	MaxExports int
	ExportWait time.Duration
}

// An export costs a core while it runs and its compressor's and batch's
// memory (≈ 2 MB); more at once than cores only share them more thinly.
const (
	DefaultMaxExports = 2
	DefaultExportWait = 30 * time.Second
)

// Dispatcher serves the module API of the current schema set.
type Dispatcher struct {
	opts      Options
	log       *slog.Logger
	reg       atomic.Pointer[registry]
	observers observerList
	sys       systemLabels
	refs      systemRefs
	paths     orgPaths
	exports   chan struct{} // the export slots
}

// registry is one immutable snapshot of the served modules.
type registry struct {
	set *schema.Set
	// bases are the modules by api base, longest first, so a module nested
	// under another's path wins.
	bases []*schema.Module
	// byBase is bases by api base without its trailing slash (the first,
	// so the longest API, of modules sharing one): find looks up the
	// path's prefixes rather than testing every module.
	byBase map[string]*schema.Module
	// declared are the routes the module files declare (routes:).
	declared declaredRoutes
}

// New returns a dispatcher serving an empty set until Swap.
func New(opts Options) *Dispatcher {
	d := &Dispatcher{opts: opts, log: opts.Logger}
	if d.log == nil {
		d.log = slog.Default()
	}
	if d.opts.MaxBody <= 0 {
		d.opts.MaxBody = httpx.DefaultMaxBody
	}
	if d.opts.MaxExports <= 0 {
		d.opts.MaxExports = DefaultMaxExports
	}
	if d.opts.ExportWait <= 0 {
		d.opts.ExportWait = DefaultExportWait
	}
	d.exports = make(chan struct{}, d.opts.MaxExports)
	d.Swap(&schema.Set{})
	return d
}

// Swap makes set the served one. Requests already running finish with the
// set they started with.
func (d *Dispatcher) Swap(set *schema.Set) {
	r := &registry{set: set, bases: slices.Clone(set.Modules), declared: compileDeclared(set)}
	slices.SortStableFunc(r.bases, func(a, b *schema.Module) int {
		return cmp.Compare(len(b.API), len(a.API))
	})
	r.byBase = make(map[string]*schema.Module, len(r.bases))
	for _, m := range r.bases {
		base := strings.TrimSuffix(m.API, "/")
		if _, dup := r.byBase[base]; !dup {
			r.byBase[base] = m
		}
	}
	d.reg.Store(r)
}

// Set is the schema set being served.
func (d *Dispatcher) Set() *schema.Set { return d.reg.Load().set }

// find returns the module whose api base is path or a prefix of it at a
// segment boundary, and the rest of the path after the base.
func (r *registry) find(path string) (*schema.Module, string) {
	for end := len(path); end >= 0; end = strings.LastIndexByte(path[:end], '/') {
		if m, ok := r.byBase[path[:end]]; ok {
			return m, path[end:]
		}
		if end == 0 {
			break
		}
	}
	return nil, ""
}

// Owns reports whether path lies under a served module's base path.
func (d *Dispatcher) Owns(path string) bool {
	reg := d.reg.Load()
	m, _ := reg.find(path)
	if m != nil {
		return true
	}
	_, _, known := reg.findDeclared("", path)
	return known
}

// Serve answers the request if its path lies under a module. handled is
// false (and nothing is written) otherwise, so the caller can go on to the
// console or a 404.
func (d *Dispatcher) Serve(c echo.Context) (handled bool, err error) {
	reg := d.reg.Load()
	dr, idText, known := reg.findDeclared(c.Request().Method, c.Request().URL.Path)
	if dr != nil {
		return true, d.serveDeclared(c, reg.set, dr, idText)
	}
	m, rest := reg.find(c.Request().URL.Path)
	if known { // a declared path asked with another method: a generic route's, or none
		if m == nil {
			return true, httpx.NewError(http.StatusMethodNotAllowed, msg.MethodNotAllowed)
		}
		if _, _, err := match(m, c.Request().Method, rest); err != nil {
			return true, httpx.NewError(http.StatusMethodNotAllowed, msg.MethodNotAllowed)
		}
	}
	if m == nil {
		return false, nil
	}
	return true, d.serve(c, reg.set, m, rest)
}
