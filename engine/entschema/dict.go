package entschema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
)

// Dict is one code table (dictionary): a type key and a title. Like menus
// it is installation-wide, because module schemas refer to dictionaries by
// type; _dicts.yaml seeds it and /api/sysdict edits it.
type Dict struct{ ent.Schema }

// Annotations of the Dict.
func (Dict) Annotations() []schema.Annotation {
	return []schema.Annotation{entsql.Annotation{Table: "xz_dict"}}
}

// Mixin of the Dict.
func (Dict) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}, TimeMixin{}} }

// Fields of the Dict.
func (Dict) Fields() []ent.Field {
	return []ent.Field{
		field.String("type").MaxRuneLen(100).NotEmpty().Unique(),
		field.String("title").MaxRuneLen(100).Default(""),
	}
}

// Edges of the Dict.
func (Dict) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("items", DictItem.Type).Annotations(entsql.OnDelete(entsql.Cascade)),
	}
}
