package store

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/msg"
	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
)

// The date buckets Stats accepts.
const (
	BucketDay   = "day"
	BucketMonth = "month"
	BucketYear  = "year"
)

// Stats counts the records the scope reaches and the query's filters match,
// grouped by one field: a single enum, bool, single ref, the status, orgId
// or createdBy — or a date or datetime cut into day, month or year buckets
// (day when bucket is empty), keyed "2024-03-01", "2024-03", "2024". Labels
// come from inline options, status values and yes/no; dictionary and ref
// labels are left empty for the caller, who has the dictionaries. Records
// without a value form one bucket with a nil key. Buckets come in key order.
func (s *Store) Stats(ctx context.Context, m *schema.Module, sc Scope, q *query.Query, by, bucket string) ([]Bucket, error) {
	mt := s.metaOf(m)
	c := mt.byAPI[by]
	if c == nil || !groupable(c) {
		return nil, &query.Error{Param: "by", Reason: fmt.Sprintf("cannot group by %q", by),
			Public: fmt.Sprintf(msg.StatsBadField, by)}
	}
	expr, err := s.bucketExpr(c, bucket)
	if err != nil {
		return nil, err
	}
	var filters []query.Filter
	if q != nil {
		filters = q.Filters
	}
	where, err := s.where(mt, sc, filters)
	if err != nil {
		return nil, err
	}
	qs, args := entsql.Dialect(s.dialect).Select(entsql.As(expr, "k"), entsql.As(entsql.Count("*"), "n")).
		From(entsql.Table(mt.table)).Where(where).GroupBy(expr).Query()
	rows, err := s.db.QueryContext(ctx, qs, args...)
	if err != nil {
		return nil, fmt.Errorf("stats %s by %s: %w", m.Name, by, err)
	}
	defer rows.Close()
	keyCol := c
	if c.kind == kDate || c.kind == kDateTime {
		keyCol = &col{kind: kText}
	}
	out := []Bucket{}
	for rows.Next() {
		var raw any
		var n int64
		if err := rows.Scan(&raw, &n); err != nil {
			return nil, fmt.Errorf("stats %s by %s: %w", m.Name, by, err)
		}
		key := decode(keyCol, raw)
		out = append(out, Bucket{Key: key, Label: label(mt, c, key), Count: n})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("stats %s by %s: %w", m.Name, by, err)
	}
	slices.SortFunc(out, func(a, b Bucket) int { return compareKeys(a.Key, b.Key) })
	return out, nil
}

// groupable reports whether a column makes sensible groups.
func groupable(c *col) bool {
	if c.field == nil {
		return c.kind == kInt && c.api != "id" && c.api != "version" || c.kind == kDateTime
	}
	switch c.field.Type {
	case schema.TypeEnum, schema.TypeRef:
		return !c.multi
	case schema.TypeBool, schema.TypeDate, schema.TypeDateTime:
		return true
	}
	return false
}

// bucketExpr is the GROUP BY expression: the column, or for dates a
// dialect-specific cut of it. Only fixed text and schema column names go
// into it.
func (s *Store) bucketExpr(c *col, bucket string) (string, error) {
	var qb entsql.Builder
	qb.SetDialect(s.dialect)
	quoted := qb.Quote(c.name)
	if c.kind != kDate && c.kind != kDateTime {
		if bucket != "" {
			return "", errBucket(bucket)
		}
		return quoted, nil
	}
	n, pgFmt, myFmt := 10, "YYYY-MM-DD", "%Y-%m-%d"
	switch bucket {
	case "", BucketDay:
	case BucketMonth:
		n, pgFmt, myFmt = 7, "YYYY-MM", "%Y-%m"
	case BucketYear:
		n, pgFmt, myFmt = 4, "YYYY", "%Y"
	default:
		return "", errBucket(bucket)
	}
	switch s.dialect {
	case dialect.Postgres:
		return fmt.Sprintf("to_char(%s, '%s')", quoted, pgFmt), nil
	case dialect.MySQL:
		return fmt.Sprintf("DATE_FORMAT(%s, '%s')", quoted, myFmt), nil
	default: // SQLite keeps wall-clock text: a prefix is the bucket
		return fmt.Sprintf("substr(%s, 1, %d)", quoted, n), nil
	}
}

func errBucket(bucket string) error {
	return &query.Error{Param: "bucket", Reason: fmt.Sprintf("unknown bucket %q", bucket),
		Public: fmt.Sprintf(msg.StatsBadBucket, bucket)}
}

// label names a bucket key where the module itself knows the name.
func label(mt *meta, c *col, key any) string {
	switch {
	case key == nil:
		return msg.StatsNone
	case c == mt.status:
		if n, ok := key.(int64); ok {
			return mt.m.Status.Values[int(n)]
		}
	case c.kind == kBool:
		if key == true {
			return msg.BoolTrue
		}
		return msg.BoolFalse
	case c.kind == kDate || c.kind == kDateTime:
		return fmt.Sprint(key)
	case c.field != nil:
		for _, o := range c.field.Options {
			if fmt.Sprint(o.Value) == fmt.Sprint(key) {
				return o.Label
			}
		}
	}
	return ""
}

// compareKeys orders bucket keys: nil first, then numbers, text, false
// before true.
func compareKeys(a, b any) int {
	switch {
	case a == nil || b == nil:
		return cmp.Compare(boolInt(a != nil), boolInt(b != nil))
	}
	switch x := a.(type) {
	case int64:
		if y, ok := b.(int64); ok {
			return cmp.Compare(x, y)
		}
	case bool:
		if y, ok := b.(bool); ok {
			return cmp.Compare(boolInt(x), boolInt(y))
		}
	}
	return cmp.Compare(fmt.Sprint(a), fmt.Sprint(b))
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
