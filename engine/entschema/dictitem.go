package entschema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// DictItem is one entry of a code table: the stored value (as text), the
// label shown, the sort order and an optional tag colour.
type DictItem struct{ ent.Schema }

// Annotations of the DictItem.
func (DictItem) Annotations() []schema.Annotation {
	return []schema.Annotation{entsql.Annotation{Table: "xz_dict_item"}}
}

// Mixin of the DictItem.
func (DictItem) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}, TimeMixin{}} }

// Fields of the DictItem.
func (DictItem) Fields() []ent.Field {
	return []ent.Field{
		field.Int64("dict_id"),
		field.String("value").MaxRuneLen(100),
		field.String("label").MaxRuneLen(100).NotEmpty(),
		field.Int("sort").Default(0),
		field.String("color").MaxRuneLen(20).Default(""),
	}
}

// Edges of the DictItem.
func (DictItem) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("dict", Dict.Type).Ref("items").Field("dict_id").Unique().Required(),
	}
}

// Indexes of the DictItem.
func (DictItem) Indexes() []ent.Index {
	return []ent.Index{index.Fields("dict_id", "value").Unique()}
}
