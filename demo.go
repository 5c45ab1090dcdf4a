package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine"
	"xiangzhi/generated/ent"
	"xiangzhi/modules/oos"
	"xiangzhi/modules/system"
	"xiangzhi/tools/demo"
)

// demoCmd fills the database with the demo county (tools/demo) and the
// small second tenant 邻县 (tenant code linxian; --second-tenant=false
// leaves it out): the data and database flags are serve's; --force
// replaces existing demo data, --seed and --villagers change what is made.
func demoCmd(args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	var force bool
	var seed uint64
	var villagers int
	var neighbour bool
	cfg, err := loadConfig("demo", args, getenv, stderr, func(fs *flag.FlagSet) {
		fs.BoolVar(&force, "force", false, "replace existing demo data (every module record of the tenant is deleted)")
		fs.Uint64Var(&seed, "seed", 1, "random seed; the same seed gives the same county")
		fs.IntVar(&villagers, "villagers", demo.DefaultVillagers, "number of villagers")
		fs.BoolVar(&neighbour, "second-tenant", true, "also fill the small second tenant "+demo.NeighbourTenant+" (docs/demo.md)")
	})
	if err != nil {
		return err
	}
	if getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(demoMemoryLimit(villagers))
	}
	app, err := engine.New(cfg)
	if err != nil {
		return err
	}
	defer app.Close()
	if err := app.ServePprof(app.Context()); err != nil {
		return err
	}
	st := app.Store()
	client := ent.NewClient(ent.Driver(entsql.OpenDB(st.Dialect(), st.DB())))
	fileStore, err := oos.Open(app)
	if err != nil {
		return err
	}
	// A demo that fails is built again, so its load skips the fsyncs and
	// builds the modules' secondary indexes at its end (Store.BulkLoad,
	// docs/demo.md); they are back before the data are used.
	end, err := st.BulkLoad(context.Background(), app.Modules().Modules...)
	if err != nil {
		return err
	}
	opts := demo.Options{Store: st, Ent: client, Set: app.Modules(), Files: fileStore, Seed: seed, Villagers: villagers,
		Force: force, AdminPassword: os.Getenv(system.AdminPasswordEnv), DataDir: cfg.DataDir, Logger: cfg.Logger}
	if err := demoLoad(opts, neighbour, stdout); err != nil {
		return errors.Join(err, end())
	}
	return end()
}

// demoLoad generates the demo county of opts, and the second tenant when
// neighbour is set, and prints what was made.
func demoLoad(opts demo.Options, neighbour bool, stdout io.Writer) error {
	res, err := demo.Generate(context.Background(), opts)
	if err != nil {
		return err
	}
	total := 0
	for _, n := range res.Records {
		total += n
	}
	fmt.Fprintf(stdout, "demo county %s: %d townships, %d villages, %d villagers in %d households, %d records in %d modules\n",
		res.County.Name, len(res.Townships), len(res.Villages), res.Villagers, res.Households, total, len(res.Records))
	fmt.Fprintf(stdout, "%d demo users, password %s (see docs/demo.md), e.g.:\n", len(res.Accounts), demo.Password)
	for _, a := range res.Accounts {
		if a.Role != demo.RoleGrid || a.Username == "v01_grid1" {
			fmt.Fprintf(stdout, "  %-14s %-6s %s\n", a.Username, a.Role, a.OrgName)
		}
	}
	if !neighbour {
		return nil
	}
	res, err = demo.Generate(context.Background(), demo.Options{Store: opts.Store, Ent: opts.Ent, Set: opts.Set,
		Files: opts.Files, Seed: opts.Seed + 1, Villagers: demo.NeighbourVillagers, Force: opts.Force,
		DataDir: opts.DataDir, Logger: opts.Logger,
		Tenant: demo.NeighbourTenant, TenantName: demo.NeighbourName, County: &demo.NeighbourCounty})
	if err != nil {
		return fmt.Errorf("second tenant: %w", err)
	}
	fmt.Fprintf(stdout, "second tenant %s (tenant code %s): %d villages, %d villagers, %d users, password %s, e.g. %s\n",
		res.County.Name, demo.NeighbourTenant, len(res.Villages), res.Villagers, len(res.Accounts), demo.Password,
		res.Accounts[0].Username)
	return nil
}

// demoMemoryLimit is the Go heap's soft limit for a demo of n villagers
// (GOMEMLIMIT overrides it): the heap the generator keeps is about 60 MB
// and 400 bytes a villager (the people; everything else is written and
// dropped batch by batch), and the collector's default headroom doubles
// it — at 500,000 villagers that was most of the anonymous memory over
// 400 MB. The limit leaves the live heap a third more and the collector
// runs more often to stay under it.
func demoMemoryLimit(n int) int64 {
	return (80 << 20) + int64(n)*533
}
