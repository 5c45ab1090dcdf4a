package entschema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// WorkGroupUser makes a user a member of a work group (userDetail[].userId).
type WorkGroupUser struct{ ent.Schema }

// Annotations of the WorkGroupUser.
func (WorkGroupUser) Annotations() []schema.Annotation {
	return []schema.Annotation{
		entsql.Annotation{Table: "xz_work_group_user"},
		field.ID("work_group_id", "user_id"),
	}
}

// Fields of the WorkGroupUser.
func (WorkGroupUser) Fields() []ent.Field {
	return []ent.Field{field.Int64("work_group_id"), field.Int64("user_id")}
}

// Edges of the WorkGroupUser.
func (WorkGroupUser) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("work_group", WorkGroup.Type).Field("work_group_id").Unique().Required().
			Annotations(entsql.OnDelete(entsql.Cascade)),
		edge.To("user", User.Type).Field("user_id").Unique().Required().
			Annotations(entsql.OnDelete(entsql.Cascade)),
	}
}

// Indexes of the WorkGroupUser.
func (WorkGroupUser) Indexes() []ent.Index {
	return []ent.Index{index.Fields("user_id")}
}
