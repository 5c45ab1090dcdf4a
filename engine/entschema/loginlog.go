package entschema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// LoginLog is one login attempt, successful or not. It keeps the name as
// typed and no foreign keys, so history outlives users and tenants.
// status is 1 for a successful login, 0 for a refused one and 2 for an
// attempt refused unchecked because its account or address was throttled.
type LoginLog struct{ ent.Schema }

// Annotations of the LoginLog.
func (LoginLog) Annotations() []schema.Annotation {
	return []schema.Annotation{entsql.Annotation{Table: "xz_login_log"}}
}

// Mixin of the LoginLog.
func (LoginLog) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

// Fields of the LoginLog.
func (LoginLog) Fields() []ent.Field {
	return []ent.Field{
		field.Int64("tenant_id").Immutable(),
		field.Int64("user_id").Optional().Nillable().Immutable(),
		field.String("user_name").MaxRuneLen(100).Immutable(),
		field.String("ip").MaxRuneLen(64).Default("").Immutable(),
		field.String("user_agent").MaxRuneLen(500).Default("").Immutable(),
		field.Time("time").Default(time.Now).Immutable(),
		field.String("message").MaxRuneLen(255).Default("").Immutable(),
		field.Int("status").Immutable(),
	}
}

// Indexes of the LoginLog.
func (LoginLog) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("tenant_id", "time"),
		index.Fields("tenant_id", "user_name"),
		// the throttle counts an address's recent failures.
		index.Fields("ip", "time"),
	}
}
