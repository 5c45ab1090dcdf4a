package entschema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// OperationLog is one write request as the operation-log middleware saw
// it: who, what path and method, from where, the parameters, the outcome
// (HTTP status, message, error) and how long it took in milliseconds. Like
// the login log it has no foreign keys.
type OperationLog struct{ ent.Schema }

// Annotations of the OperationLog.
func (OperationLog) Annotations() []schema.Annotation {
	return []schema.Annotation{entsql.Annotation{Table: "xz_operation_log"}}
}

// Mixin of the OperationLog.
func (OperationLog) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

// Fields of the OperationLog.
func (OperationLog) Fields() []ent.Field {
	return []ent.Field{
		field.Int64("tenant_id").Immutable(),
		field.Int64("user_id").Optional().Nillable().Immutable(),
		field.String("username").MaxRuneLen(100).Default("").Immutable(),
		field.String("uri").MaxRuneLen(2000).Immutable(),
		field.String("method").MaxRuneLen(10).Immutable(),
		field.String("ip").MaxRuneLen(64).Default("").Immutable(),
		field.Time("time").Default(time.Now).Immutable(),
		field.Text("params").Optional().Immutable(),
		field.String("message").MaxRuneLen(500).Default("").Immutable(),
		field.Text("error").Optional().Immutable(),
		field.Int("status").Immutable(),
		field.Int64("duration").Default(0).Immutable(),
	}
}

// Indexes of the OperationLog.
func (OperationLog) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("tenant_id", "time"),
		index.Fields("tenant_id", "username"),
	}
}
