package designer

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"strings"
	"time"

	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// Result is what a publish or a rollback did.
type Result struct {
	Version     int64  `json:"version"`
	PublishedAt string `json:"publishedAt"`
	Plan        *Plan  `json:"plan"`
	Restored    int64  `json:"restored,omitempty"`
	// Module is the module now served.
	Module *schema.Module `json:"-"`
}

// target is what a publish or rollback puts in service.
type target struct {
	row     *row
	text    []byte
	next    *schema.Module
	old     *schema.Module // served now, or the last published version of a removed module
	renames map[string]string
	version int64 // a rollback's version, else 0
}

// prepare reads the module and what the publish (version 0) or the
// rollback to version would serve, and checks it with the loader.
func (d *Designer) prepare(ctx context.Context, name string, version int64) (*target, []*schema.LoadError, error) {
	r, err := d.repo.get(ctx, name)
	if err != nil {
		return nil, nil, err
	}
	if r == nil {
		if d.fileModule(name, "") != nil {
			return nil, nil, badRequest(msg.DesignerFileReadOnly)
		}
		return nil, nil, notFound(name)
	}
	t := &target{row: r, text: []byte(r.YAML), renames: r.Renames, version: version}
	if version > 0 {
		v, err := d.repo.version(ctx, name, version)
		if err != nil {
			return nil, nil, err
		}
		if v == nil {
			return nil, nil, badRequest(msg.DesignerVersionAbsent, fmt.Sprint(version))
		}
		t.text = []byte(v.YAML)
		if t.renames, err = d.backRenames(ctx, name, r.PublishedVersion, version); err != nil {
			return nil, nil, err
		}
	}
	if served := d.app.Modules().Module(name); served != nil && IsDesigner(served) {
		t.old = served
	} else if r.PublishedVersion > 0 {
		if v, err := d.repo.version(ctx, name, r.PublishedVersion); err == nil && v != nil {
			t.old, _ = schema.ParseModule(filePath(name), []byte(v.YAML))
		}
	}
	next, problems := d.check(t.text, name, true)
	if next != nil {
		if err := d.checkNames(ctx, next); err != nil {
			return nil, nil, err
		}
	}
	t.next = next
	return t, problems, nil
}

// backRenames composes the renames that lead from the names of version
// `from` back to those of version `to` (< from): each version's renames
// undone, newest first.
func (d *Designer) backRenames(ctx context.Context, name string, from, to int64) (map[string]string, error) {
	vs, err := d.repo.versions(ctx, name)
	if err != nil {
		return nil, err
	}
	cur := map[string]string{} // name at `from` → name at `to`
	for _, v := range vs {     // newest first
		if v.Version > from || v.Version <= to {
			continue
		}
		for old, nu := range v.Renames {
			found := false
			for k, x := range cur {
				if x == nu {
					cur[k], found = old, true
				}
			}
			if !found {
				cur[nu] = old
			}
		}
	}
	maps.DeleteFunc(cur, func(k, v string) bool { return k == v })
	return cur, nil
}

// Plan answers what publishing the draft (version 0) or rolling back to a
// version would do, without doing it.
func (d *Designer) Plan(ctx context.Context, name string, version int64) (*Plan, error) {
	t, problems, err := d.prepare(ctx, name, version)
	if err != nil {
		return nil, err
	}
	return d.plan(ctx, t, problems)
}

func (d *Designer) plan(ctx context.Context, t *target, problems []*schema.LoadError) (*Plan, error) {
	if t.next == nil {
		return &Plan{Module: t.row.Name, FromVersion: t.row.PublishedVersion, Problems: problems, Changes: []Change{}}, nil
	}
	p, err := computePlan(ctx, d.st, t.old, t.next, t.renames)
	if err != nil {
		return nil, err
	}
	p.FromVersion = t.row.PublishedVersion
	p.Problems = append(problems, p.Problems...)
	return p, nil
}

// Publish puts the draft in service: plan, confirmation of a destructive
// plan, backups, the changes to the table, the new version, and the
// reload of every instance.
func (d *Designer) Publish(ctx context.Context, user int64, name, note, confirm string) (*Result, error) {
	return d.publish(ctx, user, name, 0, note, confirm)
}

// Rollback publishes a published version again (as a new version) and
// restores the values the publishes after it backed up.
func (d *Designer) Rollback(ctx context.Context, user int64, name string, version int64, note, confirm string) (*Result, error) {
	if version <= 0 {
		return nil, badRequest(msg.DesignerVersionAbsent, fmt.Sprint(version))
	}
	return d.publish(ctx, user, name, version, note, confirm)
}

func (d *Designer) publish(ctx context.Context, user int64, name string, rollbackTo int64, note, confirm string) (*Result, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	took := phases{start: time.Now()}
	defer func() { d.app.Logger().Info("designer publish", took.attrs(name)...) }()
	t, problems, err := d.prepare(ctx, name, rollbackTo)
	took.mark("prepareMs")
	if err != nil {
		return nil, err
	}
	p, err := d.plan(ctx, t, problems)
	if err != nil {
		return nil, err
	}
	took.mark("planMs")
	if len(p.Problems) > 0 {
		return nil, problemsError(p.Problems)
	}
	if p.Destructive && strings.TrimSpace(confirm) != name {
		return nil, badRequest(msg.DesignerConfirm, name)
	}
	vs, err := d.repo.versions(ctx, name)
	if err != nil {
		return nil, err
	}
	v := &version{Module: name, Version: 1, YAML: string(t.text), Renames: p.renames, Note: note,
		RollbackOf: rollbackTo, PublishedBy: user, PublishedAt: nowText()}
	if len(vs) > 0 {
		v.Version = vs[0].Version + 1
	}
	if rollbackTo > 0 && v.Note == "" {
		v.Note = fmt.Sprintf(msg.DesignerRollbackNote, rollbackTo)
	}
	if err := d.repo.addVersion(ctx, v); err != nil {
		if again, _ := d.repo.version(ctx, name, v.Version); again != nil {
			return nil, httpx.NewError(http.StatusConflict, msg.DesignerBusy)
		}
		return nil, err
	}
	if err := d.apply(ctx, p, v.Version); err != nil {
		d.repo.deleteVersion(ctx, name, v.Version)
		return nil, fmt.Errorf("publish %s: %w", name, err)
	}
	took.mark("applyMs")
	res := &Result{Version: v.Version, PublishedAt: v.PublishedAt, Plan: p}
	if rollbackTo > 0 {
		if res.Restored, err = d.restore(ctx, t, rollbackTo); err != nil {
			return nil, fmt.Errorf("rollback %s: %w", name, err)
		}
		if err := d.repo.saveDraft(ctx, name, string(t.text), nil, user); err != nil {
			return nil, err
		}
	} else if err := d.repo.saveDraft(ctx, name, t.row.YAML, nil, t.row.UpdatedBy); err != nil {
		return nil, err // the renames are the version's now
	}
	if err := d.repo.setPublished(ctx, name, v.Version, false); err != nil {
		return nil, err
	}
	d.serve(ctx)
	took.mark("serveMs")
	res.Module = d.app.Modules().Module(name)
	if res.Module == nil || !IsDesigner(res.Module) {
		return nil, fmt.Errorf("publish %s: %w", name, errNotServed)
	}
	return res, nil
}

var errNotServed = errors.New("the published module is not served")

// apply makes the table match the plan: backups first, then renames, type
// changes (the old column's values converted into a new column), cut
// values, dropped columns, and the migration that adds what is new. No
// table is dropped or rebuilt.
func (d *Designer) apply(ctx context.Context, p *Plan, version int64) error {
	name := p.Module
	for _, c := range p.Changes {
		switch c.Kind {
		case KindDropField, KindTypeChange, KindNarrow:
			if c.oldCol == nil || len(c.cells) == 0 {
				continue
			}
			if err := d.repo.addBackups(ctx, name, version, c.oldCol.Path, c.oldCol.Table, c.oldCol.Column, c.cells); err != nil {
				return err
			}
		}
	}
	// A column already as the plan wants it (a publish that failed after
	// changing it) is left alone.
	has := func(fc *store.FieldColumn) bool {
		ok, _ := d.st.HasColumn(ctx, fc.Table, fc.Column)
		return ok
	}
	for _, c := range p.Changes {
		if c.Kind != KindRename || c.oldTable == "" {
			continue
		}
		// Renamed already by a publish that failed later: left alone.
		if ok, _ := d.st.HasTable(ctx, c.oldTable); !ok {
			continue
		}
		if err := d.st.RenameTable(ctx, c.oldTable, c.newTable); err != nil {
			return err
		}
	}
	for _, c := range p.Changes {
		if c.Kind == KindRename && c.oldCol != nil && (has(c.oldCol) || !has(c.newCol)) {
			if err := d.st.RenameColumn(ctx, c.oldCol.Table, c.oldCol.Column, c.newCol.Column); err != nil {
				return err
			}
		}
	}
	var converted []Change
	for _, c := range p.Changes {
		switch c.Kind {
		case KindTypeChange:
			if has(c.newCol) {
				if err := d.st.DropColumn(ctx, c.newCol.Table, c.newCol.Column); err != nil {
					return err
				}
			}
			converted = append(converted, c)
		case KindNarrow:
			cut := make([]store.Cell, len(c.cells))
			for i, cell := range c.cells {
				cut[i] = store.Cell{ID: cell.ID, Value: store.Truncate(c.newCol.Field, cell.Value)}
			}
			// Written through the old field: the column still has its old type.
			old := *c.newCol
			old.Field = c.oldCol.Field
			if _, err := d.st.WriteColumn(ctx, old, cut); err != nil {
				return err
			}
		case KindDropField:
			if c.oldCol != nil && has(c.oldCol) {
				if err := d.st.DropColumn(ctx, c.oldCol.Table, c.oldCol.Column); err != nil {
					return err
				}
			}
		}
	}
	if err := d.st.MigrateInPlace(ctx, p.next); err != nil {
		return err
	}
	d.st.FlushStatements()
	for _, c := range converted {
		var cells []store.Cell
		for _, cell := range c.cells {
			if v, ok := store.Convert(c.oldCol.Field, c.newCol.Field, cell.Value); ok && v != nil {
				cells = append(cells, store.Cell{ID: cell.ID, Value: v})
			}
		}
		if _, err := d.st.WriteColumn(ctx, *c.newCol, cells); err != nil {
			return err
		}
	}
	return nil
}

// restore writes back the values the publishes after version backed up,
// into the fields the rolled-back module has: the oldest backup of a value
// wins (it holds the value as it was at version).
func (d *Designer) restore(ctx context.Context, t *target, version int64) (int64, error) {
	backs, err := d.repo.backups(ctx, t.row.Name, version)
	if err != nil {
		return 0, err
	}
	cols := map[string]store.FieldColumn{}
	for _, fc := range store.FieldColumns(t.next) {
		cols[fc.Path] = fc
	}
	values := map[string]map[int64]any{}
	for _, b := range backs { // newest publish first: older ones overwrite
		renames, err := d.backRenames(ctx, t.row.Name, b.Version-1, version)
		if err != nil {
			return 0, err
		}
		path := b.Field
		if to, ok := renames[path]; ok {
			path = to
		}
		if _, ok := cols[path]; !ok {
			continue
		}
		if values[path] == nil {
			values[path] = map[int64]any{}
		}
		values[path][b.Record] = b.Value
	}
	var n int64
	for path, byID := range values {
		cells := make([]store.Cell, 0, len(byID))
		for id, v := range byID {
			cells = append(cells, store.Cell{ID: id, Value: v})
		}
		k, err := d.st.WriteColumn(ctx, cols[path], cells)
		if err != nil {
			return n, err
		}
		n += k
	}
	return n, nil
}

// phases times the steps of a publish for its log line.
type phases struct {
	start, last time.Time
	names       []string
	ms          []int64
}

func (p *phases) mark(name string) {
	now := time.Now()
	from := p.last
	if from.IsZero() {
		from = p.start
	}
	p.names, p.ms, p.last = append(p.names, name), append(p.ms, now.Sub(from).Milliseconds()), now
}

func (p *phases) attrs(module string) []any {
	out := []any{"module", module, "totalMs", time.Since(p.start).Milliseconds()}
	for i, n := range p.names {
		out = append(out, n, p.ms[i])
	}
	return out
}
