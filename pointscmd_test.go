package main

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	"xiangzhi/engine/store"
	"xiangzhi/tools/demo"
	"xiangzhi/tools/demo/demotest"
)

// TestPointsCheck runs `xiangzhi points check` on a demo county: the demo's
// totals equal its points log (exit 0); a household whose 户积分 no longer
// matches is reported (exit 1).
func TestPointsCheck(t *testing.T) {
	app := demotest.NewApp(t)
	dir := app.Config().DataDir
	if _, err := demo.Generate(context.Background(), demo.Options{Store: app.Store(), Ent: demotest.Client(app),
		Set: app.Modules(), Files: demotest.Files(t, app), Seed: 3, Villagers: demotest.Villagers, Now: demotest.Now,
		DataDir: dir, AdminPassword: "Admin#2025demo"}); err != nil {
		t.Fatal(err)
	}
	app.Close()
	check := func() (int, string) {
		var stdout, stderr strings.Builder
		status := run([]string{"points", "check", "--data", dir}, noEnv, &stdout, &stderr)
		return status, stdout.String() + stderr.String()
	}
	if status, out := check(); status != 0 || !strings.Contains(out, "points totals equal the points log") {
		t.Fatalf("demo county: %d %s", status, out)
	}
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, store.DefaultFile))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("UPDATE mod_household SET points = points + 7 WHERE id = (SELECT MIN(id) FROM mod_household)"); err != nil {
		t.Fatal(err)
	}
	if status, out := check(); status != 1 || !strings.Contains(out, "household ") || !strings.Contains(out, "1 mismatches") {
		t.Fatalf("after changing a household's points: %d %s", status, out)
	}
	if status, out := check(); status != 1 {
		t.Fatalf("check is read-only: %d %s", status, out)
	}
	var stdout, stderr strings.Builder
	if status := run([]string{"points"}, noEnv, &stdout, &stderr); status != 2 || !strings.Contains(stderr.String(), "points check") {
		t.Fatalf("points without check: %d %s", status, stderr.String())
	}
}
