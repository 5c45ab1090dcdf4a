package workflow

import (
	"entgo.io/ent/dialect"
	entschema "entgo.io/ent/dialect/sql/schema"
	"entgo.io/ent/schema/field"
)

// The workflow's tables.
const (
	// FlowTable keeps every version of every module's workflow: a running
	// application names the version it started on.
	FlowTable = "xz_wf_flow"
	// InstanceTable holds one row per submission of a record.
	InstanceTable = "xz_wf_instance"
	// TaskTable holds one row per approver per opening of a step.
	TaskTable = "xz_wf_task"
	// LeaveTable holds the leave periods users record, with their substitutes.
	LeaveTable = "xz_wf_leave"
)

// Instance states.
const (
	StateRunning   = "running"
	StateApproved  = "approved"
	StateRejected  = "rejected"
	StateWithdrawn = "withdrawn"
	StateReturned  = "returned" // returned to the applicant: the record is a draft again
)

// Task states.
const (
	TaskWaiting     = "waiting"     // a sequential step's later approver
	TaskOpen        = "open"        // in someone's 待办
	TaskApproved    = "approved"    //
	TaskRejected    = "rejected"    //
	TaskReturned    = "returned"    // the approver returned the application to an earlier step
	TaskCancelled   = "cancelled"   // closed without a decision: the step was decided otherwise, or left
	TaskTransferred = "transferred" // handed to another user (转办), who got a task in its place
	TaskCC          = "cc"          // a copy (抄送): to read, nothing to decide
	TaskDelegated   = "delegated"   // 委派: the delegate's task (delegate_of) decides in its place
	TaskSuspended   = "suspended"   // held while the people added before its approver (加签) decide
	TaskRemoved     = "removed"     // an added approver removed again (减签) before deciding
	TaskResolved    = "resolved"    // a delegate handed the task back to its owner with an opinion
)

// An escalated task (onTimeout: escalate) goes to a group of people as an
// or-sign: each gets a task with group_of = the overdue task's id; the group
// counts as that one task in the step's tally, and the first decision of
// one of them closes the others' tasks.

// Task kinds: an approver of the plan, or one added (加签) before or after
// the approver of the task parent_id.
const (
	KindPlan   = ""
	KindBefore = "before"
	KindAfter  = "after"
)

var (
	dateTime = map[string]string{dialect.Postgres: "timestamp", dialect.MySQL: "datetime", dialect.SQLite: "datetime"}
	longText = map[string]string{dialect.Postgres: "text", dialect.MySQL: "mediumtext", dialect.SQLite: "text"}
)

func col(name string, t field.Type, size int64) *entschema.Column {
	return &entschema.Column{Name: name, Type: t, Size: size}
}

func idCol() *entschema.Column {
	return &entschema.Column{Name: "id", Type: field.TypeInt64, Increment: true}
}

func defCol(name string, t field.Type, size int64, def any) *entschema.Column {
	return &entschema.Column{Name: name, Type: t, Size: size, Default: def}
}

func timeCol(name string, nullable bool) *entschema.Column {
	return &entschema.Column{Name: name, Type: field.TypeTime, SchemaType: dateTime, Nullable: nullable}
}

func textCol(name string, nullable bool) *entschema.Column {
	return &entschema.Column{Name: name, Type: field.TypeString, SchemaType: longText, Nullable: nullable}
}

func flowTable() *entschema.Table {
	t := entschema.NewTable(FlowTable)
	t.AddPrimary(idCol())
	module, hash := col("module", field.TypeString, 60), col("hash", field.TypeString, 64)
	for _, c := range []*entschema.Column{module, col("version", field.TypeInt32, 0), hash,
		textCol("definition", false), timeCol("created_at", false)} {
		t.AddColumn(c)
	}
	t.Indexes = append(t.Indexes, &entschema.Index{Name: "ux_" + FlowTable + "_hash", Unique: true,
		Columns: []*entschema.Column{module, hash}})
	return t
}

func instanceTable() *entschema.Table {
	t := entschema.NewTable(InstanceTable)
	t.AddPrimary(idCol())
	tenant, applicant := col("tenant_id", field.TypeInt64, 0), col("applicant_id", field.TypeInt64, 0)
	module, record := col("module", field.TypeString, 60), col("record_id", field.TypeInt64, 0)
	for _, c := range []*entschema.Column{tenant, module, record,
		col("flow_id", field.TypeInt64, 0), col("version", field.TypeInt32, 0), applicant,
		col("applicant_name", field.TypeString, 100),
		col("org_id", field.TypeInt64, 0), col("state", field.TypeString, 16), col("title", field.TypeString, 200),
		col("stage", field.TypeInt32, 0), textCol("pos", false), col("next_batch", field.TypeInt32, 0),
		textCol("plan", false), timeCol("created_at", false), timeCol("updated_at", false),
		timeCol("finished_at", true)} {
		t.AddColumn(c)
	}
	t.Indexes = append(t.Indexes,
		&entschema.Index{Name: "ix_" + InstanceTable + "_applicant", Columns: []*entschema.Column{tenant, applicant}},
		&entschema.Index{Name: "ix_" + InstanceTable + "_record", Columns: []*entschema.Column{tenant, module, record}})
	return t
}

func taskTable() *entschema.Table {
	t := entschema.NewTable(TaskTable)
	t.AddPrimary(idCol()) // t.Columns[0]: the id, last column of the assignee index
	tenant, assignee, state := col("tenant_id", field.TypeInt64, 0), col("assignee_id", field.TypeInt64, 0),
		col("state", field.TypeString, 16)
	instance, batch := col("instance_id", field.TypeInt64, 0), col("batch", field.TypeInt32, 0)
	for _, c := range []*entschema.Column{tenant, instance, col("module", field.TypeString, 60),
		col("record_id", field.TypeInt64, 0), col("title", field.TypeString, 200), col("applicant_id", field.TypeInt64, 0),
		col("applicant_name", field.TypeString, 100), batch, col("stage", field.TypeInt32, 0), col("lane", field.TypeInt32, 0),
		col("step_idx", field.TypeInt32, 0), col("step", field.TypeString, 60), col("step_title", field.TypeString, 100),
		assignee, col("seq", field.TypeInt32, 0), state, col("auto", field.TypeBool, 0),
		textCol("comment", true), timeCol("created_at", false), timeCol("decided_at", true),
		defCol("kind", field.TypeString, 8, ""), defCol("parent_id", field.TypeInt64, 0, 0),
		defCol("delegate_of", field.TypeInt64, 0, 0), defCol("acting_for", field.TypeInt64, 0, 0),
		defCol("group_of", field.TypeInt64, 0, 0), timeCol("due_at", true), timeCol("timed_out_at", true)} {
		t.AddColumn(c)
	}
	due := t.Columns[len(t.Columns)-2]
	t.Indexes = append(t.Indexes,
		// 待办 and 已办: an approver's tasks in one state, newest first.
		&entschema.Index{Name: "ix_" + TaskTable + "_assignee", Columns: []*entschema.Column{tenant, assignee, state,
			t.Columns[0]}},
		&entschema.Index{Name: "ix_" + TaskTable + "_instance", Columns: []*entschema.Column{instance, batch}},
		// the scheduler's due open tasks.
		&entschema.Index{Name: "ix_" + TaskTable + "_due", Columns: []*entschema.Column{state, due}})
	return t
}

func leaveTable() *entschema.Table {
	t := entschema.NewTable(LeaveTable)
	t.AddPrimary(idCol())
	tenant, user := col("tenant_id", field.TypeInt64, 0), col("user_id", field.TypeInt64, 0)
	for _, c := range []*entschema.Column{tenant, user, col("substitute_id", field.TypeInt64, 0),
		timeCol("start_at", false), timeCol("end_at", false), col("reason", field.TypeString, 200),
		timeCol("created_at", false), timeCol("cancelled_at", true)} {
		t.AddColumn(c)
	}
	t.Indexes = append(t.Indexes, &entschema.Index{Name: "ix_" + LeaveTable + "_user",
		Columns: []*entschema.Column{tenant, user}})
	return t
}
