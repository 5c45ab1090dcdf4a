// Package store keeps module records in SQL tables: it migrates a table per
// module with ent's schema migrator and runs every query through ent's
// dialect/sql builder, with column names taken only from the module schema and
// values always passed as parameters. It works on SQLite, PostgreSQL and
// MySQL/MariaDB.
package store

import (
	"context"
	"database/sql"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/singleflight"

	"xiangzhi/engine/msg"
)

// Record is one module row as the API sees it: camelCase keys for the
// module's fields and the common ones (id, orgId, createdBy, createdAt,
// updatedBy, updatedAt, version); children fields hold []Record.
type Record = map[string]any

// ScopeMode says which rows a viewer may reach.
type ScopeMode int

// The data-scope modes, widest first.
const (
	ScopeAll     ScopeMode = iota // every row of the tenant
	ScopeSubtree                  // rows whose org_path starts with the viewer's
	ScopeOrg                      // rows of the viewer's organisation only
	ScopeOwn                      // rows the viewer created
)

// Scope is who is asking: the tenant, the user and their organisation, and
// the data-scope mode. Every store call takes one; the predicates it implies
// go into every query.
type Scope struct {
	TenantID int64
	UserID   int64
	OrgID    int64
	OrgPath  string
	Mode     ScopeMode
	// Up also reaches the rows of the organisations above the viewer's (the
	// ancestors on OrgPath) in the subtree and org modes: reading reference
	// data the levels above keep (schema.Module.ShareDown). Writes never set it.
	Up bool
}

// Page is one page of a list and the exact total of matching rows.
type Page struct {
	Rows  []Record
	Total int64
}

// Transition is one entry of a record's status history.
type Transition struct {
	ID      int64  `json:"id"`
	Action  string `json:"action"`
	From    int    `json:"from"`
	To      int    `json:"to"`
	Step    string `json:"step,omitempty"` // the workflow step, for a workflow's entries
	Comment string `json:"comment"`
	UserID  int64  `json:"userId"`
	// UserName is the user's display name, filled by the module API
	// (empty when unknown).
	UserName  string    `json:"userName,omitempty"`
	CreatedAt time.Time `json:"createdAt"`
}

// Bucket is one group of a stats answer.
type Bucket struct {
	Key   any    `json:"key"`
	Label string `json:"label"`
	Count int64  `json:"count"`
	// Value is the measure: the count, or the sum, average, minimum or
	// maximum of the measured field (nil when no row has a value).
	Value *float64 `json:"value"`
	// Sub are the groups of the second grouping within this one.
	Sub []Bucket `json:"sub,omitempty"`
}

// Errors the store returns; each carries its HTTP status and Chinese message
// (HTTPStatus and PublicMessage), and compares with errors.Is.
var (
	// ErrNotFound is a record that does not exist, is soft-deleted, belongs to
	// another tenant or lies outside the viewer's data scope (404).
	ErrNotFound error = &publicError{"record not found", http.StatusNotFound, msg.NotFound}
	// ErrStale is an update whose version no longer matches (409).
	ErrStale error = &publicError{"record changed since it was read", http.StatusConflict, msg.Stale}
	// ErrOutOfScope is a write that would put a record in an organisation
	// outside the viewer's data scope (403).
	ErrOutOfScope error = &publicError{"organisation outside the data scope", http.StatusForbidden, msg.OutOfScope}
)

// Store is the SQL store of module records. It is safe for concurrent use.
type Store struct {
	db      *sql.DB // every read, and what DB returns
	w       *sql.DB // write transactions: one connection on SQLite, db elsewhere
	dialect string
	counts  *countCache
	// statsCache keeps statistics with the write sequence they were taken at.
	statsCache *seqCache[string, []Bucket]
	// statsParts keeps each statistic's rows per organisation with the
	// organisation write sequences they were taken at (orgseq.go).
	statsParts *seqCache[string, *statParts]
	// orgs are the organisation sequences each open write bumped.
	orgs orgTouches
	// recounts counts how statistics were counted (StatsRecounts).
	recounts struct{ first, again, part atomic.Int64 }
	// values keeps what FieldValues read, by record, column and scope, with
	// the write sequence of the record's table.
	values *seqCache[valueKey, fieldValue]
	// seqTexts keeps the statements that read write sequences (seqsSQL).
	seqTexts sync.Map
	// counting makes concurrent lists that miss the count cache count once.
	counting singleflight.Group
	stmts    *stmtCache // SQLite only
	// wstmts keeps the writer's statements (SQLite only): see execW.
	wstmts *writeStmts
	grams  *gramSet // gram indexes known complete
	// turns hand the read pool's connections out in arrival order
	// (ReadTurn; SQLite only), giveTurn gives one back.
	turns    turns
	giveTurn func()
	metas    metaCache // what the store derives from each module

	migrateMu      sync.Mutex // one migration at a time
	sharedMigrated bool       // the shared tables were migrated by this store (under migrateMu)
	hooks          hookTable  // write hooks by module (hooks.go)
	written        written    // who hears of committed writes (written.go)

	// orgPaths, when given to Open, places a record in an organisation
	// other than the viewer's own (a record's orgId); without it a record
	// always takes the viewer's organisation.
	orgPaths OrgPaths
}

// OrgPaths gives the materialised path of an organisation of a tenant.
type OrgPaths func(ctx context.Context, tenantID, orgID int64) (path string, err error)

// Option configures Open.
type Option func(*Store)

// WithOrgPaths lets Create and Update place a record in an organisation
// other than the viewer's own, within the viewer's scope, by the paths fn
// gives (the engine passes the registered system's).
func WithOrgPaths(fn OrgPaths) Option { return func(s *Store) { s.orgPaths = fn } }

// DB is the underlying database handle.
func (s *Store) DB() *sql.DB { return s.db }

// Dialect is the ent dialect name: sqlite3, postgres or mysql.
func (s *Store) Dialect() string { return s.dialect }

// The store's operations, one file each beside this one: Open, Close and
// Ping (open.go); Migrate and Plan (migrate.go); List and Each (list.go);
// Get and History (get.go); Create and CreateMany (write.go); Update and
// Delete (update.go); Transition (status.go); Stats (stats.go); the write
// hooks every write runs (hooks.go, hooktx.go). The design —
// indexes, exact cached totals, the gram search index — is docs/store.md.
