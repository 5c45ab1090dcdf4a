package entschema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Menu is one node of a menu tree. One table holds the three trees (web,
// mini program, app), told apart by terminal: a web node uses url, address
// and choose; an app or mini-program node uses path and an image icon.
// Menus are installation-wide (the screens and modules they point to are);
// roles, which are per tenant, choose among them. A node's permission_code
// is what a role holding it may do; button nodes carry the button codes.
// parent_id 0 means a first-level node (the root 0 has no row).
type Menu struct{ ent.Schema }

// Annotations of the Menu.
func (Menu) Annotations() []schema.Annotation {
	return []schema.Annotation{entsql.Annotation{Table: "xz_menu"}}
}

// Mixin of the Menu.
func (Menu) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}, TimeMixin{}} }

// Fields of the Menu.
func (Menu) Fields() []ent.Field {
	return []ent.Field{
		field.Int64("parent_id").Default(0),
		field.Int("orderby").Default(0),
		field.Enum("type").NamedValues(
			"Menu1", "menu1", // first level
			"Menu2", "menu2", // second level without a third
			"Menu2Sp", "menu2-sp", // second level with a third
			"Menu3Sp", "menu3-sp", // third level with a fourth
			"Menu3", "menu3",
			"Page", "page", // a route that is not in the menu
			"Button", "button",
		),
		field.String("title").MaxRuneLen(50).NotEmpty(),
		// icon is an icon name (web) or an image URL (app, mini program).
		field.String("icon").MaxRuneLen(1000).Default(""),
		field.String("name").MaxRuneLen(100).Default(""),
		field.String("url").MaxRuneLen(255).Default(""),
		field.String("path").MaxRuneLen(255).Default(""),
		field.String("component").MaxRuneLen(100).Default(""),
		field.String("permission_code").MaxRuneLen(100).Default(""),
		field.String("address").MaxRuneLen(500).Default(""),
		// choose is the specification's "external jump" switch.
		field.Bool("choose").Default(false),
		field.Enum("terminal").Values(Terminals...).Default("web"),
		// module is the schema module a generated menu belongs to.
		field.String("module").MaxRuneLen(100).Default(""),
		// system marks the menus the bootstrap creates for the built-in screens.
		field.Bool("system").Default(false),
		// key identifies a menu the server created (system screens and
		// generated module menus) so it can be found again and updated; a
		// menu an administrator creates has none.
		field.String("key").MaxRuneLen(200).Optional().Nillable().Unique(),
	}
}

// Edges of the Menu.
func (Menu) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("roles", Role.Type).Ref("menus").Through("role_menus", RoleMenu.Type),
	}
}

// Indexes of the Menu.
func (Menu) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("terminal", "parent_id"),
		index.Fields("module"),
		index.Fields("permission_code"),
	}
}
