package main

import (
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	_ "modernc.org/sqlite"
)

// TestDemoIndexes: the demo builds its tables' secondary indexes after the
// load (Store.BulkLoad); when it ends, the database has every index a
// migration of the same modules declares, with the same SQL, and the same
// migration digests, so the next start trusts them and a list walks them.
func TestDemoIndexes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the demo county")
	}
	demoDir, migDir := t.TempDir(), t.TempDir()
	for _, args := range [][]string{
		{"demo", "--data", demoDir, "--second-tenant=false"},
		{"migrate", "--data", migDir},
	} {
		var stdout, stderr strings.Builder
		if status := run(args, noEnv, &stdout, &stderr); status != 0 {
			t.Fatalf("%v: status %d\n%s", args, status, stderr.String())
		}
	}
	schemaOf := func(dir string) (indexes, digests map[string]string) {
		t.Helper()
		db, err := sql.Open("sqlite", filepath.Join(dir, "xiangzhi.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		read := func(q string) map[string]string {
			rows, err := db.Query(q)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			out := map[string]string{}
			for rows.Next() {
				var k, v string
				if err := rows.Scan(&k, &v); err != nil {
					t.Fatal(err)
				}
				out[k] = v
			}
			return out
		}
		return read(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name LIKE 'mod\_%' ESCAPE '\'`),
			read(`SELECT table_name, digest FROM xz_migrated`)
	}
	wantIx, wantDigests := schemaOf(migDir)
	gotIx, gotDigests := schemaOf(demoDir)
	if len(wantIx) < 1000 {
		t.Fatalf("a migration of the shipped modules made %d indexes; want the product's (over 1,000)", len(wantIx))
	}
	if diff := cmp.Diff(wantIx, gotIx); diff != "" {
		t.Errorf("indexes after the demo (-migrated +demo):\n%s", diff)
	}
	if diff := cmp.Diff(wantDigests, gotDigests); diff != "" {
		t.Errorf("migration digests after the demo (-migrated +demo):\n%s", diff)
	}
}
