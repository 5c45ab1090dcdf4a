// Package workflow runs the approval workflows modules declare
// (`workflow:` in a module file, engine/schema): it plans an application's
// path and approvers when it is submitted, keeps instances and tasks in
// tables of its own, moves the record's status with every decision, writes
// each decision into the record's history, and raises events after commit
// for the messages to deliver. Who holds a role where, and who leads an
// organisation, it asks a Directory (the system module implements it).
package workflow

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// Org is one organisation of an applicant's chain.
type Org struct {
	ID   int64
	Name string
	// Level is schema.LevelVillage, LevelTownship, LevelCounty or "" for
	// an organisation that is none of them.
	Level string
}

// Directory answers the workflow's questions about people and
// organisations. User ids are of the tenant given; lists are in a stable
// order (by id) and hold active users only.
type Directory interface {
	// OrgChain is the organisation and its ancestors, nearest first.
	OrgChain(ctx context.Context, tenantID, orgID int64) ([]Org, error)
	// RoleHolders are the members of the organisation holding the role
	// (by name).
	RoleHolders(ctx context.Context, tenantID, orgID int64, role string) ([]int64, error)
	// Leaders are the leaders of the organisation.
	Leaders(ctx context.Context, tenantID, orgID int64) ([]int64, error)
	// Admins are the administrators of the organisation: who gets a step
	// nobody else resolves to, when the workflow says so.
	Admins(ctx context.Context, tenantID, orgID int64) ([]int64, error)
	// TenantAdmins are the tenant's administrators (holders of its system
	// role, wherever they sit): who an overdue task escalates to when
	// nobody holds the step's role one level up.
	TenantAdmins(ctx context.Context, tenantID int64) ([]int64, error)
	// UserIDs are the ids of the named users (usernames) that exist.
	UserIDs(ctx context.Context, tenantID int64, usernames []string) ([]int64, error)
	// UserOrg is the primary organisation of a user.
	UserOrg(ctx context.Context, tenantID, userID int64) (int64, error)
	// UserNames are the display names of users.
	UserNames(ctx context.Context, tenantID int64, ids []int64) (map[int64]string, error)
}

// Event kinds.
const (
	EventSubmitted = "submitted" // an application was submitted (Notify: nobody; see arrived)
	EventArrived   = "arrived"   // a step opened (Notify: its approvers whose turn it is)
	EventDecided   = "decided"   // an approver decided (Notify: the applicant)
	EventFinished  = "finished"  // approved, rejected, withdrawn or returned to the applicant (Notify: the applicant)
	EventChased    = "chased"    // the applicant chased the application (Notify: the approvers whose turn it is)
	EventCopied    = "copied"    // a copy was sent (Notify: who got it)
	EventOverdue   = "overdue"   // a task passed its deadline (Notify: its approver; Action: the step's onTimeout)
)

// Event is something people must be told of, raised after the change
// committed.
type Event struct {
	Kind       string  `json:"kind"`
	TenantID   int64   `json:"tenantId"`
	Module     string  `json:"module"`
	RecordID   int64   `json:"recordId"`
	InstanceID int64   `json:"instanceId"`
	Step       string  `json:"step,omitempty"`   // the step's title
	Action     string  `json:"action,omitempty"` // approve, reject, return, withdraw; the outcome for finished
	ActorID    int64   `json:"actorId"`
	Notify     []int64 `json:"notify"`
	// Tasks, on an event asking people to act (arrived, chased, overdue),
	// name each notified person's open task on the record: a message
	// leads to that exact task.
	Tasks map[int64]int64 `json:"tasks,omitempty"`
}

// Notifier receives the events of every committed change.
type Notifier interface {
	Notify(ctx context.Context, events []Event)
}

// Options configure an Engine.
type Options struct {
	Store     *store.Store
	Directory Directory
	// Notifier, when set, gets every event after commit.
	Notifier Notifier
	// Modules is the schema set served now (the App's Modules).
	Modules func() *schema.Set
	Logger  *slog.Logger
	// Now is the clock (time.Now by default): tests drive time through it.
	Now func() time.Time
	// Calendar, when set, names holidays and worked weekend days; without
	// one deadlines skip weekends only.
	Calendar Calendar
}

// Engine runs the workflows of every module that declares one.
type Engine struct {
	opts Options
}

// New returns an engine; call Migrate before use.
func New(opts Options) *Engine {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Engine{opts: opts}
}

// Migrate creates or updates the workflow's tables.
func (e *Engine) Migrate(ctx context.Context) error {
	return e.opts.Store.MigrateTables(ctx, flowTable(), instanceTable(), taskTable(), leaveTable())
}

// module is the served module named name that has a workflow.
func (e *Engine) module(name string) (*schema.Module, error) {
	m := e.opts.Modules().Module(name)
	if m == nil || m.Workflow == nil {
		return nil, errNoWorkflow
	}
	return m, nil
}

// Error is a refusal to be answered to the caller: its HTTP status and
// Chinese message.
type Error struct {
	Status int
	Text   string
}

func (e *Error) Error() string { return "workflow: " + e.Text }

// HTTPStatus is the answer's status.
func (e *Error) HTTPStatus() int { return e.Status }

// PublicMessage is the Chinese message.
func (e *Error) PublicMessage() string { return e.Text }

func refuse(status int, text string) error { return &Error{Status: status, Text: text} }

var (
	errNoWorkflow   = refuse(http.StatusNotFound, msg.FlowNoWorkflow)
	errTaskNotFound = refuse(http.StatusNotFound, msg.FlowTaskNotFound)
	errNotYourTask  = refuse(http.StatusForbidden, msg.FlowNotYourTask)
	errNotRunning   = refuse(http.StatusConflict, msg.FlowNotRunning)
)

// isRefusal reports whether err is one of the engine's refusals.
func isRefusal(err error) bool {
	var e *Error
	return errors.As(err, &e)
}
