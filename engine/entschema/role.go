package entschema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Role is a named set of menus (and so of permission codes) of a tenant,
// with the data scope its holders get. The role flagged system is the
// tenant's 超级管理员: it holds every code, including codes registered later.
type Role struct{ ent.Schema }

// Annotations of the Role.
func (Role) Annotations() []schema.Annotation {
	return []schema.Annotation{entsql.Annotation{Table: "xz_role"}}
}

// Mixin of the Role.
func (Role) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{}, TenantMixin{}, TimeMixin{}}
}

// Fields of the Role.
func (Role) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").MaxRuneLen(50).NotEmpty(),
		// role_extent is the specification's roleExtent (extension attribute).
		field.String("role_extent").MaxRuneLen(50).Default(""),
		field.Int64("parent_id").Default(0),
		field.String("icon").MaxRuneLen(100).Default(""),
		field.Enum("data_scope").Values(DataScopes...).Default("subtree"),
		field.Bool("system").Default(false),
		// require_totp makes every holder of the role sign in with a
		// two-factor code; one without it enrols right after the password.
		field.Bool("require_totp").Default(false),
	}
}

// Edges of the Role.
func (Role) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("users", User.Type).Ref("roles").Through("user_roles", UserRole.Type),
		edge.To("menus", Menu.Type).Through("role_menus", RoleMenu.Type),
	}
}

// Indexes of the Role.
func (Role) Indexes() []ent.Index {
	return []ent.Index{index.Fields("tenant_id", "name").Unique()}
}
