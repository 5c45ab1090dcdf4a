// Package demo fills a database with a realistic demo county — 示范县 with
// three townships and twelve villages, their grids, about two thousand
// villagers in households, users at every level with roles whose data
// scope and menus fit the level, and records in every module of the
// schema set, spread over the past year and moved through their real
// status actions. Organisations, roles, users and role menus are written
// with the ent client; module records go through the store with the scope
// of the organisation they belong to, so data scope is real. The same
// seed and reference time give the same data.
//
// `xiangzhi demo` (main package, demo.go) runs Generate; docs/demo.md
// lists the demo users.
package demo

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"runtime/pprof"
	"slices"
	"time"

	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
	"xiangzhi/engine/workflow"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/org"
	"xiangzhi/generated/ent/tenant"
	"xiangzhi/generated/ent/user"
	"xiangzhi/modules/system"
)

// DefaultVillagers is the number of villagers a demo county has.
const DefaultVillagers = 2000

// Options configure Generate.
type Options struct {
	// Store receives the module records; its tables must be migrated.
	Store *store.Store
	// Ent is a client on the same database; Generate migrates the core
	// tables and runs the first-start bootstrap itself.
	Ent *ent.Client
	// Set is the schema set whose modules get records.
	Set *schema.Set
	// Files keeps the demo's pictures and documents as uploads
	// (oos.Open(app) gives one); image and file fields link to them.
	Files FileStore
	// Seed makes the data; the same seed and Now give the same data.
	Seed uint64
	// Villagers is how many villagers to make (DefaultVillagers when 0).
	Villagers int
	// Now is the reference time: dates are spread over the year before
	// it and ages are counted at it (time.Now() when zero).
	Now time.Time
	// Force replaces existing demo data instead of refusing.
	Force bool
	// AdminPassword and DataDir are handed to the bootstrap, which creates
	// the built-in administrator on a fresh database.
	AdminPassword string
	DataDir       string
	// Logger reports progress; nil means slog.Default().
	Logger *slog.Logger
	// Tenant, when set, is the code of the tenant to fill instead of the
	// default one: it is made (system.CreateTenant, administrator admin
	// with Password, to be changed at the first login) when missing.
	// TenantName names it.
	Tenant, TenantName string
	// County is the organisation tree (DefaultCounty when nil).
	County *CountyPlan
}

// Result says what Generate made.
type Result struct {
	TenantID  int64
	County    Place
	Townships []Place
	Villages  []Place
	Accounts  []Account
	Villagers int
	// Households counts the household records.
	Households int
	// Records counts the live records of each module.
	Records map[string]int
}

// Place is one organisation of the demo county.
type Place struct {
	ID     int64
	Name   string
	Kind   string
	Path   string
	Parent int64
}

// ErrExists is returned when the database already holds demo data and
// Force is not set.
var ErrExists error = &existsError{}

type existsError struct{}

func (*existsError) Error() string {
	return "demo data already exists: run with --force to replace it"
}
func (*existsError) HTTPStatus() int       { return http.StatusConflict }
func (*existsError) PublicMessage() string { return DemoExists }

// gen is one run of the generator.
type gen struct {
	opts   Options
	ent    *ent.Client
	st     *store.Store
	set    *schema.Set
	rng    *rand.Rand
	ppl    *people
	now    time.Time
	log    *slog.Logger
	tenant int64

	county    *place
	villages  []*place
	gridCount map[int64]int // village id → grids below the village grid
	roles     map[string]int64
	grants    map[string]int
	accounts  []Account

	residents  map[int64][]*person   // village id → villagers
	households map[int64][][]*person // village id → households, head first
	tags       map[string]int64      // person tag code → id
	// rows are the records made so far: module → id → record; ids the
	// ids of each module by organisation.
	rows   map[string]map[int64]store.Record
	ids    map[string]map[int64][]int64
	used   map[string]map[int64]bool // module → villager ids already used by a record of it
	seq    map[string]int
	count  map[string]int
	status map[string]map[int64]int // module → id → status after the walk
	walked map[string]int           // module → records whose walk is planned
	// writing is the batch the writer is creating (records.go, queue).
	writing *batch
	taken   map[string]map[string]bool
	// balance is each villager's points while the exchange orders are
	// placed (party.go).
	balance map[int64]int
	files   []demoFile       // the stored demo files
	wf      *workflow.Engine // the office applications' workflow (office.go), made when first needed
}

// Generate fills the database with the demo county. It refuses with
// ErrExists when demo data is there already, unless opts.Force, which
// soft-deletes every live module record of the tenant, resets the demo
// roles and users and generates anew.
func Generate(ctx context.Context, opts Options) (*Result, error) {
	if opts.Store == nil || opts.Ent == nil || opts.Set == nil || opts.Files == nil {
		return nil, errors.New("demo: store, ent client, schema set and file store are required")
	}
	if opts.Villagers <= 0 {
		opts.Villagers = DefaultVillagers
	}
	if opts.Now.IsZero() {
		opts.Now = time.Now()
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	g := &gen{opts: opts, ent: opts.Ent, st: opts.Store, set: opts.Set, log: opts.Logger,
		rng: rand.New(rand.NewPCG(opts.Seed, opts.Seed^0x5eed)), now: opts.Now.In(time.Local),
		gridCount: map[int64]int{}, grants: map[string]int{}, residents: map[int64][]*person{},
		rows: map[string]map[int64]store.Record{}, ids: map[string]map[int64][]int64{},
		used: map[string]map[int64]bool{}, seq: map[string]int{}, count: map[string]int{},
		households: map[int64][][]*person{}, status: map[string]map[int64]int{}, walked: map[string]int{}, taken: map[string]map[string]bool{}}
	g.ppl = newPeople(g.rng)
	var err error
	pprof.Do(ctx, pprof.Labels("demo", "generator"), func(ctx context.Context) { err = g.run(ctx) })
	if err != nil {
		return nil, err
	}
	return g.result(), nil
}

func (g *gen) run(ctx context.Context) error {
	if err := g.ent.Schema.Create(ctx); err != nil {
		return fmt.Errorf("migrate core tables: %w", err)
	}
	boot, err := system.Bootstrap(ctx, g.ent, system.BootstrapOptions{AdminPassword: g.opts.AdminPassword,
		DataDir: g.opts.DataDir, Logger: g.log})
	if err != nil {
		return err
	}
	g.tenant = boot.TenantID
	rootID := boot.OrgID
	if g.opts.Tenant != "" {
		if g.tenant, rootID, err = g.otherTenant(ctx); err != nil {
			return err
		}
	}
	if err := system.SyncModuleMenus(ctx, g.ent, g.set); err != nil {
		return err
	}
	if err := g.checkFresh(ctx); err != nil {
		return err
	}
	if err := g.buildOrgs(ctx, rootID); err != nil {
		return err
	}
	for _, v := range g.villages {
		g.gridCount[v.ID] = 2 + g.rng.IntN(2)
	}
	if err := g.buildRoles(ctx); err != nil {
		return err
	}
	if err := g.buildUsers(ctx); err != nil {
		return err
	}
	g.log.Info("demo organisations and users ready", "villages", len(g.villages), "users", len(g.accounts))
	if err := g.storeFiles(ctx); err != nil {
		return err
	}
	for _, m := range g.order() {
		if err := g.module(ctx, m); err != nil {
			return fmt.Errorf("demo %s: %w", m.Name, err)
		}
	}
	return nil
}

// checkFresh refuses a database that holds demo data (the county
// administrator, or any villager) unless Force, which clears the module
// records first.
func (g *gen) checkFresh(ctx context.Context) error {
	exists, err := g.ent.User.Query().Where(user.TenantID(g.tenant), user.Username("county_admin")).Exist(ctx)
	if err != nil {
		return fmt.Errorf("look for demo users: %w", err)
	}
	if m := g.set.Module("villager"); m != nil && !exists {
		page, err := g.st.List(ctx, m, g.tenantScope(), &query.Query{Size: 1})
		if err != nil {
			return fmt.Errorf("look for villagers: %w", err)
		}
		exists = page.Total > 0
	}
	switch {
	case !exists:
		return nil
	case !g.opts.Force:
		return ErrExists
	}
	g.log.Warn("replacing the existing demo data: every module record of the tenant is deleted")
	for _, m := range g.set.Modules {
		var ids []int64
		err := g.st.Each(ctx, m, g.tenantScope(), nil, func(r store.Record) error {
			ids = append(ids, r["id"].(int64))
			return nil
		})
		if err != nil {
			return fmt.Errorf("clear %s: %w", m.Name, err)
		}
		for start := 0; start < len(ids); start += 1000 {
			end := min(start+1000, len(ids))
			if _, err := g.st.Delete(ctx, m, g.tenantScope(), ids[start:end]); err != nil {
				return fmt.Errorf("clear %s: %w", m.Name, err)
			}
		}
	}
	return nil
}

// plan is the county to build.
func (g *gen) plan() CountyPlan {
	if g.opts.County != nil {
		return *g.opts.County
	}
	return DefaultCounty
}

// otherTenant finds or makes the tenant of opts.Tenant and returns its id
// and first-level organisation.
func (g *gen) otherTenant(ctx context.Context) (tenantID, rootID int64, err error) {
	t, err := g.ent.Tenant.Query().Where(tenant.Code(g.opts.Tenant)).Only(ctx)
	switch {
	case ent.IsNotFound(err):
		nt, err := system.CreateTenant(ctx, g.ent, system.TenantSpec{Code: g.opts.Tenant, Name: g.opts.TenantName,
			AdminPassword: Password})
		if err != nil {
			return 0, 0, fmt.Errorf("demo tenant %s: %w", g.opts.Tenant, err)
		}
		return nt.ID, nt.OrgID, nil
	case err != nil:
		return 0, 0, fmt.Errorf("demo tenant %s: %w", g.opts.Tenant, err)
	}
	o, err := g.ent.Org.Query().Where(org.TenantID(t.ID), org.ParentID(0)).Order(ent.Asc(org.FieldID)).First(ctx)
	if err != nil {
		return 0, 0, fmt.Errorf("demo tenant %s: first-level organisation: %w", g.opts.Tenant, err)
	}
	return t.ID, o.ID, nil
}

// tenantScope reaches every record of the tenant.
func (g *gen) tenantScope() store.Scope {
	return store.Scope{TenantID: g.tenant, Mode: store.ScopeAll}
}

func (g *gen) result() *Result {
	res := &Result{TenantID: g.tenant, Accounts: g.accounts, Records: map[string]int{},
		County: g.county.public()}
	for _, t := range g.county.Towns {
		res.Townships = append(res.Townships, t.public())
	}
	for _, v := range g.villages {
		res.Villages = append(res.Villages, v.public())
		res.Villagers += len(g.residents[v.ID])
	}
	for k, n := range g.count {
		res.Records[k] = n
	}
	res.Households = g.count["household"]
	return res
}

func (p *place) public() Place {
	out := Place{ID: p.ID, Name: p.Name, Kind: p.Kind, Path: p.Path}
	if p.Parent != nil {
		out.Parent = p.Parent.ID
	}
	return out
}

func sortedIDs(ids []int64) []int64 {
	slices.Sort(ids)
	return slices.Compact(ids)
}
