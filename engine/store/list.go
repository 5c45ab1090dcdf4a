package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
)

// eachBatch is how many rows Each reads per query.
const eachBatch = 500

// querier is what reads need: a *sql.DB or a *sql.Tx.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// List returns one page of the module's records that the scope reaches and
// the query's filters match, in the query's order (the module's default
// order when the query has none; id breaks ties), with the exact total.
//
// The total comes from the count cache while the table's write sequence has
// not moved; the sequence read, the count and the page share one read
// transaction, so the total and the page agree (see docs/store.md).
func (s *Store) List(ctx context.Context, m *schema.Module, sc Scope, q *query.Query) (*Page, error) {
	page := &Page{Rows: []Record{}}
	var err error
	page.Total, err = s.list(ctx, m, sc, q, func(tx querier, mt *meta, qs string, args []any) error {
		page.Rows, err = s.scanRecords(ctx, tx, mt, qs, args)
		return err
	})
	if err != nil {
		return nil, err
	}
	return page, nil
}

// Table is a page of records as their column values: Rows[i][j] is the
// value of key Keys[j] of the i-th record, as List's record would hold it.
// It spares a list answer a map per record (see ListTable).
type Table struct {
	// Keys are the records' keys in the module's column order; the slice
	// is shared by every Table of the module and must not be changed.
	Keys []string
	// Rows each have room for one more value (cap len(Keys)+1), so a
	// caller may append a value of its own to a row without copying it.
	Rows  [][]any
	Total int64
	bufs  []*[]any // the rows' backing arrays, from tableBufs
}

// Release hands the rows' memory back for the next page; the Table and
// its rows must not be used afterwards. (Optional: a Table never released
// is left to the collector.)
func (t *Table) Release() {
	for _, p := range t.bufs {
		clear((*p)[:cap(*p)])
		tableBufs.Put(p)
	}
	t.bufs, t.Rows = nil, nil
}

// tableBufs keeps the backing arrays of Table rows between pages: a page
// of 20 villagers is ≈ 14 KB of interface values, and pointerful memory
// the collector scans.
var tableBufs sync.Pool

// ListTable is List with the page as column values rather than records:
// the same rows, the same values, the same total. A list answer written
// straight from the values spends neither a map per record nor a lookup
// per key (a page of 20 villagers: 40 keys each).
func (s *Store) ListTable(ctx context.Context, m *schema.Module, sc Scope, q *query.Query) (*Table, error) {
	t := &Table{Rows: [][]any{}}
	var err error
	t.Total, err = s.list(ctx, m, sc, q, func(tx querier, mt *meta, qs string, args []any) error {
		t.Rows, t.bufs, err = s.scanTable(ctx, tx, mt, qs, args)
		return err
	})
	if err != nil {
		return nil, err
	}
	t.Keys = s.metaOf(m).keys
	return t, nil
}

// list finds the page's statement and total and has read scan the page
// (not called when the page lies past the total).
func (s *Store) list(ctx context.Context, m *schema.Module, sc Scope, q *query.Query, read func(tx querier, mt *meta, qs string, args []any) error) (int64, error) {
	mt := s.metaOf(m)
	st, err := s.listStatementsFor(mt, sc, q)
	if err != nil {
		return 0, err
	}
	if err := s.prepare(ctx, s.seqSQL(mt.table), st.count, st.page, st.pageFew, st.all); err != nil {
		return 0, fmt.Errorf("list %s: %w", m.Name, err)
	}
	sqlTx, err := s.db.BeginTx(ctx, s.readOpts())
	if err != nil {
		return 0, fmt.Errorf("list %s: %w", m.Name, err)
	}
	defer sqlTx.Rollback()
	tx := readTx{sqlTx}
	seq, err := s.readSeq(ctx, tx, mt.table)
	if err != nil {
		return 0, fmt.Errorf("list %s: %w", m.Name, err)
	}
	total, err := s.total(ctx, tx, st.count, st.countKey, st.countArgs, seq)
	if err != nil {
		return 0, fmt.Errorf("count %s: %w", m.Name, err)
	}
	if st.offset < total {
		pageSQL, pageArgs := st.page, st.pageArgs
		few, err := s.sortMatches(ctx, tx, st, seq, total)
		if err != nil {
			return 0, fmt.Errorf("count %s: %w", m.Name, err)
		}
		if few {
			pageSQL, pageArgs = st.pageFew, st.pageFewArgs
		}
		if err := read(tx, mt, pageSQL, pageArgs); err != nil {
			return 0, fmt.Errorf("list %s: %w", m.Name, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("list %s: %w", m.Name, err)
	}
	return total, nil
}

// sortMatches decides, on SQLite, between walking the sort column's index
// and testing each row (page) and reading the matches through the filters'
// indexes and sorting them (pageFew). Walking visits about (offset + size)
// × rows / total rows when the matches are spread over the table; sorting
// reads all total matches. So it sorts when (offset + size) × rows >
// total², rows being the tenant's rows of the table (a count from the same
// cache as the total, exact while the write sequence holds). A county
// administrator's list, whose scope matches most of the table, walks; a
// village's or a rare filter's sorts.
func (s *Store) sortMatches(ctx context.Context, tx querier, st *listStatements, seq, total int64) (bool, error) {
	if st.pageFew == "" {
		return false, nil
	}
	rows, err := s.total(ctx, tx, st.all, st.allKey, st.allArgs, seq)
	if err != nil {
		return false, err
	}
	reach := float64(st.offset + st.size)
	return reach*float64(rows) > float64(total)*float64(total), nil
}

// listStatements are the statements of a list.
type listStatements struct {
	count, page         string
	countArgs, pageArgs []any
	countKey            string // countKey(count, countArgs), made once
	offset              int64
	// pageFew is the page query for few matches, SQLite only: its ORDER BY
	// terms carry a unary + so that SQLite reaches the rows through the
	// filters' indexes (a gram posting list, a selective column) and sorts
	// them, rather than walking the sort index past a million rows that do
	// not match — which it would otherwise prefer, having no statistics.
	// Same rows, same order; chosen once the total is known.
	pageFew     string
	pageFewArgs []any
	// all counts the tenant's rows of the table (with pageFew only), size
	// is the page size: the inputs of sortMatches.
	all     string
	allArgs []any
	allKey  string // countKey(all, allArgs)
	size    int64
}

// listSQL builds the count and page statements of a list.
func (s *Store) listSQL(mt *meta, sc Scope, q *query.Query) (*listStatements, error) {
	if q == nil {
		q = &query.Query{Size: query.DefaultSize}
	}
	size := q.Size
	if size <= 0 {
		size = query.DefaultSize
	}
	where, err := s.where(mt, sc, q.Filters)
	if err != nil {
		return nil, err
	}
	// On SQLite the page query matches a subtree with LIKE, which SQLite
	// cannot answer from an index: left to itself (no statistics) it would
	// read the whole subtree through the org_path index and sort it, where
	// walking the sort index and skipping rows of other organisations finds
	// a page after a few dozen rows. The count wants the index. pageFew, for
	// few matches, wants it too.
	// Likewise a substring filter: walking the sort index and testing LIKE
	// on each row finds a page of a common term after a few hundred rows,
	// where the gram postings would first read all of its matches. A rare
	// term has few matches and takes pageFew, which keeps the postings.
	walk := where
	if s.dialect == dialect.SQLite && (sc.Mode == ScopeSubtree || hasContains(q.Filters)) {
		if walk, err = s.whereFor(mt, sc, q.Filters, false); err != nil {
			return nil, err
		}
	}
	order, err := s.order(mt, q.Sort)
	if err != nil {
		return nil, err
	}
	st := &listStatements{offset: int64(q.Page) * int64(size), size: int64(size)}
	st.count, st.countArgs = entsql.Dialect(s.dialect).Select(entsql.Count("*")).
		From(entsql.Table(mt.table)).Where(where).Query()
	st.countKey = countKey(st.count, st.countArgs)
	page := func(hint bool) (string, []any) {
		w := walk
		if hint {
			w = where
		}
		sel := s.selectRecords(mt).Where(w).Limit(size)
		for _, o := range order {
			sel.OrderExprFunc(o.write(hint))
		}
		if st.offset > 0 {
			sel.Offset(int(st.offset))
		}
		return sel.Query()
	}
	st.page, st.pageArgs = page(false)
	if s.dialect == dialect.SQLite && (len(q.Filters) > 0 || sc.Mode != ScopeAll) {
		st.pageFew, st.pageFewArgs = page(true)
		all, err := s.where(mt, Scope{TenantID: sc.TenantID, Mode: ScopeAll}, nil)
		if err != nil {
			return nil, err
		}
		st.all, st.allArgs = entsql.Dialect(s.dialect).Select(entsql.Count("*")).
			From(entsql.Table(mt.table)).Where(all).Query()
		st.allKey = countKey(st.all, st.allArgs)
	}
	return st, nil
}

// hasContains reports whether any filter is a substring search.
func hasContains(filters []query.Filter) bool {
	for _, f := range filters {
		if f.Op == query.Contains || f.Op == query.DoesNotContain {
			return true
		}
	}
	return false
}

// readOpts asks for one consistent snapshot: SQLite's deferred read
// transaction is one already; PostgreSQL needs REPEATABLE READ for that.
func (s *Store) readOpts() *sql.TxOptions {
	if s.dialect == dialect.SQLite {
		return &sql.TxOptions{ReadOnly: true}
	}
	return &sql.TxOptions{ReadOnly: true, Isolation: sql.LevelRepeatableRead}
}

// countKey identifies a count by its SQL and arguments; the SQL names the
// table and carries the tenant, scope and filters.
func countKey(q string, args []any) string {
	var b strings.Builder
	b.WriteString(q)
	for _, a := range args {
		b.WriteByte(0)
		fmt.Fprintf(&b, "%T:%v", a, a)
	}
	return b.String()
}

// Each calls fn for every record the scope reaches and the filters match,
// in id order, reading eachBatch rows per query so an export of any size
// holds neither a transaction nor much memory. The query's paging and sort
// are ignored.
func (s *Store) Each(ctx context.Context, m *schema.Module, sc Scope, q *query.Query, fn func(Record) error) error {
	mt := s.metaOf(m)
	var filters []query.Filter
	if q != nil {
		filters = q.Filters
	}
	var last int64
	for {
		where, err := s.where(mt, sc, filters)
		if err != nil {
			return err
		}
		qs, args := s.selectRecords(mt).Where(entsql.And(where, entsql.GT(colID, last))).
			OrderBy(entsql.Asc(colID)).Limit(eachBatch).Query()
		recs, err := s.scanRecords(ctx, s.db, mt, qs, args)
		if err != nil {
			return fmt.Errorf("each %s: %w", m.Name, err)
		}
		for _, r := range recs {
			if err := fn(r); err != nil {
				return err
			}
		}
		if len(recs) < eachBatch {
			return nil
		}
		last = recs[len(recs)-1]["id"].(int64)
	}
}

// orderKey is one ORDER BY term.
type orderKey struct {
	col  string
	desc bool
}

// write renders the term; hint prefixes SQLite's unary + (see pageFew).
func (o orderKey) write(hint bool) func(*entsql.Builder) {
	return func(b *entsql.Builder) {
		if hint {
			b.WriteString("+")
		}
		b.Ident(o.col)
		if o.desc {
			b.WriteString(" DESC")
		} else {
			b.WriteString(" ASC")
		}
	}
}

// order is the ORDER BY of a list: the sort keys, else the module's default
// sort, else id descending; id is appended as the tiebreaker in the
// direction of the last key, so the order is total and an index on
// (tenant, col, id) serves it.
func (s *Store) order(mt *meta, sorts []query.Sort) ([]orderKey, error) {
	if len(sorts) == 0 {
		sorts = defaultSort(mt)
	}
	out := make([]orderKey, 0, len(sorts)+1)
	desc, hasID := true, false
	for _, so := range sorts {
		c := mt.byAPI[so.Field]
		if c == nil {
			return nil, errUnknownField(so.Field)
		}
		out = append(out, orderKey{c.name, so.Desc})
		desc, hasID = so.Desc, hasID || c.name == colID
	}
	if !hasID {
		out = append(out, orderKey{colID, desc})
	}
	return out, nil
}

// defaultSort reads the module's list.sort ("applyDate,desc").
func defaultSort(mt *meta) []query.Sort {
	name := defaultSortField(mt.m)
	if name == "" || mt.byAPI[name] == nil {
		return nil
	}
	return []query.Sort{{Field: name, Desc: strings.HasSuffix(strings.ToLower(mt.m.List.Sort), ",desc")}}
}

// defaultSortField is the field of the module's list.sort, "" when none.
func defaultSortField(m *schema.Module) string {
	name, _, _ := strings.Cut(m.List.Sort, ",")
	return strings.TrimSpace(name)
}

// selectRecords selects the record columns of the module table.
//
// On SQLite a date or datetime column is selected as +column, an
// expression without a declared type: the driver parses the text of a
// column declared DATE or DATETIME into a time.Time, which decode then
// formatted back into the same text (≈ 5% of a county list page). As an
// expression it arrives as the stored text and decodeSQLiteTime reads it
// as the driver would have (same value, same text).
func (s *Store) selectRecords(mt *meta) *entsql.Selector {
	names := make([]string, len(mt.cols))
	for i, c := range mt.cols {
		names[i] = c.name
		if s.dialect == dialect.SQLite && (c.kind == kDate || c.kind == kDateTime) {
			names[i] = "+`" + c.name + "`"
		}
	}
	return entsql.Dialect(s.dialect).Select(names...).From(entsql.Table(mt.table))
}

// scanRecords runs a select of the record columns and decodes the rows;
// columns the select reads after the record's are scanned into extra (a
// get's write sequences: one row).
func (s *Store) scanRecords(ctx context.Context, q querier, mt *meta, qs string, args []any, extra ...any) ([]Record, error) {
	rows, err := s.query(ctx, q, qs, args)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	recs := []Record{}
	dec := s.recordDecoder()
	vals := make([]any, len(mt.cols))
	ptrs := make([]any, len(mt.cols), len(mt.cols)+len(extra))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	ptrs = append(ptrs, extra...)
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		r := make(Record, len(mt.cols)+len(mt.children)+1)
		for i, c := range mt.cols {
			r[c.api] = dec(c, vals[i])
		}
		recs = append(recs, r)
	}
	return recs, rows.Err()
}

// scanTable runs a select of the record columns and decodes the rows into
// column values (see Table): one backing array for the whole page.
func (s *Store) scanTable(ctx context.Context, q querier, mt *meta, qs string, args []any) (out [][]any, bufs []*[]any, err error) {
	rows, err := s.query(ctx, q, qs, args)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	n := len(mt.cols)
	out = [][]any{}
	var flat []any
	dec := s.recordDecoder()
	vals := make([]any, n)
	ptrs := make([]any, n)
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return nil, bufs, err
		}
		if len(flat) < n+1 {
			p, _ := tableBufs.Get().(*[]any)
			if p == nil || cap(*p) < (n+1)*tableChunk {
				b := make([]any, (n+1)*tableChunk)
				p = &b
			}
			bufs = append(bufs, p)
			flat = (*p)[:cap(*p)]
		}
		row := flat[: n : n+1]
		flat = flat[n+1:]
		for i, c := range mt.cols {
			row[i] = dec(c, vals[i])
		}
		out = append(out, row)
	}
	return out, bufs, rows.Err()
}

// recordDecoder is how the values of selectRecords' columns are decoded.
func (s *Store) recordDecoder() func(*col, any) any {
	if s.dialect == dialect.SQLite {
		return decodeSQLite
	}
	return decode
}

// tableChunk is how many rows scanTable allocates at once: a list page's
// usual size.
const tableChunk = 20

// readSeq reads a table's write sequence; a table never written reads 0.
func (s *Store) readSeq(ctx context.Context, q querier, table string) (int64, error) {
	rows, err := s.query(ctx, q, s.seqSQL(table), []any{table})
	if err != nil {
		return 0, fmt.Errorf("read write sequence: %w", err)
	}
	defer rows.Close()
	var seq int64
	if rows.Next() {
		if err := rows.Scan(&seq); err != nil {
			return 0, err
		}
	}
	return seq, rows.Err()
}

// total is the list's total at write sequence seq: from the cache, else
// counted once however many lists ask at the same moment (after a write,
// every request for a popular list misses the cache together; one counts,
// the others wait for its answer, taken at the same sequence and so over
// the same rows). A waiter whose leader failed counts for itself.
func (s *Store) total(ctx context.Context, tx querier, qs, key string, args []any, seq int64) (int64, error) {
	if n, ok := s.counts.get(key, seq); ok {
		return n, nil
	}
	count := func() (int64, error) {
		n, err := s.count(ctx, tx, qs, args)
		if err == nil {
			s.counts.put(key, seq, n)
		}
		return n, err
	}
	ch := s.counting.DoChan(strconv.FormatInt(seq, 10)+"\x00"+key, func() (any, error) { return count() })
	select {
	case res := <-ch:
		if res.Err == nil {
			return res.Val.(int64), nil
		}
		if res.Shared {
			return count()
		}
		return 0, res.Err
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}

// seqSQL reads a table's write sequence (the table name is its argument).
func (s *Store) seqSQL(string) string { return s.seqsSQL(0) }

// count runs a count statement.
func (s *Store) count(ctx context.Context, q querier, qs string, args []any) (int64, error) {
	rows, err := s.query(ctx, q, qs, args)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	var n int64
	if rows.Next() {
		if err := rows.Scan(&n); err != nil {
			return 0, err
		}
	}
	return n, rows.Err()
}
