package store

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	entschema "entgo.io/ent/dialect/sql/schema"
	"entgo.io/ent/schema/field"
)

// The gram search index.
//
// A substring filter (contains) cannot use a B-tree index: LIKE '%x%' reads
// every row, about 150 ms per million rows on SQLite and worse when it has to
// walk a sort index to find ten matches. Trigram indexes (FTS5 trigram,
// pg_trgm, MySQL ngram) need three characters, while people search Chinese
// names by one or two. So the store keeps its own inverted index, the same on
// every database: for each short text field with filter: contains, every
// distinct substring of one to three characters (lower-cased) of a record's
// value is a row (field, gram, record_id) of the module's gram table —
// except one- and two-character grams made only of ASCII (digits, Latin
// letters), which are too common to narrow anything and would triple the
// index of a phone-number field. A search for up to three characters reads
// one posting list; a longer one intersects the postings of its trigrams; a
// one- or two-character ASCII term falls back to LIKE alone. LIKE still runs
// on the candidates, so results are exactly LIKE's. See docs/store.md for
// the figures.

// Limits and names of the gram index.
const (
	// maxGramField is the longest field (its varchar length) that gets a gram
	// index: names, phone numbers, codes, short titles. Longer text is
	// searched with LIKE alone.
	maxGramField = 64
	// maxGramLen is the longest gram.
	maxGramLen = 3
	// maxQueryGrams caps how many trigrams of a long search term are used.
	maxQueryGrams = 4
	// GramStateTable records which fields' gram indexes are complete.
	GramStateTable = "xz_gram_state"
)

// gramTable is the name of a module's gram table.
func gramTable(mt *meta) string { return ident(mt.table + "__gram") }

// gramIndexed reports whether a field column gets a gram index.
func gramIndexed(c *col) bool {
	if c.field == nil || c.kind != kText || c.field.Filter != "contains" {
		return false
	}
	n := varcharSize(c.field)
	return n > 0 && n <= maxGramField
}

// fold lower-cases the way every dialect's case-insensitive LIKE agrees
// on: ASCII letters always; other letters when their lower case is not
// ASCII (the Kelvin sign stays itself rather than becoming k).
func fold(s string) []rune {
	r := []rune(s)
	for i, c := range r {
		switch {
		case c >= 'A' && c <= 'Z':
			r[i] = c + 'a' - 'A'
		case c >= utf8.RuneSelf:
			if l := unicode.ToLower(c); l >= utf8.RuneSelf {
				r[i] = l
			}
		}
	}
	return r
}

// grams lists the distinct indexed substrings of one to maxGramLen
// characters of s, folded.
func grams(s string) []string {
	r := fold(s)
	seen := make(map[string]bool, 3*len(r))
	out := make([]string, 0, 3*len(r))
	for n := 1; n <= maxGramLen; n++ {
		for i := 0; i+n <= len(r); i++ {
			if g := string(r[i : i+n]); !seen[g] && indexedGram(g, n) {
				seen[g] = true
				out = append(out, g)
			}
		}
	}
	return out
}

// indexedGram reports whether a gram of n characters is kept: trigrams
// always, shorter grams unless they are all ASCII.
func indexedGram(g string, n int) bool {
	if n == maxGramLen {
		return true
	}
	for i := 0; i < len(g); i++ {
		if g[i] >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

// queryGrams are the grams a search term's matches must all have: the term
// itself when short, else up to maxQueryGrams of its trigrams spread over it.
// A short all-ASCII term has none (it is not indexed).
func queryGrams(term string) []string {
	r := fold(term)
	if len(r) <= maxGramLen {
		if s := string(r); indexedGram(s, len(r)) {
			return []string{s}
		}
		return nil
	}
	n := len(r) - maxGramLen + 1 // trigrams
	k := min(n, maxQueryGrams)
	var out []string
	for j := range k {
		i := j * (n - 1) / max(k-1, 1)
		if g := string(r[i : i+maxGramLen]); !contains(out, g) {
			out = append(out, g)
		}
	}
	return out
}

func contains(xs []string, x string) bool { return indexOf(xs, x) >= 0 }

// gramTables describes the module's gram table and the shared state table.
func gramTables(mt *meta) []*entschema.Table {
	t := entschema.NewTable(gramTable(mt))
	f := &entschema.Column{Name: "field", Type: field.TypeString, Size: 64}
	// MySQL's string collations pad with spaces and fold accents and widths, so "巾 " would equal
	// "巾" and one record's two grams collide on the key: there the gram is bytes, compared as
	// written (PostgreSQL and SQLite compare strings exactly already).
	g := &entschema.Column{Name: "gram", Type: field.TypeString, Size: 16, SchemaType: map[string]string{dialect.MySQL: "varbinary(64)"}}
	rec := &entschema.Column{Name: "record_id", Type: field.TypeInt64}
	t.AddPrimary(f)
	t.AddPrimary(g)
	t.AddPrimary(rec)
	t.Indexes = append(t.Indexes, &entschema.Index{Name: ident("ix_" + t.Name + "_record"), Columns: []*entschema.Column{rec}})
	st := entschema.NewTable(GramStateTable)
	st.AddPrimary(&entschema.Column{Name: "table_name", Type: field.TypeString, Size: 64})
	st.AddPrimary(&entschema.Column{Name: "field", Type: field.TypeString, Size: 64})
	return []*entschema.Table{t, st}
}

// gramSet remembers which (table, column) gram indexes this store has seen
// complete; only those are used for reads. Writes always maintain them.
type gramSet struct{ m sync.Map }

func (g *gramSet) ready(table, col string) bool {
	_, ok := g.m.Load(table + "." + col)
	return ok
}

func (g *gramSet) set(table, col string, ok bool) {
	if ok {
		g.m.Store(table+"."+col, true)
	} else {
		g.m.Delete(table + "." + col)
	}
}

// prepareGrams runs at migration: it forgets the indexes of fields no
// longer gram-indexed, and fills (in one write transaction, so no write
// slips between) the index of every gram field not yet complete.
func (s *Store) prepareGrams(ctx context.Context, mt *meta) error {
	b := entsql.Dialect(s.dialect)
	done := map[string]bool{}
	qs, args := b.Select("field").From(entsql.Table(GramStateTable)).Where(entsql.EQ("table_name", mt.table)).Query()
	rows, err := s.db.QueryContext(ctx, qs, args...)
	if err != nil {
		return err
	}
	for rows.Next() {
		var f string
		if err := rows.Scan(&f); err != nil {
			rows.Close()
			return err
		}
		done[f] = true
	}
	rows.Close()
	want := map[string]*col{}
	for _, c := range mt.cols {
		if gramIndexed(c) {
			want[c.name] = c
		}
	}
	for f := range done {
		if want[f] == nil {
			s.grams.set(mt.table, f, false)
			if err := s.inWrite(ctx, mt, func(tx *sql.Tx) error { return s.dropGrams(ctx, tx, mt, f) }); err != nil {
				return fmt.Errorf("drop grams of %s: %w", f, err)
			}
		}
	}
	for name, c := range want {
		if !done[name] {
			if err := s.inWrite(ctx, mt, func(tx *sql.Tx) error { return s.fillGrams(ctx, tx, mt, c) }); err != nil {
				return fmt.Errorf("fill grams of %s: %w", c.api, err)
			}
		}
		s.grams.set(mt.table, name, true)
	}
	return nil
}

func (s *Store) dropGrams(ctx context.Context, tx *sql.Tx, mt *meta, f string) error {
	b := entsql.Dialect(s.dialect)
	for _, st := range []*entsql.DeleteBuilder{
		b.Delete(gramTable(mt)).Where(entsql.EQ("field", f)),
		b.Delete(GramStateTable).Where(entsql.And(entsql.EQ("table_name", mt.table), entsql.EQ("field", f))),
	} {
		qs, args := st.Query()
		if _, err := tx.ExecContext(ctx, qs, args...); err != nil {
			return err
		}
	}
	return nil
}

// fillGrams rebuilds a field's gram index from the live rows and marks it
// complete.
func (s *Store) fillGrams(ctx context.Context, tx *sql.Tx, mt *meta, c *col) error {
	if err := s.dropGrams(ctx, tx, mt, c.name); err != nil {
		return err
	}
	b := entsql.Dialect(s.dialect)
	var last int64
	for {
		qs, args := b.Select(colID, c.name).From(entsql.Table(mt.table)).
			Where(entsql.And(entsql.GT(colID, last), entsql.IsNull(colDeletedAt), entsql.NotNull(c.name))).
			OrderBy(colID).Limit(eachBatch).Query()
		rows, err := tx.QueryContext(ctx, qs, args...)
		if err != nil {
			return err
		}
		var ids []int64
		var vals []string
		for rows.Next() {
			var id int64
			var v string
			if err := rows.Scan(&id, &v); err != nil {
				rows.Close()
				return err
			}
			ids, vals = append(ids, id), append(vals, v)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if err := s.insertGrams(ctx, tx, mt, c, ids, vals); err != nil {
			return err
		}
		if len(ids) < eachBatch {
			break
		}
		last = ids[len(ids)-1]
	}
	qs, args := b.Insert(GramStateTable).Columns("table_name", "field").Values(mt.table, c.name).Query()
	_, err := tx.ExecContext(ctx, qs, args...)
	return err
}

// gramRowsPerInsert bounds a multi-row gram INSERT (3 parameters a row).
const gramRowsPerInsert = 300

// gramChunk is how many of the n rows left the next gram INSERT takes: a
// full statement, else the largest power of two up to n. A batch's last
// statement then has one of nine shapes rather than one of 300: each new
// shape was prepared twice (in the batch, then kept on the writer) and
// crowded the writer's other statements out of its cache, so a big import
// or demo prepared statements in every batch (7% of its CPU).
func gramChunk(n int) int {
	if n >= gramRowsPerInsert {
		return gramRowsPerInsert
	}
	return 1 << (bits.Len(uint(n)) - 1)
}

// insertGrams indexes the values of records, ids[i] holding vals[i].
func (s *Store) insertGrams(ctx context.Context, tx execer, mt *meta, c *col, ids []int64, vals []string) error {
	type row struct {
		gram string
		id   int64
	}
	var rows []row
	for i, id := range ids {
		for _, g := range grams(vals[i]) {
			rows = append(rows, row{g, id})
		}
	}
	// In key order, a batch's rows land on neighbouring pages of the
	// table's primary key instead of all over it.
	slices.SortFunc(rows, func(a, b row) int {
		if c := strings.Compare(a.gram, b.gram); c != 0 {
			return c
		}
		return cmp.Compare(a.id, b.id)
	})
	for len(rows) > 0 {
		k := gramChunk(len(rows))
		ins := entsql.Dialect(s.dialect).Insert(gramTable(mt)).Columns("field", "gram", "record_id")
		for _, r := range rows[:k] {
			ins.Values(c.name, r.gram, r.id)
		}
		qs, args := ins.Query()
		if _, err := tx.ExecContext(ctx, qs, args...); err != nil {
			return err
		}
		rows = rows[k:]
	}
	return nil
}

// writeGrams keeps the gram indexes of a record in step with a write: the
// grams of every gram field in the change are replaced.
func (s *Store) writeGrams(ctx context.Context, tx *sql.Tx, mt *meta, id int64, ch *change, replace bool) error {
	for i, name := range ch.cols {
		c := mt.byCol[name]
		if !gramIndexed(c) {
			continue
		}
		if replace {
			qs, args := entsql.Dialect(s.dialect).Delete(gramTable(mt)).
				Where(entsql.And(entsql.EQ("record_id", id), entsql.EQ("field", name))).Query()
			if _, err := tx.ExecContext(ctx, qs, args...); err != nil {
				return err
			}
		}
		if v, ok := ch.vals[i].(string); ok {
			if err := s.insertGrams(ctx, tx, mt, c, []int64{id}, []string{v}); err != nil {
				return err
			}
		}
	}
	return nil
}

// contains is a case-insensitive substring match with % and _ escaped:
// SQLite's LIKE folds ASCII case; PostgreSQL uses ILIKE; MySQL compares
// LOWER(col) (tables are utf8mb4_bin, so equality stays exact everywhere).
// On a gram-indexed field the match is narrowed to the records holding all
// the term's grams first, when indexed.
func (s *Store) contains(mt *meta, c *col, text string, indexed bool) *entsql.Predicate {
	var like *entsql.Predicate
	switch s.dialect {
	case dialect.SQLite:
		like = entsql.Contains(c.name, text)
	case dialect.Postgres:
		like = entsql.ContainsFold(c.name, text)
	default:
		pattern := "%" + escapeLike(strings.ToLower(text)) + "%"
		like = entsql.P(func(b *entsql.Builder) {
			b.WriteString("LOWER(").Ident(c.name).WriteString(") LIKE ").Arg(pattern)
		})
	}
	gs := queryGrams(text)
	if !indexed || !gramIndexed(c) || len(gs) == 0 || !s.grams.ready(mt.table, c.name) {
		return like
	}
	// One IN over one posting list, or over the records in all of them: two
	// INs on id would make SQLite probe their cross product.
	args := make([]any, len(gs))
	for i, g := range gs {
		args[i] = g
	}
	sub := entsql.Dialect(s.dialect).Select("record_id").From(entsql.Table(gramTable(mt))).
		Where(entsql.And(entsql.EQ("field", c.name), entsql.In("gram", args...)))
	if len(gs) > 1 {
		sub.GroupBy("record_id").Having(entsql.EQ("COUNT(*)", len(gs)))
	}
	in := entsql.In(colID, sub)
	if exactGram(text) {
		return in
	}
	return entsql.And(in, like)
}

// exactGram reports whether a term's posting list is exactly the records
// LIKE matches, so the LIKE check can be skipped: the term is itself one
// indexed gram and has no letter whose case only some dialects fold.
func exactGram(term string) bool {
	r := []rune(term)
	if len(r) > maxGramLen || !indexedGram(term, len(r)) {
		return false
	}
	for _, c := range r {
		if c >= utf8.RuneSelf && (unicode.ToLower(c) != c || unicode.ToUpper(c) != c) {
			return false
		}
	}
	return true
}

// escapeLike escapes LIKE's wildcards and escape character (backslash, the
// default escape of MySQL and PostgreSQL).
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}
