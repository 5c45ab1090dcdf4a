package store

import (
	"slices"
	"strings"
	"sync"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/query"
)

// Statements built once per shape. Reading a record by id, and naming a
// page's references (FieldValues), built the same SQL text through ent's
// builder on every call — about a tenth of a get's server time. The text
// depends only on the module, the dialect, the viewer's scope and (for an
// id list) how many ids there are; the ids are the statement's last
// arguments. So the text and the scope's arguments are kept by that shape,
// per module meta (a republished module gets a new meta, and so new texts),
// and each call appends its ids.

// sqlTextsMax bounds the shapes kept per module; when full, the map starts
// over (shapes are few: one per viewer scope and id count).
const sqlTextsMax = 2048

// sqlShape is what a kept statement's text and leading arguments depend on.
type sqlShape struct {
	kind  string // "get", or "values:" + the column read
	scope Scope
	ids   int // ids at the end of the argument list
}

// builtSQL is a kept statement: its text and its arguments before the ids.
type builtSQL struct {
	qs   string
	args []any
}

// sqlTexts keeps built statements of one module by shape.
type sqlTexts struct {
	mu    sync.RWMutex
	m     map[sqlShape]builtSQL
	lists map[listShape]*listStatements
}

// listShape is what the statements of a list without filters depend on:
// the scope, the order and the page. (A filter's statement depends on its
// values and, for a substring, on whether the gram index is complete: lists
// with filters are built each time.)
type listShape struct {
	scope      Scope
	sort       string
	page, size int
}

// cached answers the statement of shape k with ids as its last arguments:
// the kept text, else build's, kept when its last arguments are exactly
// ids (they always are; a builder that ever placed them otherwise would
// simply not be cached).
func (t *sqlTexts) cached(k sqlShape, ids []any, build func() (string, []any)) (string, []any) {
	t.mu.RLock()
	b, ok := t.m[k]
	t.mu.RUnlock()
	if ok {
		return b.qs, append(slices.Clip(b.args), ids...)
	}
	qs, args := build()
	if n := len(args) - len(ids); n >= 0 && slices.Equal(args[n:], ids) {
		t.mu.Lock()
		if t.m == nil || len(t.m) >= sqlTextsMax {
			t.m = map[sqlShape]builtSQL{}
		}
		t.m[k] = builtSQL{qs: qs, args: slices.Clip(args[:n])}
		t.mu.Unlock()
	}
	return qs, args
}

// listStatementsFor is listSQL, kept per shape for lists without filters
// (a module's first pages, a sorted page), which every viewer of a scope
// asks for again and again.
func (s *Store) listStatementsFor(mt *meta, sc Scope, q *query.Query) (*listStatements, error) {
	if q == nil || len(q.Filters) > 0 {
		return s.listSQL(mt, sc, q)
	}
	var sort strings.Builder
	for _, so := range q.Sort {
		sort.WriteString(so.Field)
		if so.Desc {
			sort.WriteString(",desc;")
		} else {
			sort.WriteString(",asc;")
		}
	}
	k := listShape{scope: sc, sort: sort.String(), page: q.Page, size: q.Size}
	t := &mt.sqls
	t.mu.RLock()
	st, ok := t.lists[k]
	t.mu.RUnlock()
	if ok {
		return st, nil
	}
	st, err := s.listSQL(mt, sc, q)
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	if t.lists == nil || len(t.lists) >= sqlTextsMax {
		t.lists = map[listShape]*listStatements{}
	}
	t.lists[k] = st
	t.mu.Unlock()
	return st, nil
}

// getSQL is the select of one record by id in the scope; after the
// record's columns it reads the write sequence of each of seqTables (NULL
// for a table never written), one scalar subquery each, the table names
// its arguments.
func (s *Store) getSQL(mt *meta, sc Scope, id int64, seqTables []string) (string, []any) {
	kind := "get"
	if len(seqTables) > 0 {
		kind = "get+seqs:" + strings.Join(seqTables, ",")
	}
	return mt.sqls.cached(sqlShape{kind: kind, scope: sc}, []any{id}, func() (string, []any) {
		sel := s.selectRecords(mt)
		for _, t := range seqTables {
			sub := entsql.Dialect(s.dialect).Select("seq").From(entsql.Table(SeqTable)).Where(entsql.EQ("table_name", t))
			sel.AppendSelectExpr(entsql.ExprFunc(func(b *entsql.Builder) {
				b.Wrap(func(b *entsql.Builder) { b.Join(sub) })
			}))
		}
		return sel.Where(entsql.And(append(s.scopeWhere(sc), entsql.EQ(colID, id))...)).Query()
	})
}

// fieldValuesSQL reads the id and column c of the records with the given
// ids in the scope (see FieldValues).
func (s *Store) fieldValuesSQL(mt *meta, sc Scope, c *col, ids []any) (string, []any, error) {
	var err error
	qs, args := mt.sqls.cached(sqlShape{kind: "values:" + c.name, scope: sc, ids: len(ids)}, ids, func() (string, []any) {
		// On SQLite the scope's org_path range would be chosen over the ids
		// (no statistics): it reads the whole subtree to find a page's
		// references. As LIKE it is tested on the rows the ids find.
		where, werr := s.whereFor(mt, sc, []query.Filter{{Field: "id", Op: query.In, Values: ids}},
			s.dialect != dialect.SQLite)
		if werr != nil {
			err = werr
			return "", nil
		}
		return entsql.Dialect(s.dialect).Select(colID, c.name).From(entsql.Table(mt.table)).Where(where).Query()
	})
	return qs, args, err
}
