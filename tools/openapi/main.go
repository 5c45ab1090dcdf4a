// Command openapi writes generated/openapi.json: the OpenAPI document of
// every route the server has — system routes and the generated routes of
// every module in the embedded schemas tree. It builds a real App on a
// throw-away SQLite data dir, so the document lists exactly what serves.
// With -check it fails when the committed file differs from a fresh one.
package main

import (
	"flag"
	"io"
	"log"
	"log/slog"
	"os"

	"xiangzhi/engine"
	"xiangzhi/engine/config"
	"xiangzhi/modules"
	"xiangzhi/schemas"
	"xiangzhi/tools/gencheck"
)

func main() {
	out := flag.String("out", "generated/openapi.json", "file to write")
	check := flag.String("check", "", "compare with this file instead of writing")
	flag.Parse()
	doc, err := build()
	if err != nil {
		log.Fatalf("openapi: %v", err)
	}
	if *check != "" {
		if err := gencheck.CompareFile(*check, doc); err != nil {
			log.Fatal(err)
		}
		return
	}
	if err := os.WriteFile(*out, doc, 0o644); err != nil {
		log.Fatalf("openapi: %v", err)
	}
}

func build() ([]byte, error) {
	dir, err := os.MkdirTemp("", "xz-openapi-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	app, err := engine.New(config.Config{
		DataDir:   dir,
		SchemasFS: schemas.FS(),
		Logger:    slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		return nil, err
	}
	defer app.Close()
	if err := modules.Register(app); err != nil {
		return nil, err
	}
	return app.APIDocument()
}
