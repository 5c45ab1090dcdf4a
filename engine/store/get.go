package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
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

func (s *Store) get(ctx context.Context, q querier, mt *meta, sc Scope, id int64) (Record, error) {
	qs, args := s.getSQL(mt, sc, id)
	recs, err := s.scanRecords(ctx, q, mt, qs, args)
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
