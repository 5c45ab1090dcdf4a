package entschema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
)

// Setting is one installation-wide key/value pair: generated secrets (the
// token signing key, the RSA login key), the installation id, and options an
// administrator changes at run time.
type Setting struct{ ent.Schema }

// Annotations of the Setting.
func (Setting) Annotations() []schema.Annotation {
	return []schema.Annotation{entsql.Annotation{Table: "xz_setting"}}
}

// Mixin of the Setting.
func (Setting) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}, TimeMixin{}} }

// Fields of the Setting.
func (Setting) Fields() []ent.Field {
	return []ent.Field{
		field.String("key").MaxRuneLen(100).NotEmpty().Unique(),
		field.Text("value").Sensitive(),
	}
}
