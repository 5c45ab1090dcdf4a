package main

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"xiangzhi/tools/bench/drive"
)

// publishFields is the size of the module the publish scenario publishes.
const publishFields = 30

// runPublish measures a form-designer publish under load: the sorted list
// of the sample module at the given concurrency, first alone, then while a
// new module of 30 fields is created and published in the form designer;
// it prints the publish's duration, the list's errors and its p99 both
// times (docs/performance.md: publish ≤ 2 s, no failed request, p99 ≤ 2×).
func runPublish(rows int, dur time.Duration, conc int, bin, dataDir, dbURL string) error {
	ctx := context.Background()
	smp, err := startSample(ctx, rows, conc+2, bin, dataDir, dbURL, false)
	if err != nil {
		return err
	}
	defer smp.close()
	m, base, token, client := smp.m, smp.base, smp.token, smp.client
	list := drive.Scenario{Name: "list sorted + total", Request: get(base, token, func(int) string {
		return m.API + "?page=0&size=10&sort=applyDate,desc"
	})}
	fmt.Printf("\n%d rows, concurrency %d, %s per run, server %s\n", rows, conc, dur, bin)
	alone := drive.Run(ctx, client, list, conc, dur)
	fmt.Println("alone:          ", alone)

	name := fmt.Sprintf("pub%d", time.Now().Unix()%100000)
	done := make(chan drive.Result)
	go func() { done <- drive.Run(ctx, client, list, conc, dur) }()
	time.Sleep(dur / 3)
	if err := drive.Call(ctx, client, http.MethodPost, base+"/api/designer/modules", token,
		map[string]string{"yaml": publishModule(name)}, nil); err != nil {
		return fmt.Errorf("create the module: %w", err)
	}
	t0 := time.Now()
	var pub struct {
		Version int64 `json:"version"`
	}
	err = drive.Call(ctx, client, http.MethodPost, base+"/api/designer/modules/"+name+"/publish", token,
		map[string]string{"note": "bench"}, &pub)
	took := time.Since(t0)
	during := <-done
	if err != nil {
		return fmt.Errorf("publish: %w", err)
	}
	fmt.Println("during publish:", during)
	if during.FirstErr != "" {
		fmt.Println("   first error:", during.FirstErr)
	}
	var page struct {
		RecordsTotal int64 `json:"recordsTotal"`
	}
	if err := drive.Call(ctx, client, http.MethodGet, base+"/api/"+name+"s", token, nil, &page); err != nil {
		return fmt.Errorf("list the published module: %w", err)
	}
	ratio := float64(during.P99) / float64(max(alone.P99, time.Microsecond))
	fmt.Printf("publish of a %d-field module: %d ms (target ≤ 2000); list errors during it: %d (target 0); p99 %.2f× alone (target ≤ 2)\n",
		publishFields, took.Milliseconds(), during.Errors, ratio)
	return nil
}

// publishModule is a designer module of publishFields fields of every
// common kind.
func publishModule(name string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "name: %s\ntitle: 发布测试\napi: /api/%ss\npermission: %s\nfields:\n", name, name, name)
	types := []string{"string", "int", "decimal", "date", "enum", "bool", "text", "mobile", "datetime", "email"}
	for i := range publishFields {
		t := types[i%len(types)]
		fmt.Fprintf(&b, "  - name: f%02d\n    label: 字段%d\n    type: %s\n", i+1, i+1, t)
		switch t {
		case "enum":
			b.WriteString("    options: [{value: a, label: 甲}, {value: b, label: 乙}]\n")
		case "string":
			b.WriteString("    list: true\n    filter: contains\n")
		}
	}
	return b.String()
}
