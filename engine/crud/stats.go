package crud

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// statsParams are the parameters of GET {api}/stats besides the criteria.
var statsParams = []string{"by", "bucket", "then", "thenBucket", "bands", "level", "measure", "of", "under", "top"}

// StatsRequest is one statistic as GET {api}/stats and the dashboards ask
// for it (docs/dashboards.md).
type StatsRequest struct {
	By, Bucket, Then, ThenBucket string
	Bands                        []int
	// Level is township, village, child or a depth (1..6), for an orgId
	// grouping.
	Level       string
	Measure, Of string
	// Under is an organisation the rows must lie under; 0 for none.
	Under int64
	Top   int
}

// ErrOrgOutOfScope is a statistic asked under an organisation outside the
// viewer's data scope (403).
var ErrOrgOutOfScope = httpx.NewError(http.StatusForbidden, msg.StatsOrgOutOfScope)

// orgPaths holds the installed OrgPaths.
type orgPaths struct{ fn atomic.Pointer[OrgPaths] }

// SetOrgPaths installs fn, which places organisations in the tree for
// statistics under an organisation and by organisation level.
func (d *Dispatcher) SetOrgPaths(fn OrgPaths) { d.paths.fn.Store(&fn) }

// stats answers GET {api}/stats (docs/dashboards.md § 1).
func (d *Dispatcher) stats(c echo.Context, x *call) error {
	buckets, err := d.statsOf(c, x)
	if err != nil {
		return err
	}
	return httpx.OK(c, buckets)
}

// statsOf evaluates the statistic the request's parameters ask for.
func (d *Dispatcher) statsOf(c echo.Context, x *call) ([]store.Bucket, error) {
	p := c.QueryParams()
	if p.Get("by") == "" {
		return nil, httpx.BadRequest(msg.StatsByRequired)
	}
	q, err := query.Parse(x.m, p, append(statsParams, reserved...)...)
	if err != nil {
		return nil, err
	}
	r := StatsRequest{By: p.Get("by"), Bucket: p.Get("bucket"), Then: p.Get("then"), ThenBucket: p.Get("thenBucket"),
		Level: p.Get("level"), Measure: p.Get("measure"), Of: p.Get("of")}
	if r.Bands, err = intList("bands", p.Get("bands"), msg.StatsBadBands); err != nil {
		return nil, err
	}
	if v := p.Get("under"); v != "" {
		if r.Under, err = strconv.ParseInt(v, 10, 64); err != nil || r.Under <= 0 {
			return nil, ErrOrgOutOfScope
		}
	}
	if v := p.Get("top"); v != "" {
		if r.Top, err = strconv.Atoi(v); err != nil || r.Top < 1 || r.Top > store.MaxTop {
			return nil, &query.Error{Param: "top", Reason: "bad top", Public: msg.StatsBadTop}
		}
	}
	b, err := d.Statistic(c.Request().Context(), x.set, x.m, x.viewer, q, r)
	return LocalizeBuckets(b, httpx.RequestLocale(c.Request())), err
}

// LocalizeBuckets answers buckets with the labels the server made (age
// bands, 未填写, 是/否) worded in locale (httpx.LocalizeLabel), as a copy:
// the store's cached answer is shared. Option, status and dictionary labels
// stay as the module files write them; the console translates those.
func LocalizeBuckets(buckets []store.Bucket, locale string) []store.Bucket {
	if locale == "" || buckets == nil {
		return buckets
	}
	out := make([]store.Bucket, len(buckets))
	for i, b := range buckets {
		b.Label = httpx.LocalizeLabel(b.Label, locale)
		b.Sub = LocalizeBuckets(b.Sub, locale)
		out[i] = b
	}
	return out
}

// intList reads a comma list of integers.
func intList(param, v, public string) ([]int, error) {
	if v == "" {
		return nil, nil
	}
	var out []int
	for _, part := range strings.Split(v, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil {
			return nil, &query.Error{Param: param, Reason: "not an integer", Public: fmt.Sprintf(public, v)}
		}
		out = append(out, n)
	}
	return out, nil
}

// Statistic evaluates one statistic of module m for the viewer: the rows of
// the viewer's data scope (never the rows the levels above share down, so
// that the villages of a township add up to it), under r.Under when given
// (which must lie in the viewer's scope), labelled for people.
func (d *Dispatcher) Statistic(ctx context.Context, set *schema.Set, m *schema.Module, viewer store.Scope, q *query.Query, r StatsRequest) ([]store.Bucket, error) {
	spec := store.StatsSpec{By: r.By, Bucket: r.Bucket, Then: r.Then, ThenBucket: r.ThenBucket, Bands: r.Bands,
		Measure: r.Measure, Of: r.Of, Top: r.Top}
	node := viewer.OrgPath
	if r.Under > 0 {
		path, err := d.OrgPathIn(ctx, viewer, r.Under)
		if err != nil {
			return nil, err
		}
		spec.Under, node = path, path
	}
	if r.Level != "" {
		level, err := OrgLevel(r.Level, node)
		if err != nil {
			return nil, err
		}
		spec.Level = level
	}
	buckets, err := d.opts.Store.Statistics(ctx, m, moduleScope(m, viewer), q, spec)
	if err != nil {
		return nil, fmt.Errorf("stats %s by %s: %w", m.Name, r.By, err)
	}
	if buckets == nil {
		buckets = []store.Bucket{}
	}
	x := &call{m: m, set: set, scope: moduleScope(m, viewer), viewer: viewer}
	if err := d.labelBuckets(ctx, x, r.By, spec.Level, buckets); err != nil {
		return nil, err
	}
	if r.Then != "" {
		var subs []store.Bucket
		for _, b := range buckets {
			subs = append(subs, b.Sub...)
		}
		if err := d.labelBuckets(ctx, x, r.Then, spec.Level, subs); err != nil {
			return nil, err
		}
		i := 0
		for bi := range buckets {
			for si := range buckets[bi].Sub {
				buckets[bi].Sub[si].Label = subs[i].Label
				i++
			}
		}
	}
	return buckets, nil
}

// OrgLevel reads a level parameter: township (2), village (3), child (one
// below the organisation at path) or a depth 1..6.
func OrgLevel(v, path string) (int, error) {
	switch v {
	case "township":
		return 2, nil
	case "village":
		return 3, nil
	case "child":
		return PathDepth(path) + 1, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > store.MaxOrgLevel {
		return 0, &query.Error{Param: "level", Reason: "bad level", Public: fmt.Sprintf(msg.StatsBadLevel, v)}
	}
	return n, nil
}

// PathDepth is the depth of an organisation path: "/1/" 1, "/1/5/" 2.
func PathDepth(path string) int {
	t := strings.Trim(path, "/")
	if t == "" {
		return 0
	}
	return strings.Count(t, "/") + 1
}

// OrgPathIn is the path of organisation id when it lies within the
// viewer's data scope (the viewer's own organisation or, for a subtree or
// tenant-wide scope, below it); else ErrOrgOutOfScope.
func (d *Dispatcher) OrgPathIn(ctx context.Context, viewer store.Scope, id int64) (string, error) {
	fn := d.paths.fn.Load()
	if fn == nil {
		return "", ErrOrgOutOfScope
	}
	path, err := (*fn)(ctx, viewer.TenantID, id)
	if err != nil || path == "" {
		return "", ErrOrgOutOfScope
	}
	switch viewer.Mode {
	case store.ScopeAll:
		return path, nil
	case store.ScopeSubtree:
		if strings.HasPrefix(path, viewer.OrgPath) {
			return path, nil
		}
	default:
		if path == viewer.OrgPath || id == viewer.OrgID {
			return path, nil
		}
	}
	return "", ErrOrgOutOfScope
}

// fieldOf is a declared or common field of m.
func fieldOf(m *schema.Module, name string) *schema.Field {
	if f := m.Field(name); f != nil {
		return f
	}
	for _, cf := range schema.CommonFields(m) {
		if cf.Name == name {
			return &cf
		}
	}
	return nil
}

// labelBuckets fills the labels the store leaves empty: dictionary
// choices (the store has no dictionaries), references (the target's
// display field, in the viewer's scope) and the organisations of a level.
func (d *Dispatcher) labelBuckets(ctx context.Context, x *call, by string, level int, buckets []store.Bucket) error {
	f := fieldOf(x.m, by)
	if f == nil || len(buckets) == 0 {
		return nil
	}
	if f.Type == schema.TypeRef {
		var ids []int64
		for _, b := range buckets {
			if n, ok := b.Key.(int64); ok && b.Label == "" {
				ids = append(ids, n)
			}
		}
		if len(ids) == 0 {
			return nil
		}
		var names map[int64]string
		var err error
		if by == "orgId" || level > 0 && f.Ref == schema.RefOrg {
			names, err = d.orgNames(ctx, x.viewer.TenantID, ids)
		} else {
			names, err = d.names(ctx, x, f, ids)
		}
		if err != nil {
			return fmt.Errorf("labels of %s.%s: %w", x.m.Name, by, err)
		}
		for i := range buckets {
			if n, ok := buckets[i].Key.(int64); ok && buckets[i].Label == "" {
				buckets[i].Label = names[n]
			}
		}
		return nil
	}
	col := column{f: f, options: optionsOf(f, x.set)}
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
	return nil
}

// orgNames names organisations of a tenant (any the caller found in rows
// it may read).
func (d *Dispatcher) orgNames(ctx context.Context, tenant int64, ids []int64) (map[int64]string, error) {
	fn := d.sys.fn.Load()
	if fn == nil {
		return map[int64]string{}, nil
	}
	return (*fn)(ctx, tenant, schema.RefOrg, "name", ids)
}

// OrgNames names organisations of a tenant by id (for dashboards).
func (d *Dispatcher) OrgNames(ctx context.Context, tenant int64, ids []int64) (map[int64]string, error) {
	return d.orgNames(ctx, tenant, ids)
}
