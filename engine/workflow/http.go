package workflow

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	entsql "entgo.io/ent/dialect/sql"
	"github.com/labstack/echo/v4"

	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// Endpoint is one workflow call, for the App's route table (the module
// that wires the workflow in turns each into an engine.Route).
type Endpoint struct {
	Method, Path, Code, Name string
	Handler                  echo.HandlerFunc
}

// Authorize checks that the request may use a permission code and answers
// its data scope (the App's Authorizer).
type Authorize func(c echo.Context, code string) (store.Scope, error)

// handlers serve the workflow calls.
type handlers struct {
	e         *Engine
	authorize Authorize
	signedIn  string
}

// Endpoints are the workflow calls under /api/workflow. Every signed-in
// user may call them (code signedIn): each acts only on the caller's own
// tasks and applications, and submitting or simulating also needs the
// module's <permission>.submit code, checked in the handler (the module
// is in the path).
func (e *Engine) Endpoints(authorize Authorize, signedIn string) []Endpoint {
	h := &handlers{e: e, authorize: authorize, signedIn: signedIn}
	return []Endpoint{
		{http.MethodGet, "/api/workflow/todo", signedIn, msg.WorkflowRouteTodo, h.todo},
		{http.MethodGet, "/api/workflow/todo/counts", signedIn, msg.WorkflowRouteTodoCounts, h.todoCounts},
		{http.MethodGet, "/api/workflow/done", signedIn, msg.WorkflowRouteDone, h.done},
		{http.MethodGet, "/api/workflow/mine", signedIn, msg.WorkflowRouteMine, h.mine},
		{http.MethodGet, "/api/workflow/cc", signedIn, msg.WorkflowRouteCopies, h.copies},
		{http.MethodPost, "/api/workflow/tasks/:id/decide", signedIn, msg.WorkflowRouteDecide, h.decide},
		{http.MethodPost, "/api/workflow/tasks/:id/takeback", signedIn, msg.WorkflowRouteTakeBack, h.takeBack},
		{http.MethodGet, "/api/workflow/leave", signedIn, msg.WorkflowRouteLeaves, h.leaves},
		{http.MethodPost, "/api/workflow/leave", signedIn, msg.WorkflowRouteLeaveAdd, h.addLeave},
		{http.MethodPost, "/api/workflow/leave/:id/cancel", signedIn, msg.WorkflowRouteLeaveCancel, h.cancelLeave},
		{http.MethodPost, "/api/workflow/:module/simulate", signedIn, msg.WorkflowRouteSimulate, h.simulate},
		{http.MethodPost, "/api/workflow/:module/:id/submit", signedIn, msg.WorkflowRouteSubmit, h.submit},
		{http.MethodPost, "/api/workflow/:module/:id/withdraw", signedIn, msg.WorkflowRouteWithdraw, h.withdraw},
		{http.MethodPost, "/api/workflow/:module/:id/chase", signedIn, msg.WorkflowRouteChase, h.chase},
		{http.MethodPost, "/api/workflow/:module/:id/cc", signedIn, msg.WorkflowRouteCopy, h.copy},
		{http.MethodGet, "/api/workflow/:module/:id", signedIn, msg.WorkflowRouteRecord, h.record},
	}
}

func (h *handlers) todo(c echo.Context) error {
	p, err := page(c, "module")
	if err != nil {
		return err
	}
	rows, total, err := h.e.Todo(c.Request().Context(), h.scope(c), c.QueryParam("module"), p)
	if err != nil {
		return err
	}
	return httpx.OKPage(c, rows, total)
}

func (h *handlers) todoCounts(c echo.Context) error {
	counts, err := h.e.TodoCounts(c.Request().Context(), h.scope(c))
	if err != nil {
		return err
	}
	return httpx.OK(c, counts)
}

func (h *handlers) done(c echo.Context) error {
	p, err := page(c)
	if err != nil {
		return err
	}
	rows, total, err := h.e.Done(c.Request().Context(), h.scope(c), p)
	if err != nil {
		return err
	}
	return httpx.OKPage(c, rows, total)
}

func (h *handlers) mine(c echo.Context) error {
	p, err := page(c)
	if err != nil {
		return err
	}
	rows, total, err := h.e.Mine(c.Request().Context(), h.scope(c), p)
	if err != nil {
		return err
	}
	return httpx.OKPage(c, rows, total)
}

func (h *handlers) copies(c echo.Context) error {
	p, err := page(c)
	if err != nil {
		return err
	}
	rows, total, err := h.e.Copies(c.Request().Context(), h.scope(c), p)
	if err != nil {
		return err
	}
	return httpx.OKPage(c, rows, total)
}

// copy answers POST /api/workflow/{module}/{id}/cc {userIds} with the flow.
func (h *handlers) copy(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	body, err := httpx.BindObject(c, 0)
	if err != nil {
		return err
	}
	if _, ok := body["userIds"].([]any); !ok || len(body) != 1 {
		return httpx.BadRequest(msg.FlowCCNobody)
	}
	users, err := ids(body["userIds"])
	if err != nil {
		return httpx.BadRequest(fmt.Sprintf(msg.BadParam, "userIds"))
	}
	sc := h.scope(c)
	if err := h.e.Copy(c.Request().Context(), c.Param("module"), sc, id, users); err != nil {
		return err
	}
	return h.state(c, sc, c.Param("module"), id)
}

// decide answers POST /api/workflow/tasks/{id}/decide {action, comment, to}
// with the record's flow state.
func (h *handlers) decide(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	body, err := httpx.BindObject(c, 0)
	if err != nil {
		return err
	}
	var d Decision
	for k, v := range body {
		switch k {
		case "userId":
			if d.UserID, err = strconv.ParseInt(fmt.Sprint(v), 10, 64); err != nil {
				return httpx.BadRequest(fmt.Sprintf(msg.BadParam, k))
			}
			continue
		case "userIds":
			if d.UserIDs, err = ids(v); err != nil {
				return httpx.BadRequest(fmt.Sprintf(msg.BadParam, k))
			}
			continue
		case "record":
			rec, ok := v.(map[string]any)
			if !ok && v != nil {
				return httpx.BadRequest(msg.FlowBadRecord)
			}
			d.Record = rec
			continue
		}
		s, ok := v.(string)
		if !ok && v != nil {
			return httpx.BadRequest(fmt.Sprintf(msg.BadParam, k))
		}
		switch k {
		case "action":
			d.Action = strings.TrimSpace(s)
		case "comment":
			d.Comment = s
		case "to":
			d.To = strings.TrimSpace(s)
		case "position":
			d.Position = strings.TrimSpace(s)
		default:
			return httpx.BadRequest(fmt.Sprintf(msg.UnknownField, k))
		}
	}
	ctx, sc := c.Request().Context(), h.scope(c)
	if err := h.e.Decide(ctx, sc, id, d); err != nil {
		return err
	}
	t, err := h.e.task(ctx, sc, id)
	if err != nil {
		return err
	}
	return h.state(c, sc, t.Module, t.RecordID)
}

// takeBack answers POST /api/workflow/tasks/{id}/takeback with the
// record's flow state.
func (h *handlers) takeBack(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	ctx, sc := c.Request().Context(), h.scope(c)
	if err := h.e.TakeBack(ctx, sc, id); err != nil {
		return err
	}
	t, err := h.e.task(ctx, sc, id)
	if err != nil {
		return err
	}
	return h.state(c, sc, t.Module, t.RecordID)
}

// submit answers POST /api/workflow/{module}/{id}/submit with the flow.
func (h *handlers) submit(c echo.Context) error {
	m, id, sc, err := h.moduleCall(c, schema.SubmitOp)
	if err != nil {
		return err
	}
	if _, err := h.e.Submit(c.Request().Context(), m.Name, sc, id); err != nil {
		return err
	}
	return h.state(c, sc, m.Name, id)
}

// withdraw answers POST /api/workflow/{module}/{id}/withdraw with the flow.
func (h *handlers) withdraw(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	sc := h.scope(c)
	if err := h.e.Withdraw(c.Request().Context(), c.Param("module"), sc, id); err != nil {
		return err
	}
	return h.state(c, sc, c.Param("module"), id)
}

// chase answers POST /api/workflow/{module}/{id}/chase with the flow.
func (h *handlers) chase(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	sc := h.scope(c)
	if err := h.e.Chase(c.Request().Context(), c.Param("module"), sc, id); err != nil {
		return err
	}
	return h.state(c, sc, c.Param("module"), id)
}

// record answers GET /api/workflow/{module}/{id}: the record and its flow,
// for whoever applied or has a task on it, whatever their data scope, and
// otherwise for who may view it in their scope.
func (h *handlers) record(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	m, err := h.e.module(c.Param("module"))
	if err != nil {
		return err
	}
	ctx, sc := c.Request().Context(), h.scope(c)
	in, err := h.e.Involved(ctx, sc, m.Name, id)
	if err != nil {
		return err
	}
	if in {
		sc.Mode = store.ScopeAll
	} else if sc, err = h.authorize(c, m.Code("view")); err != nil {
		return err
	}
	rec, err := h.e.opts.Store.Get(ctx, m, sc, id)
	if err != nil {
		return err
	}
	hidden, err := h.e.Hidden(ctx, sc, m.Name, id)
	if err != nil {
		return err
	}
	for _, f := range hidden {
		delete(rec, f)
	}
	flow, err := h.e.State(ctx, sc, m.Name, id)
	if err != nil {
		return err
	}
	return httpx.OK(c, map[string]any{"record": rec, "flow": flow})
}

// simulate answers POST /api/workflow/{module}/simulate {record,
// applicantId?}: the path the draft would take. The applicant is the
// caller unless applicantId names another user.
func (h *handlers) simulate(c echo.Context) error {
	m, err := h.e.module(c.Param("module"))
	if err != nil {
		return err
	}
	sc, err := h.authorize(c, m.Code(schema.SubmitOp))
	if err != nil {
		return err
	}
	body, err := httpx.BindObject(c, 0)
	if err != nil {
		return err
	}
	rec, ok := body["record"].(map[string]any)
	if !ok {
		return httpx.BadRequest(msg.FlowBadRecord)
	}
	applicant, org := sc.UserID, sc.OrgID
	if v, ok := body["applicantId"]; ok && v != nil {
		n, err := strconv.ParseInt(fmt.Sprint(v), 10, 64)
		if err != nil {
			return httpx.BadRequest(fmt.Sprintf(msg.BadParam, "applicantId"))
		}
		if applicant, org = n, 0; n != sc.UserID {
			if org, err = h.e.opts.Directory.UserOrg(c.Request().Context(), sc.TenantID, n); err != nil {
				return err
			}
		} else {
			org = sc.OrgID
		}
	}
	sim, err := h.e.Simulate(c.Request().Context(), m.Name, sc.TenantID, applicant, org, rec)
	if err != nil {
		return err
	}
	return httpx.OK(c, sim)
}

// moduleCall reads {module} and {id} and authorizes the module's code op.
func (h *handlers) moduleCall(c echo.Context, op string) (*schema.Module, int64, store.Scope, error) {
	id, err := pathID(c, "id")
	if err != nil {
		return nil, 0, store.Scope{}, err
	}
	m, err := h.e.module(c.Param("module"))
	if err != nil {
		return nil, 0, store.Scope{}, err
	}
	sc, err := h.authorize(c, m.Code(op))
	return m, id, sc, err
}

func (h *handlers) state(c echo.Context, sc store.Scope, module string, id int64) error {
	st, err := h.e.State(c.Request().Context(), sc, module, id)
	if err != nil {
		return err
	}
	return httpx.OK(c, st)
}

// scope is the caller's scope (every route is signed in).
func (h *handlers) scope(c echo.Context) store.Scope {
	sc, _ := h.authorize(c, h.signedIn) // the route allowed it already; the viewer is kept on the request
	return sc
}

// task reads one task of the viewer's tenant.
func (e *Engine) task(ctx context.Context, sc store.Scope, id int64) (*task, error) {
	ts, err := readTasks(ctx, e.opts.Store.DB(), e.sqlb().Select(taskCols...).From(entsql.Table(TaskTable)).
		Where(entsql.And(entsql.EQ("id", id), entsql.EQ("tenant_id", sc.TenantID))))
	if err != nil {
		return nil, err
	}
	if len(ts) == 0 {
		return nil, errTaskNotFound
	}
	return ts[0], nil
}

// page reads page (zero-based) and size (default 10, at most 1000); other
// query parameters than these and allowed are refused.
func page(c echo.Context, allowed ...string) (Page, error) {
	p := Page{Size: 10}
	for k, vs := range c.QueryParams() {
		var err error
		switch k {
		case "page":
			p.Page, err = strconv.Atoi(vs[0])
			if p.Page < 0 {
				err = errBadNumber
			}
		case "size":
			p.Size, err = strconv.Atoi(vs[0])
			if p.Size < 1 || p.Size > 1000 {
				err = errBadNumber
			}
		default:
			if !slices.Contains(allowed, k) {
				return p, httpx.BadRequest(fmt.Sprintf(msg.QueryUnknownParam, k))
			}
		}
		if err != nil {
			return p, httpx.BadRequest(fmt.Sprintf(msg.BadParam, k))
		}
	}
	return p, nil
}

var errBadNumber = errors.New("number out of range")

// ids reads a JSON array of user ids.
func ids(v any) ([]int64, error) {
	raw, ok := v.([]any)
	if !ok {
		return nil, errBadNumber
	}
	out := make([]int64, 0, len(raw))
	for _, x := range raw {
		n, err := strconv.ParseInt(fmt.Sprint(x), 10, 64)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

func pathID(c echo.Context, name string) (int64, error) {
	id, err := strconv.ParseInt(c.Param(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, httpx.BadRequest(fmt.Sprintf(msg.BadParam, name))
	}
	return id, nil
}

// leaves answers GET /api/workflow/leave: the caller's leave periods.
func (h *handlers) leaves(c echo.Context) error {
	ls, err := h.e.Leaves(c.Request().Context(), h.scope(c))
	if err != nil {
		return err
	}
	return httpx.OK(c, ls)
}

// addLeave answers POST /api/workflow/leave {substituteId, startAt, endAt,
// reason} with the leave recorded.
func (h *handlers) addLeave(c echo.Context) error {
	body, err := httpx.BindObject(c, 0)
	if err != nil {
		return err
	}
	var sub int64
	text := map[string]string{}
	for k, v := range body {
		switch k {
		case "substituteId":
			if sub, err = strconv.ParseInt(fmt.Sprint(v), 10, 64); err != nil {
				return httpx.BadRequest(fmt.Sprintf(msg.BadParam, k))
			}
		case "startAt", "endAt", "reason":
			s, ok := v.(string)
			if !ok && v != nil {
				return httpx.BadRequest(fmt.Sprintf(msg.BadParam, k))
			}
			text[k] = s
		default:
			return httpx.BadRequest(fmt.Sprintf(msg.UnknownField, k))
		}
	}
	l, err := h.e.AddLeave(c.Request().Context(), h.scope(c), sub, text["startAt"], text["endAt"], text["reason"])
	if err != nil {
		return err
	}
	return httpx.OK(c, l)
}

// cancelLeave answers POST /api/workflow/leave/{id}/cancel with the
// caller's leave periods.
func (h *handlers) cancelLeave(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	ctx, sc := c.Request().Context(), h.scope(c)
	if err := h.e.CancelLeave(ctx, sc, id); err != nil {
		return err
	}
	ls, err := h.e.Leaves(ctx, sc)
	if err != nil {
		return err
	}
	return httpx.OK(c, ls)
}
