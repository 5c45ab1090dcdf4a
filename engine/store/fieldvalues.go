package store

import (
	"context"
	"fmt"

	"xiangzhi/engine/schema"
)

// fieldValuesBatch bounds the ids of one IN list.
const fieldValuesBatch = 500

// fieldValuesCacheSize bounds the record values FieldValues keeps (one per
// record, column and scope: a county's pages name a few thousand
// households and grids).
const fieldValuesCacheSize = 20_000

// valueKey is one record's column as one scope reads it.
type valueKey struct {
	table string
	col   string
	scope Scope // valueScope: only what the scope's predicate reads
	id    int64
}

// fieldValue is what FieldValues read of one record: the column's value,
// or found false when the scope did not reach the record (or it is deleted
// or unknown).
type fieldValue struct {
	v     any
	found bool
}

// valueScope is the part of sc its predicate reads (scopeWhereFor), so that
// viewers who reach the same rows share kept values: the tenant always, the
// user for ScopeOwn only, the organisation, its path and Up for the
// subtree and org modes, nothing more for ScopeAll. Anything the predicate
// reads is in the key, so a value is only ever reused for a scope whose
// statement would have been the same.
func valueScope(sc Scope) Scope {
	switch sc.Mode {
	case ScopeAll:
		return Scope{TenantID: sc.TenantID, Mode: ScopeAll}
	case ScopeOwn:
		return Scope{TenantID: sc.TenantID, Mode: ScopeOwn, UserID: sc.UserID}
	}
	sc.UserID = 0
	return sc
}

// FieldValues reads one field of the records of m with the given ids that
// sc may reach — the id and that one column, nothing else — so naming the
// references of a page (labels) costs a narrow indexed read per ref field
// rather than decoding whole records. Ids out of scope, deleted or unknown
// are left out; field is a declared field or a common one (errUnknownField
// otherwise).
//
// What it read is kept per record, column and scope with the table's write
// sequence, like list totals: while the sequence has not moved (no write to
// the table on any instance) the same ids are answered from memory, and the
// call costs the sequence's read (none when the context holds it, see
// WithWriteSeqs). The sequence is read before the values, so a kept value
// is never older than the sequence it is kept with. The values are shared
// between calls: callers must not change them.
func (s *Store) FieldValues(ctx context.Context, m *schema.Module, sc Scope, field string, ids []int64) (map[int64]any, error) {
	mt := s.metaOf(m)
	c := mt.byAPI[field]
	if c == nil {
		c = mt.byAPI["id"]
	}
	seq, err := s.currentSeq(ctx, mt.table)
	if err != nil {
		return nil, fmt.Errorf("field values of %s.%s: %w", m.Name, field, err)
	}
	key := valueKey{table: mt.table, col: c.name, scope: valueScope(sc)}
	out := make(map[int64]any, len(ids))
	var missing []int64
	for _, id := range ids {
		key.id = id
		if fv, ok := s.values.get(key, seq); ok {
			if fv.found {
				out[id] = fv.v
			}
			continue
		}
		missing = append(missing, id)
	}
	for rest := missing; len(rest) > 0; {
		n := min(len(rest), fieldValuesBatch)
		values := make([]any, n)
		for i, id := range rest[:n] {
			values[i] = id
		}
		rest = rest[n:]
		qs, args, err := s.fieldValuesSQL(mt, sc, c, values)
		if err != nil {
			return nil, err
		}
		if err := s.scanFieldValues(ctx, mt, c, qs, args, out); err != nil {
			return nil, fmt.Errorf("field values of %s.%s: %w", m.Name, field, err)
		}
	}
	for _, id := range missing {
		key.id = id
		v, found := out[id]
		s.values.put(key, seq, fieldValue{v: v, found: found})
	}
	return out, nil
}

// FieldValuesCached is the number of record values FieldValues keeps.
func (s *Store) FieldValuesCached() int { return s.values.len() }

func (s *Store) scanFieldValues(ctx context.Context, mt *meta, c *col, qs string, args []any, out map[int64]any) error {
	rows, err := s.query(ctx, s.db, qs, args)
	if err != nil {
		return err
	}
	defer rows.Close()
	idCol := mt.byAPI["id"]
	for rows.Next() {
		var rawID, raw any
		if err := rows.Scan(&rawID, &raw); err != nil {
			return err
		}
		id, _ := decode(idCol, rawID).(int64)
		out[id] = decode(c, raw)
	}
	return rows.Err()
}
