package store

// Organisation write sequences: besides its table's write sequence, every
// write transaction bumps one sequence per organisation whose rows it
// changed (xz_org_seq: table, org_path, seq). A statistic is kept per
// organisation (the rows of its GROUP BY, with org_path as one more
// grouping), so after a write only the organisations whose sequences moved
// are counted again — a village's rows, not the county's — and the answer
// is folded from the kept parts (docs/store.md § Statistics kept per
// organisation).

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"sync"

	entsql "entgo.io/ent/dialect/sql"
	entschema "entgo.io/ent/dialect/sql/schema"
	"entgo.io/ent/schema/field"
)

// OrgSeqTable holds the write sequence of each organisation of each module
// table (rows without an organisation have the path "").
const OrgSeqTable = "xz_org_seq"

// anyOrg is the org_path of the sequence a write bumps when it cannot tell
// which organisations' rows it changed (a hook's raw statement, a
// migration): every statistic of the table is then counted whole again.
const anyOrg = "*"

func orgSeqTable() *entschema.Table {
	t := entschema.NewTable(OrgSeqTable)
	t.AddPrimary(&entschema.Column{Name: "table_name", Type: field.TypeString, Size: 64})
	t.AddPrimary(&entschema.Column{Name: colOrgPath, Type: field.TypeString, Size: 255})
	t.AddColumn(&entschema.Column{Name: "seq", Type: field.TypeInt64, Default: 0})
	return t
}

// orgTouches remembers, per open write transaction, the organisation
// sequences it bumped already, so a batch of a thousand imported rows of
// one village bumps that village's sequence once.
type orgTouches struct{ open sync.Map } // *sql.Tx → map[string]bool

func (o *orgTouches) track(tx *sql.Tx) { o.open.Store(tx, map[string]bool{}) }
func (o *orgTouches) done(tx *sql.Tx)  { o.open.Delete(tx) }

// first reports whether (table, path) is bumped for the first time in tx
// (always, for an untracked transaction). A transaction runs on one
// goroutine, so its map needs no lock.
func (o *orgTouches) first(tx *sql.Tx, table, path string) bool {
	v, ok := o.open.Load(tx)
	if !ok {
		return true
	}
	seen := v.(map[string]bool)
	k := table + "\x00" + path
	if seen[k] || seen[table+"\x00"+anyOrg] {
		return false
	}
	seen[k] = true
	return true
}

// touchOrgs bumps the sequences of the organisations at paths in table.
func (s *Store) touchOrgs(ctx context.Context, tx *sql.Tx, table string, paths ...string) error {
	for _, p := range paths {
		if !s.orgs.first(tx, table, p) {
			continue
		}
		if err := s.bumpOrgSeq(ctx, tx, table, p); err != nil {
			return err
		}
	}
	return nil
}

// touchAll bumps the table's sequence of any organisation: the write
// changed rows it cannot name.
func (s *Store) touchAll(ctx context.Context, tx *sql.Tx, table string) error {
	return s.touchOrgs(ctx, tx, table, anyOrg)
}

func (s *Store) bumpOrgSeq(ctx context.Context, tx *sql.Tx, table, path string) error {
	b := entsql.Dialect(s.dialect)
	up, upArgs := b.Update(OrgSeqTable).Add("seq", 1).
		Where(entsql.And(entsql.EQ("table_name", table), entsql.EQ(colOrgPath, path))).Query()
	res, err := s.execW(ctx, tx, up, upArgs...)
	if err != nil {
		return fmt.Errorf("bump organisation write sequence: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n > 0 {
		return err
	}
	ins, insArgs := b.Insert(OrgSeqTable).Columns("table_name", colOrgPath, "seq").Values(table, path, 0).
		OnConflict(entsql.ConflictColumns("table_name", colOrgPath), entsql.DoNothing()).Query()
	if _, err := tx.ExecContext(ctx, ins, insArgs...); err != nil {
		return fmt.Errorf("seed organisation write sequence: %w", err)
	}
	_, err = s.execW(ctx, tx, up, upArgs...)
	return err
}

// touchRows bumps the organisations of the rows of mt with the given ids
// (as they are before the write changes them).
func (s *Store) touchRows(ctx context.Context, tx *sql.Tx, mt *meta, tenant int64, ids ...any) error {
	if len(ids) == 0 {
		return nil
	}
	qs, args := entsql.Dialect(s.dialect).Select(colOrgPath).From(entsql.Table(mt.table)).
		Where(entsql.And(entsql.EQ(colTenant, tenant), entsql.In(colID, ids...))).Query()
	rows, err := s.query(ctx, tx, qs, args)
	if err != nil {
		return fmt.Errorf("organisations of the written rows: %w", err)
	}
	var paths []string
	for rows.Next() {
		var p sql.NullString
		if err := rows.Scan(&p); err != nil {
			rows.Close()
			return err
		}
		paths = append(paths, p.String)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	sort.Strings(paths)
	return s.touchOrgs(ctx, tx, mt.table, paths...)
}

// orgSeqsSQL reads the organisation sequences of a table (its argument).
func (s *Store) orgSeqsSQL() string {
	qs, _ := entsql.Dialect(s.dialect).Select(colOrgPath, "seq").From(entsql.Table(OrgSeqTable)).
		Where(entsql.EQ("table_name", "")).Query()
	return qs
}

// orgSeqs reads every organisation sequence of table in the transaction q.
func (s *Store) orgSeqs(ctx context.Context, q querier, table string) (map[string]int64, error) {
	rows, err := s.query(ctx, q, s.orgSeqsSQL(), []any{table})
	if err != nil {
		return nil, fmt.Errorf("read organisation write sequences: %w", err)
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var p string
		var n int64
		if err := rows.Scan(&p, &n); err != nil {
			return nil, err
		}
		out[p] = n
	}
	return out, rows.Err()
}

// Statement is one SQL statement with its arguments.
type Statement struct {
	SQL  string
	Args []any
}

// UnplacedWriteSQL answers the statements that a transaction outside the
// store must run when it changed rows of table without the store knowing
// their organisations (modules/system re-paths the records of a moved
// organisation): the table's write sequence and the sequence of every
// organisation ("*") bumped, so cached totals and every kept statistic of
// the table are counted anew.
func (s *Store) UnplacedWriteSQL(table string) []Statement {
	b := entsql.Dialect(s.dialect)
	var out []Statement
	add := func(q string, args []any) { out = append(out, Statement{q, args}) }
	add(b.Update(SeqTable).Add("seq", 1).Where(entsql.EQ("table_name", table)).Query())
	add(b.Insert(OrgSeqTable).Columns("table_name", colOrgPath, "seq").Values(table, anyOrg, 0).
		OnConflict(entsql.ConflictColumns("table_name", colOrgPath), entsql.DoNothing()).Query())
	add(b.Update(OrgSeqTable).Add("seq", 1).
		Where(entsql.And(entsql.EQ("table_name", table), entsql.EQ(colOrgPath, anyOrg))).Query())
	return out
}
