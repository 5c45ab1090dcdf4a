package designer

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"path"
	"slices"
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
		if other, _ := schema.ParseModule(filePath(r.Name), []byte(r.YAML)); other != nil && other.API == m.API && m.API != "" {
			return conflict(msg.DesignerAPITaken, m.API)
		}
	}
	return nil
}

// Entry is one module of the designer's list.
type Entry struct {
	Name             string `json:"name"`
	Title            string `json:"title"`
	API              string `json:"api"`
	Group            string `json:"group"`
	Source           string `json:"source"` // file or designer
	File             string `json:"file,omitempty"`
	ReadOnly         bool   `json:"readOnly"`
	State            string `json:"state,omitempty"`
	PublishedVersion int64  `json:"publishedVersion,omitempty"`
	UpdatedAt        string `json:"updatedAt,omitempty"`
	UpdatedBy        int64  `json:"updatedBy,omitempty"`
	Served           bool   `json:"served"`
}

// Sources of modules.
const (
	SourceFile     = "file"
	SourceDesigner = "designer"
)

// States of a designer module.
const (
	StateDraft     = "draft"
	StatePublished = "published"
	StateChanged   = "changed"
	StateRemoved   = "removed"
)

// List answers every served module and every designer module.
func (d *Designer) List(ctx context.Context) ([]Entry, error) {
	rows, err := d.repo.all(ctx)
	if err != nil {
		return nil, err
	}
	set := d.app.Modules()
	out := []Entry{}
	for _, m := range set.Modules {
		if !IsDesigner(m) {
			out = append(out, Entry{Name: m.Name, Title: m.Title, API: m.API, Group: m.Group, Source: SourceFile,
				File: m.File, ReadOnly: true, Served: true})
		}
	}
	for _, r := range rows {
		e := Entry{Name: r.Name, Source: SourceDesigner, PublishedVersion: r.PublishedVersion, UpdatedAt: r.UpdatedAt,
			UpdatedBy: r.UpdatedBy, Served: set.Module(r.Name) != nil}
		e.State, _ = d.state(ctx, r)
		if m, _ := schema.ParseModule(filePath(r.Name), []byte(r.YAML)); m != nil {
			e.Title, e.API, e.Group = m.Title, m.API, m.Group
		}
		out = append(out, e)
	}
	slices.SortStableFunc(out, func(a, b Entry) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

func (d *Designer) state(ctx context.Context, r *row) (string, error) {
	switch {
	case r.Removed:
		return StateRemoved, nil
	case r.PublishedVersion == 0:
		return StateDraft, nil
	}
	v, err := d.repo.version(ctx, r.Name, r.PublishedVersion)
	if err != nil || v == nil {
		return StateChanged, err
	}
	if v.YAML == r.YAML {
		return StatePublished, nil
	}
	return StateChanged, nil
}

// Detail is one module as the designer edits it.
type Detail struct {
	Name             string              `json:"name"`
	Source           string              `json:"source"`
	ReadOnly         bool                `json:"readOnly"`
	State            string              `json:"state,omitempty"`
	File             string              `json:"file,omitempty"`
	YAML             string              `json:"yaml"`
	Model            *schema.Module      `json:"model"`
	Problems         []*schema.LoadError `json:"problems"`
	Renames          map[string]string   `json:"renames"`
	PublishedVersion int64               `json:"publishedVersion,omitempty"`
	UpdatedAt        string              `json:"updatedAt,omitempty"`
	UpdatedBy        int64               `json:"updatedBy,omitempty"`
}

// Get answers a designer module, or a served file module (read-only).
func (d *Designer) Get(ctx context.Context, name string) (*Detail, error) {
	r, err := d.repo.get(ctx, name)
	if err != nil {
		return nil, err
	}
	if r == nil {
		m := d.fileModule(name, "")
		if m == nil {
			return nil, notFound(name)
		}
		text, err := d.fileText(m)
		if err != nil {
			return nil, err
		}
		return &Detail{Name: name, Source: SourceFile, ReadOnly: true, File: m.File, YAML: string(text), Model: m,
			Problems: []*schema.LoadError{}, Renames: map[string]string{}}, nil
	}
	det := &Detail{Name: name, Source: SourceDesigner, YAML: r.YAML, Renames: r.Renames,
		PublishedVersion: r.PublishedVersion, UpdatedAt: r.UpdatedAt, UpdatedBy: r.UpdatedBy}
	det.State, _ = d.state(ctx, r)
	det.Model, det.Problems = d.Parse([]byte(r.YAML), name)
	return det, nil
}

// fileText is a file module's file as the App loaded it, or its rendering
// when the file cannot be read.
func (d *Designer) fileText(m *schema.Module) ([]byte, error) {
	if text, err := d.app.ReadSchemaFile(m.File); err == nil {
		return text, nil
	}
	return schema.Render(m, nil)
}

// Parse checks a module's YAML with the loader, against the modules and
// dictionaries served now; name is the designer module it will be (""
// for its own name). Problems is never nil.
func (d *Designer) Parse(text []byte, name string) (*schema.Module, []*schema.LoadError) {
	if name == "" {
		if m, _ := schema.ParseModule("module.yaml", text); m != nil {
			name = m.Name
		} else {
			name = "module"
		}
	}
	m, problems := d.app.CheckModule(filePath(name), text)
	if problems == nil {
		problems = []*schema.LoadError{}
	}
	return m, problems
}

// Render writes a model into a module's YAML (docs/designer.md).
func Render(model *schema.Module, base []byte) ([]byte, error) { return schema.Render(model, base) }

// draftText turns what a save sends — a model or YAML text — into YAML,
// written into base when a model.
func draftText(model *schema.Module, text string, base []byte) ([]byte, error) {
	switch {
	case model != nil:
		return schema.Render(model, base)
	case strings.TrimSpace(text) != "":
		return []byte(text), nil
	}
	return nil, badRequest(msg.DesignerNoModel)
}

// nameOf reads the module name of a draft, parsed or not.
func nameOf(text []byte) string {
	if m, _ := schema.ParseModule("module.yaml", text); m != nil {
		return m.Name
	}
	return schema.NameInText(text)
}

// Create stores a new designer module from a model or YAML.
func (d *Designer) Create(ctx context.Context, user int64, model *schema.Module, text string) (*Detail, error) {
	data, err := draftText(model, text, nil)
	if err != nil {
		return nil, err
	}
	return d.create(ctx, user, data)
}

func (d *Designer) create(ctx context.Context, user int64, data []byte) (*Detail, error) {
	name := nameOf(data)
	if name == "" {
		return nil, badRequest(msg.DesignerNameMissing)
	}
	if d.fileModule(name, "") != nil {
		return nil, badRequest(msg.DesignerFileName, name)
	}
	if r, err := d.repo.get(ctx, name); err != nil {
		return nil, err
	} else if r != nil {
		return nil, conflict(msg.DesignerNameTaken, name)
	}
	if m, _ := schema.ParseModule(filePath(name), data); m != nil {
		if err := d.checkNames(ctx, m); err != nil {
			return nil, err
		}
	}
	if err := d.repo.insert(ctx, name, string(data), user); err != nil {
		if r, _ := d.repo.get(ctx, name); r != nil {
			return nil, conflict(msg.DesignerNameTaken, name)
		}
		return nil, err
	}
	return d.Get(ctx, name)
}

// Save replaces a designer module's draft.
func (d *Designer) Save(ctx context.Context, user int64, name string, model *schema.Module, text string,
	renames map[string]string) (*Detail, error) {
	r, err := d.repo.get(ctx, name)
	if err != nil {
		return nil, err
	}
	if r == nil {
		if d.fileModule(name, "") != nil {
			return nil, badRequest(msg.DesignerFileReadOnly)
		}
		return nil, notFound(name)
	}
	data, err := draftText(model, text, []byte(r.YAML))
	if err != nil {
		return nil, err
	}
	if n := nameOf(data); n != "" && n != name {
		return nil, badRequest(msg.DesignerNameFixed)
	}
	if m, _ := schema.ParseModule(filePath(name), data); m != nil {
		if err := d.checkNames(ctx, m); err != nil {
			return nil, err
		}
	}
	if renames == nil {
		renames = r.Renames
	}
	if err := d.repo.saveDraft(ctx, name, string(data), renames, user); err != nil {
		return nil, err
	}
	return d.Get(ctx, name)
}

// Import stores YAML as a designer draft: a new module, or the draft of
// the designer module of its name.
func (d *Designer) Import(ctx context.Context, user int64, text []byte) (*Detail, error) {
	name := nameOf(text)
	if name == "" {
		return nil, badRequest(msg.DesignerNameMissing)
	}
	if d.fileModule(name, "") != nil {
		return nil, badRequest(msg.DesignerFileName, name)
	}
	r, err := d.repo.get(ctx, name)
	if err != nil {
		return nil, err
	}
	if r == nil {
		return d.create(ctx, user, text)
	}
	return d.Save(ctx, user, name, nil, string(text), nil)
}

// Copy stores a copy of a module (file or designer) as a new designer
// module under another name, title, API path and permission prefix.
func (d *Designer) Copy(ctx context.Context, user int64, from, name, title, api, permission string) (*Detail, error) {
	src, err := d.Get(ctx, from)
	if err != nil {
		return nil, err
	}
	if src.Model == nil {
		return nil, problemsError(src.Problems)
	}
	m := *src.Model
	m.Name, m.Table = name, ""
	if title != "" {
		m.Title = title
	}
	m.API, m.Permission = api, permission
	data, err := schema.Render(&m, []byte(src.YAML))
	if err != nil {
		return nil, err
	}
	return d.create(ctx, user, data)
}

// Export answers a module's YAML: a file module's file, a designer
// module's draft, or a published version (version > 0).
func (d *Designer) Export(ctx context.Context, name string, version int64) ([]byte, error) {
	if version > 0 {
		v, err := d.repo.version(ctx, name, version)
		if err != nil {
			return nil, err
		}
		if v == nil {
			return nil, badRequest(msg.DesignerVersionAbsent, fmt.Sprint(version))
		}
		return []byte(v.YAML), nil
	}
	det, err := d.Get(ctx, name)
	if err != nil {
		return nil, err
	}
	return []byte(det.YAML), nil
}

// VersionInfo is one published version.
type VersionInfo struct {
	Version     int64          `json:"version"`
	Note        string         `json:"note"`
	RollbackOf  int64          `json:"rollbackOf,omitempty"`
	PublishedBy int64          `json:"publishedBy"`
	PublishedAt string         `json:"publishedAt"`
	Current     bool           `json:"current"`
	Backup      bool           `json:"backup"`
	YAML        string         `json:"yaml,omitempty"`
	Model       *schema.Module `json:"model,omitempty"`
}

// Versions lists a designer module's published versions, newest first.
func (d *Designer) Versions(ctx context.Context, name string) ([]VersionInfo, error) {
	r, err := d.repo.get(ctx, name)
	if err != nil {
		return nil, err
	}
	if r == nil {
		return nil, notFound(name)
	}
	vs, err := d.repo.versions(ctx, name)
	if err != nil {
		return nil, err
	}
	backed, err := d.repo.backedUp(ctx, name)
	if err != nil {
		return nil, err
	}
	out := []VersionInfo{}
	for _, v := range vs {
		out = append(out, VersionInfo{Version: v.Version, Note: v.Note, RollbackOf: v.RollbackOf, PublishedBy: v.PublishedBy,
			PublishedAt: v.PublishedAt, Current: v.Version == r.PublishedVersion && !r.Removed, Backup: backed[v.Version]})
	}
	return out, nil
}

// Version answers one published version with its YAML and model.
func (d *Designer) Version(ctx context.Context, name string, n int64) (*VersionInfo, error) {
	v, err := d.repo.version(ctx, name, n)
	if err != nil {
		return nil, err
	}
	if v == nil {
		return nil, badRequest(msg.DesignerVersionAbsent, fmt.Sprint(n))
	}
	m, _ := schema.ParseModule(filePath(name), []byte(v.YAML))
	return &VersionInfo{Version: v.Version, Note: v.Note, RollbackOf: v.RollbackOf, PublishedBy: v.PublishedBy,
		PublishedAt: v.PublishedAt, YAML: v.YAML, Model: m}, nil
}

// Remove takes a designer module out of service on every instance; its
// versions stay, its table and data too.
func (d *Designer) Remove(ctx context.Context, name string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	r, err := d.repo.get(ctx, name)
	if err != nil {
		return err
	}
	if r == nil {
		if d.fileModule(name, "") != nil {
			return badRequest(msg.DesignerFileReadOnly)
		}
		return notFound(name)
	}
	if r.PublishedVersion == 0 {
		_, err := d.repo.db.ExecContext(ctx, d.repo.q("DELETE FROM "+ModulesTable+" WHERE name = ?"), name)
		return err
	}
	if err := d.repo.setPublished(ctx, name, r.PublishedVersion, true); err != nil {
		return err
	}
	d.serve(ctx)
	return nil
}

// errBusy answers a publish that lost the race for its version number.
var errBusy = errors.New("designer: version taken")
