package entschema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Org is one organisation of a tenant's tree (county → township →
// village). The specification's virtual root has id 0 and no row: a
// first-level organisation has parent_id 0, and no real row ever has id 0.
// path is materialised as "/<ancestor ids>/<id>/" (e.g. "/1/5/17/"), so a
// subtree is every row whose path starts with its root's path; level is 1
// for a first-level organisation. A description of 村 marks a village leaf.
type Org struct{ ent.Schema }

// Annotations of the Org.
func (Org) Annotations() []schema.Annotation {
	return []schema.Annotation{entsql.Annotation{Table: "xz_org"}}
}

// Mixin of the Org.
func (Org) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{}, TenantMixin{}, TimeMixin{}}
}

// Fields of the Org.
func (Org) Fields() []ent.Field {
	return []ent.Field{
		field.String("org_name").MaxRuneLen(100).NotEmpty(),
		field.String("description").MaxRuneLen(255).Default(""),
		field.Int64("parent_id").Default(0),
		field.Int("orderby").Default(0),
		field.String("path").MaxRuneLen(255).Default(""),
		field.Int("level").Default(1),
	}
}

// Edges of the Org.
func (Org) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("users", User.Type).Ref("orgs").Through("user_orgs", UserOrg.Type),
		edge.From("work_groups", WorkGroup.Type).Ref("orgs").
			Through("work_group_orgs", WorkGroupOrg.Type),
	}
}

// Indexes of the Org.
func (Org) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("tenant_id", "parent_id", "orderby"),
		index.Fields("tenant_id", "path"),
	}
}
