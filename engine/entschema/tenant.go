package entschema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
)

// Tenant is one installation-level tenant: a county or an independent
// deployment sharing the database. Every module row carries its id.
type Tenant struct{ ent.Schema }

// Annotations of the Tenant.
func (Tenant) Annotations() []schema.Annotation {
	return []schema.Annotation{entsql.Annotation{Table: "xz_tenant"}}
}

// Mixin of the Tenant.
func (Tenant) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}, TimeMixin{}} }

// Fields of the Tenant.
func (Tenant) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").MaxRuneLen(100).NotEmpty(),
		field.String("code").MaxRuneLen(50).NotEmpty().Unique(),
		field.Bool("disabled").Default(false),
	}
}
