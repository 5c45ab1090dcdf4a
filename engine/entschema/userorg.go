package entschema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// UserOrg makes a user a member of an organisation (the specification's
// cscpUserOrgDTOs). The primary organisation is also user.org_id.
type UserOrg struct{ ent.Schema }

// Annotations of the UserOrg.
func (UserOrg) Annotations() []schema.Annotation {
	return []schema.Annotation{
		entsql.Annotation{Table: "xz_user_org"},
		field.ID("user_id", "org_id"),
	}
}

// Fields of the UserOrg.
func (UserOrg) Fields() []ent.Field {
	return []ent.Field{field.Int64("user_id"), field.Int64("org_id")}
}

// Edges of the UserOrg.
func (UserOrg) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("user", User.Type).Field("user_id").Unique().Required().
			Annotations(entsql.OnDelete(entsql.Cascade)),
		edge.To("org", Org.Type).Field("org_id").Unique().Required().
			Annotations(entsql.OnDelete(entsql.Cascade)),
	}
}

// Indexes of the UserOrg.
func (UserOrg) Indexes() []ent.Index {
	return []ent.Index{index.Fields("org_id")}
}
