// Package workbench answers GET /api/workbench: what the signed-in user
// looks at first — open approval tasks, unread messages, the registers
// they can see with a year of new rows per month, and the modules they
// use most (docs/dashboards.md § 4).
package workbench

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"golang.org/x/sync/errgroup"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/crud"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
	"xiangzhi/engine/workflow"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/operationlog"
)

// How much the workbench shows.
const (
	latestTasks   = 5
	maxRegisters  = 12
	sparkMonths   = 12
	maxFrequent   = 8
	frequentSince = 90 * 24 * time.Hour
	frequentScan  = 2000 // the user's latest operations read
)

// Unread counts a user's unread messages.
type Unread func(ctx context.Context, tenantID, userID int64) (int, error)

// Service answers the workbench.
type Service struct {
	app    *engine.App
	wf     *workflow.Engine
	unread Unread
	ent    *ent.Client
	// visitsOn says the screen visits table is there.
	visitsOn bool
}

// Register adds GET /api/workbench; wf and unread may be nil (no tasks, no
// messages).
func Register(app *engine.App, wf *workflow.Engine, unread Unread) *Service {
	st := app.Store()
	s := &Service{app: app, wf: wf, unread: unread,
		ent: ent.NewClient(ent.Driver(entsql.OpenDB(st.Dialect(), st.DB())))}
	app.AddRoutes("", engine.Route{Method: http.MethodGet, Path: "/api/workbench", Code: auth.SignedIn,
		Name: "workbench", Handler: s.workbench})
	// Screen visits (visits.go): without their table 常用功能 counts writes only.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := st.MigrateTables(ctx, visitTable()); err != nil {
		app.Logger().Error("workbench: the screen visits table could not be migrated", "err", err.Error())
		return s
	}
	s.visitsOn = true
	app.AddRoutes("", engine.Route{Method: http.MethodPost, Path: "/api/workbench/visits", Code: auth.SignedIn,
		Name: "workbench visit", Handler: s.visit})
	return s
}

// Counted is a module the user can list, with its rows in scope.
type Counted struct {
	Module string   `json:"module"`
	Title  string   `json:"title"`
	API    string   `json:"api"`
	Count  int64    `json:"count"`
	Months []string `json:"months"`
	Spark  []int64  `json:"spark"`
}

// Frequent is a module, or another screen (Route, its menu's; Module
// and API empty), the user works in often.
type Frequent struct {
	Module string `json:"module"`
	Route  string `json:"route,omitempty"`
	Title  string `json:"title"`
	API    string `json:"api"`
	Count  int    `json:"count"`
}

// Answer is the workbench of one user.
type Answer struct {
	Todo struct {
		Count int64 `json:"count"`
		// Latest are the newest open tasks, rows of 待办 (the workflow's own shape).
		Latest []workflow.TaskRow `json:"latest"`
	} `json:"todo"`
	Unread    int        `json:"unread"`
	Registers []Counted  `json:"registers"`
	Frequent  []Frequent `json:"frequent"`
}

func (s *Service) workbench(c echo.Context) error {
	ctx := c.Request().Context()
	viewer := engine.ScopeOf(c)
	var a Answer
	a.Todo.Latest = []workflow.TaskRow{}
	if s.wf != nil {
		rows, total, err := s.wf.Todo(ctx, viewer, "", workflow.Page{Page: 0, Size: latestTasks})
		if err != nil {
			return fmt.Errorf("workbench todo: %w", err)
		}
		a.Todo.Count = total
		a.Todo.Latest = append(a.Todo.Latest, rows...)
	}
	if s.unread != nil {
		n, err := s.unread(ctx, viewer.TenantID, viewer.UserID)
		if err != nil {
			return err
		}
		a.Unread = n
	}
	regs, err := s.registers(c, viewer)
	if err != nil {
		return err
	}
	a.Registers = regs
	if a.Frequent, err = s.frequent(ctx, viewer); err != nil {
		return err
	}
	return httpx.OK(c, a)
}

// registers counts the rows of every module the user may list, keeps the
// largest and adds their new rows per month for a year.
func (s *Service) registers(c echo.Context, viewer store.Scope) ([]Counted, error) {
	set := s.app.Modules()
	ctx, err := s.app.Store().WithWriteSeqs(c.Request().Context(), set.Modules)
	if err != nil {
		return nil, err
	}
	type counted struct {
		m     *schema.Module
		sc    store.Scope
		count int64
	}
	var held []counted
	for _, m := range set.Modules {
		if sc, err := s.app.Authorize(c, m.Code("list")); err == nil {
			held = append(held, counted{m: m, sc: sc})
		}
	}
	// The counts and the months are independent statistics: cold (after a
	// start, or a write to a large register) each reads an index of up to a
	// county's every row, so they run side by side, one per core.
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i := range held {
		g.Go(func() error {
			x := &held[i]
			b, err := s.app.Statistic(gctx, x.m, x.sc, nil, crud.StatsRequest{})
			if err != nil {
				return fmt.Errorf("workbench count of %s: %w", x.m.Name, err)
			}
			if len(b) > 0 {
				x.count = b[0].Count
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	all := slices.DeleteFunc(held, func(x counted) bool { return x.count == 0 })
	slices.SortStableFunc(all, func(x, y counted) int { return cmp.Compare(y.count, x.count) })
	if len(all) > maxRegisters {
		all = all[:maxRegisters]
	}
	now := time.Now()
	first := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.Local).AddDate(0, 1-sparkMonths, 0)
	months := make([]string, sparkMonths)
	for i := range months {
		months[i] = first.AddDate(0, i, 0).Format("2006-01")
	}
	out := make([]Counted, len(all))
	g, gctx = errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for j, x := range all {
		g.Go(func() error {
			q, err := crud.ParseCriteria(x.m, url.Values{"createdAt.greaterThanOrEqual": {first.Format(schema.DateLayout)}})
			if err != nil {
				return err
			}
			b, err := s.app.Statistic(gctx, x.m, x.sc, q, crud.StatsRequest{By: "createdAt", Bucket: store.BucketMonth})
			if err != nil {
				return fmt.Errorf("workbench months of %s: %w", x.m.Name, err)
			}
			spark := make([]int64, sparkMonths)
			for _, bk := range b {
				if i := slices.Index(months, fmt.Sprint(bk.Key)); i >= 0 {
					spark[i] = bk.Count
				}
			}
			out[j] = Counted{Module: x.m.Name, Title: x.m.Title, API: x.m.API, Count: x.count, Months: months, Spark: spark}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return out, nil
}

// frequent are the modules the user opened (screen visits) and wrote in
// (the operation log: creates, edits, deletes, imports, status actions)
// in the last 90 days, most used first: a module's count is its visits
// plus its operations.
func (s *Service) frequent(ctx context.Context, viewer store.Scope) ([]Frequent, error) {
	rows, err := s.ent.OperationLog.Query().
		Where(operationlog.TenantID(viewer.TenantID), operationlog.UserID(viewer.UserID),
			operationlog.TimeGTE(time.Now().Add(-frequentSince))).
		Order(ent.Desc(operationlog.FieldID)).Limit(frequentScan).
		Select(operationlog.FieldURI).Strings(ctx)
	if err != nil {
		return nil, fmt.Errorf("workbench operations: %w", err)
	}
	set := s.app.Modules()
	bases := slices.Clone(set.Modules)
	slices.SortFunc(bases, func(a, b *schema.Module) int { return cmp.Compare(len(b.API), len(a.API)) })
	counts := map[*schema.Module]int{}
	for _, uri := range rows {
		path, _, _ := strings.Cut(uri, "?")
		for _, m := range bases {
			base := strings.TrimSuffix(m.API, "/")
			if path == base || strings.HasPrefix(path, base+"/") {
				counts[m]++
				break
			}
		}
	}
	out := []Frequent{}
	if s.visitsOn {
		seen, err := s.visits(ctx, viewer)
		if err != nil {
			return nil, err
		}
		var held map[string]string // the routes of the user's menus, read once there are visited routes
		for name, n := range seen {
			if m := set.Module(name); m != nil {
				counts[m] += n
				continue
			}
			if !strings.HasPrefix(name, "/") {
				continue
			}
			if held == nil {
				v := auth.ViewerFrom(ctx)
				if v == nil {
					continue
				}
				if held, err = s.menuTitles(ctx, v); err != nil {
					return nil, err
				}
			}
			// A route whose menu the user no longer holds is left out.
			if title, ok := held[name]; ok {
				out = append(out, Frequent{Route: name, Title: title, Count: n})
			}
		}
	}
	for m, n := range counts {
		out = append(out, Frequent{Module: m.Name, Title: m.Title, API: m.API, Count: n})
	}
	slices.SortFunc(out, func(a, b Frequent) int {
		if c := cmp.Compare(b.Count, a.Count); c != 0 {
			return c
		}
		return strings.Compare(a.Module+a.Route, b.Module+b.Route)
	})
	if len(out) > maxFrequent {
		out = out[:maxFrequent]
	}
	return out, nil
}
