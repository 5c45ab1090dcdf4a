package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"

	"xiangzhi/engine"
	"xiangzhi/modules/points"
	"xiangzhi/modules/system"
)

// pointsCheck is `xiangzhi points check`: in every tenant it compares each
// household's 户积分 and each exchange order with the points log
// (points.Check), prints one line per mismatch and exits 1 when there is
// any, 0 when every total equals the log.
func pointsCheck(args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	cfg, err := loadConfig("points check", args, getenv, stderr, nil)
	if err != nil {
		fmt.Fprintln(stderr, "xiangzhi:", err)
		return 2
	}
	cfg.SkipMigrate = true
	cfg.Logger = slog.New(slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	app, err := engine.New(cfg)
	if err != nil {
		fmt.Fprintln(stderr, "xiangzhi:", err)
		return 1
	}
	defer app.Close()
	ctx := context.Background()
	client, err := system.CoreClient(ctx, app)
	if err != nil {
		fmt.Fprintln(stderr, "xiangzhi:", err)
		return 1
	}
	tenants, err := system.ListTenants(ctx, client)
	if err != nil {
		fmt.Fprintln(stderr, "xiangzhi:", err)
		return 1
	}
	bad := 0
	for _, t := range tenants {
		ms, err := points.Check(ctx, app.Store(), app.Modules(), t.ID)
		if err != nil {
			fmt.Fprintf(stderr, "xiangzhi: tenant %s: %v\n", t.Code, err)
			return 1
		}
		for _, m := range ms {
			fmt.Fprintf(stdout, "tenant %s: %s\n", t.Code, m)
		}
		bad += len(ms)
	}
	if bad > 0 {
		fmt.Fprintf(stdout, "%d mismatches between points totals and the points log\n", bad)
		return 1
	}
	fmt.Fprintf(stdout, "points totals equal the points log in %d tenants\n", len(tenants))
	return 0
}
