package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine"
	"xiangzhi/generated/ent"
	"xiangzhi/modules/oos"
	"xiangzhi/modules/system"
	"xiangzhi/tools/demo"
)

// demoCmd fills the database with the demo county (tools/demo): the data
// and database flags are serve's; --force replaces existing demo data,
// --seed and --villagers change what is made.
func demoCmd(args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	var force bool
	var seed uint64
	var villagers int
	cfg, err := loadConfig("demo", args, getenv, stderr, func(fs *flag.FlagSet) {
		fs.BoolVar(&force, "force", false, "replace existing demo data (every module record of the tenant is deleted)")
		fs.Uint64Var(&seed, "seed", 1, "random seed; the same seed gives the same county")
		fs.IntVar(&villagers, "villagers", demo.DefaultVillagers, "number of villagers")
	})
	if err != nil {
		return err
	}
	app, err := engine.New(cfg)
	if err != nil {
		return err
	}
	defer app.Close()
	st := app.Store()
	client := ent.NewClient(ent.Driver(entsql.OpenDB(st.Dialect(), st.DB())))
	fileStore, err := oos.Open(app)
	if err != nil {
		return err
	}
	res, err := demo.Generate(context.Background(), demo.Options{Store: st, Ent: client, Set: app.Modules(),
		Files: fileStore, Seed: seed, Villagers: villagers, Force: force, AdminPassword: os.Getenv(system.AdminPasswordEnv),
		DataDir: cfg.DataDir, Logger: cfg.Logger})
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
	return nil
}
