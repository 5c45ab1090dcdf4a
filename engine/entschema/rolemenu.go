package entschema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// RoleMenu grants a menu to a role on one terminal (web, mini program 0,
// app 1). The terminal repeats the menu's so the per-terminal role editor
// reads and replaces one terminal's grants without a join.
type RoleMenu struct{ ent.Schema }

// Annotations of the RoleMenu.
func (RoleMenu) Annotations() []schema.Annotation {
	return []schema.Annotation{
		entsql.Annotation{Table: "xz_role_menu"},
		field.ID("role_id", "menu_id"),
	}
}

// Fields of the RoleMenu.
func (RoleMenu) Fields() []ent.Field {
	return []ent.Field{
		field.Int64("role_id"),
		field.Int64("menu_id"),
		field.Enum("terminal").Values(Terminals...).Default("web"),
	}
}

// Edges of the RoleMenu.
func (RoleMenu) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("role", Role.Type).Field("role_id").Unique().Required().
			Annotations(entsql.OnDelete(entsql.Cascade)),
		edge.To("menu", Menu.Type).Field("menu_id").Unique().Required().
			Annotations(entsql.OnDelete(entsql.Cascade)),
	}
}

// Indexes of the RoleMenu.
func (RoleMenu) Indexes() []ent.Index {
	return []ent.Index{index.Fields("menu_id"), index.Fields("role_id", "terminal")}
}
