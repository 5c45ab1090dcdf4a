package entschema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// WorkGroup is a named group of users of a tenant, owned by an
// organisation and linked to the organisations it serves.
type WorkGroup struct{ ent.Schema }

// Annotations of the WorkGroup.
func (WorkGroup) Annotations() []schema.Annotation {
	return []schema.Annotation{entsql.Annotation{Table: "xz_work_group"}}
}

// Mixin of the WorkGroup.
func (WorkGroup) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{}, TenantMixin{}, TimeMixin{}}
}

// Fields of the WorkGroup.
func (WorkGroup) Fields() []ent.Field {
	return []ent.Field{
		field.String("group_name").MaxRuneLen(100).NotEmpty(),
		field.String("description").MaxRuneLen(500).Default(""),
		field.Int64("org_id").Optional().Nillable(),
	}
}

// Edges of the WorkGroup.
func (WorkGroup) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("org", Org.Type).Field("org_id").Unique(),
		edge.To("users", User.Type).Through("work_group_users", WorkGroupUser.Type),
		edge.To("orgs", Org.Type).Through("work_group_orgs", WorkGroupOrg.Type),
	}
}

// Indexes of the WorkGroup.
func (WorkGroup) Indexes() []ent.Index {
	return []ent.Index{index.Fields("org_id")}
}
