package designer

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
)

// This file holds the designer's reads and drafts: the module list, one
// module, checking and describing a draft, create, save, import, copy,
// export, versions and removal.

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
// dictionaries served now (schema.CheckInSet: cheap enough for every edit);
// name is the designer module it will be ("" for its own name). Problems
// is never nil. A publish checks with the whole tree again (check).
func (d *Designer) Parse(text []byte, name string) (*schema.Module, []*schema.LoadError) {
	return d.check(text, name, false)
}

// check is Parse; full loads the whole tree with the module, as a reload
// will (App.CheckModule), so that modules referring to it are checked too.
func (d *Designer) check(text []byte, name string, full bool) (*schema.Module, []*schema.LoadError) {
	if name == "" {
		if m, _ := schema.ParseModule("module.yaml", text); m != nil {
			name = m.Name
		} else {
			name = "module"
		}
	}
	var m *schema.Module
	var problems []*schema.LoadError
	if full {
		m, problems = d.app.CheckModule(filePath(name), text)
	} else {
		m, problems = schema.CheckInSet(d.app.Modules(), filePath(name), text)
	}
	if problems == nil {
		problems = []*schema.LoadError{}
	}
	if m != nil && m.Table != "" {
		return nil, []*schema.LoadError{{File: m.File, Field: "table", Problem: msg.DesignerNoTable}}
	}
	return m, problems
}

// Describe answers what GET {api}/schema would answer for a draft once
// published (schema.Describe against the served set with the draft in
// place of its published version), for the designer's live preview; nil
// with the problems when the draft does not load.
func (d *Designer) Describe(text []byte) (map[string]any, []*schema.LoadError) {
	m, problems := d.Parse(text, "")
	if m == nil {
		return nil, problems
	}
	served := d.app.Modules()
	set := &schema.Set{Dicts: served.Dicts, Groups: served.Groups, Failed: served.Failed}
	for _, o := range served.Modules {
		if o.Name != m.Name {
			set.Modules = append(set.Modules, o)
		}
	}
	set.Modules = append(set.Modules, m)
	return schema.Describe(m, set), problems
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
