package store

import (
	"encoding/json"

	"entgo.io/ent/dialect"
	"fmt"
	"time"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/query"
)

// scopeWhere is what every statement on a module table starts from: the
// viewer's tenant, live rows only, and the data scope.
func (s *Store) scopeWhere(sc Scope) []*entsql.Predicate { return s.scopeWhereFor(sc, true) }

// scopeWhereFor is scopeWhere; indexed false asks, on SQLite, for a subtree
// match the planner cannot answer from the org_path index (see listSQL).
func (s *Store) scopeWhereFor(sc Scope, indexed bool) []*entsql.Predicate {
	ps := []*entsql.Predicate{entsql.EQ(colTenant, sc.TenantID), entsql.IsNull(colDeletedAt)}
	var own *entsql.Predicate
	switch sc.Mode {
	case ScopeSubtree:
		switch {
		case sc.OrgPath != "" && indexed:
			own = s.underPath(sc.OrgPath)
		case sc.OrgPath != "":
			own = s.startsWith(colOrgPath, sc.OrgPath)
		default:
			own = entsql.EQ(colOrg, sc.OrgID)
		}
	case ScopeOrg:
		own = entsql.EQ(colOrg, sc.OrgID)
	case ScopeOwn:
		own = entsql.EQ(colCreatedBy, sc.UserID)
	}
	if own == nil {
		return ps
	}
	if up := ancestorPaths(sc.OrgPath); sc.Up && sc.Mode != ScopeOwn && len(up) > 0 {
		own = entsql.Or(own, entsql.In(colOrgPath, up...))
	}
	return append(ps, own)
}

// ancestorPaths are the materialised paths of the organisations above the
// one at path: "/1/5/51/" → "/1/", "/1/5/".
func ancestorPaths(path string) []any {
	var out []any
	for i := 1; i < len(path)-1; i++ {
		if path[i] == '/' {
			out = append(out, path[:i+1])
		}
	}
	return out
}

// startsWith matches col starting with prefix, tested on each row: the
// form for reaching rows through another index. On SQLite it is instr(col,
// ?) = 1, not LIKE: a statement with LIKE ? is prepared again every time a
// value is bound to it (SQLite re-plans its LIKE optimisation per binding),
// which cost a list or a label lookup a statement compilation per call.
func (s *Store) startsWith(col, prefix string) *entsql.Predicate {
	if s.dialect != dialect.SQLite {
		return entsql.HasPrefix(col, prefix)
	}
	return entsql.P(func(b *entsql.Builder) {
		b.WriteString("instr(").Ident(col).Comma().Arg(prefix).WriteString(") = 1")
	})
}

// underPath matches org paths starting with prefix, in a form each
// database answers from the org_path index: SQLite's LIKE is
// case-insensitive and so never uses a (binary) index, hence a byte range
// there; PostgreSQL's LIKE uses the index's varchar_pattern_ops whatever the
// database collation; MySQL's LIKE 'p%' is a range on the utf8mb4_bin index.
func (s *Store) underPath(prefix string) *entsql.Predicate {
	last := prefix[len(prefix)-1]
	if s.dialect != dialect.SQLite || last == 0xFF {
		return entsql.HasPrefix(colOrgPath, prefix)
	}
	upper := prefix[:len(prefix)-1] + string([]byte{last + 1})
	return entsql.And(entsql.GTE(colOrgPath, prefix), entsql.LT(colOrgPath, upper))
}

// where combines the scope with the query's filters.
func (s *Store) where(mt *meta, sc Scope, filters []query.Filter) (*entsql.Predicate, error) {
	return s.whereFor(mt, sc, filters, true)
}

// whereFor is where; indexed as in scopeWhereFor, and for contains: without
// indexed a substring filter is the LIKE alone, not narrowed through the gram
// postings — the form for walking a sort index, where testing each visited
// row is cheap and reading a common term's whole posting list is not.
func (s *Store) whereFor(mt *meta, sc Scope, filters []query.Filter, indexed bool) (*entsql.Predicate, error) {
	ps := s.scopeWhereFor(sc, indexed)
	for _, f := range filters {
		p, err := s.filter(mt, f, indexed)
		if err != nil {
			return nil, err
		}
		ps = append(ps, p)
	}
	return entsql.And(ps...), nil
}

// filter turns one criterion into a predicate on the field's column. The
// negative operators (notEquals, notIn, doesNotContain) also match rows
// where the field is empty, as a person reading "not X" expects.
func (s *Store) filter(mt *meta, f query.Filter, indexed bool) (*entsql.Predicate, error) {
	c := mt.byAPI[f.Field]
	if c == nil {
		return nil, errUnknownField(f.Field)
	}
	if len(f.Values) == 0 {
		return nil, errBadValue(c, "criterion without a value")
	}
	args := make([]any, len(f.Values))
	for i, v := range f.Values {
		args[i] = filterArg(c, v)
	}
	n, v := c.name, args[0]
	orNull := func(p *entsql.Predicate) *entsql.Predicate { return entsql.Or(entsql.IsNull(n), p) }
	switch f.Op {
	case query.Equals:
		if c.multi {
			return s.has(c, v), nil
		}
		return entsql.EQ(n, v), nil
	case query.NotEquals:
		if c.multi {
			return orNull(entsql.Not(s.has(c, v))), nil
		}
		return orNull(entsql.NEQ(n, v)), nil
	case query.In:
		if c.multi {
			return s.hasAny(c, args), nil
		}
		return entsql.In(n, args...), nil
	case query.NotIn:
		if c.multi {
			return orNull(entsql.Not(s.hasAny(c, args))), nil
		}
		return orNull(entsql.NotIn(n, args...)), nil
	case query.Contains, query.DoesNotContain:
		text, ok := v.(string)
		if !ok || c.kind != kText {
			return nil, errBadValue(c, "contains needs text")
		}
		p := s.contains(mt, c, text, indexed)
		if f.Op == query.DoesNotContain {
			return orNull(entsql.Not(p)), nil
		}
		return p, nil
	case query.GreaterThan:
		return entsql.GT(n, v), nil
	case query.LessThan:
		return entsql.LT(n, v), nil
	case query.GreaterThanOrEqual:
		return entsql.GTE(n, v), nil
	case query.LessThanOrEqual:
		return entsql.LTE(n, v), nil
	case query.Specified:
		b, ok := v.(bool)
		if !ok {
			return nil, errBadValue(c, "specified needs true or false")
		}
		return specified(c, b), nil
	}
	return nil, errBadValue(c, fmt.Sprintf("unknown operator %q", f.Op))
}

// filterArg converts a criterion value to the column's stored form.
func filterArg(c *col, v any) any {
	if t, ok := v.(time.Time); ok {
		k := c.kind
		if k != kDate {
			k = kDateTime
		}
		return timeArg(k, t)
	}
	return v
}

// specified is "has a value": not NULL, and for text not empty, and for JSON
// not an empty list, object or string.
func specified(c *col, b bool) *entsql.Predicate {
	var empty []any
	switch c.kind {
	case kText:
		empty = []any{""}
	case kJSON:
		empty = []any{"", "[]", "{}", `""`, "null"}
	}
	if b {
		if empty == nil {
			return entsql.NotNull(c.name)
		}
		return entsql.And(entsql.NotNull(c.name), entsql.NotIn(c.name, empty...))
	}
	if empty == nil {
		return entsql.IsNull(c.name)
	}
	return entsql.Or(entsql.IsNull(c.name), entsql.In(c.name, empty...))
}

// has matches a JSON array column holding v: its canonical encoding (see
// encodeJSON) is [v], [v,…], […,v,…] or […,v].
func (s *Store) has(c *col, v any) *entsql.Predicate {
	b, _ := json.Marshal(v)
	e := string(b)
	return entsql.Or(
		entsql.EQ(c.name, "["+e+"]"),
		entsql.HasPrefix(c.name, "["+e+","),
		entsql.Contains(c.name, ","+e+","),
		entsql.HasSuffix(c.name, ","+e+"]"),
	)
}

func (s *Store) hasAny(c *col, vs []any) *entsql.Predicate {
	ps := make([]*entsql.Predicate, len(vs))
	for i, v := range vs {
		ps[i] = s.has(c, v)
	}
	return entsql.Or(ps...)
}
