package store

import (
	"context"
	"fmt"

	"xiangzhi/engine/schema"
)

// fieldValuesBatch bounds the ids of one IN list.
const fieldValuesBatch = 500

// FieldValues reads one field of the records of m with the given ids that
// sc may reach — the id and that one column, nothing else — so naming the
// references of a page (labels) costs a narrow indexed read per ref field
// rather than decoding whole records. Ids out of scope, deleted or unknown
// are left out; field is a declared field or a common one (errUnknownField
// otherwise).
func (s *Store) FieldValues(ctx context.Context, m *schema.Module, sc Scope, field string, ids []int64) (map[int64]any, error) {
	mt := s.metaOf(m)
	c := mt.byAPI[field]
	if c == nil {
		c = mt.byAPI["id"]
	}
	out := make(map[int64]any, len(ids))
	for len(ids) > 0 {
		n := min(len(ids), fieldValuesBatch)
		values := make([]any, n)
		for i, id := range ids[:n] {
			values[i] = id
		}
		ids = ids[n:]
		qs, args, err := s.fieldValuesSQL(mt, sc, c, values)
		if err != nil {
			return nil, err
		}
		if err := s.scanFieldValues(ctx, mt, c, qs, args, out); err != nil {
			return nil, fmt.Errorf("field values of %s.%s: %w", m.Name, field, err)
		}
	}
	return out, nil
}

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
