// Package designer keeps the form designer's modules in the database and
// publishes them (docs/designer.md): drafts, published versions, rollbacks,
// the migration plan of a publish and the backups of what a destructive
// publish removes. A published version is served through the App's module
// source, so the same loader and migration as module files apply; every
// instance follows publishes through the module signal of the bus and by
// polling the revision counter. Menus, permission codes, grants and the
// operation log are the system's (modules/designer wires them).
package designer

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"entgo.io/ent/dialect"
	entsqldrv "entgo.io/ent/dialect/sql"
	entschema "entgo.io/ent/dialect/sql/schema"
	"entgo.io/ent/schema/field"

	"xiangzhi/engine/store"
)

// Tables of the designer.
const (
	ModulesTable  = "xz_designer_modules"
	VersionsTable = "xz_designer_versions"
	BackupsTable  = "xz_designer_backups"
	RevisionTable = "xz_designer_revision"
)

var textCol = map[string]string{dialect.Postgres: "text", dialect.MySQL: "mediumtext", dialect.SQLite: "text"}

func tables() []*entschema.Table {
	mods := entschema.NewTable(ModulesTable)
	mods.AddPrimary(&entschema.Column{Name: "name", Type: field.TypeString, Size: 64})
	for _, c := range []*entschema.Column{
		{Name: "yaml", Type: field.TypeString, SchemaType: textCol},
		{Name: "renames", Type: field.TypeString, SchemaType: textCol, Nullable: true},
		{Name: "published_version", Type: field.TypeInt64, Default: 0},
		{Name: "removed", Type: field.TypeBool, Default: false},
		{Name: "created_by", Type: field.TypeInt64, Default: 0},
		{Name: "created_at", Type: field.TypeString, Size: 19},
		{Name: "updated_by", Type: field.TypeInt64, Default: 0},
		{Name: "updated_at", Type: field.TypeString, Size: 19},
	} {
		mods.AddColumn(c)
	}
	vers := entschema.NewTable(VersionsTable)
	vm := &entschema.Column{Name: "module", Type: field.TypeString, Size: 64}
	vv := &entschema.Column{Name: "version", Type: field.TypeInt64}
	vers.AddPrimary(vm)
	vers.AddPrimary(vv)
	for _, c := range []*entschema.Column{
		{Name: "yaml", Type: field.TypeString, SchemaType: textCol},
		{Name: "renames", Type: field.TypeString, SchemaType: textCol, Nullable: true},
		{Name: "note", Type: field.TypeString, Size: 500, Default: ""},
		{Name: "rollback_of", Type: field.TypeInt64, Default: 0},
		{Name: "published_by", Type: field.TypeInt64, Default: 0},
		{Name: "published_at", Type: field.TypeString, Size: 19},
	} {
		vers.AddColumn(c)
	}
	backs := entschema.NewTable(BackupsTable)
	backs.AddPrimary(&entschema.Column{Name: "id", Type: field.TypeInt64, Increment: true})
	bm := &entschema.Column{Name: "module", Type: field.TypeString, Size: 64}
	bv := &entschema.Column{Name: "version", Type: field.TypeInt64}
	for _, c := range []*entschema.Column{
		bm, bv,
		{Name: "field", Type: field.TypeString, Size: 200},
		{Name: "table_name", Type: field.TypeString, Size: 64},
		{Name: "column_name", Type: field.TypeString, Size: 64},
		{Name: "record_id", Type: field.TypeInt64},
		{Name: "value", Type: field.TypeString, SchemaType: textCol, Nullable: true},
	} {
		backs.AddColumn(c)
	}
	backs.Indexes = append(backs.Indexes, &entschema.Index{Name: "ix_" + BackupsTable + "_module",
		Columns: []*entschema.Column{bm, bv}})
	rev := entschema.NewTable(RevisionTable)
	rev.AddPrimary(&entschema.Column{Name: "id", Type: field.TypeInt64})
	rev.AddColumn(&entschema.Column{Name: "revision", Type: field.TypeInt64, Default: 0})
	return []*entschema.Table{mods, vers, backs, rev}
}

// repo reads and writes the designer's tables.
type repo struct {
	db      *sql.DB
	dialect string
}

func (r *repo) migrate(ctx context.Context) error {
	mig, err := entschema.NewMigrate(entsqldrv.OpenDB(r.dialect, r.db), entschema.WithForeignKeys(false))
	if err != nil {
		return err
	}
	if err := mig.Create(ctx, tables()...); err != nil {
		return fmt.Errorf("migrate designer tables: %w", err)
	}
	_, err = r.db.ExecContext(ctx, r.q("INSERT INTO "+RevisionTable+" (id, revision) SELECT 1, 0 WHERE NOT EXISTS (SELECT 1 FROM "+RevisionTable+" WHERE id = 1)"))
	return err
}

// q rewrites ? placeholders to $n for PostgreSQL.
func (r *repo) q(query string) string {
	if r.dialect != dialect.Postgres {
		return query
	}
	var b strings.Builder
	n := 0
	for _, c := range query {
		if c == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

// row is one designer module.
type row struct {
	Name             string
	YAML             string
	Renames          map[string]string
	PublishedVersion int64
	Removed          bool
	CreatedBy        int64
	CreatedAt        string
	UpdatedBy        int64
	UpdatedAt        string
}

const rowCols = "name, yaml, renames, published_version, removed, created_by, created_at, updated_by, updated_at"

func scanRow(sc interface{ Scan(...any) error }) (*row, error) {
	var m row
	var renames sql.NullString
	if err := sc.Scan(&m.Name, &m.YAML, &renames, &m.PublishedVersion, &m.Removed, &m.CreatedBy, &m.CreatedAt,
		&m.UpdatedBy, &m.UpdatedAt); err != nil {
		return nil, err
	}
	m.Renames = map[string]string{}
	if renames.Valid && renames.String != "" {
		_ = json.Unmarshal([]byte(renames.String), &m.Renames)
	}
	return &m, nil
}

func (r *repo) all(ctx context.Context) ([]*row, error) {
	rows, err := r.db.QueryContext(ctx, "SELECT "+rowCols+" FROM "+ModulesTable+" ORDER BY name")
	if err != nil {
		return nil, fmt.Errorf("read designer modules: %w", err)
	}
	defer rows.Close()
	var out []*row
	for rows.Next() {
		m, err := scanRow(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// get answers the module, or nil when there is none.
func (r *repo) get(ctx context.Context, name string) (*row, error) {
	m, err := scanRow(r.db.QueryRowContext(ctx, r.q("SELECT "+rowCols+" FROM "+ModulesTable+" WHERE name = ?"), name))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read designer module %s: %w", name, err)
	}
	return m, nil
}

func renamesText(m map[string]string) string {
	if len(m) == 0 {
		return ""
	}
	b, _ := json.Marshal(m)
	return string(b)
}

func (r *repo) insert(ctx context.Context, name, yaml string, user int64) error {
	now := nowText()
	_, err := r.db.ExecContext(ctx, r.q("INSERT INTO "+ModulesTable+" ("+rowCols+") VALUES (?, ?, ?, 0, ?, ?, ?, ?, ?)"),
		name, yaml, "", false, user, now, user, now)
	return err
}

func (r *repo) saveDraft(ctx context.Context, name, yaml string, renames map[string]string, user int64) error {
	_, err := r.db.ExecContext(ctx, r.q("UPDATE "+ModulesTable+" SET yaml = ?, renames = ?, updated_by = ?, updated_at = ? WHERE name = ?"),
		yaml, renamesText(renames), user, nowText(), name)
	return err
}

func (r *repo) setPublished(ctx context.Context, name string, version int64, removed bool) error {
	_, err := r.db.ExecContext(ctx, r.q("UPDATE "+ModulesTable+" SET published_version = ?, removed = ? WHERE name = ?"),
		version, removed, name)
	return err
}

// version is one published version.
type version struct {
	Module      string
	Version     int64
	YAML        string
	Renames     map[string]string
	Note        string
	RollbackOf  int64
	PublishedBy int64
	PublishedAt string
}

const versionCols = "module, version, yaml, renames, note, rollback_of, published_by, published_at"

func scanVersion(sc interface{ Scan(...any) error }) (*version, error) {
	var v version
	var renames sql.NullString
	if err := sc.Scan(&v.Module, &v.Version, &v.YAML, &renames, &v.Note, &v.RollbackOf, &v.PublishedBy, &v.PublishedAt); err != nil {
		return nil, err
	}
	v.Renames = map[string]string{}
	if renames.Valid && renames.String != "" {
		_ = json.Unmarshal([]byte(renames.String), &v.Renames)
	}
	return &v, nil
}

// versions lists a module's versions, newest first.
func (r *repo) versions(ctx context.Context, name string) ([]*version, error) {
	rows, err := r.db.QueryContext(ctx, r.q("SELECT "+versionCols+" FROM "+VersionsTable+" WHERE module = ? ORDER BY version DESC"), name)
	if err != nil {
		return nil, fmt.Errorf("read versions of %s: %w", name, err)
	}
	defer rows.Close()
	var out []*version
	for rows.Next() {
		v, err := scanVersion(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

func (r *repo) version(ctx context.Context, name string, n int64) (*version, error) {
	v, err := scanVersion(r.db.QueryRowContext(ctx, r.q("SELECT "+versionCols+" FROM "+VersionsTable+" WHERE module = ? AND version = ?"), name, n))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return v, err
}

// addVersion inserts a version; a version of that number written in the
// meantime (another publish) fails on the primary key.
func (r *repo) addVersion(ctx context.Context, v *version) error {
	_, err := r.db.ExecContext(ctx, r.q("INSERT INTO "+VersionsTable+" ("+versionCols+") VALUES (?, ?, ?, ?, ?, ?, ?, ?)"),
		v.Module, v.Version, v.YAML, renamesText(v.Renames), v.Note, v.RollbackOf, v.PublishedBy, v.PublishedAt)
	return err
}

// deleteVersion removes the version of a publish that failed. Its backups
// stay: the table may have lost the values already, and a rollback to an
// earlier version restores them.
func (r *repo) deleteVersion(ctx context.Context, name string, n int64) {
	_, _ = r.db.ExecContext(ctx, r.q("DELETE FROM "+VersionsTable+" WHERE module = ? AND version = ?"), name, n)
}

// published answers the YAML of every served designer module by name.
func (r *repo) published(ctx context.Context) (map[string]string, error) {
	rows, err := r.db.QueryContext(ctx, "SELECT m.name, v.yaml FROM "+ModulesTable+" m JOIN "+VersionsTable+
		" v ON v.module = m.name AND v.version = m.published_version WHERE m.published_version > 0 AND m.removed = "+r.falseLit())
	if err != nil {
		return nil, fmt.Errorf("read published modules: %w", err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var name, text string
		if err := rows.Scan(&name, &text); err != nil {
			return nil, err
		}
		out[name] = text
	}
	return out, rows.Err()
}

func (r *repo) falseLit() string {
	if r.dialect == dialect.Postgres {
		return "false"
	}
	return "0"
}

// backup is one saved value.
type backup struct {
	Version int64
	Field   string
	Record  int64
	Value   any
}

func (r *repo) addBackups(ctx context.Context, module string, version int64, field, table, column string, cells []store.Cell) error {
	if len(cells) == 0 {
		return nil
	}
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	stmt, err := tx.PrepareContext(ctx, r.q("INSERT INTO "+BackupsTable+
		" (module, version, field, table_name, column_name, record_id, value) VALUES (?, ?, ?, ?, ?, ?, ?)"))
	if err != nil {
		return err
	}
	defer stmt.Close()
	for _, c := range cells {
		b, err := json.Marshal(c.Value)
		if err != nil {
			return err
		}
		if _, err := stmt.ExecContext(ctx, module, version, field, table, column, c.ID, string(b)); err != nil {
			return fmt.Errorf("write backup: %w", err)
		}
	}
	return tx.Commit()
}

// backups lists the values saved by the publishes after version from,
// newest publish first.
func (r *repo) backups(ctx context.Context, module string, from int64) ([]backup, error) {
	rows, err := r.db.QueryContext(ctx, r.q("SELECT version, field, record_id, value FROM "+BackupsTable+
		" WHERE module = ? AND version > ? ORDER BY version DESC, id"), module, from)
	if err != nil {
		return nil, fmt.Errorf("read backups: %w", err)
	}
	defer rows.Close()
	var out []backup
	for rows.Next() {
		var b backup
		var text sql.NullString
		if err := rows.Scan(&b.Version, &b.Field, &b.Record, &text); err != nil {
			return nil, err
		}
		if text.Valid {
			_ = json.Unmarshal([]byte(text.String), &b.Value)
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// hasBackup reports which versions of a module wrote a backup.
func (r *repo) backedUp(ctx context.Context, module string) (map[int64]bool, error) {
	rows, err := r.db.QueryContext(ctx, r.q("SELECT DISTINCT version FROM "+BackupsTable+" WHERE module = ?"), module)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]bool{}
	for rows.Next() {
		var v int64
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out[v] = true
	}
	return out, rows.Err()
}

func (r *repo) revision(ctx context.Context) (int64, error) {
	var n int64
	err := r.db.QueryRowContext(ctx, "SELECT revision FROM "+RevisionTable+" WHERE id = 1").Scan(&n)
	return n, err
}

func (r *repo) bump(ctx context.Context) (int64, error) {
	if _, err := r.db.ExecContext(ctx, "UPDATE "+RevisionTable+" SET revision = revision + 1 WHERE id = 1"); err != nil {
		return 0, err
	}
	return r.revision(ctx)
}

func nowText() string { return time.Now().Format("2006-01-02 15:04:05") }
