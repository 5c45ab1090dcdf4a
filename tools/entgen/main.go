// Command entgen generates the ent client of the core tables from
// engine/entschema into generated/ent. It is run by `go tool task generate`;
// with -check it generates into a temporary folder and fails when the result
// differs from the committed generated/ent.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"

	"entgo.io/ent/entc"
	"entgo.io/ent/entc/gen"

	"xiangzhi/tools/gencheck"
)

const target = "generated/ent"

func main() {
	check := flag.Bool("check", false, "fail when a fresh generation differs from "+target)
	flag.Parse()
	out := target
	if *check {
		tmp, err := os.MkdirTemp("", "entgen-")
		if err != nil {
			log.Fatal(err)
		}
		defer os.RemoveAll(tmp)
		out = tmp
	}
	if err := generate(out); err != nil {
		log.Fatalf("generate ent: %v", err)
	}
	if !*check {
		return
	}
	diffs, err := gencheck.CompareDirs(target, out)
	if err != nil {
		log.Fatal(err)
	}
	for _, d := range diffs {
		fmt.Fprintln(os.Stderr, target+"/"+d)
	}
	if len(diffs) > 0 {
		os.RemoveAll(out)
		log.Fatalf("%s is out of date: run `go tool task generate`", target)
	}
}

func generate(out string) error {
	return entc.Generate("./engine/entschema", &gen.Config{
		Target:   out,
		Package:  "xiangzhi/generated/ent",
		Features: []gen.Feature{gen.FeatureVersionedMigration, gen.FeatureUpsert, gen.FeatureLock},
	})
}
