package office

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
	"xiangzhi/engine/workflow"
	"xiangzhi/modules/hook"
)

// Bases of the office calls (spec §7 "Approvals and office").
const (
	officeBase = "/office/api/office"
	sealBase   = "/seal/api/attribution"
)

// officeModules are the modules of the office system, in menu order.
var officeModules = []string{modVehicle, modVehicleApply, modExpense, modSeal, modSealApply, modSealUse}

// flowModules are the office modules with a workflow.
var flowModules = []string{modVehicleApply, modExpense, modSealApply}

// routes adds the office calls; a call whose module is not served is left
// out (with a warning).
func (o *office) routes() {
	code := func(module, op string) string {
		if m := o.app.Modules().Module(module); m != nil {
			return m.Code(op)
		}
		o.app.Logger().Warn("office call left out: module missing", "module", module)
		return ""
	}
	var rs []engine.Route
	add := func(method, path, c, name string, h echo.HandlerFunc) {
		if c != "" {
			rs = append(rs, engine.Route{Method: method, Path: path, Code: c, Name: name, Handler: h})
		}
	}
	add(http.MethodGet, officeBase+"/vehicleList", code(modVehicleApply, "add"), routeVehicleList, o.vehicleList)
	add(http.MethodPost, officeBase+"/vehicleApplications", code(modVehicleApply, schema.SubmitOp), routeVehicleApply, o.vehicleApply)
	add(http.MethodGet, officeBase+"/backlog", auth.SignedIn, routeBacklog, o.backlog)
	add(http.MethodPost, officeBase+"/confirm", auth.SignedIn, routeConfirm, o.confirm)
	add(http.MethodGet, officeBase+"/auditLog", auth.SignedIn, routeAuditLog, o.auditLog)
	add(http.MethodGet, officeBase+"/todoCount", auth.SignedIn, routeTodoCount, o.todoCount)
	add(http.MethodGet, officeBase+"/costAnalysis", code(modExpense, "list"), routeCostAnalysis, o.costAnalysis)
	add(http.MethodGet, officeBase+"/approvals", auth.SignedIn, routeApprovals, o.approvals)
	add(http.MethodGet, officeBase+"/resourcePermissions", auth.SignedIn, routePermissions, o.permissions)
	add(http.MethodPost, sealBase+"/getTodoTaskList", auth.SignedIn, routeSealTodo, o.sealTodo)
	add(http.MethodGet, sealBase+"/getAuditLogList", auth.SignedIn, routeSealAuditLog, o.sealAuditLog)
	add(http.MethodPost, sealBase+"/getCountersign", auth.SignedIn, routeSealCountsign, o.sealCountersign)
	add(http.MethodGet, sealBase+"/officeProcessEnd", code(modSealApply, "list"), routeSealProcEnd, o.sealProcessEnd)
	o.app.AddRoutes("", rs...)
}

// module is the served module name, or 503.
func (o *office) module(name string) (*schema.Module, error) { return hook.Module(o.app, name) }

// paging reads page (zero-based) and size (or pageSize) of a list call.
func paging(c echo.Context, def int) (workflow.Page, error) {
	v := c.QueryParams()
	if ps := v.Get("pageSize"); ps != "" && v.Get("size") == "" {
		v.Set("size", ps)
	}
	p, s, err := httpx.Paging(v, httpx.PageRule{DefaultSize: def})
	return workflow.Page{Page: p, Size: s}, err
}

// ---- vehicles ----

// VehicleRow is a row of the vehicle list (spec §7 vehicle row).
type VehicleRow struct {
	ID                            int64     `json:"id"`
	PlateNumber                   string    `json:"plateNumber"`
	VehicleType                   any       `json:"vehicleType"`
	Brand                         any       `json:"brand"`
	Model                         any       `json:"model"`
	Seats                         any       `json:"seats"`
	ContactName                   any       `json:"contactName"`
	ContactPhone                  any       `json:"contactPhone"`
	Booked                        bool      `json:"booked"`
	OfficeVehicleApplicationsList []Booking `json:"officeVehicleApplicationsList"`
}

// Booking is a booked period of a vehicle.
type Booking struct {
	ID        int64  `json:"id"`
	StartTime string `json:"startTime"`
	EndTime   string `json:"endTime"`
	Status    int64  `json:"status"`
}

// vehicleList answers GET /office/api/office/vehicleList?page&pageSize
// &plateNumber&startTime&endTime: the available vehicles the caller may
// reference (their own organisation's and those above, as the register is
// shared down), by plate, with their bookings that hold them (draft,
// 审批中, 已通过) — those overlapping [startTime, endTime] when a range is
// given (booked is then true when there is one), else those not yet over.
// data is {data: {data: rows, recordsTotal}, recordsTotal}: the dialog
// reads data.data.data (spec §7).
func (o *office) vehicleList(c echo.Context) error {
	vm, err := o.module(modVehicle)
	if err != nil {
		return err
	}
	am, err := o.module(modVehicleApply)
	if err != nil {
		return err
	}
	p, err := paging(c, 5)
	if err != nil {
		return err
	}
	start, end, err := timeRange(c)
	if err != nil {
		return err
	}
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	sc.Up = vm.ShareDown
	q := &query.Query{Page: p.Page, Size: p.Size, Sort: []query.Sort{{Field: "plateNo"}},
		Filters: []query.Filter{{Field: "available", Op: query.Equals, Values: []any{true}}}}
	if plate := strings.TrimSpace(c.QueryParam("plateNumber")); plate != "" {
		if utf8.RuneCountInString(plate) > 20 {
			return hook.BadParam("plateNumber")
		}
		q.Filters = append(q.Filters, query.Filter{Field: "plateNo", Op: query.Contains, Values: []any{plate}})
	}
	page, err := o.app.Store().List(ctx, vm, sc, q)
	if err != nil {
		return err
	}
	rows := make([]VehicleRow, 0, len(page.Rows))
	ids := make([]any, 0, len(page.Rows))
	for _, r := range page.Rows {
		id, _ := r["id"].(int64)
		ids = append(ids, id)
		plate, _ := r["plateNo"].(string)
		rows = append(rows, VehicleRow{ID: id, PlateNumber: plate, VehicleType: r["vehicleType"], Brand: r["brand"],
			Model: r["model"], Seats: r["seats"], ContactName: r["contact"], ContactPhone: r["contactPhone"],
			OfficeVehicleApplicationsList: []Booking{}})
	}
	if len(ids) > 0 {
		from := time.Now()
		if !start.IsZero() {
			from = start
		}
		bf := []query.Filter{{Field: "vehicleId", Op: query.In, Values: ids},
			{Field: am.Status.Field, Op: query.In, Values: holding},
			{Field: "endTime", Op: query.GreaterThan, Values: []any{from}}}
		if !end.IsZero() {
			bf = append(bf, query.Filter{Field: "startTime", Op: query.LessThan, Values: []any{end}})
		}
		// bookings of every organisation: who else booked a shared vehicle
		// is not shown, only when
		all := store.Scope{TenantID: sc.TenantID, UserID: sc.UserID, Mode: store.ScopeAll}
		err := o.app.Store().Each(ctx, am, all, &query.Query{Filters: bf}, func(r store.Record) error {
			vid, _ := r["vehicleId"].(int64)
			for i := range rows {
				if rows[i].ID == vid {
					st, _ := r["startTime"].(string)
					et, _ := r["endTime"].(string)
					status, _ := r[am.Status.Field].(int64)
					id, _ := r["id"].(int64)
					rows[i].OfficeVehicleApplicationsList = append(rows[i].OfficeVehicleApplicationsList,
						Booking{ID: id, StartTime: st, EndTime: et, Status: status})
					rows[i].Booked = !start.IsZero()
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		for i := range rows {
			sort.Slice(rows[i].OfficeVehicleApplicationsList, func(a, b int) bool {
				return rows[i].OfficeVehicleApplicationsList[a].StartTime < rows[i].OfficeVehicleApplicationsList[b].StartTime
			})
		}
	}
	return httpx.OK(c, map[string]any{"data": httpx.Page{Data: rows, RecordsTotal: page.Total},
		"recordsTotal": page.Total})
}

// timeRange reads the optional startTime and endTime of a search.
func timeRange(c echo.Context) (start, end time.Time, err error) {
	for _, k := range []string{"startTime", "endTime"} {
		s := strings.TrimSpace(c.QueryParam(k))
		if s == "" {
			continue
		}
		t, err := query.ParseTime(s)
		if err != nil {
			return start, end, hook.BadParam(k)
		}
		if k == "startTime" {
			start = t
		} else {
			end = t
		}
	}
	return start, end, nil
}

// vehicleFields are what the vehicle application (Addvehicle) takes.
var vehicleFields = []string{"applyUserName", "partnerNames", "destination", "startTime", "endTime",
	"description", "usingDay", "vehicleId", "vehicle", "distance"}

// vehicleApply answers POST /office/api/office/vehicleApplications (spec
// §7 Addvehicle): it checks the form as spec §5 says, creates the
// application (the booking hook runs in its transaction) and submits it
// into the workflow in the caller's name. A submission the workflow
// refuses removes the application again, so no draft keeps the vehicle.
// Answers code 0, msg 添加成功, data {record, flow}.
func (o *office) vehicleApply(c echo.Context) error {
	m, err := o.module(modVehicleApply)
	if err != nil {
		return err
	}
	if _, err := o.app.Authorize(c, m.Code("add")); err != nil {
		return err
	}
	body, err := hook.Body(c, vehicleFields...)
	if err != nil {
		return err
	}
	if len(body) == 0 {
		return hook.Required("vehicleId", ParamsMissing)
	}
	text := func(k string) string {
		s, _ := body[k].(string)
		return strings.TrimSpace(s)
	}
	rec := store.Record{}
	vid, ok := idOf(body["vehicleId"])
	if !ok {
		return hook.Required("vehicleId", VehicleRequired)
	}
	rec["vehicleId"] = vid
	switch n := utf8.RuneCountInString(text("applyUserName")); {
	case n == 0:
		return hook.Required("applyUserName", ApplicantRequired)
	case n < 2 || n > 20:
		return hook.Required("applyUserName", ApplicantLength)
	}
	if text("destination") == "" {
		return hook.Required("destination", DestinationRequired)
	}
	start, okS := timeOf(body["startTime"])
	end, okE := timeOf(body["endTime"])
	if !okS || !okE {
		return hook.Required("startTime", StartRequired)
	}
	if text("description") == "" {
		return hook.Required("description", ReasonRequired)
	}
	if start.Before(time.Now().AddDate(0, 0, -1)) {
		return hook.Required("startTime", StartTooEarly)
	}
	for _, k := range []string{"applyUserName", "partnerNames", "destination", "description"} {
		if s := text(k); s != "" {
			rec[k] = s
		}
	}
	rec["startTime"] = start.Format(schema.DateTimeLayout)
	rec["endTime"] = end.Format(schema.DateTimeLayout)
	if d, ok := body["distance"]; ok && d != nil && d != "" {
		n, ok := idOf(d)
		if !ok {
			return hook.BadParam("distance")
		}
		rec["distance"] = n
	}
	if err := schema.Validate(m, o.app.Modules(), rec, false); err != nil {
		return err
	}
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	created, err := o.app.Store().Create(ctx, m, sc, rec)
	if err != nil {
		return err
	}
	id, _ := created["id"].(int64)
	if _, err := o.wf.Submit(ctx, m.Name, sc, id); err != nil {
		if _, derr := o.app.Store().Delete(ctx, m, sc, []int64{id}); derr != nil {
			o.app.Logger().Error("remove the vehicle application the workflow refused", "id", id, "err", derr)
		}
		return err
	}
	return o.answerFlow(c, sc, m, id, VehicleAdded)
}

// answerFlow answers the record and its flow with message text.
func (o *office) answerFlow(c echo.Context, sc store.Scope, m *schema.Module, id int64, text string) error {
	ctx := c.Request().Context()
	rec, err := o.app.Store().Get(ctx, m, store.Scope{TenantID: sc.TenantID, UserID: sc.UserID, Mode: store.ScopeAll}, id)
	if err != nil {
		return err
	}
	flow, err := o.wf.State(ctx, sc, m.Name, id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, httpx.Envelope{Code: 0, Msg: httpx.Localized(c, text), Data: map[string]any{"record": rec, "flow": flow}})
}

// ---- to-do, decisions, lists ----

// backlog answers GET /office/api/office/backlog?page&size&module: the
// caller's open tasks (待办), of one module when given.
func (o *office) backlog(c echo.Context) error {
	p, err := paging(c, 10)
	if err != nil {
		return err
	}
	module := strings.TrimSpace(c.QueryParam("module"))
	rows, total, err := o.wf.Todo(c.Request().Context(), engine.ScopeOf(c), module, p)
	if err != nil {
		return err
	}
	return httpx.OKPage(c, rows, total)
}

// decision reads {taskId, action, comment, to, userId}.
func decision(c echo.Context) (int64, workflow.Decision, error) {
	var d workflow.Decision
	body, err := hook.Body(c, "taskId", "action", "comment", "to", "userId")
	if err != nil {
		return 0, d, err
	}
	id, ok := idOf(body["taskId"])
	if !ok {
		return 0, d, hook.Required("taskId", TaskRequired)
	}
	for _, k := range []string{"action", "comment", "to"} {
		v, present := body[k]
		s, ok := v.(string)
		if present && v != nil && !ok {
			return 0, d, hook.BadParam(k)
		}
		switch k {
		case "action":
			d.Action = strings.TrimSpace(s)
		case "comment":
			d.Comment = s
		case "to":
			d.To = strings.TrimSpace(s)
		}
	}
	if v, ok := body["userId"]; ok && v != nil {
		if d.UserID, ok = idOf(v); !ok {
			return 0, d, hook.BadParam("userId")
		}
	}
	return id, d, nil
}

// confirm answers POST /office/api/office/confirm {taskId, action,
// comment, to, userId}: the caller's decision on their task (approve,
// reject with a comment, return to a step or the applicant, transfer),
// with the record and its flow.
func (o *office) confirm(c echo.Context) error {
	return o.decide(c, nil)
}

// decide takes the decision of the request on the caller's task; only
// is, when set, the module the task must be of.
func (o *office) decide(c echo.Context, only *string) error {
	id, d, err := decision(c)
	if err != nil {
		return err
	}
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	t, err := o.task(ctx, sc, id)
	if err != nil {
		return err
	}
	if only != nil && t.Module != *only {
		return httpx.NewError(http.StatusNotFound, msg.FlowTaskNotFound)
	}
	if err := o.wf.Decide(ctx, sc, id, d); err != nil {
		return err
	}
	m, err := o.module(t.Module)
	if err != nil {
		return err
	}
	return o.answerFlow(c, sc, m, t.RecordID, msg.OK)
}

// task finds the caller's task id among their open tasks (the workflow's
// own list), so the module and record are known before deciding.
func (o *office) task(ctx context.Context, sc store.Scope, id int64) (*workflow.TaskRow, error) {
	for p := 0; ; p++ {
		rows, total, err := o.wf.Todo(ctx, sc, "", workflow.Page{Page: p, Size: 1000})
		if err != nil {
			return nil, err
		}
		for i := range rows {
			if rows[i].ID == id {
				return &rows[i], nil
			}
		}
		if int64((p+1)*1000) >= total {
			return nil, httpx.NewError(http.StatusNotFound, msg.FlowTaskNotFound)
		}
	}
}

// AuditRow is one decision of a record's approval (审批记录).
type AuditRow struct {
	InstanceID   int64  `json:"instanceId"`
	Version      int    `json:"version"`
	Step         string `json:"step"`
	StepTitle    string `json:"stepTitle"`
	Mode         string `json:"mode"`
	AssigneeID   int64  `json:"assigneeId"`
	AssigneeName string `json:"assigneeName"`
	State        string `json:"state"`
	Auto         bool   `json:"auto,omitempty"`
	Comment      string `json:"comment,omitempty"`
	CreatedAt    string `json:"createdAt"`
	DecidedAt    string `json:"decidedAt,omitempty"`
}

// auditLog answers GET /office/api/office/auditLog?module&id: every task
// of the record's approvals, newest submission first, in step order — for
// the applicant and whoever had a task on it, else for holders of the
// module's view code who reach the record.
func (o *office) auditLog(c echo.Context) error {
	module := strings.TrimSpace(c.QueryParam("module"))
	if !slices.Contains(flowModules, module) {
		return hook.Required("module", ModuleNotOffice)
	}
	return o.audit(c, module)
}

func (o *office) audit(c echo.Context, module string) error {
	m, err := o.module(module)
	if err != nil {
		return err
	}
	id, err := httpx.QueryID(c, "id", true)
	if err != nil {
		return err
	}
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	in, err := o.wf.Involved(ctx, sc, m.Name, id)
	if err != nil {
		return err
	}
	if !in {
		vsc, err := o.app.Authorize(c, m.Code("view"))
		if err != nil {
			return err
		}
		if _, err := o.app.Store().Get(ctx, m, vsc, id); err != nil {
			return err
		}
	}
	flow, err := o.wf.State(ctx, sc, m.Name, id)
	if err != nil {
		return err
	}
	rows := []AuditRow{}
	for _, iv := range flow.Instances {
		for _, st := range iv.Steps {
			for _, t := range st.Tasks {
				rows = append(rows, AuditRow{InstanceID: iv.ID, Version: iv.Version, Step: st.Name, StepTitle: st.Title,
					Mode: st.Mode, AssigneeID: t.AssigneeID, AssigneeName: t.AssigneeName, State: t.State, Auto: t.Auto,
					Comment: t.Comment, CreatedAt: t.CreatedAt, DecidedAt: t.DecidedAt})
			}
		}
	}
	return httpx.OKPage(c, rows, int64(len(rows)))
}

// todoCount answers GET /office/api/office/todoCount: {total, modules:
// [{module, title, count}]}, the caller's open tasks.
func (o *office) todoCount(c echo.Context) error {
	counts, err := o.wf.TodoCounts(c.Request().Context(), engine.ScopeOf(c))
	if err != nil {
		return err
	}
	var total int64
	for _, n := range counts {
		total += n.Count
	}
	return httpx.OK(c, map[string]any{"total": total, "modules": counts})
}

// approvals answers GET /office/api/office/approvals?type&page&size:
// mine (default; 我的申请), done (已办) or cc (抄送我的).
func (o *office) approvals(c echo.Context) error {
	p, err := paging(c, 10)
	if err != nil {
		return err
	}
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	switch c.QueryParam("type") {
	case "", "mine":
		rows, total, err := o.wf.Mine(ctx, sc, p)
		if err != nil {
			return err
		}
		return httpx.OKPage(c, rows, total)
	case "done":
		rows, total, err := o.wf.Done(ctx, sc, p)
		if err != nil {
			return err
		}
		return httpx.OKPage(c, rows, total)
	case "cc":
		rows, total, err := o.wf.Copies(ctx, sc, p)
		if err != nil {
			return err
		}
		return httpx.OKPage(c, rows, total)
	}
	return hook.BadParam("type")
}

// Permission is what the caller may do in one office module.
type Permission struct {
	Module string          `json:"module"`
	Title  string          `json:"title"`
	API    string          `json:"api"`
	Codes  map[string]bool `json:"codes"` // operation → held
}

// permissions answers GET /office/api/office/resourcePermissions: for
// each office module the caller's operations (list, view, add, edit, del,
// export, import, submit) as held or not, so the console shows only the
// buttons that work.
func (o *office) permissions(c echo.Context) error {
	out := []Permission{}
	for _, name := range officeModules {
		m := o.app.Modules().Module(name)
		if m == nil {
			continue
		}
		p := Permission{Module: m.Name, Title: m.Title, API: m.API, Codes: map[string]bool{}}
		for _, code := range m.Codes() {
			op := strings.TrimPrefix(code, m.Permission+".")
			_, err := o.app.Authorize(c, code)
			var he interface{ HTTPStatus() int }
			switch {
			case err == nil:
				p.Codes[op] = true
			case errors.As(err, &he) && he.HTTPStatus() == http.StatusForbidden:
				p.Codes[op] = false
			default:
				return err
			}
		}
		out = append(out, p)
	}
	return httpx.OK(c, out)
}

// ---- cost analysis ----

// CostRow is the spend of one organisation, category and month.
type CostRow struct {
	OrgID    int64   `json:"orgId"`
	OrgName  string  `json:"orgName"`
	Category string  `json:"category"` // the expense_category value
	Label    string  `json:"categoryLabel"`
	Month    string  `json:"month"` // 2025-11
	Amount   float64 `json:"amount"`
	Items    int     `json:"items"`
}

// costAnalysis answers GET /office/api/office/costAnalysis?from&to
// &status: the items of the expense claims the caller reaches (their data
// scope), summed per organisation, category and month of the item's date,
// with totals per organisation, category and month. Only approved claims
// count unless status=all (every claim not rejected or withdrawn).
func (o *office) costAnalysis(c echo.Context) error {
	m, err := o.module(modExpense)
	if err != nil {
		return err
	}
	from, to, err := dateRange(c)
	if err != nil {
		return err
	}
	statuses := []any{schema.FlowApproved}
	switch c.QueryParam("status") {
	case "", "approved":
	case "all":
		statuses = []any{schema.FlowDraft, schema.FlowRunning, schema.FlowApproved}
	default:
		return hook.BadParam("status")
	}
	ctx, sc := c.Request().Context(), engine.ScopeOf(c)
	q := &query.Query{Filters: []query.Filter{{Field: m.Status.Field, Op: query.In, Values: statuses}}}
	var ids []int64
	if err := o.app.Store().Each(ctx, m, sc, q, func(r store.Record) error {
		ids = append(ids, r["id"].(int64))
		return nil
	}); err != nil {
		return err
	}
	labels := map[string]string{}
	if d := o.app.Modules().Dicts["expense_category"]; d != nil {
		for _, it := range d.Items {
			labels[fmt.Sprint(it.Value)] = it.Label
		}
	}
	type key struct {
		org        int64
		cat, month string
	}
	sums := map[key]*CostRow{}
	byOrg, byCat, byMonth := map[int64]int64{}, map[string]int64{}, map[string]int64{}
	orgNames := map[int64]string{}
	var total int64
	for _, id := range ids {
		rec, err := o.app.Store().Get(ctx, m, sc, id)
		if err != nil {
			return err
		}
		org, _ := rec["orgId"].(int64)
		orgNames[org] = ""
		items, _ := rec["items"].([]store.Record)
		for _, it := range items {
			day, _ := it["date"].(string)
			if len(day) < 7 || (from != "" && day < from) || (to != "" && day > to) {
				continue
			}
			a, _ := amountOf(it["amount"])
			cents := int64(a*100 + 0.5)
			k := key{org, fmt.Sprint(it["category"]), day[:7]}
			row := sums[k]
			if row == nil {
				row = &CostRow{OrgID: org, Category: k.cat, Label: labels[k.cat], Month: k.month}
				sums[k] = row
			}
			row.Amount += float64(cents) / 100
			row.Items++
			byOrg[org] += cents
			byCat[k.cat] += cents
			byMonth[k.month] += cents
			total += cents
		}
	}
	if sys := o.app.System(); sys != nil && len(orgNames) > 0 {
		orgIDs := make([]int64, 0, len(orgNames))
		for id := range orgNames {
			orgIDs = append(orgIDs, id)
		}
		names, err := sys.Labels(ctx, sc.TenantID, "org", "", orgIDs)
		if err != nil {
			return err
		}
		for id, n := range names {
			orgNames[id] = n
		}
	}
	rows := make([]CostRow, 0, len(sums))
	for _, r := range sums {
		r.OrgName = orgNames[r.OrgID]
		r.Amount = float64(int64(r.Amount*100+0.5)) / 100
		rows = append(rows, *r)
	}
	sort.Slice(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if a.Month != b.Month {
			return a.Month < b.Month
		}
		if a.OrgID != b.OrgID {
			return a.OrgID < b.OrgID
		}
		return a.Category < b.Category
	})
	type sum struct {
		Key    string  `json:"key"`
		Label  string  `json:"label"`
		Amount float64 `json:"amount"`
	}
	sums2 := func(mp map[string]int64, label func(string) string) []sum {
		out := make([]sum, 0, len(mp))
		for k, v := range mp {
			out = append(out, sum{Key: k, Label: label(k), Amount: float64(v) / 100})
		}
		sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
		return out
	}
	orgs := map[string]int64{}
	for k, v := range byOrg {
		orgs[strconv.FormatInt(k, 10)] = v
	}
	return httpx.OK(c, map[string]any{
		"rows":       rows,
		"byOrg":      sums2(orgs, func(k string) string { n, _ := strconv.ParseInt(k, 10, 64); return orgNames[n] }),
		"byCategory": sums2(byCat, func(k string) string { return labels[k] }),
		"byMonth":    sums2(byMonth, func(k string) string { return k }),
		"total":      float64(total) / 100,
		"claims":     len(ids),
	})
}

// dateRange reads the optional from and to dates (2025-01-01).
func dateRange(c echo.Context) (from, to string, err error) {
	for _, k := range []string{"from", "to"} {
		s := strings.TrimSpace(c.QueryParam(k))
		if s == "" {
			continue
		}
		t, err := time.Parse(time.DateOnly, s)
		if err != nil {
			return "", "", hook.BadParam(k)
		}
		if k == "from" {
			from = t.Format(time.DateOnly)
		} else {
			to = t.Format(time.DateOnly)
		}
	}
	return from, to, nil
}

// ---- seals ----

// sealTodo answers POST /seal/api/attribution/getTodoTaskList {page,
// size}: the caller's open tasks on seal applications.
func (o *office) sealTodo(c echo.Context) error {
	body, err := hook.Body(c, "page", "size")
	if err != nil {
		return err
	}
	v := c.QueryParams()
	for _, k := range []string{"page", "size"} {
		if x, ok := body[k]; ok && x != nil {
			v.Set(k, fmt.Sprint(x))
		}
	}
	p, s, err := httpx.Paging(v, httpx.PageRule{})
	if err != nil {
		return err
	}
	rows, total, err := o.wf.Todo(c.Request().Context(), engine.ScopeOf(c), modSealApply, workflow.Page{Page: p, Size: s})
	if err != nil {
		return err
	}
	return httpx.OKPage(c, rows, total)
}

// sealAuditLog answers GET /seal/api/attribution/getAuditLogList?id: the
// decisions on a seal application (as auditLog).
func (o *office) sealAuditLog(c echo.Context) error { return o.audit(c, modSealApply) }

// sealCountersign answers POST /seal/api/attribution/getCountersign
// {taskId, action, comment, to, userId}: the caller's decision on their
// task of a seal application (the countersign step or the township's).
func (o *office) sealCountersign(c echo.Context) error {
	only := modSealApply
	return o.decide(c, &only)
}

// sealProcessEnd answers GET /seal/api/attribution/officeProcessEnd
// ?page&size: the seal applications whose approval ended (已通过 or 已驳回)
// that the caller reaches, latest first.
func (o *office) sealProcessEnd(c echo.Context) error {
	m, err := o.module(modSealApply)
	if err != nil {
		return err
	}
	p, err := paging(c, 10)
	if err != nil {
		return err
	}
	page, err := o.app.Store().List(c.Request().Context(), m, engine.ScopeOf(c), &query.Query{Page: p.Page, Size: p.Size,
		Sort:    []query.Sort{{Field: "updatedAt", Desc: true}},
		Filters: []query.Filter{{Field: m.Status.Field, Op: query.In, Values: []any{schema.FlowApproved, schema.FlowRejected}}}})
	if err != nil {
		return err
	}
	return httpx.OKPage(c, page.Rows, page.Total)
}
