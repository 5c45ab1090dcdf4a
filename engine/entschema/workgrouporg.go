package entschema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// WorkGroupOrg links a work group to an organisation it serves (the
// specification's cscpWorkGroupOrgDTOs).
type WorkGroupOrg struct{ ent.Schema }

// Annotations of the WorkGroupOrg.
func (WorkGroupOrg) Annotations() []schema.Annotation {
	return []schema.Annotation{
		entsql.Annotation{Table: "xz_work_group_org"},
		field.ID("work_group_id", "org_id"),
	}
}

// Fields of the WorkGroupOrg.
func (WorkGroupOrg) Fields() []ent.Field {
	return []ent.Field{field.Int64("work_group_id"), field.Int64("org_id")}
}

// Edges of the WorkGroupOrg.
func (WorkGroupOrg) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("work_group", WorkGroup.Type).Field("work_group_id").Unique().Required().
			Annotations(entsql.OnDelete(entsql.Cascade)),
		edge.To("org", Org.Type).Field("org_id").Unique().Required().
			Annotations(entsql.OnDelete(entsql.Cascade)),
	}
}

// Indexes of the WorkGroupOrg.
func (WorkGroupOrg) Indexes() []ent.Index {
	return []ent.Index{index.Fields("org_id")}
}
