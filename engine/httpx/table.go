package httpx

import (
	"slices"
	"strconv"

	"github.com/labstack/echo/v4"
)

// Layout writes records given as values in a fixed key order (a module's
// columns) as the JSON objects encoding/json writes for maps of those keys:
// keys sorted, each value as appendValue writes it. The sorted order and the
// encoded "key": heads are worked out once, so a record costs neither a map
// nor a lookup per key.
type Layout struct {
	keys  []string
	order []int    // the index in keys of each sorted key
	heads [][]byte // `"key":`, after a comma from the second key on
}

// NewLayout is the layout of records with these keys, which must be
// distinct (a map's keys are).
func NewLayout(keys []string) *Layout {
	l := &Layout{keys: slices.Clone(keys), order: make([]int, len(keys)), heads: make([][]byte, len(keys))}
	for i := range l.order {
		l.order[i] = i
	}
	slices.SortFunc(l.order, func(a, b int) int {
		switch {
		case keys[a] < keys[b]:
			return -1
		case keys[a] > keys[b]:
			return 1
		}
		return 0
	})
	for i, k := range l.order {
		var h []byte
		if i > 0 {
			h = append(h, ',')
		}
		h = appendString(h, keys[k])
		l.heads[i] = append(h, ':')
	}
	return l
}

// Keys are the keys the layout was made for, in their given order.
func (l *Layout) Keys() []string { return l.keys }

// appendRecord writes one record: row holds the value of each of the
// layout's keys in the keys' order.
func (l *Layout) appendRecord(b []byte, row []any) ([]byte, error) {
	b = append(b, '{')
	for i, k := range l.order {
		b = append(b, l.heads[i]...)
		var err error
		if b, err = appendValue(b, row[k]); err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

// OKTable answers 200 with one page of records given as values in the
// layout's key order: the bytes OKObjects writes for the same records as
// maps. Every row must have a value for each key.
func OKTable(c echo.Context, l *Layout, rows [][]any, total int64) error {
	return blobJSON(c, func(b []byte) ([]byte, error) {
		b = append(b, `{"code":0,"msg":`...)
		b = appendString(b, OKMessage(c))
		b = append(b, `,"data":{"data":[`...)
		for i, row := range rows {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = l.appendRecord(b, row); err != nil {
				return nil, err
			}
		}
		b = append(b, `],"recordsTotal":`...)
		b = strconv.AppendInt(b, total, 10)
		return append(b, "}}\n"...), nil
	})
}
