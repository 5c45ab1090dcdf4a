package store

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"runtime"
	"strconv"
	"strings"
	"unicode/utf8"

	atlasschema "ariga.io/atlas/sql/schema"
	"entgo.io/ent/dialect"
	entschema "entgo.io/ent/dialect/sql/schema"

	"xiangzhi/engine/schema"
)

// This file holds what the form designer's publish needs beyond Migrate
// (docs/designer.md): the columns of a module's fields, reading and writing
// one column, renaming and dropping a column, converting stored values to
// another field type, and a migration that never rebuilds a table.

// FieldColumn is where one stored field of a module keeps its values.
type FieldColumn struct {
	Path   string        // the field's name; a children field's own fields as "parent.child"
	Table  string        // the SQL table
	Column string        // the SQL column
	Field  *schema.Field // the declared field (the status field: a synthetic int field)
}

// FieldColumns lists the columns of m's stored fields, its children's
// fields and its status field, in declaration order.
func FieldColumns(m *schema.Module) []FieldColumn {
	mt := buildMeta(m)
	var out []FieldColumn
	for i := range m.Fields {
		f := &m.Fields[i]
		if f.Stored() {
			out = append(out, FieldColumn{Path: f.Name, Table: mt.table, Column: f.Column(), Field: f})
			continue
		}
		table := ident(m.ChildTableName(f))
		for j := range f.Fields {
			cf := &f.Fields[j]
			if cf.Stored() {
				out = append(out, FieldColumn{Path: f.Name + "." + cf.Name, Table: table, Column: cf.Column(), Field: cf})
			}
		}
	}
	if st := m.Status; st != nil {
		out = append(out, FieldColumn{Path: st.Field, Table: mt.table, Column: schema.SnakeCase(st.Field),
			Field: &schema.Field{Name: st.Field, Label: st.Label, Type: schema.TypeInt}})
	}
	return out
}

// SameStorage reports whether two fields keep their values the same way
// (the same kind of column), so changing one into the other only changes
// the column's size.
func SameStorage(a, b *schema.Field) bool {
	ca, cb := fieldCol(a), fieldCol(b)
	return ca.kind == cb.kind && ca.multi == cb.multi
}

// TextSize is the varchar length of a text-kind field's column, 0 for an
// unbounded text column, -1 for a field that is not text.
func TextSize(f *schema.Field) int {
	if fieldCol(f).kind != kText {
		return -1
	}
	return varcharSize(f)
}

// DecimalSize is a decimal field's precision and scale (0, 0 for others).
func DecimalSize(f *schema.Field) (precision, scale int) {
	if fieldCol(f).kind != kFloat {
		return 0, 0
	}
	return decimalSize(f)
}

// Cell is one stored value of a column: the row's id and the value as the
// driver returned it (Raw) or as the record API shows it (Value).
type Cell struct {
	ID    int64
	Value any
}

// ReadColumn reads every non-null value of a column (deleted rows
// included), decoded the way the record API shows f's values.
func (s *Store) ReadColumn(ctx context.Context, fc FieldColumn) ([]Cell, error) {
	q := fmt.Sprintf("SELECT %s, %s FROM %s WHERE %s IS NOT NULL ORDER BY %s", s.quote(colID), s.quote(fc.Column),
		s.quote(fc.Table), s.quote(fc.Column), s.quote(colID))
	rows, err := s.db.QueryContext(ctx, q)
	if err != nil {
		return nil, fmt.Errorf("read %s.%s: %w", fc.Table, fc.Column, err)
	}
	defer rows.Close()
	c := fieldCol(fc.Field)
	var out []Cell
	for rows.Next() {
		var id int64
		var raw any
		if err := rows.Scan(&id, &raw); err != nil {
			return nil, fmt.Errorf("read %s.%s: %w", fc.Table, fc.Column, err)
		}
		out = append(out, Cell{ID: id, Value: decode(c, raw)})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read %s.%s: %w", fc.Table, fc.Column, err)
	}
	return out, nil
}

// CountRows counts the rows of a table (deleted ones included).
func (s *Store) CountRows(ctx context.Context, table string) (int64, error) {
	var n int64
	err := s.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+s.quote(table)).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count %s: %w", table, err)
	}
	return n, nil
}

// Duplicates counts the values of a column held by more than one live
// row of a tenant (what a new unique index would refuse).
func (s *Store) Duplicates(ctx context.Context, fc FieldColumn) (int64, error) {
	live := ""
	if !strings.Contains(fc.Path, ".") { // a children table has no deleted_at
		live = " AND " + s.quote(colDeletedAt) + " IS NULL"
	}
	q := fmt.Sprintf("SELECT COUNT(*) FROM (SELECT %[1]s, %[2]s FROM %[3]s WHERE %[2]s IS NOT NULL%[4]s GROUP BY %[1]s, %[2]s HAVING COUNT(*) > 1) d",
		s.quote(colTenant), s.quote(fc.Column), s.quote(fc.Table), live)
	var n int64
	if err := s.db.QueryRowContext(ctx, q).Scan(&n); err != nil {
		return 0, fmt.Errorf("count duplicates of %s.%s: %w", fc.Table, fc.Column, err)
	}
	return n, nil
}

// Convert turns a value of a field of type from into a value of a field of
// type to, as the record API shows it; ok is false when it does not
// convert (or does not fit to's column).
func Convert(from, to *schema.Field, v any) (out any, ok bool) {
	if v == nil {
		return nil, true
	}
	tc := fieldCol(to)
	switch tc.kind {
	case kText:
		if _, isText := v.(string); !isText {
			switch x := v.(type) {
			case float64:
				v = strconv.FormatFloat(x, 'f', -1, 64)
			case bool, int64, int:
				v = fmt.Sprint(x)
			default:
				b, err := json.Marshal(x)
				if err != nil {
					return nil, false
				}
				v = string(b)
			}
		}
	case kJSON:
		if s, isText := v.(string); isText && !tc.multi {
			var x any
			if json.Unmarshal([]byte(s), &x) != nil {
				return nil, false
			}
			v = json.RawMessage(s)
		}
	}
	stored, err := encode(tc, v)
	if err != nil {
		return nil, false
	}
	if tc.kind == kFloat {
		p, sc := decimalSize(to)
		if x, _ := stored.(float64); math.Abs(x) >= math.Pow10(p-sc) {
			return nil, false
		}
	}
	if raw, isRaw := v.(json.RawMessage); isRaw {
		return decodeJSON(tc, string(raw)), true
	}
	return decode(tc, stored), true
}

// Fits reports whether a value of f still fits f's column: a text no
// longer than its length, a decimal within its precision.
func Fits(f *schema.Field, v any) bool {
	if v == nil {
		return true
	}
	switch c := fieldCol(f); c.kind {
	case kText:
		s, _ := v.(string)
		n := varcharSize(f)
		return n == 0 || utf8.RuneCountInString(s) <= n
	case kFloat:
		x, _ := toFloat(v)
		p, sc := decimalSize(f)
		return math.Abs(x) < math.Pow10(p-sc)
	}
	return true
}

// Truncate shortens a text to f's column length; other values that do not
// fit become nil.
func Truncate(f *schema.Field, v any) any {
	if Fits(f, v) {
		return v
	}
	if s, ok := v.(string); ok && fieldCol(f).kind == kText {
		return string([]rune(s)[:varcharSize(f)])
	}
	return nil
}

// WriteColumn writes values (as the record API shows them, nil for NULL)
// into a column by row id, in one transaction, and answers how many rows
// it changed (rows deleted for good are skipped).
func (s *Store) WriteColumn(ctx context.Context, fc FieldColumn, cells []Cell) (int64, error) {
	if len(cells) == 0 {
		return 0, nil
	}
	c := fieldCol(fc.Field)
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	q := fmt.Sprintf("UPDATE %s SET %s = ? WHERE %s = ?", s.quote(fc.Table), s.quote(fc.Column), s.quote(colID))
	if s.dialect == dialect.Postgres {
		q = fmt.Sprintf("UPDATE %s SET %s = $1 WHERE %s = $2", s.quote(fc.Table), s.quote(fc.Column), s.quote(colID))
	}
	stmt, err := tx.PrepareContext(ctx, q)
	if err != nil {
		return 0, fmt.Errorf("write %s.%s: %w", fc.Table, fc.Column, err)
	}
	defer stmt.Close()
	var n int64
	for _, cell := range cells {
		v := cell.Value
		if v != nil && c.kind == kJSON {
			if b, err := json.Marshal(v); err == nil {
				v = json.RawMessage(b)
			}
		}
		arg, err := encode(c, v)
		if err != nil {
			return 0, fmt.Errorf("write %s.%s row %d: %w", fc.Table, fc.Column, cell.ID, err)
		}
		res, err := stmt.ExecContext(ctx, arg, cell.ID)
		if err != nil {
			return 0, fmt.Errorf("write %s.%s row %d: %w", fc.Table, fc.Column, cell.ID, err)
		}
		k, _ := res.RowsAffected()
		if k == 0 && s.dialect == dialect.MySQL { // MySQL counts changed rows only
			var one int
			if tx.QueryRowContext(ctx, fmt.Sprintf("SELECT 1 FROM %s WHERE %s = ?", s.quote(fc.Table), s.quote(colID)),
				cell.ID).Scan(&one) == nil {
				k = 1
			}
		}
		n += k
	}
	if err := tx.Commit(); err != nil {
		return 0, err
	}
	return n, nil
}

// HasColumn reports whether a table has a column.
func (s *Store) HasColumn(ctx context.Context, table, column string) (bool, error) {
	q := fmt.Sprintf("SELECT %s FROM %s WHERE 1 = 0", s.quote(column), s.quote(table))
	rows, err := s.db.QueryContext(ctx, q)
	if err != nil {
		return false, nil //nolint:nilerr // a missing column or table is the answer
	}
	rows.Close()
	return true, nil
}

// RenameColumn renames a column, keeping its values. The indexes on it are
// dropped first: the next migration creates them under the new name.
func (s *Store) RenameColumn(ctx context.Context, table, from, to string) error {
	if err := s.dropIndexesOn(ctx, table, from); err != nil {
		return err
	}
	q := fmt.Sprintf("ALTER TABLE %s RENAME COLUMN %s TO %s", s.quote(table), s.quote(from), s.quote(to))
	if _, err := s.w.ExecContext(ctx, q); err != nil {
		return fmt.Errorf("rename %s.%s: %w", table, from, err)
	}
	return nil
}

// ChildTable is the SQL table of m's children field f (as FieldColumns
// names it).
func ChildTable(m *schema.Module, f *schema.Field) string {
	return ident(m.ChildTableName(f))
}

// HasTable reports whether a table exists.
func (s *Store) HasTable(ctx context.Context, table string) (bool, error) {
	rows, err := s.db.QueryContext(ctx, fmt.Sprintf("SELECT 1 FROM %s WHERE 1 = 0", s.quote(table)))
	if err != nil {
		return false, nil //nolint:nilerr // a missing table is the answer
	}
	rows.Close()
	return true, nil
}

// RenameTable renames a table, keeping its rows (a renamed children field
// of the form designer). On PostgreSQL, whose index and sequence names are
// the schema's, the primary key's index and the id sequence follow the
// table's new name, so a later table of the old name does not meet them;
// the other indexes are made again under the new name by the next
// migration.
func (s *Store) RenameTable(ctx context.Context, from, to string) error {
	q := fmt.Sprintf("ALTER TABLE %s RENAME TO %s", s.quote(from), s.quote(to))
	if _, err := s.w.ExecContext(ctx, q); err != nil {
		return fmt.Errorf("rename table %s: %w", from, err)
	}
	if s.dialect != dialect.Postgres {
		return nil
	}
	for _, r := range []struct{ kind, from, to string }{
		{"INDEX", from + "_pkey", to + "_pkey"},
		{"SEQUENCE", from + "_" + colID + "_seq", to + "_" + colID + "_seq"},
	} {
		q := fmt.Sprintf("ALTER %s IF EXISTS %s RENAME TO %s", r.kind, s.quote(ident(r.from)), s.quote(ident(r.to)))
		if _, err := s.w.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("rename %s %s: %w", strings.ToLower(r.kind), r.from, err)
		}
	}
	return nil
}

// DropColumn drops a column and the indexes on it; the table stays.
func (s *Store) DropColumn(ctx context.Context, table, column string) error {
	if err := s.dropIndexesOn(ctx, table, column); err != nil {
		return err
	}
	q := fmt.Sprintf("ALTER TABLE %s DROP COLUMN %s", s.quote(table), s.quote(column))
	if _, err := s.w.ExecContext(ctx, q); err != nil {
		return fmt.Errorf("drop %s.%s: %w", table, column, err)
	}
	return nil
}

// dropIndexesOn drops every index (but the primary key) that has column.
func (s *Store) dropIndexesOn(ctx context.Context, table, column string) error {
	var q string
	var args []any
	switch s.dialect {
	case dialect.SQLite:
		q, args = `SELECT DISTINCT il.name FROM pragma_index_list(?) il, pragma_index_info(il.name) ii
			WHERE ii.name = ? AND il.origin <> 'pk'`, []any{table, column}
	case dialect.Postgres:
		q, args = `SELECT DISTINCT i.relname FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
			JOIN pg_class t ON t.oid = x.indrelid JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = ANY(x.indkey)
			WHERE t.relname = $1 AND a.attname = $2 AND NOT x.indisprimary AND t.relnamespace = current_schema()::regnamespace`,
			[]any{table, column}
	default:
		q, args = `SELECT DISTINCT index_name FROM information_schema.statistics
			WHERE table_schema = DATABASE() AND table_name = ? AND column_name = ? AND index_name <> 'PRIMARY'`,
			[]any{table, column}
	}
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return fmt.Errorf("read indexes of %s.%s: %w", table, column, err)
	}
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			rows.Close()
			return err
		}
		names = append(names, n)
	}
	rows.Close()
	for _, n := range names {
		q := "DROP INDEX " + s.quote(n)
		if s.dialect == dialect.MySQL {
			q += " ON " + s.quote(table)
		}
		if _, err := s.w.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("drop index %s: %w", n, err)
		}
	}
	return nil
}

// MigrateInPlace is Migrate for a publish of the form designer: it adds
// tables, columns and indexes and alters columns where the database can in
// place, but never drops or rebuilds a table. On SQLite, which alters a
// column only by copying the table, column changes are left out: SQLite
// does not enforce a declared length, and the designer converts a changed
// type into a new column itself (drop, then add).
func (s *Store) MigrateInPlace(ctx context.Context, m *schema.Module) error {
	hook := entschema.WithDiffHook(func(next entschema.Differ) entschema.Differ {
		return entschema.DiffFunc(func(current, desired *atlasschema.Schema) ([]atlasschema.Change, error) {
			changes, err := next.Diff(current, desired)
			if err != nil {
				return nil, err
			}
			return s.inPlace(changes), nil
		})
	})
	mt := s.metaOf(m)
	if err := s.migrate(ctx, mt, false, false, hook); err != nil {
		return fmt.Errorf("migrate %s: %w", m.Name, err)
	}
	return s.afterMigrate(ctx, mt)
}

// inPlace keeps the changes a publish may make.
func (s *Store) inPlace(changes []atlasschema.Change) []atlasschema.Change {
	out := changes[:0]
	for _, c := range changes {
		switch c := c.(type) {
		case *atlasschema.DropTable:
			continue
		case *atlasschema.ModifyTable:
			var keep []atlasschema.Change
			for _, tc := range c.Changes {
				switch tc.(type) {
				case *atlasschema.DropColumn:
					continue
				case *atlasschema.ModifyColumn:
					if s.dialect == dialect.SQLite {
						continue
					}
				}
				keep = append(keep, tc)
			}
			if len(keep) == 0 {
				continue
			}
			c.Changes = keep
		}
		out = append(out, c)
	}
	return out
}

// FlushStatements closes the pool's idle connections on PostgreSQL, with
// the statements pgx prepared on them: after a publish changed a column's
// type, PostgreSQL refuses a statement planned before ("cached plan must
// not change result type"). A connection busy meanwhile keeps its own
// until that refusal flushes it.
func (s *Store) FlushStatements() {
	if s.dialect != dialect.Postgres {
		return
	}
	s.db.SetMaxIdleConns(0)
	s.db.SetMaxIdleConns(max(10, 4*runtime.NumCPU()))
}

// quote quotes an identifier for the dialect (names come from schemas only).
func (s *Store) quote(name string) string {
	if s.dialect == dialect.MySQL {
		return "`" + strings.ReplaceAll(name, "`", "``") + "`"
	}
	return `"` + strings.ReplaceAll(name, `"`, `""`) + `"`
}
