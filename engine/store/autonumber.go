package store

// Auto numbers: a string field with autoNumber: SQ gets, on insert, the
// next number of its tenant and day, SQ20261122-0001, SQ20261122-0002, …
// (four digits, more when a day passes 9999). The number is taken inside
// the insert's write transaction, after the table's write sequence is
// bumped, so concurrent inserts into the same table wait for each other
// and never draw the same number. Deleted records keep their numbers:
// a number is never given twice.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
)

// autoNumber fills every auto-numbered column ch leaves empty.
func (s *Store) autoNumber(ctx context.Context, tx *sql.Tx, mt *meta, tenant int64, ch *change) error {
	for _, c := range mt.auto {
		i := indexOf(ch.cols, c.name)
		if i >= 0 && ch.vals[i] != nil && ch.vals[i] != "" {
			continue
		}
		prefix := c.field.AutoNumber + time.Now().In(time.Local).Format("20060102") + "-"
		n, err := s.lastNumber(ctx, tx, mt, c, tenant, prefix)
		if err != nil {
			return fmt.Errorf("auto number %s: %w", c.api, err)
		}
		v := prefix + fmt.Sprintf("%04d", n+1)
		if i >= 0 {
			ch.vals[i] = v
		} else {
			ch.cols, ch.vals = append(ch.cols, c.name), append(ch.vals, v)
		}
	}
	return nil
}

// lastNumber is the highest n of the tenant's values prefix+n (deleted rows
// included); 0 when there is none. Longer values sort first, so 10000
// comes after 9999.
func (s *Store) lastNumber(ctx context.Context, tx *sql.Tx, mt *meta, c *col, tenant int64, prefix string) (int64, error) {
	length := "LENGTH("
	if s.dialect == dialect.MySQL {
		length = "CHAR_LENGTH("
	}
	qs, args := entsql.Dialect(s.dialect).Select(c.name).From(entsql.Table(mt.table)).
		Where(entsql.And(entsql.EQ(colTenant, tenant), entsql.HasPrefix(c.name, prefix))).
		OrderExprFunc(func(b *entsql.Builder) {
			b.WriteString(length).Ident(c.name).WriteString(") DESC, ").Ident(c.name).WriteString(" DESC")
		}).
		Limit(1).Query()
	var last string
	err := tx.QueryRowContext(ctx, qs, args...).Scan(&last)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	n, err := strconv.ParseInt(strings.TrimPrefix(last, prefix), 10, 64)
	if err != nil {
		// A hand-entered value under the prefix that is no number: start after it anyway.
		return 0, nil
	}
	return n, nil
}
