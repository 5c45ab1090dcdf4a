package workflow

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
)

// instance is one row of InstanceTable.
type instance struct {
	ID            int64
	TenantID      int64
	Module        string
	RecordID      int64
	FlowID        int64
	Version       int
	ApplicantID   int64
	ApplicantName string
	OrgID         int64
	State         string
	Title         string
	Stage         int
	Pos           []lanePos // per lane of the current stage
	NextBatch     int
	Plan          Plan
	CreatedAt     string
	FinishedAt    string
}

// lanePos is where one lane of the current stage stands: the index of its
// current step (len(steps) once done) and the batch of tasks that step's
// opening made.
type lanePos struct {
	Idx   int `json:"idx"`
	Batch int `json:"batch"`
}

// task is one row of TaskTable.
type task struct {
	ID         int64
	InstanceID int64
	Module     string
	RecordID   int64
	Title      string // the application's, copied for the lists
	Applicant  int64
	ApplName   string
	Batch      int
	Stage      int
	Lane       int
	StepIdx    int
	Step       string
	StepTitle  string
	AssigneeID int64
	Seq        int
	State      string
	Auto       bool
	Comment    string
	CreatedAt  string
	DecidedAt  string
	Kind       string // KindPlan, KindBefore, KindAfter
	ParentID   int64  // an added task's: the task of who added it
	DelegateOf int64  // a delegate's task: the owner's task it decides in place of
	ActingFor  int64  // whom the assignee acts for (delegation, leave); 0 for themselves
	GroupOf    int64  // an escalation group's task: the overdue task the group stands in for
	DueAt      string
	TimedOutAt string
}

// slot is what the task counts as in its step's tally: its escalation
// group, else itself.
func (t *task) slot() int64 {
	if t.GroupOf != 0 {
		return t.GroupOf
	}
	return t.ID
}

// root is the task an added task's parent_id names: the owner's for a
// delegate's task, else the task itself.
func (t *task) root() int64 {
	if t.DelegateOf != 0 {
		return t.DelegateOf
	}
	return t.ID
}

var instanceCols = []string{"id", "tenant_id", "module", "record_id", "flow_id", "version", "applicant_id",
	"applicant_name", "org_id", "state", "title", "stage", "pos", "next_batch", "plan", "created_at", "finished_at"}

var taskCols = []string{"id", "instance_id", "module", "record_id", "title", "applicant_id", "applicant_name", "batch", "stage", "lane", "step_idx", "step",
	"step_title", "assignee_id", "seq", "state", "auto", "comment", "created_at", "decided_at", "kind", "parent_id",
	"delegate_of", "acting_for", "due_at", "timed_out_at", "group_of"}

// querier is a *sql.DB or *sql.Tx.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func (e *Engine) sqlb() *entsql.DialectBuilder { return entsql.Dialect(e.opts.Store.Dialect()) }

// readInstances runs a select of instanceCols.
func readInstances(ctx context.Context, q querier, sel *entsql.Selector) ([]*instance, error) {
	qs, args := sel.Query()
	rows, err := q.QueryContext(ctx, qs, args...)
	if err != nil {
		return nil, fmt.Errorf("read instances: %w", err)
	}
	defer rows.Close()
	var out []*instance
	for rows.Next() {
		in := &instance{}
		var pos, plan string
		var created, finished any
		if err := rows.Scan(&in.ID, &in.TenantID, &in.Module, &in.RecordID, &in.FlowID, &in.Version,
			&in.ApplicantID, &in.ApplicantName, &in.OrgID, &in.State, &in.Title, &in.Stage, &pos, &in.NextBatch, &plan,
			&created, &finished); err != nil {
			return nil, fmt.Errorf("read instances: %w", err)
		}
		if err := json.Unmarshal([]byte(pos), &in.Pos); err != nil {
			return nil, fmt.Errorf("instance %d position: %w", in.ID, err)
		}
		if err := json.Unmarshal([]byte(plan), &in.Plan); err != nil {
			return nil, fmt.Errorf("instance %d plan: %w", in.ID, err)
		}
		in.CreatedAt, in.FinishedAt = timeText(created), timeText(finished)
		out = append(out, in)
	}
	return out, rows.Err()
}

// readTasks runs a select of taskCols.
func readTasks(ctx context.Context, q querier, sel *entsql.Selector) ([]*task, error) {
	qs, args := sel.Query()
	rows, err := q.QueryContext(ctx, qs, args...)
	if err != nil {
		return nil, fmt.Errorf("read tasks: %w", err)
	}
	return scanTasks(rows)
}

// cachedReader reads through the store's statement cache (see
// store.ReadRows); only for the read pool, never inside a transaction.
type cachedReader struct{ e *Engine }

func (c cachedReader) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return c.e.opts.Store.ReadRows(ctx, query, args...)
}

// scanTasks reads rows of taskCols.
func scanTasks(rows *sql.Rows) ([]*task, error) {
	defer rows.Close()
	var out []*task
	for rows.Next() {
		t := &task{}
		var comment sql.NullString
		var created, decided, due, timedOut any
		if err := rows.Scan(&t.ID, &t.InstanceID, &t.Module, &t.RecordID, &t.Title, &t.Applicant, &t.ApplName, &t.Batch, &t.Stage, &t.Lane,
			&t.StepIdx, &t.Step, &t.StepTitle, &t.AssigneeID, &t.Seq, &t.State, &t.Auto, &comment,
			&created, &decided, &t.Kind, &t.ParentID, &t.DelegateOf, &t.ActingFor, &due, &timedOut, &t.GroupOf); err != nil {
			return nil, fmt.Errorf("read tasks: %w", err)
		}
		t.Comment, t.CreatedAt, t.DecidedAt = comment.String, timeText(created), timeText(decided)
		t.DueAt, t.TimedOutAt = timeText(due), timeText(timedOut)
		out = append(out, t)
	}
	return out, rows.Err()
}

// timeText is a datetime column's value as the API writes datetimes,
// whatever type the driver scanned it as; "" for NULL.
func timeText(v any) string {
	switch t := v.(type) {
	case time.Time:
		return t.Format(time.DateTime)
	case []byte:
		return trimTime(string(t))
	case string:
		return trimTime(t)
	}
	return ""
}

// trimTime cuts a datetime text to "2006-01-02 15:04:05" (SQLite may keep
// a T or fractions).
func trimTime(s string) string {
	if len(s) >= 19 {
		b := []byte(s[:19])
		b[10] = ' '
		return string(b)
	}
	return s
}

// insertID runs an insert and answers the new row's id.
func (e *Engine) insertID(ctx context.Context, tx *sql.Tx, ins *entsql.InsertBuilder) (int64, error) {
	if e.opts.Store.Dialect() == dialect.Postgres {
		qs, args := ins.Returning("id").Query()
		var id int64
		if err := tx.QueryRowContext(ctx, qs, args...).Scan(&id); err != nil {
			return 0, err
		}
		return id, nil
	}
	qs, args := ins.Query()
	res, err := tx.ExecContext(ctx, qs, args...)
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}

// nowText is the engine clock's time as a datetime argument.
func (e *Engine) nowText() string { return e.opts.Now().Format(time.DateTime) }

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // plans and positions are plain data
	}
	return string(b)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
