package store

import (
	"slices"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/entsql"
	entschema "entgo.io/ent/dialect/sql/schema"
	"entgo.io/ent/schema/field"

	"xiangzhi/engine/schema"
)

// liveWhere is the predicate of partial indexes: only live rows.
const liveWhere = "deleted_at IS NULL"

// addIndexes gives the module table one index per way a list reads it, so
// that WHERE tenant_id = ? AND deleted_at IS NULL [AND …] ORDER BY <col>
// DESC, id DESC LIMIT n walks an index instead of sorting:
//
//   - SQLite and PostgreSQL: partial indexes (tenant_id, <col>, id) WHERE
//     deleted_at IS NULL — the planner sees the tenant as a constant and reads
//     <col>, id in order; soft-deleted rows are not even in the index;
//   - MySQL/MariaDB (no partial indexes): (tenant_id, deleted_at, <col>, id),
//     where deleted_at IS NULL is a constant prefix as well.
//
// The org_path index answers subtree scopes (a prefix match; on PostgreSQL
// with varchar_pattern_ops so that LIKE uses it under any collation).
//
// <col> is every filter, sort and unique field with a scalar column, the
// default sort field, created_at, updated_at and the status; plus the scope
// columns org_path, org_id and created_by, and id alone for the default order.
// Unique fields also get a partial unique index (tenant_id, <col>) on SQLite
// and PostgreSQL; MySQL relies on the pre-check, which the write sequence
// serialises (see docs/store.md).
//
// A module with StatsColumns (its declared stats and what the dashboards
// count it by) gets one statistics index (tenant_id, org_path, <those
// columns>), covering, so a statistic of an organisation subtree reads it
// instead of every row (docs/store.md § Statistics index).
func (s *Store) addIndexes(mt *meta, t *entschema.Table) {
	partial := s.dialect != dialect.MySQL
	lead := []string{colTenant}
	if !partial {
		lead = append(lead, colDeletedAt)
	}
	add := func(prefix, suffix string, unique bool, cols ...string) {
		t.AddIndex(ident(prefix+mt.table+"_"+suffix), unique, cols)
		idx := t.Indexes[len(t.Indexes)-1]
		ant := &entsql.IndexAnnotation{}
		if partial {
			ant.Where = liveWhere
		}
		for _, c := range idx.Columns {
			// InnoDB keys are at most 3072 bytes; 4 bytes a character.
			if c.Size > 700 && c.Type == field.TypeString {
				if ant.PrefixColumns == nil {
					ant.PrefixColumns = map[string]uint{}
				}
				ant.PrefixColumns[c.Name] = 191
			}
		}
		idx.Annotation = ant
	}
	with := func(cols ...string) []string { return append(append([]string{}, lead...), cols...) }
	add("ix_", "id", false, with(colID)...)
	add("ix_", colOrgPath, false, with(colOrgPath, colID)...)
	if s.dialect == dialect.Postgres {
		// LIKE 'prefix%' uses the index under any database collation.
		t.Indexes[len(t.Indexes)-1].Annotation.OpClassColumns = map[string]string{colOrgPath: "varchar_pattern_ops"}
	}
	add("ix_", colOrg, false, with(colOrg, colID)...)
	add("ix_", colCreatedBy, false, with(colCreatedBy, colID)...)
	add("ix_", colCreatedAt, false, with(colCreatedAt, colID)...)
	add("ix_", colUpdatedAt, false, with(colUpdatedAt, colID)...)
	if mt.status != nil {
		add("ix_", mt.status.name, false, with(mt.status.name, colID)...)
	}
	if cols := s.statsIndexCols(mt, t); len(cols) > 0 {
		cols = append([]string{colOrgPath}, cols...)
		if s.dialect == dialect.SQLite {
			// SQLite (3.40) counts an index as covering only when it
			// holds every column the statement names, deleted_at of the
			// partial index's own WHERE included.
			cols = append(cols, colDeletedAt)
		}
		add("ix_", statsIndexSuffix, false, with(cols...)...)
		if s.dialect == dialect.Postgres { // as the org_path index: a subtree's LIKE is a range of it
			t.Indexes[len(t.Indexes)-1].Annotation.OpClassColumns = map[string]string{colOrgPath: "varchar_pattern_ops"}
		}
	}
	def := defaultSortField(mt.m)
	for _, c := range mt.cols {
		f := c.field
		if f == nil || !indexable(c) || !(f.Filter != "" || f.Sort || f.Unique || f.Name == def) {
			continue
		}
		add("ix_", c.name, false, with(c.name, colID)...)
		if f.Unique && partial {
			add("ux_", c.name, true, colTenant, c.name)
		}
	}
}

// indexable reports whether a column can be a B-tree key: scalars and
// varchars, not text or JSON.
func indexable(c *col) bool {
	switch c.kind {
	case kJSON:
		return false
	case kText:
		return varcharSize(c.field) > 0
	}
	return true
}

// statsIndexSuffix names the statistics index: ix_<table>_stats.
const statsIndexSuffix = "stats"

// statsIndexName is the module table's statistics index (a schema-derived
// name, never input).
func statsIndexName(mt *meta) string { return ident("ix_" + mt.table + "_" + statsIndexSuffix) }

// The bounds of a statistics index on MySQL/MariaDB: InnoDB keys hold at
// most 16 columns and 3072 bytes.
const (
	statsIndexMaxCols  = 16
	statsIndexMaxBytes = 3072
)

// statsIndexCols are the columns the module's statistics index holds after
// the tenant (and deleted_at) and the organisation path: the module's
// StatsColumns that are B-tree keys (on SQLite its multiple choices too) and
// created_at, while the key stays within InnoDB's bounds. A statistic of the module within an organisation subtree reads
// this narrow index alone instead of every wide row (docs/store.md §
// Statistics index).
func (s *Store) statsIndexCols(mt *meta, t *entschema.Table) []string {
	keyBytes := func(name string) int {
		c, ok := t.Column(name)
		if !ok {
			return statsIndexMaxBytes
		}
		if c.Type == field.TypeString {
			if c.Size > 700 { // a prefix, as addIndexes makes it
				return 4*191 + 2
			}
			return 4*int(c.Size) + 2
		}
		return 8
	}
	n, size := 3, 16+keyBytes(colOrgPath) // tenant_id, deleted_at, org_path
	var cands []*col
	for _, name := range mt.m.StatsColumns() {
		c := mt.byAPI[name]
		// A multiple choice is a short JSON list that a criterion matches
		// by its text (has); SQLite keys any text, while PostgreSQL refuses
		// an index row over ≈ 2.7 KB and MySQL keys no mediumtext, so there
		// it stays out and the criterion reads the rows.
		if c != nil && (indexable(c) && !c.multi || c.multi && s.dialect == dialect.SQLite) {
			cands = append(cands, c)
		}
	}
	if len(cands) == 0 {
		return nil
	}
	// The workbench counts every register's new rows per month of
	// created_at (its sparkline): with the time stamp in the index a
	// subtree's months are read from it, not from every row.
	cands = append(cands, mt.byAPI["createdAt"])
	// The status, then the other choices, then dates, then the rest (the
	// measured numbers), the multiple choices (only filtered by) last: a
	// statistic by organisation and the status reads the index in its
	// groups' order and needs no sort.
	rank := func(c *col) int {
		switch {
		case c == mt.status:
			return 0
		case c.multi:
			return 4
		case c.name == colCreatedAt:
			return 2
		case c.field == nil:
			return 3
		case c.field.Type == schema.TypeEnum || c.field.Type == schema.TypeBool || c.field.Type == schema.TypeRef:
			return 1
		case c.kind == kDate || c.kind == kDateTime:
			return 2
		}
		return 3
	}
	slices.SortStableFunc(cands, func(a, b *col) int { return rank(a) - rank(b) })
	var out []string
	for _, c := range cands {
		if slices.Contains(out, c.name) {
			continue
		}
		b := keyBytes(c.name)
		if n+1 > statsIndexMaxCols || size+b > statsIndexMaxBytes {
			break
		}
		n, size = n+1, size+b
		out = append(out, c.name)
	}
	return out
}
