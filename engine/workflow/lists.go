package workflow

import (
	"context"
	"fmt"
	"slices"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/store"
)

// TaskRow is one task in 待办 or 已办.
type TaskRow struct {
	ID            int64  `json:"id"`
	InstanceID    int64  `json:"instanceId"`
	Module        string `json:"module"`
	ModuleTitle   string `json:"moduleTitle"`
	RecordID      int64  `json:"recordId"`
	Title         string `json:"title"`
	Step          string `json:"step"`
	StepTitle     string `json:"stepTitle"`
	State         string `json:"state"`
	Comment       string `json:"comment,omitempty"`
	ApplicantID   int64  `json:"applicantId"`
	ApplicantName string `json:"applicantName"`
	CreatedAt     string `json:"createdAt"`
	DecidedAt     string `json:"decidedAt,omitempty"`
	// Kind is "before"/"after" for a task of someone added (加签).
	Kind string `json:"kind,omitempty"`
	// ActingForID is whom the caller acts for on this task (委派, leave).
	ActingForID int64  `json:"actingForId,omitempty"`
	DueAt       string `json:"dueAt,omitempty"`
}

// ModuleCount is the number of open tasks of one module.
type ModuleCount struct {
	Module string `json:"module"`
	Title  string `json:"title"`
	Count  int64  `json:"count"`
}

// ApplicationRow is one application in 我的申请, with where it stands.
type ApplicationRow struct {
	ID          int64    `json:"id"`
	Module      string   `json:"module"`
	ModuleTitle string   `json:"moduleTitle"`
	RecordID    int64    `json:"recordId"`
	Title       string   `json:"title"`
	State       string   `json:"state"`
	Version     int      `json:"version"`
	Current     []string `json:"current"` // titles of the steps under way
	CreatedAt   string   `json:"createdAt"`
	FinishedAt  string   `json:"finishedAt,omitempty"`
}

// Page is a page request: zero-based page and its size.
type Page struct{ Page, Size int }

// Todo lists the viewer's open tasks (of one module when module is set),
// newest first, with the total.
func (e *Engine) Todo(ctx context.Context, sc store.Scope, module string, p Page) ([]TaskRow, int64, error) {
	where := []*entsql.Predicate{entsql.EQ("tenant_id", sc.TenantID), entsql.EQ("assignee_id", sc.UserID),
		entsql.EQ("state", TaskOpen)}
	if module != "" {
		where = append(where, entsql.EQ("module", module))
	}
	return e.taskPage(ctx, sc, entsql.And(where...), "id", p)
}

// Done lists the tasks the viewer decided, latest decision first.
func (e *Engine) Done(ctx context.Context, sc store.Scope, p Page) ([]TaskRow, int64, error) {
	return e.taskPage(ctx, sc, entsql.And(entsql.EQ("tenant_id", sc.TenantID), entsql.EQ("assignee_id", sc.UserID),
		entsql.In("state", TaskApproved, TaskRejected, TaskReturned, TaskTransferred, TaskDelegated, TaskResolved),
		entsql.EQ("auto", false)),
		"decided_at", p)
}

func (e *Engine) taskPage(ctx context.Context, sc store.Scope, where *entsql.Predicate, order string, p Page) ([]TaskRow, int64, error) {
	var total int64
	qs, args := e.sqlb().Select("COUNT(*)").From(entsql.Table(TaskTable)).Where(where).Query()
	rows, err := e.opts.Store.ReadRows(ctx, qs, args...)
	if err != nil {
		return nil, 0, fmt.Errorf("count tasks: %w", err)
	}
	for rows.Next() {
		if err := rows.Scan(&total); err != nil {
			rows.Close()
			return nil, 0, fmt.Errorf("count tasks: %w", err)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, 0, fmt.Errorf("count tasks: %w", err)
	}
	ts, err := readTasks(ctx, cachedReader{e}, e.sqlb().Select(taskCols...).From(entsql.Table(TaskTable)).
		Where(where).OrderBy(entsql.Desc(order), entsql.Desc("id")).Offset(p.Page*p.Size).Limit(p.Size))
	if err != nil {
		return nil, 0, err
	}
	out := make([]TaskRow, 0, len(ts))
	for _, t := range ts {
		out = append(out, TaskRow{ID: t.ID, InstanceID: t.InstanceID, Module: t.Module,
			ModuleTitle: e.moduleTitle(t.Module), RecordID: t.RecordID, Title: t.Title, Step: t.Step,
			StepTitle: t.StepTitle, State: t.State, Comment: t.Comment, ApplicantID: t.Applicant,
			ApplicantName: t.ApplName, CreatedAt: t.CreatedAt, DecidedAt: t.DecidedAt, Kind: t.Kind,
			ActingForID: t.ActingFor, DueAt: t.DueAt})
	}
	return out, total, nil
}

// Copies lists what was copied to the viewer (抄送我的), newest first.
func (e *Engine) Copies(ctx context.Context, sc store.Scope, p Page) ([]TaskRow, int64, error) {
	return e.taskPage(ctx, sc, entsql.And(entsql.EQ("tenant_id", sc.TenantID), entsql.EQ("assignee_id", sc.UserID),
		entsql.EQ("state", TaskCC)), "id", p)
}

// TodoCounts are the viewer's open tasks counted per module.
func (e *Engine) TodoCounts(ctx context.Context, sc store.Scope) ([]ModuleCount, error) {
	qs, args := e.sqlb().Select("module", "COUNT(*)").From(entsql.Table(TaskTable)).
		Where(entsql.And(entsql.EQ("tenant_id", sc.TenantID), entsql.EQ("assignee_id", sc.UserID),
			entsql.EQ("state", TaskOpen))).GroupBy("module").OrderBy("module").Query()
	rows, err := e.opts.Store.ReadRows(ctx, qs, args...)
	if err != nil {
		return nil, fmt.Errorf("count open tasks: %w", err)
	}
	defer rows.Close()
	out := []ModuleCount{}
	for rows.Next() {
		var c ModuleCount
		if err := rows.Scan(&c.Module, &c.Count); err != nil {
			return nil, err
		}
		c.Title = e.moduleTitle(c.Module)
		out = append(out, c)
	}
	return out, rows.Err()
}

// Mine lists the viewer's applications, newest first.
func (e *Engine) Mine(ctx context.Context, sc store.Scope, p Page) ([]ApplicationRow, int64, error) {
	where := entsql.And(entsql.EQ("tenant_id", sc.TenantID), entsql.EQ("applicant_id", sc.UserID))
	var total int64
	qs, args := e.sqlb().Select("COUNT(*)").From(entsql.Table(InstanceTable)).Where(where).Query()
	if err := e.opts.Store.DB().QueryRowContext(ctx, qs, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count applications: %w", err)
	}
	ins, err := readInstances(ctx, e.opts.Store.DB(), e.sqlb().Select(instanceCols...).
		From(entsql.Table(InstanceTable)).Where(where).OrderBy(entsql.Desc("id")).Offset(p.Page*p.Size).Limit(p.Size))
	if err != nil {
		return nil, 0, err
	}
	out := make([]ApplicationRow, 0, len(ins))
	for _, in := range ins {
		out = append(out, ApplicationRow{ID: in.ID, Module: in.Module, ModuleTitle: e.moduleTitle(in.Module),
			RecordID: in.RecordID, Title: in.Title, State: in.State, Version: in.Version, Current: in.current(),
			CreatedAt: in.CreatedAt, FinishedAt: in.FinishedAt})
	}
	return out, total, nil
}

// current are the titles of the steps under way.
func (in *instance) current() []string {
	out := []string{}
	if in.State != StateRunning || in.Stage >= len(in.Plan.Stages) {
		return out
	}
	for l, lane := range in.Plan.Stages[in.Stage].Lanes {
		if l < len(in.Pos) && in.Pos[l].Idx < len(lane.Steps) {
			out = append(out, lane.Steps[in.Pos[l].Idx].Title)
		}
	}
	return out
}

// moduleTitle is the title of a served module, or its name.
func (e *Engine) moduleTitle(name string) string {
	if m := e.opts.Modules().Module(name); m != nil {
		return m.Title
	}
	return name
}

// names are the display names of the users, each once.
func (e *Engine) names(ctx context.Context, tenant int64, ids []int64) (map[int64]string, error) {
	slices.Sort(ids)
	ids = slices.Compact(ids)
	if len(ids) == 0 {
		return map[int64]string{}, nil
	}
	names, err := e.opts.Directory.UserNames(ctx, tenant, ids)
	if err != nil {
		return nil, fmt.Errorf("user names: %w", err)
	}
	return names, nil
}
