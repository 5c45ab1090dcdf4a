package store

import (
	"context"
	"fmt"
	"slices"

	"ariga.io/atlas/sql/migrate"
	atlasschema "ariga.io/atlas/sql/schema"
	"ariga.io/atlas/sql/sqlite"

	"entgo.io/ent/dialect"
	entsqldrv "entgo.io/ent/dialect/sql"
	entschema "entgo.io/ent/dialect/sql/schema"
	"entgo.io/ent/schema/field"

	"xiangzhi/engine/schema"
)

// Shared tables.
const (
	// SeqTable holds one write sequence per module table, bumped by every
	// write in the writing transaction; list totals are cached against it.
	SeqTable = "xz_write_seq"
	// HistoryTable holds the status transitions of every module.
	HistoryTable = schema.StatusTableName
)

// Migrate creates or updates the module's tables with ent's migrator: the
// module table, one table per children field, and the shared status-history
// and write-sequence tables. Columns and indexes are added as the module
// grows; nothing is dropped unless drop is set, which drops columns and
// indexes the module no longer declares (never tables).
func (s *Store) Migrate(ctx context.Context, m *schema.Module, drop bool) error {
	mt := s.metaOf(m)
	if err := s.migrate(ctx, mt, drop, false); err != nil {
		return fmt.Errorf("migrate %s: %w", m.Name, err)
	}
	return s.afterMigrate(ctx, mt)
}

// afterMigrate seeds and bumps the table's write sequence, prepares its
// search state and records the migration's digest.
func (s *Store) afterMigrate(ctx context.Context, mt *meta) error {
	m := mt.m
	// Seed the table's write sequence, then bump it: a changed table shape
	// must not reuse a cached total.
	ins, args := entsqldrv.Dialect(s.dialect).Insert(SeqTable).
		Columns("table_name", "seq").Values(mt.table, 0).
		OnConflict(entsqldrv.ConflictColumns("table_name"), entsqldrv.DoNothing()).Query()
	if _, err := s.w.ExecContext(ctx, ins, args...); err != nil {
		return fmt.Errorf("migrate %s: seed write sequence: %w", m.Name, err)
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("migrate %s: %w", m.Name, err)
	}
	defer tx.Rollback()
	if err := s.bumpSeq(ctx, tx, mt.table); err != nil {
		return fmt.Errorf("migrate %s: %w", m.Name, err)
	}
	if err := s.touchAll(ctx, tx, mt.table); err != nil {
		return fmt.Errorf("migrate %s: %w", m.Name, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("migrate %s: %w", m.Name, err)
	}
	if err := s.prepareGrams(ctx, mt); err != nil {
		return fmt.Errorf("migrate %s: %w", m.Name, err)
	}
	if err := s.recordMigrated(ctx, mt); err != nil {
		return fmt.Errorf("migrate %s: %w", m.Name, err)
	}
	return nil
}

// Plan returns the statements Migrate would run now, without running them
// (for a dry run, and to check that a migration is idempotent).
func (s *Store) Plan(ctx context.Context, m *schema.Module, drop bool) ([]string, error) {
	var cmds []string
	dry := func(entschema.Applier) entschema.Applier {
		return entschema.ApplyFunc(func(_ context.Context, _ dialect.ExecQuerier, p *migrate.Plan) error {
			for _, c := range p.Changes {
				cmds = append(cmds, c.Cmd)
			}
			return nil
		})
	}
	if err := s.migrate(ctx, s.metaOf(m), drop, true, entschema.WithApplyHook(dry)); err != nil {
		return nil, fmt.Errorf("plan %s: %w", m.Name, err)
	}
	return cmds, nil
}

// migrate runs ent's migrator over the module's tables and, the first time
// this store migrates anything (and always for a plan, whose opts only
// collect the statements), the shared ones: inspecting the shared tables
// again for each of a hundred modules cost most of a first start on
// PostgreSQL.
func (s *Store) migrate(ctx context.Context, mt *meta, drop, plan bool, opts ...entschema.MigrateOption) error {
	s.migrateMu.Lock()
	defer s.migrateMu.Unlock()
	tables := s.tablesOf(mt)
	shared := plan || !s.sharedMigrated
	if !shared {
		tables = slices.DeleteFunc(tables, func(t *entschema.Table) bool { return sharedTables[t.Name] })
	}
	opts = append([]entschema.MigrateOption{
		entschema.WithDropColumn(drop), entschema.WithDropIndex(drop), entschema.WithForeignKeys(false),
	}, opts...)
	if s.dialect == dialect.SQLite && slices.ContainsFunc(mt.cols, gramIndexed) {
		opts = append(opts, entschema.WithDiffHook(withoutRowID(gramTable(mt))))
	}
	mig, err := entschema.NewMigrate(entsqldrv.OpenDB(s.dialect, s.w), opts...)
	if err != nil {
		return err
	}
	if err := mig.Create(ctx, tables...); err != nil {
		return err
	}
	if !plan {
		s.sharedMigrated = true
	}
	return nil
}

// withoutRowID makes SQLite's table named WITHOUT ROWID: a gram table is
// its primary key (field, gram, record_id) and nothing else, so as a rowid
// table every row was written to two B-trees besides its record_id index
// (the rows by rowid and the key's automatic index), and as WITHOUT ROWID
// to one. ent has no table option for it, so the desired table gets the
// attribute before the diff: a new table is created so, and an existing
// rowid table (a database from before) differs in it and is rebuilt with
// its rows copied (atlas's copy-and-rename).
func withoutRowID(table string) entschema.DiffHook {
	return func(next entschema.Differ) entschema.Differ {
		return entschema.DiffFunc(func(current, desired *atlasschema.Schema) ([]atlasschema.Change, error) {
			for _, t := range desired.Tables {
				if t.Name == table && !slices.ContainsFunc(t.Attrs, isWithoutRowID) {
					t.AddAttrs(&sqlite.WithoutRowID{})
				}
			}
			return next.Diff(current, desired)
		})
	}
}

func isWithoutRowID(a atlasschema.Attr) bool { _, ok := a.(*sqlite.WithoutRowID); return ok }

// sharedTables are the tables every module's migration lists.
var sharedTables = map[string]bool{HistoryTable: true, SeqTable: true, OrgSeqTable: true, MigratedTable: true,
	GramStateTable: true}

// tablesOf lists every table a migration of the module creates or alters:
// its own, its children's, and the shared ones.
func (s *Store) tablesOf(mt *meta) []*entschema.Table {
	tables := append(s.moduleTables(mt), historyTable(), seqTable(), orgSeqTable(), migratedTable())
	if slices.ContainsFunc(mt.cols, gramIndexed) {
		tables = append(tables, gramTables(mt)...)
	} else {
		tables = append(tables, gramTables(mt)[1])
	}
	return tables
}

// moduleTables describes the module table and its children tables.
func (s *Store) moduleTables(mt *meta) []*entschema.Table {
	t := entschema.NewTable(mt.table)
	id := &entschema.Column{Name: colID, Type: field.TypeInt64, Increment: true}
	t.AddPrimary(id)
	for _, c := range []*entschema.Column{
		{Name: colTenant, Type: field.TypeInt64, Default: 0},
		{Name: colOrg, Type: field.TypeInt64, Default: 0},
		{Name: colOrgPath, Type: field.TypeString, Size: 255, Default: ""},
		{Name: colCreatedBy, Type: field.TypeInt64, Default: 0},
		{Name: colCreatedAt, Type: field.TypeTime, SchemaType: dateTimeType},
		{Name: colUpdatedBy, Type: field.TypeInt64, Default: 0},
		{Name: colUpdatedAt, Type: field.TypeTime, SchemaType: dateTimeType},
		{Name: colDeletedAt, Type: field.TypeTime, SchemaType: dateTimeType, Nullable: true},
		{Name: colVersion, Type: field.TypeInt64, Default: 1},
	} {
		t.AddColumn(c)
	}
	for _, c := range mt.cols {
		if c.field != nil {
			t.AddColumn(s.column(c))
		}
	}
	if mt.status != nil {
		t.AddColumn(&entschema.Column{Name: mt.status.name, Type: field.TypeInt32, Default: mt.m.Status.Initial})
	}
	s.addIndexes(mt, t)
	tables := []*entschema.Table{t}
	for _, ch := range mt.children {
		ct := entschema.NewTable(ch.table)
		ct.AddPrimary(&entschema.Column{Name: colID, Type: field.TypeInt64, Increment: true})
		parent := &entschema.Column{Name: "parent_id", Type: field.TypeInt64}
		ct.AddColumn(parent)
		ct.AddColumn(&entschema.Column{Name: colTenant, Type: field.TypeInt64, Default: 0})
		ct.AddColumn(&entschema.Column{Name: "sort_no", Type: field.TypeInt32, Default: 0})
		for _, c := range ch.cols {
			ct.AddColumn(s.column(c))
		}
		ct.Indexes = append(ct.Indexes, &entschema.Index{Name: ident("ix_" + ch.table + "_parent"),
			Columns: []*entschema.Column{parent}})
		tables = append(tables, ct)
	}
	return tables
}

// dateTimeType is a wall-clock date and time on every dialect.
var dateTimeType = map[string]string{dialect.Postgres: "timestamp", dialect.MySQL: "datetime", dialect.SQLite: "datetime"}

// textType is an unbounded text column; richtext and JSON need more than
// MySQL's 64 KB TEXT.
func textType(mysqlType string) map[string]string {
	return map[string]string{dialect.Postgres: "text", dialect.MySQL: mysqlType, dialect.SQLite: "text"}
}

// column is the SQL column of a declared field. Every field column is
// nullable: a field added later must not break existing rows, and required
// is the validator's business.
func (s *Store) column(c *col) *entschema.Column {
	ec := &entschema.Column{Name: c.name, Nullable: true}
	f := c.field
	switch c.kind {
	case kText:
		if n := varcharSize(f); n > 0 {
			ec.Type, ec.Size = field.TypeString, int64(n)
			break
		}
		ec.Type, ec.SchemaType = field.TypeString, textType("text")
		if f.Type == schema.TypeRichText {
			ec.SchemaType = textType("longtext")
		}
	case kInt:
		ec.Type = field.TypeInt64
	case kFloat:
		p, sc := decimalSize(f)
		ec.Type = field.TypeFloat64
		ec.SchemaType = map[string]string{
			dialect.Postgres: fmt.Sprintf("numeric(%d,%d)", p, sc),
			dialect.MySQL:    fmt.Sprintf("decimal(%d,%d)", p, sc),
			dialect.SQLite:   fmt.Sprintf("numeric(%d,%d)", p, sc),
		}
	case kBool:
		ec.Type = field.TypeBool
	case kDate:
		ec.Type, ec.SchemaType = field.TypeTime, map[string]string{dialect.Postgres: "date", dialect.MySQL: "date", dialect.SQLite: "date"}
	case kDateTime:
		ec.Type, ec.SchemaType = field.TypeTime, dateTimeType
	case kJSON:
		ec.Type, ec.SchemaType = field.TypeString, textType("mediumtext")
	}
	return ec
}

// maxVarchar is the longest string kept in a varchar; longer ones are text.
const maxVarchar = 1000

// varcharSize is the varchar length of a text-kind field: the longest text
// the validator accepts (schema's MaxLen, maxLength or the type's default),
// 64 for an enum's code; 0 when it is longer than maxVarchar (a text column).
func varcharSize(f *schema.Field) int {
	n := f.MaxLen()
	if f.Type == schema.TypeEnum {
		n = max(64, f.MaxLength)
	}
	if n <= 0 || n > maxVarchar || f.Type == schema.TypeText || f.Type == schema.TypeRichText {
		return 0
	}
	return n
}

// decimalSize is a decimal field's precision and scale.
func decimalSize(f *schema.Field) (precision, scale int) {
	precision, scale = f.Digits()
	return precision, min(scale, precision)
}

func historyTable() *entschema.Table {
	t := entschema.NewTable(HistoryTable)
	t.AddPrimary(&entschema.Column{Name: colID, Type: field.TypeInt64, Increment: true})
	tn := &entschema.Column{Name: "table_name", Type: field.TypeString, Size: 64}
	rec := &entschema.Column{Name: "record_id", Type: field.TypeInt64}
	for _, c := range []*entschema.Column{
		{Name: colTenant, Type: field.TypeInt64, Default: 0}, tn, rec,
		{Name: "action", Type: field.TypeString, Size: 64},
		{Name: "from_status", Type: field.TypeInt32},
		{Name: "to_status", Type: field.TypeInt32},
		{Name: "step", Type: field.TypeString, Size: 100, Nullable: true}, // a workflow step's title
		{Name: "comment", Type: field.TypeString, SchemaType: textType("text"), Nullable: true},
		{Name: "user_id", Type: field.TypeInt64, Default: 0},
		{Name: colCreatedAt, Type: field.TypeTime, SchemaType: dateTimeType},
	} {
		t.AddColumn(c)
	}
	t.Indexes = append(t.Indexes, &entschema.Index{Name: "ix_" + HistoryTable + "_record",
		Columns: []*entschema.Column{tn, rec}})
	return t
}

func seqTable() *entschema.Table {
	t := entschema.NewTable(SeqTable)
	t.AddPrimary(&entschema.Column{Name: "table_name", Type: field.TypeString, Size: 64})
	t.AddColumn(&entschema.Column{Name: "seq", Type: field.TypeInt64, Default: 0})
	return t
}
