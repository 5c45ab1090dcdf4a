package store

import (
	"crypto/sha256"
	"encoding/hex"
	"sync"

	"xiangzhi/engine/schema"
)

// kind is how a column's values are stored and read back.
type kind int

const (
	kText     kind = iota // varchar or text: string
	kInt                  // bigint or int: int64
	kFloat                // numeric: float64
	kBool                 // boolean: bool
	kDate                 // DATE: "2006-01-02"
	kDateTime             // timestamp/datetime, wall clock in time.Local: "2006-01-02 15:04:05"
	kJSON                 // text holding JSON: decoded value
)

// Column names of the common columns.
const (
	colID        = "id"
	colTenant    = "tenant_id"
	colOrg       = "org_id"
	colOrgPath   = "org_path"
	colCreatedBy = "created_by"
	colCreatedAt = "created_at"
	colUpdatedBy = "updated_by"
	colUpdatedAt = "updated_at"
	colDeletedAt = "deleted_at"
	colVersion   = "version"
)

// col is one column a record key maps to.
type col struct {
	api   string        // record key: id, orgId, a field name
	name  string        // SQL column, from the schema only
	kind  kind          //
	multi bool          // a JSON array of choices (multiple enum or ref)
	field *schema.Field // the declared field; nil for common columns
}

// child is a children field and the table holding its rows.
type child struct {
	field *schema.Field
	table string
	cols  []*col // the child's own fields (id, parent_id, tenant_id, sort_no aside)
}

// meta is everything the store derives from a module: table names and the
// columns a record maps to. It is built once per *schema.Module, so modules
// must not be changed after they are handed to the store (a reloaded module
// is a new value).
type meta struct {
	m        *schema.Module
	table    string
	cols     []*col   // the record's columns: common ones, the fields, the status
	keys     []string // the api names of cols, in their order (Table.Keys)
	byAPI    map[string]*col
	byCol    map[string]*col
	children []child
	unique   []*col
	auto     []*col   // auto-numbered fields (schema.Field.AutoNumber)
	status   *col     // nil without a status
	sqls     sqlTexts // statements built once per shape (sqltext.go)
}

// metaCache keeps one meta per module name: a reloaded module (a new
// *schema.Module under the same name) replaces the old one, so the cache
// is bounded by the number of modules.
type metaCache struct {
	mu     sync.RWMutex
	byName map[string]*meta
}

// metaOf returns the module's meta, building it on first use.
func (s *Store) metaOf(m *schema.Module) *meta {
	s.metas.mu.RLock()
	mt := s.metas.byName[m.Name]
	s.metas.mu.RUnlock()
	if mt != nil && mt.m == m {
		return mt
	}
	mt = buildMeta(m)
	s.metas.mu.Lock()
	if s.metas.byName == nil {
		s.metas.byName = map[string]*meta{}
	}
	s.metas.byName[m.Name] = mt
	s.metas.mu.Unlock()
	return mt
}

func buildMeta(m *schema.Module) *meta {
	mt := &meta{m: m, table: ident(m.TableName()), byAPI: map[string]*col{}, byCol: map[string]*col{}}
	add := func(c *col) {
		mt.cols = append(mt.cols, c)
		mt.byAPI[c.api] = c
		mt.byCol[c.name] = c
	}
	for _, c := range []struct {
		api, name string
		k         kind
	}{
		{"id", colID, kInt}, {"orgId", colOrg, kInt},
		{"createdBy", colCreatedBy, kInt}, {"createdAt", colCreatedAt, kDateTime},
		{"updatedBy", colUpdatedBy, kInt}, {"updatedAt", colUpdatedAt, kDateTime},
		{"version", colVersion, kInt},
	} {
		add(&col{api: c.api, name: c.name, kind: c.k})
	}
	for i := range m.Fields {
		f := &m.Fields[i]
		if !f.Stored() {
			mt.children = append(mt.children, child{field: f, table: ident(m.ChildTableName(f)), cols: fieldCols(f.Fields)})
			continue
		}
		c := fieldCol(f)
		add(c)
		if f.Unique {
			mt.unique = append(mt.unique, c)
		}
		if f.AutoNumber != "" {
			mt.auto = append(mt.auto, c)
		}
	}
	if st := m.Status; st != nil {
		mt.status = &col{api: st.Field, name: schema.SnakeCase(st.Field), kind: kInt}
		add(mt.status)
	}
	for _, c := range mt.cols {
		mt.keys = append(mt.keys, c.api)
	}
	return mt
}

func fieldCols(fs []schema.Field) []*col {
	out := make([]*col, 0, len(fs))
	for i := range fs {
		if fs[i].Stored() {
			out = append(out, fieldCol(&fs[i]))
		}
	}
	return out
}

// fieldCol maps a declared field to its column.
func fieldCol(f *schema.Field) *col {
	c := &col{api: f.Name, name: f.Column(), field: f}
	switch f.Type {
	case schema.TypeString, schema.TypeText, schema.TypeRichText, schema.TypeIDCard,
		schema.TypeMobile, schema.TypeEmail:
		c.kind = kText
	case schema.TypeInt:
		c.kind = kInt
	case schema.TypeDecimal:
		c.kind = kFloat
	case schema.TypeBool:
		c.kind = kBool
	case schema.TypeDate:
		c.kind = kDate
	case schema.TypeDateTime:
		c.kind = kDateTime
	case schema.TypeEnum:
		switch {
		case f.Multiple:
			c.kind, c.multi = kJSON, true
		case f.IntEnum():
			c.kind = kInt
		default:
			c.kind = kText
		}
	case schema.TypeRef:
		if f.Multiple {
			c.kind, c.multi = kJSON, true
		} else {
			c.kind = kInt
		}
	default: // image(s), file(s), video, geo, json
		c.kind = kJSON
	}
	return c
}

// maxIdent is the longest identifier every dialect accepts (PostgreSQL: 63).
const maxIdent = 63

// ident shortens a table or index name that is too long for PostgreSQL or
// MySQL, deterministically: a prefix and a hash of the whole name.
func ident(name string) string {
	if len(name) <= maxIdent {
		return name
	}
	sum := sha256.Sum256([]byte(name))
	return name[:maxIdent-13] + "_" + hex.EncodeToString(sum[:6])
}
