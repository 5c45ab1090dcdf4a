// Package entschema holds the ent schema definitions of the core (system)
// tables. `go tool task generate` turns them into the client in
// generated/ent; business modules are not here: they are YAML files served by
// the generic engine.
//
// Conventions: every table is named xz_<entity>; every id is a 64-bit
// integer (IDMixin), matching the int64 ids of engine/store; tenant-owned
// tables carry tenant_id with a foreign key to xz_tenant (TenantMixin);
// created_at/updated_at come from TimeMixin. Link tables (user↔role,
// role↔menu, user↔org, work group↔user, work group↔org) are ent edge
// schemas with a composite primary key and cascade with both ends.
package entschema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"entgo.io/ent/schema/mixin"
)

// TimeMixin adds created_at and updated_at to a core table.
type TimeMixin struct{ mixin.Schema }

// Fields of the TimeMixin.
func (TimeMixin) Fields() []ent.Field {
	return []ent.Field{
		field.Time("created_at").Default(time.Now).Immutable(),
		field.Time("updated_at").Default(time.Now).UpdateDefault(time.Now),
	}
}

// IDMixin makes the primary key a 64-bit integer, the id type the rest of
// the engine (store.Scope, module rows) uses.
type IDMixin struct{ mixin.Schema }

// Fields of the IDMixin.
func (IDMixin) Fields() []ent.Field {
	return []ent.Field{field.Int64("id")}
}

// TenantMixin adds tenant_id, a required, immutable reference to the tenant
// that owns the row, and an index on it.
type TenantMixin struct{ mixin.Schema }

// Fields of the TenantMixin.
func (TenantMixin) Fields() []ent.Field {
	return []ent.Field{field.Int64("tenant_id").Immutable()}
}

// Edges of the TenantMixin.
func (TenantMixin) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("tenant", Tenant.Type).Field("tenant_id").Unique().Required().Immutable(),
	}
}

// Indexes of the TenantMixin.
func (TenantMixin) Indexes() []ent.Index {
	return []ent.Index{index.Fields("tenant_id")}
}

// DataScopes are the data-scope modes a role (or a user override) may
// choose, widest first; they map onto store.ScopeAll … store.ScopeOwn.
var DataScopes = []string{"all", "subtree", "org", "own"}

// Terminals are the menu terminals: the web console, the mini program
// (terminalType 0 in the API) and the mobile app (terminalType 1).
var Terminals = []string{"web", "mini", "app"}
