package engine

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
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
	old := a.Modules()
	a.markLoaded()
	set, errs := a.load()
	a.logLoadErrors(errs)
	keepOld(set, old, errs)
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
		if err := a.store.Migrate(ctx, m, false); err != nil {
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

// keepOld puts back into set the previous version of every module whose
// file has problems now (unless the set already has a module of that name
// or base path), of every dashboard likewise (by name or route), and the previous dictionaries and menu groups when their
// files have problems.
func keepOld(set, old *schema.Set, errs []*schema.LoadError) {
	bad := map[string]bool{}
	for _, e := range errs {
		bad[e.File] = true
	}
	for _, m := range old.Modules {
		if !bad[m.File] {
			continue
		}
		clash := slices.ContainsFunc(set.Modules, func(n *schema.Module) bool {
			return n.Name == m.Name || n.API == m.API
		})
		if !clash {
			set.Modules = append(set.Modules, m)
		}
	}
	for _, d := range old.Dashboards {
		if !bad[d.File] {
			continue
		}
		clash := slices.ContainsFunc(set.Dashboards, func(n *schema.Dashboard) bool {
			return n.Name == d.Name || n.Route == d.Route
		})
		if !clash {
			set.Dashboards = append(set.Dashboards, d)
		}
	}
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
