package store

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/msg"
	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
)

// The buckets Stats accepts: date cuts, and age bands of a date.
const (
	BucketDay   = "day"
	BucketWeek  = "week"
	BucketMonth = "month"
	BucketYear  = "year"
	BucketAge   = "age"
)

// The measures of a statistic.
const (
	MeasureCount = "count"
	MeasureSum   = "sum"
	MeasureAvg   = "avg"
	MeasureMin   = "min"
	MeasureMax   = "max"
)

// DefaultAgeBands are the lower bounds (after 0) of the age bands.
var DefaultAgeBands = []int{18, 36, 60, 80}

// MaxOrgLevel is the deepest organisation level a statistic groups by.
const MaxOrgLevel = 6

// MaxTop bounds StatsSpec.Top.
const MaxTop = 100

// StatsSpec is one statistic: up to two groupings, a measure, the rows
// under an organisation, the largest groups only.
type StatsSpec struct {
	// By and Then are the groupings (field names; By empty: one total).
	By, Then string
	// Bucket and ThenBucket cut a date grouping (day, week, month, year,
	// or age for a date).
	Bucket, ThenBucket string
	// Bands are the age bands' lower bounds after 0 (DefaultAgeBands when
	// empty).
	Bands []int
	// Level groups an orgId grouping by the ancestor at that depth of the
	// organisation tree (1 county, 2 township, 3 village); 0 the record's
	// own organisation.
	Level int
	// Measure is count (when empty), sum, avg, min or max of the int or
	// decimal field Of.
	Measure, Of string
	// Under, an organisation path ("/1/5/"), keeps the rows of that
	// subtree (the caller checked it is within the scope).
	Under string
	// Top keeps the Top groups of largest value, largest first.
	Top int
	// Now is the day age bands are counted on (time.Now when zero).
	Now time.Time
	// ByFilters reaches the rows through the filters' own indexes rather
	// than the organisation subtree's (on SQLite, where the planner
	// otherwise walks the statistics index's subtree range): for a
	// selective equality on a field outside the statistics index, such as
	// one exam's answer sheets among a county's (modules/party).
	ByFilters bool
}

// Stats counts the records the scope reaches and the query's filters match,
// grouped by one field (see Statistics).
func (s *Store) Stats(ctx context.Context, m *schema.Module, sc Scope, q *query.Query, by, bucket string) ([]Bucket, error) {
	if by == "" {
		return nil, badField(by)
	}
	return s.Statistics(ctx, m, sc, q, StatsSpec{By: by, Bucket: bucket})
}

// Statistics answers one statistic over the records the scope reaches and
// the query's filters match. A grouping is a single enum, bool, single ref,
// the status, orgId (optionally cut to an organisation level) or createdBy —
// or a date or datetime cut into day, week (keyed by its Monday), month or
// year buckets (day when empty), keyed "2024-03-01", "2024-03", "2024", or
// into age bands ("0-17" … "80+"). Labels come from inline options, status
// values, yes/no, dates and age bands; dictionary and ref labels (and the
// organisations of a level) are left empty for the caller, who has the
// dictionaries. Records without a value form one bucket with a nil key.
// Buckets come in key order, or largest value first with Top.
//
// The answer is cached with the table's write sequence, keyed by the
// statement and its arguments (tenant, scope, filters, Under): while no
// write moves the sequence the same statistic costs no scan.
func (s *Store) Statistics(ctx context.Context, m *schema.Module, sc Scope, q *query.Query, spec StatsSpec) ([]Bucket, error) {
	mt := s.metaOf(m)
	st, err := s.statsSQL(mt, sc, q, &spec)
	if err != nil {
		return nil, err
	}
	// The statement alone does not tell the measure (sum and avg read the
	// same columns) nor the level an org path is folded to.
	key := countKey(st.sql, st.args) + fmt.Sprintf("\x00%s\x00%d", st.measure, spec.Level)
	// A hit needs the sequence alone: no transaction.
	seq, err := s.currentSeq(ctx, mt.table)
	if err != nil {
		return nil, fmt.Errorf("stats %s: %w", m.Name, err)
	}
	out, ok := s.statsCache.get(key, seq)
	if !ok {
		// Many screens opening after a write ask together: one counts.
		res, err, shared := s.counting.Do("stats\x00"+strconv.FormatInt(seq, 10)+"\x00"+key, func() (any, error) {
			return s.freshStats(ctx, mt, st, key)
		})
		if err != nil && shared { // the leader failed (its request ended, say): count for ourselves
			res, err = s.freshStats(ctx, mt, st, key)
		}
		if err != nil {
			return nil, fmt.Errorf("stats %s: %w", m.Name, err)
		}
		out = res.([]Bucket)
	}
	out = copyBuckets(out)
	if spec.Top > 0 {
		slices.SortStableFunc(out, func(a, b Bucket) int { return cmp.Compare(valueOf(b), valueOf(a)) })
		if len(out) > spec.Top {
			out = out[:spec.Top]
		}
	}
	return out, nil
}

// maxPartRecount bounds the organisations counted again one by one; past
// it the statistic is counted whole.
const maxPartRecount = 64

// statRow is one row of a statistic's GROUP BY, its grouped values decoded.
type statRow struct {
	keys  []any
	n     int64
	a     float64
	an    int64
	hasAg bool
}

// statParts are a statistic's rows per organisation (org_path), taken when
// the organisations' write sequences were orgs.
type statParts struct {
	orgs  map[string]int64
	parts map[string][]statRow
}

// freshStats runs the statistic in a read transaction together with the
// sequences it is cached at, so the answer and its sequences agree. When
// the statistic was counted before, only the organisations whose write
// sequences moved since are counted again (their rows alone, through the
// statistics index's org_path range); the others' rows are the kept ones:
// no write changed them, since every write bumps the sequence of each
// organisation whose rows it changes, or the sequence of any ("*").
func (s *Store) freshStats(ctx context.Context, mt *meta, st *statsStatement, key string) ([]Bucket, error) {
	if err := s.prepare(ctx, s.seqSQL(mt.table), s.orgSeqsSQL()); err != nil {
		return nil, err
	}
	sqlTx, err := s.db.BeginTx(ctx, s.readOpts())
	if err != nil {
		return nil, err
	}
	defer sqlTx.Rollback()
	tx := readTx{sqlTx}
	seq, err := s.readSeq(ctx, tx, mt.table)
	if err != nil {
		return nil, err
	}
	orgs, err := s.orgSeqs(ctx, tx, mt.table)
	if err != nil {
		return nil, err
	}
	var parts map[string][]statRow
	_, prev, kept := s.statsParts.latest(key)
	if kept && prev.orgs[anyOrg] == orgs[anyOrg] {
		var stale []string
		for p, n := range orgs {
			if p != anyOrg && prev.orgs[p] != n {
				stale = append(stale, p)
			}
		}
		for p := range prev.orgs {
			if _, ok := orgs[p]; !ok {
				stale = append(stale, p)
			}
		}
		if len(stale) <= maxPartRecount {
			parts = make(map[string][]statRow, len(prev.parts)+len(stale))
			for p, rows := range prev.parts {
				parts[p] = rows
			}
			if len(stale) > 0 {
				slices.Sort(stale)
				qs, args := st.build(stale)
				fresh, err := s.statRows(ctx, tx, st, qs, args)
				if err != nil {
					return nil, err
				}
				for _, p := range stale {
					delete(parts, p)
				}
				for p, rows := range fresh {
					parts[p] = rows
				}
				s.recounts.part.Add(1)
			}
		}
	}
	if parts == nil {
		qs, args := st.build(nil)
		if parts, err = s.statRows(ctx, tx, st, qs, args); err != nil {
			return nil, err
		}
		if kept {
			s.recounts.again.Add(1)
		} else {
			s.recounts.first.Add(1)
		}
	}
	out := s.foldStats(mt, st, parts)
	s.statsCache.put(key, seq, out)
	s.statsParts.put(key, seq, &statParts{orgs: orgs, parts: parts})
	return out, tx.Commit()
}

// Recounts are how often a store counted statistics.
type Recounts struct {
	// First counts statistics counted for the first time (whole).
	First int64
	// Again counts kept statistics counted whole again: after a write that
	// could not name its organisations, or that changed too many.
	Again int64
	// Part counts kept statistics counted for some organisations only.
	Part int64
}

// StatsRecounts answers how often this store counted statistics.
func (s *Store) StatsRecounts() Recounts {
	return Recounts{First: s.recounts.first.Load(), Again: s.recounts.again.Load(), Part: s.recounts.part.Load()}
}

// StatsCached is the number of statistics held in the cache.
func (s *Store) StatsCached() int { return s.statsCache.len() }

// grouping is one GROUP BY term.
type grouping struct {
	c      *col
	expr   string // the SQL expression grouped by
	keyCol *col   // how its values decode
	level  int    // > 0: expr is org_path, folded to the ancestor at this depth
	bands  []string
}

// statsStatement is a statistic's statement and how to read its rows.
type statsStatement struct {
	sql     string
	args    []any
	groups  []*grouping
	measure string
	of      *col
	// build is the statement grouped by org_path first: of every
	// organisation (paths nil), or of those at paths only.
	build func(paths []string) (string, []any)
}

func badField(name string) error {
	return &query.Error{Param: "by", Reason: fmt.Sprintf("cannot group by %q", name),
		Public: fmt.Sprintf(msg.StatsBadField, name)}
}

func (s *Store) statsSQL(mt *meta, sc Scope, q *query.Query, spec *StatsSpec) (*statsStatement, error) {
	st := &statsStatement{measure: spec.Measure}
	if st.measure == "" {
		st.measure = MeasureCount
	}
	if spec.Top < 0 || spec.Top > MaxTop {
		return nil, &query.Error{Param: "top", Reason: "top out of range", Public: msg.StatsBadTop}
	}
	if spec.Level < 0 || spec.Level > MaxOrgLevel {
		return nil, errLevel(strconv.Itoa(spec.Level))
	}
	if spec.Then != "" && spec.By == "" {
		return nil, badField(spec.Then)
	}
	now := spec.Now
	if now.IsZero() {
		now = time.Now()
	}
	levelUsed := false
	for _, g := range []struct{ by, bucket string }{{spec.By, spec.Bucket}, {spec.Then, spec.ThenBucket}} {
		if g.by == "" {
			continue
		}
		c := mt.byAPI[g.by]
		if c == nil || !groupable(c) {
			return nil, badField(g.by)
		}
		gr := &grouping{c: c, keyCol: c}
		if c.api == "orgId" && spec.Level > 0 {
			if g.bucket != "" {
				return nil, errBucket(g.bucket)
			}
			var qb entsql.Builder
			qb.SetDialect(s.dialect)
			gr.expr, gr.level, gr.keyCol = qb.Quote(colOrgPath), spec.Level, &col{kind: kText}
			levelUsed = true
		} else if g.bucket == BucketAge {
			if c.kind != kDate {
				return nil, errBucket(g.bucket)
			}
			expr, keys, err := s.ageExpr(c, spec.Bands, now)
			if err != nil {
				return nil, err
			}
			gr.expr, gr.bands, gr.keyCol = expr, keys, &col{kind: kText}
		} else {
			expr, err := s.bucketExpr(c, g.bucket)
			if err != nil {
				return nil, err
			}
			gr.expr = expr
			if c.kind == kDate || c.kind == kDateTime {
				gr.keyCol = &col{kind: kText}
			}
		}
		st.groups = append(st.groups, gr)
	}
	if spec.Level > 0 && !levelUsed {
		return nil, errLevel(strconv.Itoa(spec.Level))
	}
	var qb entsql.Builder
	qb.SetDialect(s.dialect)
	sel := []string{}
	var groupBy []string
	for i, g := range st.groups {
		expr := g.expr
		if spec.ByFilters && s.dialect == dialect.SQLite {
			// SQLite's unary + (a no-op on any value) keeps the planner from
			// walking a grouped column's index in order to save the sort —
			// every row of the tenant — instead of the filter's.
			expr = "+" + expr
		}
		sel = append(sel, entsql.As(expr, "k"+strconv.Itoa(i+1)))
		groupBy = append(groupBy, expr)
	}
	sel = append(sel, entsql.As(entsql.Count("*"), "n"))
	switch st.measure {
	case MeasureCount:
	case MeasureSum, MeasureAvg, MeasureMin, MeasureMax:
		of := mt.byAPI[spec.Of]
		if of == nil || of.field == nil || (of.kind != kInt && of.kind != kFloat) || of.multi ||
			of.field.Type != schema.TypeInt && of.field.Type != schema.TypeDecimal {
			return nil, &query.Error{Param: "of", Reason: fmt.Sprintf("cannot measure %q", spec.Of),
				Public: fmt.Sprintf(msg.StatsBadOf, spec.Of)}
		}
		st.of = of
		agg := "SUM"
		switch st.measure {
		case MeasureMin:
			agg = "MIN"
		case MeasureMax:
			agg = "MAX"
		}
		quoted := qb.Quote(of.name)
		sel = append(sel, entsql.As(agg+"("+quoted+")", "a"), entsql.As("COUNT("+quoted+")", "an"))
	default:
		return nil, &query.Error{Param: "measure", Reason: fmt.Sprintf("unknown measure %q", spec.Measure),
			Public: fmt.Sprintf(msg.StatsBadMeasure, spec.Measure)}
	}
	var filters []query.Filter
	if q != nil {
		filters = q.Filters
	}
	where, err := s.whereFor(mt, sc, filters, !spec.ByFilters)
	if err != nil {
		return nil, err
	}
	if spec.Under != "" {
		where = entsql.And(where, s.underPath(spec.Under))
	}
	b := entsql.Dialect(s.dialect).Select(sel...).From(entsql.Table(mt.table)).Where(where)
	if len(groupBy) > 0 {
		b = b.GroupBy(groupBy...)
	}
	st.sql, st.args = b.Query()
	path := qb.Quote(colOrgPath)
	byFilters := spec.ByFilters && s.dialect == dialect.SQLite
	if byFilters {
		path = "+" + path // as the groupings above
	}
	under := spec.Under
	// org_path first, once: a grouping by organisation level is org_path
	// already, and naming it twice makes SQLite sort what it would read in
	// the statistics index's order.
	partBy := []string{path}
	for _, g := range groupBy {
		if g != path {
			partBy = append(partBy, g)
		}
	}
	st.build = func(paths []string) (string, []any) {
		// A fresh predicate: a built one is not reused.
		w, _ := s.whereFor(mt, sc, filters, !spec.ByFilters)
		if under != "" {
			w = entsql.And(w, s.underPath(under))
		}
		if paths != nil {
			in := make([]any, len(paths))
			for i, p := range paths {
				in[i] = p
			}
			if byFilters {
				w = entsql.And(w, entsql.ExprP(path+" IN ("+strings.Repeat("?, ", len(paths)-1)+"?)", in...))
			} else {
				w = entsql.And(w, entsql.In(colOrgPath, in...))
			}
		}
		return entsql.Dialect(s.dialect).Select(append([]string{entsql.As(path, "p")}, sel...)...).
			From(entsql.Table(mt.table)).Where(w).GroupBy(partBy...).Query()
	}
	return st, nil
}

// agg is a group's running measure.
type agg struct {
	n      int64
	a      float64
	an     int64
	hasAgg bool
}

func (g *agg) add(measure string, n int64, a float64, an int64, has bool) {
	g.n += n
	if !has || an == 0 {
		return
	}
	switch {
	case !g.hasAgg:
		g.a = a
	case measure == MeasureMin:
		g.a = math.Min(g.a, a)
	case measure == MeasureMax:
		g.a = math.Max(g.a, a)
	default:
		g.a += a
	}
	g.an += an
	g.hasAgg = true
}

func (g *agg) value(measure string) *float64 {
	var v float64
	switch measure {
	case MeasureCount:
		v = float64(g.n)
	case MeasureAvg:
		if !g.hasAgg {
			return nil
		}
		v = g.a / float64(g.an)
	default:
		if !g.hasAgg {
			return nil
		}
		v = g.a
	}
	v = math.Round(v*100) / 100
	return &v
}

// statRows reads the rows of a statement of st.build, by organisation.
func (s *Store) statRows(ctx context.Context, tx querier, st *statsStatement, qs string, args []any) (map[string][]statRow, error) {
	rows, err := s.query(ctx, tx, qs, args)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	raw := make([]any, len(st.groups)+4)
	ptrs := make([]any, len(raw))
	for i := range raw {
		ptrs[i] = &raw[i]
	}
	width := len(st.groups) + 2
	if st.of != nil {
		width += 2
	}
	out := map[string][]statRow{}
	for rows.Next() {
		if err := rows.Scan(ptrs[:width]...); err != nil {
			return nil, err
		}
		path, _ := text(raw[0]).(string)
		r := statRow{keys: make([]any, len(st.groups))}
		for i, g := range st.groups {
			r.keys[i] = groupKey(g, raw[i+1])
		}
		r.n, _ = IntOf(text(raw[len(st.groups)+1]))
		if st.of != nil {
			if x, ok := toFloat(text(raw[len(st.groups)+2])); ok {
				r.a, r.hasAg = x, true
			}
			r.an, _ = IntOf(text(raw[len(st.groups)+3]))
		}
		out[path] = append(out[path], r)
	}
	return out, rows.Err()
}

// foldStats folds the rows of every organisation into buckets: org paths
// into the ancestor of their level, and two groupings into sub-buckets.
func (s *Store) foldStats(mt *meta, st *statsStatement, parts map[string][]statRow) []Bucket {
	type node struct {
		key  any
		agg  agg
		subs map[string]*node
		sub  []*node
	}
	var top []*node
	index := map[string]*node{}
	paths := make([]string, 0, len(parts))
	for p := range parts {
		paths = append(paths, p)
	}
	slices.Sort(paths) // the same sums in the same order, however counted
	for _, path := range paths {
		for _, r := range parts[path] {
			keys := r.keys
			if len(keys) == 0 {
				keys = []any{nil}
			}
			k1 := fmt.Sprintf("%T:%v", keys[0], keys[0])
			p := index[k1]
			if p == nil {
				p = &node{key: keys[0], subs: map[string]*node{}}
				index[k1] = p
				top = append(top, p)
			}
			p.agg.add(st.measure, r.n, r.a, r.an, r.hasAg)
			if len(keys) > 1 {
				k2 := fmt.Sprintf("%T:%v", keys[1], keys[1])
				c := p.subs[k2]
				if c == nil {
					c = &node{key: keys[1]}
					p.subs[k2] = c
					p.sub = append(p.sub, c)
				}
				c.agg.add(st.measure, r.n, r.a, r.an, r.hasAg)
			}
		}
	}
	toBuckets := func(ns []*node, g *grouping) []Bucket {
		out := make([]Bucket, 0, len(ns))
		for _, n := range ns {
			b := Bucket{Key: n.key, Count: n.agg.n, Value: n.agg.value(st.measure)}
			if g != nil {
				b.Label = groupLabel(mt, g, n.key)
			}
			out = append(out, b)
		}
		if g != nil {
			sortBuckets(out, g)
		}
		return out
	}
	if len(st.groups) == 0 {
		if len(top) == 0 { // no rows: a count of 0
			zero := &node{}
			top = append(top, zero)
		}
		return toBuckets(top, nil)
	}
	out := toBuckets(top, st.groups[0])
	if len(st.groups) > 1 {
		byKey := map[string]*node{}
		for _, n := range top {
			byKey[fmt.Sprintf("%T:%v", n.key, n.key)] = n
		}
		for i := range out {
			n := byKey[fmt.Sprintf("%T:%v", out[i].Key, out[i].Key)]
			out[i].Sub = toBuckets(n.sub, st.groups[1])
		}
	}
	return out
}

// text turns driver bytes into a string.
func text(v any) any {
	if b, ok := v.([]byte); ok {
		return string(b)
	}
	return v
}

// groupKey decodes a grouped value; an org path becomes the id of its
// ancestor at the grouping's level (nil above that level).
func groupKey(g *grouping, raw any) any {
	v := decode(g.keyCol, raw)
	if g.level == 0 {
		return v
	}
	p, _ := v.(string)
	segs := strings.Split(strings.Trim(p, "/"), "/")
	if p == "" || len(segs) < g.level {
		return nil
	}
	id, err := strconv.ParseInt(segs[g.level-1], 10, 64)
	if err != nil {
		return nil
	}
	return id
}

// groupLabel names a key where the store knows the name.
func groupLabel(mt *meta, g *grouping, key any) string {
	if g.bands != nil && key != nil {
		k := fmt.Sprint(key)
		if n, ok := strings.CutSuffix(k, "+"); ok {
			v, _ := strconv.Atoi(n)
			return fmt.Sprintf(msg.StatsAgeOver, v)
		}
		return fmt.Sprintf(msg.StatsAgeBand, k)
	}
	if g.level > 0 {
		if key == nil {
			return msg.StatsNone
		}
		return ""
	}
	return label(mt, g.c, key)
}

// sortBuckets puts buckets in key order (age bands in band order).
func sortBuckets(out []Bucket, g *grouping) {
	if g.bands != nil {
		slices.SortFunc(out, func(a, b Bucket) int {
			return cmp.Compare(slices.Index(g.bands, fmt.Sprint(a.Key)), slices.Index(g.bands, fmt.Sprint(b.Key)))
		})
		return
	}
	slices.SortFunc(out, func(a, b Bucket) int { return compareKeys(a.Key, b.Key) })
}

func valueOf(b Bucket) float64 {
	if b.Value == nil {
		return math.Inf(-1)
	}
	return *b.Value
}

// copyBuckets copies a cached answer, which callers label in place.
func copyBuckets(in []Bucket) []Bucket {
	out := slices.Clone(in)
	for i := range out {
		if out[i].Sub != nil {
			out[i].Sub = copyBuckets(out[i].Sub)
		}
	}
	return out
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
	case BucketWeek: // the Monday of the week
		switch s.dialect {
		case dialect.Postgres:
			return fmt.Sprintf("to_char(date_trunc('week', %s), 'YYYY-MM-DD')", quoted), nil
		case dialect.MySQL:
			return fmt.Sprintf("DATE_FORMAT(DATE_SUB(%s, INTERVAL WEEKDAY(%s) DAY), '%%Y-%%m-%%d')", quoted, quoted), nil
		default:
			return fmt.Sprintf("date(%s, 'weekday 0', '-6 days')", quoted), nil
		}
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

// ageExpr cuts a date of birth into age bands on the day now: a CASE over
// the birth dates that start each band. The dates are the server's own
// text, never input; every dialect compares a DATE with 'YYYY-MM-DD'.
func (s *Store) ageExpr(c *col, bands []int, now time.Time) (string, []string, error) {
	if len(bands) == 0 {
		bands = DefaultAgeBands
	}
	if len(bands) > 10 {
		return "", nil, errBands(bands)
	}
	for i, b := range bands {
		if b <= 0 || b > 150 || i > 0 && b <= bands[i-1] {
			return "", nil, errBands(bands)
		}
	}
	var qb entsql.Builder
	qb.SetDialect(s.dialect)
	quoted := qb.Quote(c.name)
	var sb strings.Builder
	fmt.Fprintf(&sb, "CASE WHEN %s IS NULL THEN NULL", quoted)
	var keys []string
	lower := 0
	for _, b := range bands {
		key := fmt.Sprintf("%d-%d", lower, b-1)
		born := now.AddDate(-b, 0, 0).Format(DateLayout)
		fmt.Fprintf(&sb, " WHEN %s > '%s' THEN '%s'", quoted, born, key)
		keys = append(keys, key)
		lower = b
	}
	last := fmt.Sprintf("%d+", lower)
	fmt.Fprintf(&sb, " ELSE '%s' END", last)
	return sb.String(), append(keys, last), nil
}

func errBands(bands []int) error {
	parts := make([]string, len(bands))
	for i, b := range bands {
		parts[i] = strconv.Itoa(b)
	}
	t := strings.Join(parts, ",")
	return &query.Error{Param: "bands", Reason: fmt.Sprintf("bad age bands %q", t),
		Public: fmt.Sprintf(msg.StatsBadBands, t)}
}

func errLevel(level string) error {
	return &query.Error{Param: "level", Reason: fmt.Sprintf("bad level %q", level),
		Public: fmt.Sprintf(msg.StatsBadLevel, level)}
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

// WriteSeq is the write sequence of the module's table: it moves with
// every write, so an answer derived from the table is good while it holds.
func (s *Store) WriteSeq(ctx context.Context, m *schema.Module) (int64, error) {
	return s.currentSeq(ctx, s.metaOf(m).table)
}
