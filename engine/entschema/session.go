package entschema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Session is the server side of one issued token, keyed by the token's jti.
// A token is honoured only while its session is neither revoked (logout,
// password change, an administrator) nor expired.
type Session struct{ ent.Schema }

// Annotations of the Session.
func (Session) Annotations() []schema.Annotation {
	return []schema.Annotation{entsql.Annotation{Table: "xz_session"}}
}

// Mixin of the Session.
func (Session) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{}, TenantMixin{}, TimeMixin{}}
}

// Fields of the Session.
func (Session) Fields() []ent.Field {
	return []ent.Field{
		field.String("jti").MaxRuneLen(64).NotEmpty().Unique().Immutable(),
		field.Int64("user_id").Immutable(),
		field.Time("expires_at"),
		field.Time("revoked_at").Optional().Nillable(),
		field.String("ip").MaxRuneLen(64).Default(""),
		field.String("user_agent").MaxRuneLen(500).Default(""),
	}
}

// Edges of the Session.
func (Session) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("user", User.Type).Ref("sessions").Field("user_id").
			Unique().Required().Immutable(),
	}
}

// Indexes of the Session.
func (Session) Indexes() []ent.Index {
	return []ent.Index{index.Fields("user_id"), index.Fields("expires_at")}
}
