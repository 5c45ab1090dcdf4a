package entschema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Message is one message to one user of a tenant: an announcement, a
// status change of a record the user created, a record assigned to them.
// seq numbers each recipient's messages 1, 2, 3… in the order they were
// stored (unique per recipient), so a socket that reconnects asks for
// exactly those after the last one it saw. module and record_id link to
// the record the message is about; audience_path, set on announcements to
// an organisation subtree, is the subtree's path, checked again when the
// message is delivered. recipient_id carries no foreign key: messages are
// removed with their tenant, not with the account.
type Message struct{ ent.Schema }

// Annotations of the Message.
func (Message) Annotations() []schema.Annotation {
	return []schema.Annotation{entsql.Annotation{Table: "xz_message"}}
}

// Mixin of the Message.
func (Message) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{}, TenantMixin{}, TimeMixin{}}
}

// Fields of the Message.
func (Message) Fields() []ent.Field {
	return []ent.Field{
		field.Int64("recipient_id").Immutable(),
		field.Int64("seq").Positive().Immutable(),
		field.Enum("kind").Values("notice", "status", "assign", "task", "direct").Immutable(),
		field.String("title").MaxRuneLen(100).NotEmpty().Immutable(),
		field.String("body").MaxRuneLen(2000).Default("").Immutable(),
		field.Int64("sender_id").Default(0).Immutable(),
		field.String("module").MaxRuneLen(64).Default("").Immutable(),
		field.Int64("record_id").Default(0).Immutable(),
		field.Int64("task_id").Default(0).Immutable(),
		field.String("audience_path").MaxRuneLen(255).Default("").Immutable(),
		field.Time("read_at").Optional().Nillable(),
	}
}

// Indexes of the Message.
func (Message) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("recipient_id", "seq").Unique(),
		index.Fields("recipient_id", "read_at"),
	}
}
