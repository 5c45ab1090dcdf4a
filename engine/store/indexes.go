package store

import (
	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/entsql"
	entschema "entgo.io/ent/dialect/sql/schema"
	"entgo.io/ent/schema/field"
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
