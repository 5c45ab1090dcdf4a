package store

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"xiangzhi/engine/schema"
)

// sqliteSQL answers the CREATE statement of a table or index.
func sqliteSQL(t *testing.T, s *Store, name string) string {
	t.Helper()
	var q string
	if err := s.db.QueryRow("SELECT sql FROM sqlite_master WHERE name = ?", name).Scan(&q); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return q
}

// TestGramTableWithoutRowID: SQLite's gram tables are WITHOUT ROWID, and a
// data directory from before (its gram table a rowid table, its digest
// the old one) is migrated at the next start: the table is rebuilt with
// its rows, the record index is back, and search still finds the records.
func TestGramTableWithoutRowID(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(ctx, "", dir)
	if err != nil {
		t.Fatal(err)
	}
	m := setup(t, s)
	mustCreate(t, s, m, viewer, Record{"name": "张三丰", "mobile": "13800001111"})
	mt := s.metaOf(m)
	table := gramTable(mt)
	if q := sqliteSQL(t, s, table); !strings.HasSuffix(q, "WITHOUT ROWID") {
		t.Fatalf("new gram table: %s; want WITHOUT ROWID", q)
	}
	recIndex := "ix_" + table + "_record"
	indexSQL := sqliteSQL(t, s, recIndex)
	// As every store before made it: a rowid table with the same key, and
	// the digest that store recorded (not this one's).
	for _, q := range []string{
		`ALTER TABLE "` + table + `" RENAME TO old_grams`,
		`DROP INDEX "` + recIndex + `"`,
		"CREATE TABLE `" + table + "` (`field` text NOT NULL, `gram` text NOT NULL, `record_id` integer NOT NULL, PRIMARY KEY (`field`, `gram`, `record_id`))",
		`INSERT INTO "` + table + `" SELECT field, gram, record_id FROM old_grams`,
		`DROP TABLE old_grams`,
		indexSQL,
		`UPDATE ` + MigratedTable + ` SET digest = 'before' WHERE table_name = '` + mt.table + `'`,
	} {
		if _, err := s.w.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if q := sqliteSQL(t, s, table); strings.Contains(q, "WITHOUT ROWID") {
		t.Fatalf("old gram table: %s", q)
	}
	s.Close()

	s, err = Open(ctx, "", dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	m = testModule()
	migrated, err := s.MigrateChanged(ctx, []*schema.Module{m})
	if err != nil {
		t.Fatal(err)
	}
	if !cmp.Equal(migrated, []string{m.Name}) {
		t.Fatalf("migrated %q, want %q", migrated, m.Name)
	}
	if q := sqliteSQL(t, s, table); !strings.HasSuffix(q, "WITHOUT ROWID") {
		t.Errorf("migrated gram table: %s; want WITHOUT ROWID", q)
	}
	if q := sqliteSQL(t, s, recIndex); q != indexSQL {
		t.Errorf("record index after the migration: %s; want %s", q, indexSQL)
	}
	for _, term := range []string{"name.contains=三丰", "name.contains=张", "mobile.contains=0001"} {
		if got := listQ(t, s, m, viewer, term).Total; got != 1 {
			t.Errorf("%s after the migration: %d records, want 1", term, got)
		}
	}
	// The next start trusts the migration.
	if migrated, err := s.MigrateChanged(ctx, []*schema.Module{testModule()}); err != nil || len(migrated) > 0 {
		t.Errorf("second start migrated %q, %v; want nothing", migrated, err)
	}
}

// TestBulkLoadIndexes: during a bulk load the module's non-unique
// secondary indexes and its migration digest are gone (a killed load
// leaves a module the next start migrates), the unique ones stay and
// refuse a duplicate; the end puts every index back with its own SQL and
// the digest, and lists use the indexes again.
func TestBulkLoadIndexes(t *testing.T) {
	s := openSQLite(t)
	m := setup(t, s)
	mt := s.metaOf(m)
	indexes := func() map[string]string {
		t.Helper()
		rows, err := s.db.Query(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL`, mt.table)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		out := map[string]string{}
		for rows.Next() {
			var n, q string
			if err := rows.Scan(&n, &q); err != nil {
				t.Fatal(err)
			}
			out[n] = q
		}
		return out
	}
	before, digest := indexes(), s.migratedDigests(ctx)[mt.table]
	if len(before) < 5 || digest == "" {
		t.Fatalf("%d indexes, digest %q after the migration", len(before), digest)
	}
	end, err := s.BulkLoad(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	during := indexes()
	for n := range during {
		if !strings.HasPrefix(n, "ux_") {
			t.Errorf("index %s during the load; want only the unique ones", n)
		}
	}
	if len(during) == 0 {
		t.Error("no unique index during the load")
	}
	if d, ok := s.migratedDigests(ctx)[mt.table]; ok {
		t.Errorf("digest %q during the load; want none", d)
	}
	mustCreate(t, s, m, viewer, Record{"name": "载入", "idCard": "110101199003074514"})
	if _, err := s.Create(ctx, m, viewer, Record{"name": "重复", "idCard": "110101199003074514"}); err == nil {
		t.Error("a duplicate unique value during the load was written")
	}
	if err := end(); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(before, indexes()); diff != "" {
		t.Errorf("indexes after the load (-before +after):\n%s", diff)
	}
	if got := s.migratedDigests(ctx)[mt.table]; got != digest {
		t.Errorf("digest after the load %q, want %q", got, digest)
	}
	if cmds, err := s.Plan(ctx, m, false); err != nil || len(cmds) > 0 {
		t.Errorf("a migration after the load would run %q, %v; want nothing", cmds, err)
	}
	if got := listQ(t, s, m, viewer, "name=载入").Total; got != 1 {
		t.Errorf("rows written during the load = %d, want 1", got)
	}
}
