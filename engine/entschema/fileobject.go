package entschema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// FileObject is one uploaded file: who uploaded it in which tenant, what it
// was called on the uploader's machine, where the server stored it (key, a
// name the server generated) and what its content is (size, SHA-256, the
// content type detected from its bytes). delete_at, when set, is the time
// the cleanup job removes the object and the row. owner_id carries no
// foreign key, so files outlive the accounts that uploaded them.
type FileObject struct{ ent.Schema }

// Annotations of the FileObject.
func (FileObject) Annotations() []schema.Annotation {
	return []schema.Annotation{entsql.Annotation{Table: "xz_file_object"}}
}

// Mixin of the FileObject.
func (FileObject) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{}, TenantMixin{}, TimeMixin{}}
}

// Fields of the FileObject.
func (FileObject) Fields() []ent.Field {
	return []ent.Field{
		field.Int64("owner_id").Immutable(),
		field.String("business_type").MaxRuneLen(64).Default("").Immutable(),
		field.String("original_name").MaxRuneLen(255).Default("").Immutable(),
		field.String("key").MaxRuneLen(255).NotEmpty().Unique().Immutable(),
		field.Int64("size").NonNegative().Immutable(),
		field.String("sha256").MaxRuneLen(64).Immutable(),
		field.String("content_type").MaxRuneLen(100).Immutable(),
		field.Time("delete_at").Optional().Nillable(),
	}
}

// Indexes of the FileObject.
func (FileObject) Indexes() []ent.Index {
	return []ent.Index{index.Fields("tenant_id", "owner_id"), index.Fields("delete_at")}
}
