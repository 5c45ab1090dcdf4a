package schemas_test

import (
	"encoding/json"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"testing"

	"xiangzhi/engine"
	"xiangzhi/engine/apitest"
	"xiangzhi/engine/config"
	"xiangzhi/engine/schema"
	"xiangzhi/schemas"
)

// exportDecisions are issue 18's decisions for the registers that had no
// export or import (grid, sanitation vehicles, articles, village notices):
// file, module, export, import. Each file says why beside the keys.
var exportDecisions = []struct {
	file, module  string
	export, imprt bool
}{
	{"village/grid.yaml", "grid", true, false},
	{"environment/sanitationVehicle.yaml", "sanitationVehicle", true, true},
	{"content/article.yaml", "article", false, false},
	{"services/villageNotice.yaml", "villageNotice", false, false},
}

// TestExportImportDecisions: the four registers declare export and import
// as decided, each key with its reason as a YAML comment in the file, and the
// engine serving the shipped tree answers the export and the import template
// of those that have them (the list toolbar shows the buttons from the same
// module answer to a holder of the codes) and 404 for the others.
func TestExportImportDecisions(t *testing.T) {
	set, errs := schema.LoadFS(schemas.FS(), ".")
	if len(errs) > 0 {
		t.Fatalf("shipped schemas: %v", errs[0])
	}
	keyWithReason := regexp.MustCompile(`(?m)^export: (true|false) +# .{20,}$`)
	for _, d := range exportDecisions {
		m := set.Module(d.module)
		if m == nil {
			t.Fatalf("no module %s", d.module)
		}
		if m.Export != d.export || m.Import != d.imprt {
			t.Errorf("%s: export %v import %v, decided %v %v", d.module, m.Export, m.Import, d.export, d.imprt)
		}
		data, err := fs.ReadFile(schemas.FS(), d.file)
		if err != nil {
			t.Fatal(err)
		}
		if !keyWithReason.Match(data) || !regexp.MustCompile(`(?m)^import: (true|false)`).Match(data) {
			t.Errorf("%s: export and import keys with the reason as a comment expected", d.file)
		}
	}

	cfg := config.Default()
	cfg.DataDir, cfg.DBURL, cfg.SchemasFS, cfg.ConsoleFS = t.TempDir(), apitest.SQLiteURL(t), schemas.FS(), nil
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	app, err := engine.New(cfg)
	if err != nil {
		t.Fatalf("engine.New: %v", err)
	}
	t.Cleanup(func() { app.Close() })
	apitest.NewSystem(t, app)
	h := app.Handler()
	get := func(path string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		return rec
	}
	const xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	for _, d := range exportDecisions {
		m := set.Module(d.module)
		// The list screen reads module.export / module.import and the codes from GET {api}/schema.
		var described struct {
			Data struct {
				Module struct {
					Export, Import bool
					Codes          []string
				}
			}
		}
		if rec := get(m.API + "/schema"); rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &described) != nil {
			t.Fatalf("%s schema = %d", d.module, rec.Code)
		}
		if mm := described.Data.Module; mm.Export != d.export || mm.Import != d.imprt ||
			slices.Contains(mm.Codes, m.Code("export")) != d.export || slices.Contains(mm.Codes, m.Code("import")) != d.imprt {
			t.Errorf("%s schema answer: export %v import %v codes %v", d.module, mm.Export, mm.Import, mm.Codes)
		}
		rec := get(m.API + "/export")
		switch {
		case d.export && (rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != xlsx):
			t.Errorf("%s export = %d %s", d.module, rec.Code, rec.Header().Get("Content-Type"))
		case !d.export && rec.Code == http.StatusOK && rec.Header().Get("Content-Type") == xlsx:
			t.Errorf("%s exports without export: true", d.module)
		}
		rec = get(m.API + "/import/template")
		switch {
		case d.imprt && rec.Code != http.StatusOK:
			t.Errorf("%s import template = %d", d.module, rec.Code)
		case !d.imprt && rec.Code == http.StatusOK && rec.Header().Get("Content-Type") == xlsx:
			t.Errorf("%s offers an import template without import: true", d.module)
		}
	}
}
