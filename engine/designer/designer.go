package designer

import (
	"context"
	"fmt"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"

	"xiangzhi/engine"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/realtime"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// DefaultPoll is how often an instance looks for publishes made elsewhere.
const DefaultPoll = 2 * time.Second

// Options tune a Designer.
type Options struct {
	// Poll is the interval of the revision poll (DefaultPoll when 0; < 0
	// turns polling off).
	Poll time.Duration
}

// Designer is the form designer's store and publisher on one App.
type Designer struct {
	app  *engine.App
	st   *store.Store
	repo *repo
	mu   sync.Mutex // one publish at a time on this instance

	revMu sync.Mutex
	rev   int64 // the revision this instance serves
}

// New creates the designer's tables, makes the App load the published
// designer modules with its schemas tree (and loads them now when there
// are any) and follows publishes made on other instances until the App
// closes.
func New(ctx context.Context, app *engine.App, opts Options) (*Designer, error) {
	st := app.Store()
	d := &Designer{app: app, st: st, repo: &repo{db: st.DB(), dialect: st.Dialect()}}
	if err := d.repo.migrate(ctx); err != nil {
		return nil, err
	}
	rev, err := d.repo.revision(ctx)
	if err != nil {
		return nil, fmt.Errorf("read designer revision: %w", err)
	}
	d.rev = rev
	app.SetModuleSource(d.source)
	// Any instance may have changed a column's type: no statement planned
	// before a reload is used again (PostgreSQL refuses them).
	app.OnModulesChanged(func(*schema.Set) { st.FlushStatements() })
	pub, err := d.repo.published(ctx)
	if err != nil {
		return nil, err
	}
	if len(pub) > 0 {
		if err := app.Reload(ctx); err != nil {
			app.Logger().Warn("schema reload incomplete", "err", err.Error())
		}
	}
	if opts.Poll == 0 {
		opts.Poll = DefaultPoll
	}
	if opts.Poll > 0 {
		go d.poll(app.Context(), opts.Poll)
	}
	return d, nil
}

// source is the App's module source: every served designer module's
// published YAML, as designer/<name>.yaml.
func (d *Designer) source(ctx context.Context) (map[string][]byte, error) {
	pub, err := d.repo.published(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]byte, len(pub))
	for name, text := range pub {
		out[filePath(name)] = []byte(text)
	}
	return out, nil
}

// filePath is the file a designer module loads as.
func filePath(name string) string { return path.Join(schema.DesignerDir, name+".yaml") }

// IsDesigner reports whether a served module comes from the designer.
func IsDesigner(m *schema.Module) bool {
	return strings.HasPrefix(m.File, schema.DesignerDir+"/")
}

// poll reloads the modules when another instance changed the designer's
// modules (its revision moved), until ctx ends.
func (d *Designer) poll(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		rev, err := d.repo.revision(ctx)
		if err != nil {
			continue
		}
		d.revMu.Lock()
		changed := rev != d.rev
		d.rev = rev
		d.revMu.Unlock()
		if changed {
			d.app.Logger().Info("designer modules changed on another instance, reloading", "revision", rev)
			if err := d.app.Reload(ctx); err != nil && ctx.Err() == nil {
				d.app.Logger().Warn("schema reload incomplete", "err", err.Error())
			}
		}
	}
}

// serve reloads this instance after a change of the served designer
// modules and tells the others: the revision for the pollers, the module
// signal for the bus.
func (d *Designer) serve(ctx context.Context) {
	d.revMu.Lock()
	if rev, err := d.repo.bump(ctx); err == nil {
		d.rev = rev
	}
	d.revMu.Unlock()
	if err := d.app.Reload(ctx); err != nil {
		d.app.Logger().Warn("schema reload incomplete", "err", err.Error())
	}
	err := d.app.Bus().Publish(ctx, realtime.SignalSubject(realtime.SignalModules), []byte(d.app.InstanceID()))
	if err != nil {
		d.app.Logger().Warn("module change not announced", "err", err.Error())
	}
}

// Errors answered by the designer's calls.
func badRequest(format string, args ...any) error {
	return httpx.NewError(http.StatusBadRequest, fmt.Sprintf(format, args...))
}

func notFound(name string) error {
	return httpx.NewError(http.StatusNotFound, fmt.Sprintf(msg.DesignerNotFound, name))
}

func conflict(format string, args ...any) error {
	return httpx.NewError(http.StatusConflict, fmt.Sprintf(format, args...))
}

// problemsError refuses a publish of a module with loader problems; its
// envelope carries them as data.problems.
func problemsError(problems []*schema.LoadError) error {
	e := httpx.NewError(http.StatusBadRequest, msg.DesignerHasProblems)
	e.Data = map[string]any{"problems": problems}
	return e
}

// fileModule is the served file module with the name or API path, or nil.
func (d *Designer) fileModule(name, api string) *schema.Module {
	for _, m := range d.app.Modules().Modules {
		if !IsDesigner(m) && (m.Name == name || (api != "" && m.API == api)) {
			return m
		}
	}
	return nil
}

// checkNames refuses a designer module whose name or API path a file
// module uses, or another designer module's API path.
func (d *Designer) checkNames(ctx context.Context, m *schema.Module) error {
	if f := d.fileModule(m.Name, ""); f != nil {
		return badRequest(msg.DesignerFileName, m.Name)
	}
	if f := d.fileModule("", m.API); f != nil && m.API != "" {
		return badRequest(msg.DesignerFileAPI, m.API)
	}
	rows, err := d.repo.all(ctx)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if r.Name == m.Name {
			continue
		}
		other, _ := schema.ParseModule(filePath(r.Name), []byte(r.YAML))
		if other == nil {
			continue
		}
		if other.API == m.API && m.API != "" {
			return conflict(msg.DesignerAPITaken, m.API)
		}
		if overlaps(other.Permission, m.Permission) {
			return conflict(msg.DesignerPermUsed, m.Permission)
		}
	}
	return d.checkCodes(m)
}

// checkCodes keeps a designer module's permission codes its own: they all
// start with its permission prefix, which no other module and no route
// uses — a publish grants them, so a borrowed code would hand out another
// screen's permission.
func (d *Designer) checkCodes(m *schema.Module) error {
	if m.Permission == "" {
		return nil
	}
	for _, c := range m.Codes() {
		if !strings.HasPrefix(c, m.Permission+".") {
			return badRequest(msg.DesignerCodeOutside, m.Permission, c)
		}
	}
	moduleCodes := map[string]bool{}
	for _, o := range d.app.Modules().Modules {
		if o.Name != m.Name && overlaps(o.Permission, m.Permission) {
			return badRequest(msg.DesignerPermUsed, m.Permission)
		}
		for _, c := range o.Codes() {
			moduleCodes[c] = true
		}
	}
	for _, r := range d.app.Routes() { // the hand-written routes' codes
		if !moduleCodes[r.Code] && strings.HasPrefix(r.Code, m.Permission+".") {
			return badRequest(msg.DesignerPermUsed, m.Permission)
		}
	}
	return nil
}

// overlaps reports whether two permission prefixes share codes: equal, or
// one a dotted prefix of the other.
func overlaps(a, b string) bool {
	return a != "" && b != "" && (a == b || strings.HasPrefix(a, b+".") || strings.HasPrefix(b, a+"."))
}
