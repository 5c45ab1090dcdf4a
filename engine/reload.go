package engine

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"time"

	"xiangzhi/engine/config"
	"xiangzhi/engine/schema"
)

// OnModulesChanged registers fn to run after every reload that swapped in
// a new schema set (the authorization layer registers new modules' menus
// and codes this way). It does not run for the set New loaded: read
// Modules() when registering.
func (a *App) OnModulesChanged(fn func(*schema.Set)) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.hooks = append(a.hooks, fn)
}

// Reload loads the schema set again and swaps it in without a restart. New
// and changed modules are migrated first. A module whose file now has
// problems keeps its previous version (the problems are logged with
// file:line); a module whose migration fails keeps its previous version
// too, or stays out when it is new. The returned error lists the problems
// (schema.LoadErrors and migration errors); the valid part is served
// regardless.
func (a *App) Reload(ctx context.Context) error {
	a.reloadMu.Lock()
	defer a.reloadMu.Unlock()
	return a.reload(ctx)
}

// reload is Reload under reloadMu.
func (a *App) reload(ctx context.Context) error {
	old := a.Modules()
	a.markLoaded()
	set, errs, srcErr := a.loadAll()
	a.logLoadErrors(errs)
	keepOld(set, old, errs)
	if srcErr != nil {
		keepSourced(set, old)
	}
	var problems []error
	if len(errs) > 0 {
		problems = append(problems, schema.LoadErrors(errs))
	}
	next := set.Modules[:0:0]
	for _, m := range set.Modules {
		prev := old.Module(m.Name)
		if prev == m || reflect.DeepEqual(prev, m) {
			next = append(next, prev)
			continue
		}
		// A served module from the module source (the designer's) is
		// migrated by its publisher alone: this instance only adopts the
		// table as the publisher left it. One it reads mid-publish (the
		// table is another version's) keeps its previous version until
		// the publish announces itself.
		if prev != nil && sourced(m) {
			ok, err := a.store.Adopt(ctx, m)
			if err == nil && !ok {
				a.log.Info("module not yet migrated by its publisher, kept", "name", m.Name)
				next = append(next, prev)
				continue
			}
			if err != nil {
				a.log.Error("module preparation failed", "name", m.Name, "err", err.Error())
				problems = append(problems, fmt.Errorf("prepare %s: %w", m.Name, err))
				next = append(next, prev)
				continue
			}
		} else if _, err := a.store.MigrateChanged(ctx, []*schema.Module{m}); err != nil {
			// Only what its last migration did not apply: another
			// instance may have migrated it already.
			err = fmt.Errorf("migrate %s: %w", m.Name, err)
			a.log.Error("module migration failed", "name", m.Name, "file", m.File, "err", err.Error())
			problems = append(problems, err)
			if prev != nil {
				next = append(next, prev)
			}
			continue
		}
		event := "module loaded"
		if prev != nil {
			event = "module updated"
		}
		a.log.Info(event, "name", m.Name, "api", m.API, "table", m.TableName())
		next = append(next, m)
	}
	for _, m := range old.Modules {
		if !slices.ContainsFunc(next, func(n *schema.Module) bool { return n.Name == m.Name }) {
			a.log.Info("module removed", "name", m.Name, "api", m.API)
		}
	}
	set.Modules = next
	a.crud.Swap(set)
	a.mu.Lock()
	hooks := slices.Clone(a.hooks)
	a.mu.Unlock()
	for _, fn := range hooks {
		fn(set)
	}
	if len(problems) > 0 {
		return fmt.Errorf("reload schemas: %w", errors.Join(problems...))
	}
	return nil
}

// ModuleSource supplies the module files kept outside the schemas tree —
// the form designer's published modules — by path (under
// schema.DesignerDir). Every load reads it and loads its files with the
// tree, through the same loader.
type ModuleSource func(ctx context.Context) (map[string][]byte, error)

// SetModuleSource installs the module source; call Reload to load its
// modules.
func (a *App) SetModuleSource(src ModuleSource) {
	a.mu.Lock()
	a.source = src
	a.mu.Unlock()
}

// sourced reports whether a module came from the module source.
func sourced(m *schema.Module) bool {
	return strings.HasPrefix(m.File, schema.DesignerDir+"/")
}

// keepSourced puts back the previous version of every module the module
// source gave, when the source failed this time, and keeps every menu.
func keepSourced(set, old *schema.Set) {
	for _, m := range old.Modules {
		if !sourced(m) || set.Module(m.Name) != nil {
			continue
		}
		set.Modules = append(set.Modules, m)
	}
	if set.Failed == nil {
		set.Failed = map[string]bool{}
	}
	set.Failed[""] = true
}

// keepOldOf answers cur with the previous version of every item of old
// whose file has problems now (bad) put back, unless an item of cur
// clashes with it: what a hot reload does for modules and dashboards alike.
func keepOldOf[T any](cur, old []T, bad map[string]bool, file func(T) string, clash func(n, o T) bool) []T {
	for _, o := range old {
		if !bad[file(o)] {
			continue
		}
		if !slices.ContainsFunc(cur, func(n T) bool { return clash(n, o) }) {
			cur = append(cur, o)
		}
	}
	return cur
}

// keepOld puts back into set the previous version of every module whose
// file has problems now (unless the set already has a module of that name
// or base path), of every dashboard likewise (by name or route), and the previous dictionaries and menu groups when their
// files have problems.
func keepOld(set, old *schema.Set, errs []*schema.LoadError) {
	bad := map[string]bool{}
	for _, e := range errs {
		bad[e.File] = true
	}
	set.Modules = keepOldOf(set.Modules, old.Modules, bad, func(m *schema.Module) string { return m.File },
		func(n, m *schema.Module) bool { return n.Name == m.Name || n.API == m.API })
	set.Dashboards = keepOldOf(set.Dashboards, old.Dashboards, bad, func(d *schema.Dashboard) string { return d.File },
		func(n, d *schema.Dashboard) bool { return n.Name == d.Name || n.Route == d.Route })
	for name := range bad {
		switch filepath.Base(name) {
		case schema.DictsFile:
			set.Dicts = old.Dicts
		case schema.MenusFile:
			set.Groups = old.Groups
		}
	}
}

// Watch polls the schemas directory every WatchInterval and reloads when a
// YAML file was added, removed or changed (by content) since the last load,
// until ctx ends.
// Polling needs no platform support and catches editors that replace files
// by renaming. Without a schemas directory it returns at once.
func (a *App) Watch(ctx context.Context) {
	dir := a.cfg.SchemasDir
	if dir == "" {
		return
	}
	interval := a.cfg.WatchInterval
	if interval <= 0 {
		interval = config.DefaultWatchInterval
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if last, _ := a.loaded.Load().(string); fingerprint(dir) == last {
			continue
		}
		a.log.Info("schemas changed, reloading", "dir", dir)
		if err := a.Reload(ctx); err != nil && ctx.Err() == nil {
			a.log.Warn("schema reload incomplete", "err", err.Error())
		}
		a.announceModules(ctx)
	}
}

// markLoaded records the fingerprint of the schemas directory about to be
// loaded. Taken before reading, so a change made while loading still
// differs from it and triggers another reload.
func (a *App) markLoaded() {
	if a.cfg.SchemasDir != "" {
		a.loaded.Store(fingerprint(a.cfg.SchemasDir))
	}
}

// fingerprint hashes the names and contents of every YAML file under dir.
// An unreadable file hashes its error, so it counts as a change when it
// becomes readable.
func fingerprint(dir string) string {
	h := sha256.New()
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			fmt.Fprintf(h, "%s\x00error %v\x00", p, err)
			return nil
		}
		if d.IsDir() && p != dir && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir // the loader skips hidden folders too
		}
		if d.IsDir() || !strings.HasSuffix(d.Name(), ".yaml") {
			return nil
		}
		fmt.Fprintf(h, "%s\x00", p)
		f, err := os.Open(p)
		if err != nil {
			fmt.Fprintf(h, "error %v\x00", err)
			return nil
		}
		defer f.Close()
		_, _ = io.Copy(h, f)
		h.Write([]byte{0})
		return nil
	})
	return string(h.Sum(nil))
}

// CheckModule loads the schemas tree and the module source with data as
// the file at path (replacing the source's file there, if any), through
// the loader every module goes through, and answers the module it holds
// and the problems of that file: what the form designer checks a draft
// with. A nil module comes with problems.
func (a *App) CheckModule(path string, data []byte) (*schema.Module, []*schema.LoadError) {
	fsys, root := a.schemaSource()
	extra := map[string][]byte{}
	a.mu.Lock()
	src := a.source
	a.mu.Unlock()
	if src != nil {
		ctx, cancel := context.WithTimeout(a.ctx, time.Minute)
		got, err := src(ctx)
		cancel()
		if err == nil {
			maps.Copy(extra, got)
		}
	}
	extra[path] = data
	set, errs := schema.LoadFSWith(fsys, root, extra)
	var mine []*schema.LoadError
	for _, e := range errs {
		if e.File == path {
			mine = append(mine, e)
		}
	}
	if len(mine) > 0 {
		return nil, mine
	}
	for _, m := range set.Modules {
		if m.File == path {
			return m, nil
		}
	}
	return nil, []*schema.LoadError{{File: path, Problem: "module not loaded"}}
}

// ReadSchemaFile reads a file of the schemas tree (a module's File), or
// of the module source.
func (a *App) ReadSchemaFile(name string) ([]byte, error) {
	a.mu.Lock()
	src := a.source
	a.mu.Unlock()
	if strings.HasPrefix(name, schema.DesignerDir+"/") && src != nil {
		got, err := src(a.ctx)
		if err != nil {
			return nil, err
		}
		if data, ok := got[name]; ok {
			return data, nil
		}
		return nil, fs.ErrNotExist
	}
	fsys, _ := a.schemaSource()
	return fs.ReadFile(fsys, name)
}
