package entschema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// User is one account of a tenant: the specification's UserDetail (its id
// serves as both id and userId; did is the same row) plus the login state.
// roleIds/roleNames come from the user_roles link, the organisations from
// user_orgs; org_id is the primary organisation that decides the data scope.
type User struct{ ent.Schema }

// Annotations of the User.
func (User) Annotations() []schema.Annotation {
	return []schema.Annotation{entsql.Annotation{Table: "xz_user"}}
}

// Mixin of the User.
func (User) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{}, TenantMixin{}, TimeMixin{}}
}

// Fields of the User.
func (User) Fields() []ent.Field {
	return []ent.Field{
		// username is unique per tenant (see Indexes); the console allows 20.
		field.String("username").MaxRuneLen(50).NotEmpty(),
		field.String("family_name").MaxRuneLen(50).Default(""),
		field.String("name").MaxRuneLen(50).Default(""),
		// mobile is checked for uniqueness by the API (an empty mobile is
		// allowed many times), so the index is not unique.
		field.String("mobile").MaxRuneLen(20).Default(""),
		field.String("email").MaxRuneLen(100).Default(""),
		// img_path is the avatar as a data URL (up to 256000 characters).
		field.Text("img_path").Optional(),
		field.Time("last_login").Optional().Nillable(),
		field.String("disc_title").MaxRuneLen(100).Default(""),
		field.String("disc_detail").MaxRuneLen(1000).Default(""),
		field.Time("register_time").Default(time.Now),
		// password_hash is an argon2id PHC string or a bcrypt hash.
		field.String("password_hash").MaxRuneLen(255).Sensitive(),
		field.Time("password_changed_at").Optional().Nillable(),
		// must_change_password is set for an initial password (created by an
		// administrator or the bootstrap) and for one that breaks the policy.
		field.Bool("must_change_password").Default(false),
		// locked is an administrator's lock: the account signs in again
		// only after an administrator unlocks it. Failed passwords never
		// lock an account; they slow it down (throttle_since, login log).
		field.Bool("locked").Default(false),
		// throttle_since is when the account's failure count last started
		// afresh (a successful sign-in, an administrator's unlock): failed
		// attempts logged before it no longer slow the account down.
		field.Time("throttle_since").Optional().Nillable(),
		// totp_secret is the two-factor secret, AES-GCM sealed with a key
		// derived from the installation's signing key; totp_enabled says it
		// was confirmed with a code (until then it is a pending enrolment).
		field.String("totp_secret").MaxRuneLen(255).Optional().Sensitive(),
		field.Bool("totp_enabled").Default(false),
		// totp_last_step is the time step of the last accepted code, so a
		// code is accepted once.
		field.Int64("totp_last_step").Default(0),
		// totp_recovery holds the SHA-256 hashes (hex, comma-separated) of
		// the unused recovery codes.
		field.Text("totp_recovery").Optional().Sensitive(),
		field.Bool("disabled").Default(false),
		// platform_admin lets the user call the platform administration
		// (tenants). Only the command line and the first start set it: no
		// API writes it, so no tenant role can grant it (docs/tenants.md).
		field.Bool("platform_admin").Default(false),
		field.Int64("org_id").Optional().Nillable(),
		// data_scope, when set, overrides the scope the user's roles give.
		field.Enum("data_scope").Values(DataScopes...).Optional().Nillable(),
	}
}

// Edges of the User.
func (User) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("org", Org.Type).Field("org_id").Unique(),
		edge.To("roles", Role.Type).Through("user_roles", UserRole.Type),
		edge.To("orgs", Org.Type).Through("user_orgs", UserOrg.Type),
		edge.From("work_groups", WorkGroup.Type).Ref("users").
			Through("work_group_users", WorkGroupUser.Type),
		edge.To("sessions", Session.Type).Annotations(entsql.OnDelete(entsql.Cascade)),
	}
}

// Indexes of the User.
func (User) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("tenant_id", "username").Unique(),
		index.Fields("tenant_id", "mobile"),
		index.Fields("org_id"),
	}
}
