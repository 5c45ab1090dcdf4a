package crud

import (
	"fmt"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// stats answers GET {api}/stats?by=field[&bucket=day|month|year][&criteria].
func (d *Dispatcher) stats(c echo.Context, x *call) error {
	by := c.QueryParam("by")
	if by == "" {
		return httpx.BadRequest(msg.StatsByRequired)
	}
	q, err := query.Parse(x.m, c.QueryParams(), append([]string{"by", "bucket"}, reserved...)...)
	if err != nil {
		return err
	}
	buckets, err := d.opts.Store.Stats(c.Request().Context(), x.m, x.scope, q, by, c.QueryParam("bucket"))
	if err != nil {
		return fmt.Errorf("stats %s by %s: %w", x.m.Name, by, err)
	}
	if buckets == nil {
		buckets = []store.Bucket{}
	}
	labelBuckets(x.m, x.set, by, buckets)
	return httpx.OK(c, buckets)
}

// labelBuckets fills the labels the store leaves empty: dictionary choices
// (the store has no dictionaries) and date buckets (their key).
func labelBuckets(m *schema.Module, set *schema.Set, by string, buckets []store.Bucket) {
	f := m.Field(by)
	if f == nil {
		return
	}
	col := column{f: f, options: optionsOf(f, set)}
	for i := range buckets {
		b := &buckets[i]
		if b.Label != "" || b.Key == nil {
			continue
		}
		switch f.Type {
		case schema.TypeEnum:
			b.Label = key(col.cell(b.Key))
		case schema.TypeDate, schema.TypeDateTime:
			b.Label = key(b.Key)
		}
	}
}
