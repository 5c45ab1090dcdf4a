package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/schema"
)

// Get returns one record with its children arrays and, when the module has a
// status, its history (key "history", oldest first). A record of another
// tenant, outside the scope or soft-deleted is ErrNotFound.
func (s *Store) Get(ctx context.Context, m *schema.Module, sc Scope, id int64) (Record, error) {
	r, err := s.get(ctx, s.db, s.metaOf(m), sc, id)
	if err != nil {
		return nil, fmt.Errorf("get %s %d: %w", m.Name, id, err)
	}
	return r, nil
}

// GetWithSeqs is Get that also reads, in the record's own statement, the
// write sequences of the tables of seqs (the modules the record's
// references name), and answers a context holding them as WithWriteSeqs
// does: the labels of a get then cost no statement of their own. (Reading
// them in a statement of their own was an eighth of a get's server time at
// one connection; every statement through database/sql and the SQLite
// driver costs 15–20 µs whatever it reads.) The sequences are read before
// any value kept under them (FieldValues reads after this statement), so a
// kept label is never older than its sequence, on any instance.
func (s *Store) GetWithSeqs(ctx context.Context, m *schema.Module, sc Scope, id int64, seqs []*schema.Module) (Record, context.Context, error) {
	mt := s.metaOf(m)
	memo := &seqMemo{seqs: make(map[string]int64, len(seqs))}
	var tables []string
	for _, t := range seqs {
		name := s.metaOf(t).table
		if _, dup := memo.seqs[name]; !dup {
			memo.seqs[name] = 0
			tables = append(tables, name)
		}
	}
	raw := make([]any, len(tables))
	dest := make([]any, len(tables))
	for i := range raw {
		dest[i] = &raw[i]
	}
	// A record by its key is read to the end once begun: with a context
	// that can be cancelled, database/sql and the SQLite driver start two
	// goroutines per statement to watch it (≈ 8% of a get at one
	// connection), for statements that read one row by its primary key.
	// A request already cancelled still reads nothing.
	if err := ctx.Err(); err != nil {
		return nil, ctx, fmt.Errorf("get %s %d: %w", m.Name, id, err)
	}
	r, err := s.getRow(context.WithoutCancel(ctx), s.db, mt, sc, id, tables, dest)
	if err != nil {
		return nil, ctx, fmt.Errorf("get %s %d: %w", m.Name, id, err)
	}
	for i, t := range tables {
		seq, err := seqValue(raw[i])
		if err != nil {
			return nil, ctx, fmt.Errorf("get %s %d: write sequence of %s: %w", m.Name, id, t, err)
		}
		memo.seqs[t] = seq // a table never written has no row: NULL, 0
	}
	return r, context.WithValue(ctx, seqMemoKey{}, memo), nil
}

// seqValue is a write sequence read as a scalar subquery: NULL (no row)
// is 0; drivers answer integers as int64, or text or bytes (MySQL).
func seqValue(v any) (int64, error) {
	switch x := v.(type) {
	case nil:
		return 0, nil
	case int64:
		return x, nil
	case []byte:
		return strconv.ParseInt(string(x), 10, 64)
	case string:
		return strconv.ParseInt(x, 10, 64)
	}
	return 0, fmt.Errorf("unexpected %T", v)
}

func (s *Store) get(ctx context.Context, q querier, mt *meta, sc Scope, id int64) (Record, error) {
	return s.getRow(ctx, q, mt, sc, id, nil, nil)
}

// getRow reads the record with its children and history; with seqTables,
// the statement also reads those tables' write sequences into seqDest.
func (s *Store) getRow(ctx context.Context, q querier, mt *meta, sc Scope, id int64, seqTables []string, seqDest []any) (Record, error) {
	qs, args := s.getSQL(mt, sc, id, seqTables)
	recs, err := s.scanRecords(ctx, q, mt, qs, args, seqDest...)
	if err != nil {
		return nil, err
	}
	if len(recs) == 0 {
		return nil, ErrNotFound
	}
	r := recs[0]
	for _, ch := range mt.children {
		rows, err := s.children(ctx, q, ch, sc.TenantID, id)
		if err != nil {
			return nil, err
		}
		r[ch.field.Name] = rows
	}
	if mt.status != nil {
		h, err := s.history(ctx, q, mt, sc.TenantID, id)
		if err != nil {
			return nil, err
		}
		r["history"] = h
	}
	return r, nil
}

// children reads the rows of one children field in their saved order. Each
// row carries its own id and the child fields.
func (s *Store) children(ctx context.Context, q querier, ch child, tenant, parent int64) ([]Record, error) {
	names := []string{colID}
	for _, c := range ch.cols {
		names = append(names, c.name)
	}
	qs, args := entsql.Dialect(s.dialect).Select(names...).From(entsql.Table(ch.table)).
		Where(entsql.And(entsql.EQ("parent_id", parent), entsql.EQ(colTenant, tenant))).
		OrderBy("sort_no", colID).Query()
	rows, err := s.query(ctx, q, qs, args)
	if err != nil {
		return nil, fmt.Errorf("children %s: %w", ch.field.Name, err)
	}
	defer rows.Close()
	out := []Record{}
	vals := make([]any, len(names))
	ptrs := make([]any, len(names))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	idCol := &col{api: "id", name: colID, kind: kInt}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		r := Record{"id": decode(idCol, vals[0])}
		for i, c := range ch.cols {
			r[c.api] = decode(c, vals[i+1])
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// ChildParent returns the id of the record a row of the children field
// belongs to, looked up in the tenant only (the caller reads that record
// in its scope): ErrNotFound when the tenant has no such row.
func (s *Store) ChildParent(ctx context.Context, m *schema.Module, field string, tenant, row int64) (int64, error) {
	for _, ch := range s.metaOf(m).children {
		if ch.field.Name != field {
			continue
		}
		qs, args := entsql.Dialect(s.dialect).Select("parent_id").From(entsql.Table(ch.table)).
			Where(entsql.And(entsql.EQ(colID, row), entsql.EQ(colTenant, tenant))).Query()
		var parent int64
		err := s.db.QueryRowContext(ctx, qs, args...).Scan(&parent)
		if errors.Is(err, sql.ErrNoRows) {
			return 0, ErrNotFound
		}
		if err != nil {
			return 0, fmt.Errorf("row %d of %s.%s: %w", row, m.Name, field, err)
		}
		return parent, nil
	}
	return 0, fmt.Errorf("%s has no children field %s", m.Name, field)
}

// History returns a record's status transitions, oldest first. The record
// must be reachable by the scope.
func (s *Store) History(ctx context.Context, m *schema.Module, sc Scope, id int64) ([]Transition, error) {
	mt := s.metaOf(m)
	qs, args := entsql.Dialect(s.dialect).Select(colID).From(entsql.Table(mt.table)).
		Where(entsql.And(append(s.scopeWhere(sc), entsql.EQ(colID, id))...)).Query()
	rows, err := s.db.QueryContext(ctx, qs, args...)
	if err != nil {
		return nil, fmt.Errorf("history %s %d: %w", m.Name, id, err)
	}
	found := rows.Next()
	rows.Close()
	if !found {
		return nil, fmt.Errorf("history %s %d: %w", m.Name, id, ErrNotFound)
	}
	return s.history(ctx, s.db, mt, sc.TenantID, id)
}

func (s *Store) history(ctx context.Context, q querier, mt *meta, tenant, id int64) ([]Transition, error) {
	qs, args := entsql.Dialect(s.dialect).
		Select(colID, "action", "from_status", "to_status", "step", "comment", "user_id", colCreatedAt).
		From(entsql.Table(HistoryTable)).
		Where(entsql.And(entsql.EQ("table_name", mt.table), entsql.EQ("record_id", id), entsql.EQ(colTenant, tenant))).
		OrderBy(colID).Query()
	rows, err := s.query(ctx, q, qs, args)
	if err != nil {
		return nil, fmt.Errorf("history: %w", err)
	}
	defer rows.Close()
	out := []Transition{}
	for rows.Next() {
		var t Transition
		var step, comment, at any
		if err := rows.Scan(&t.ID, &t.Action, &t.From, &t.To, &step, &comment, &t.UserID, &at); err != nil {
			return nil, err
		}
		if s := decode(&col{kind: kText}, step); s != nil {
			t.Step = s.(string)
		}
		if c := decode(&col{kind: kText}, comment); c != nil {
			t.Comment = c.(string)
		}
		if at, ok := decode(&col{kind: kDateTime}, at).(string); ok {
			t.CreatedAt, _ = time.ParseInLocation(DateTimeLayout, at, time.Local)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// MarshalJSON writes createdAt as wall-clock text ("2006-01-02 15:04:05"),
// like every other datetime the API sends.
func (t Transition) MarshalJSON() ([]byte, error) {
	type plain Transition
	return json.Marshal(struct {
		plain
		CreatedAt string `json:"createdAt"`
	}{plain(t), t.CreatedAt.In(time.Local).Format(DateTimeLayout)})
}
