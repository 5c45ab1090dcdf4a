package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"maps"
	"slices"

	"entgo.io/ent/dialect"
	entsqldrv "entgo.io/ent/dialect/sql"
	entschema "entgo.io/ent/dialect/sql/schema"
	"entgo.io/ent/schema/field"

	"xiangzhi/engine/schema"
)

// MigratedTable records, per module table, a digest of the table
// definitions its last migration applied, so a start with unchanged
// modules skips the schema inspection (docs/store.md, § Start-up).
const MigratedTable = "xz_migrated"

// migratorVersion is part of every digest: bump it when the way tables are
// derived or migrated changes in a way the definitions do not show, so
// every module is migrated once more.
const migratorVersion = "1"

func migratedTable() *entschema.Table {
	t := entschema.NewTable(MigratedTable)
	t.AddPrimary(&entschema.Column{Name: "table_name", Type: field.TypeString, Size: 64})
	t.AddColumn(&entschema.Column{Name: "digest", Type: field.TypeString, Size: 64})
	return t
}

// MigrateChanged migrates the modules whose tables differ from what their
// last migration recorded (new modules, changed fields, indexes or types)
// and only prepares the others (their search state), so a start on an
// existing database does no schema inspection for unchanged modules. It
// answers the names of the modules it migrated.
func (s *Store) MigrateChanged(ctx context.Context, ms []*schema.Module) ([]string, error) {
	recorded := s.migratedDigests(ctx)
	var migrated []string
	for _, m := range ms {
		mt := s.metaOf(m)
		if recorded[mt.table] == s.digest(mt) {
			if err := s.adopt(ctx, mt); err != nil {
				return migrated, err
			}
			continue
		}
		if err := s.Migrate(ctx, m, false); err != nil {
			return migrated, err
		}
		migrated = append(migrated, m.Name)
	}
	return migrated, nil
}

// Adopt prepares a module whose table another process migrates (the
// designer's publisher, on any instance): when the recorded digest is the
// module's, it prepares the module's search state and answers true; when
// not (that migration has not finished, or a newer one has run), it
// changes nothing and answers false. It never alters a table, so an
// instance that lags behind a publish cannot undo or rebuild what the
// publisher is doing.
func (s *Store) Adopt(ctx context.Context, m *schema.Module) (bool, error) {
	mt := s.metaOf(m)
	if s.migratedDigests(ctx)[mt.table] != s.digest(mt) {
		return false, nil
	}
	return true, s.adopt(ctx, mt)
}

// adopt prepares a module whose table is as its digest says.
func (s *Store) adopt(ctx context.Context, mt *meta) error {
	if err := s.prepareGrams(ctx, mt); err != nil {
		return fmt.Errorf("prepare %s: %w", mt.m.Name, err)
	}
	// The digest covers the shared tables too: they are as this version
	// of the store makes them.
	s.migrateMu.Lock()
	s.sharedMigrated = true
	s.migrateMu.Unlock()
	return nil
}

// migratedDigests reads every recorded digest; none (a new database, whose
// table does not exist yet) means every module is migrated.
func (s *Store) migratedDigests(ctx context.Context) map[string]string {
	out := map[string]string{}
	q, args := entsqldrv.Dialect(s.dialect).Select("table_name", "digest").From(entsqldrv.Table(MigratedTable)).Query()
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return out
	}
	defer rows.Close()
	for rows.Next() {
		var table, digest string
		if rows.Scan(&table, &digest) == nil {
			out[table] = digest
		}
	}
	if rows.Err() != nil {
		return map[string]string{}
	}
	return out
}

// recordMigrated stores the digest of the module's tables as migrated.
func (s *Store) recordMigrated(ctx context.Context, mt *meta) error {
	q, args := entsqldrv.Dialect(s.dialect).Insert(MigratedTable).
		Columns("table_name", "digest").Values(mt.table, s.digest(mt)).
		OnConflict(entsqldrv.ConflictColumns("table_name"), entsqldrv.ResolveWithNewValues()).Query()
	if _, err := s.w.ExecContext(ctx, q, args...); err != nil {
		return fmt.Errorf("record migration: %w", err)
	}
	return nil
}

// digest is a SHA-256 over everything a migration of the module creates:
// each table's columns (name, type, size, nullability, default, per-dialect
// type), primary key and indexes, with the dialect and migratorVersion.
func (s *Store) digest(mt *meta) string {
	h := sha256.New()
	fmt.Fprintf(h, "v%s %s\n", migratorVersion, s.dialect)
	for _, t := range s.tablesOf(mt) {
		fmt.Fprintf(h, "table %s\n", t.Name)
		if s.dialect == dialect.SQLite && t.Name == gramTable(mt) {
			// Gram tables became WITHOUT ROWID (withoutRowID): a database
			// from before migrates its gram tables once more.
			io.WriteString(h, "without rowid\n")
		}
		for _, c := range t.Columns {
			writeColumn(h, c)
		}
		for _, c := range t.PrimaryKey {
			fmt.Fprintf(h, "pk %s\n", c.Name)
		}
		for _, ix := range t.Indexes {
			fmt.Fprintf(h, "index %s unique=%v", ix.Name, ix.Unique)
			for _, c := range ix.Columns {
				fmt.Fprintf(h, " %s", c.Name)
			}
			if ix.Annotation != nil {
				fmt.Fprintf(h, " %+v", *ix.Annotation) // strings, bools and maps only: fmt prints them in a fixed order
			}
			io.WriteString(h, "\n")
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

func writeColumn(w io.Writer, c *entschema.Column) {
	fmt.Fprintf(w, "col %s type=%s size=%d null=%v unique=%v inc=%v default=%v", c.Name, c.Type, c.Size,
		c.Nullable, c.Unique, c.Increment, c.Default)
	for _, d := range slices.Sorted(maps.Keys(c.SchemaType)) {
		fmt.Fprintf(w, " %s=%s", d, c.SchemaType[d])
	}
	io.WriteString(w, "\n")
}
