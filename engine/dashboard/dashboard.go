// Package dashboard serves the dashboards declared in schemas/dashboards
// (docs/dashboards.md): their definitions for the console, all widgets'
// data in one call for the viewer (the dashboard's visit code, the data
// scope, page filters and a drill node), and one widget's data as xlsx.
// Every statistic goes through crud.Dispatcher.Statistic, so it is the
// same, with the same cache, as GET {api}/stats.
package dashboard

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/crud"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// OrgNode is an organisation of the tree.
type OrgNode struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Level int    `json:"level"`
	Path  string `json:"-"`
}

// OrgLister lists the organisations of a tenant whose path starts with
// path (the organisation itself included); the system module implements it
// on its engine.System.
type OrgLister interface {
	OrgsUnder(ctx context.Context, tenantID int64, path string) ([]OrgNode, error)
}

// Options configure a Service.
type Options struct {
	Crud      *crud.Dispatcher
	Store     *store.Store
	Set       func() *schema.Set
	Authorize func(c echo.Context, code string) (store.Scope, error)
	// Orgs gives the organisation lister (nil while there is none).
	Orgs func() OrgLister
	// Tasks gives the count of a viewer's open workflow tasks of every
	// module (nil, or answering nil, while there is no workflow): the
	// number items with tasks: open.
	Tasks  func() func(ctx context.Context, viewer store.Scope) (int64, error)
	Logger *slog.Logger
}

// Service answers the dashboard calls.
type Service struct {
	opts Options
	// places keeps the markers of map widgets while their module's table
	// is unchanged (and for placesTTL at most, for renamed organisations).
	places placeCache
}

// New returns a Service.
func New(opts Options) *Service {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	return &Service{opts: opts, places: placeCache{items: map[string]placeEntry{}}}
}

// placesTTL bounds how long a map's markers are reused.
const placesTTL = 5 * time.Minute

// placeCache holds map markers by viewer, node and widget.
type placeCache struct {
	mu    sync.Mutex
	items map[string]placeEntry
}

type placeEntry struct {
	seq int64
	at  time.Time
	placed
}

// placed is what a map draws of its module's records: the markers and
// the shapes.
type placed struct {
	markers []marker
	shapes  []shape
}

func (c *placeCache) get(key string, seq int64) (placed, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.items[key]
	if !ok || e.seq != seq || time.Since(e.at) > placesTTL {
		return placed{}, false
	}
	return e.placed, true
}

func (c *placeCache) put(key string, seq int64, p placed) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.items) >= 1000 { // bounded: start over
		c.items = map[string]placeEntry{}
	}
	c.items[key] = placeEntry{seq: seq, at: time.Now(), placed: p}
}

// parallel is how many widgets of one call are evaluated at once.
const parallel = 4

// Summary names a dashboard in the list.
type Summary struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	Route string `json:"route"`
	Code  string `json:"code"`
}

// List answers GET /api/dashboards: the dashboards the viewer may open.
func (s *Service) List(c echo.Context) error {
	out := []Summary{}
	for _, d := range s.opts.Set().Dashboards {
		if _, err := s.opts.Authorize(c, d.Code); err != nil {
			continue
		}
		out = append(out, Summary{Name: d.Name, Title: d.Title, Route: d.Route, Code: d.Code})
	}
	return httpx.OK(c, out)
}

// open finds the dashboard of the path and checks its visit code.
func (s *Service) open(c echo.Context) (*schema.Set, *schema.Dashboard, store.Scope, error) {
	set := s.opts.Set()
	d := set.Dashboard(c.Param("name"))
	if d == nil {
		return nil, nil, store.Scope{}, httpx.ErrRouteNotFound
	}
	viewer, err := s.opts.Authorize(c, d.Code)
	if err != nil {
		return nil, nil, store.Scope{}, err
	}
	return set, d, viewer, nil
}

// definition is a dashboard as the console draws it.
type definition struct {
	*schema.Dashboard
	Filters []schema.PageFilter `json:"filters"`
	Top     OrgNode             `json:"top"`
}

// Definition answers GET /api/dashboards/:name.
func (s *Service) Definition(c echo.Context) error {
	set, d, viewer, err := s.open(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	top, err := s.node(ctx, viewer, viewer.OrgID, viewer.OrgPath)
	if err != nil {
		return err
	}
	out := definition{Dashboard: d, Top: top, Filters: make([]schema.PageFilter, len(d.Filters))}
	for i, f := range d.Filters {
		out.Filters[i] = f
		switch {
		case f.Type == schema.FilterChoice && f.Dict != "" && set.Dicts[f.Dict] != nil:
			out.Filters[i].Options = set.Dicts[f.Dict].Items
		case f.Type == schema.FilterOrg:
			out.Filters[i].Options = []schema.Option{}
			orgs, err := s.orgsUnder(ctx, viewer.TenantID, viewer.OrgPath)
			if err != nil {
				return err
			}
			for _, o := range orgs {
				if o.Level == f.Level {
					out.Filters[i].Options = append(out.Filters[i].Options, schema.Option{Value: o.ID, Label: o.Name})
				}
			}
		}
		if out.Filters[i].Options == nil {
			out.Filters[i].Options = []schema.Option{}
		}
	}
	return httpx.OK(c, out)
}

// orgsUnder lists the organisations under path, when a lister is there.
func (s *Service) orgsUnder(ctx context.Context, tenant int64, path string) ([]OrgNode, error) {
	var l OrgLister
	if s.opts.Orgs != nil {
		l = s.opts.Orgs()
	}
	if l == nil {
		return nil, nil
	}
	orgs, err := l.OrgsUnder(ctx, tenant, path)
	if err != nil {
		return nil, fmt.Errorf("organisations under %s: %w", path, err)
	}
	for i := range orgs {
		orgs[i].Level = crud.PathDepth(orgs[i].Path)
	}
	return orgs, nil
}

// node names the organisation id at path.
func (s *Service) node(ctx context.Context, viewer store.Scope, id int64, path string) (OrgNode, error) {
	n := OrgNode{ID: id, Path: path, Level: crud.PathDepth(path)}
	names, err := s.opts.Crud.OrgNames(ctx, viewer.TenantID, []int64{id})
	if err != nil {
		return n, fmt.Errorf("organisation name: %w", err)
	}
	n.Name = names[id]
	return n, nil
}

// request is one data call: who asks, where they stand, what they filter.
type request struct {
	set     *schema.Set
	d       *schema.Dashboard
	viewer  store.Scope
	top     OrgNode
	node    OrgNode
	from    string
	toNext  string // the day after "to": rows before it
	filters map[string]string
	// locale words the labels the server makes (httpx.RequestLocale).
	locale string
}

// under is the organisation every widget counts under: the drill node
// when it is not the viewer's own.
func (r *request) under() int64 {
	if r.node.ID == r.viewer.OrgID {
		return 0
	}
	return r.node.ID
}

// parse reads the data parameters (docs/dashboards.md § 3).
func (s *Service) parse(c echo.Context, set *schema.Set, d *schema.Dashboard, viewer store.Scope) (*request, error) {
	ctx := c.Request().Context()
	p := c.QueryParams()
	r := &request{set: set, d: d, viewer: viewer, filters: map[string]string{}, locale: httpx.RequestLocale(c.Request())}
	var err error
	if r.top, err = s.node(ctx, viewer, viewer.OrgID, viewer.OrgPath); err != nil {
		return nil, err
	}
	r.node = r.top
	org := p.Get("org")
	for _, f := range d.Filters {
		v := p.Get(f.Name)
		if v == "" {
			continue
		}
		switch f.Type {
		case schema.FilterOrg:
			if org == "" {
				org = v
			}
		case schema.FilterChoice:
			r.filters[f.Name] = v
		}
	}
	if org != "" {
		id, err := strconv.ParseInt(org, 10, 64)
		if err != nil || id <= 0 {
			return nil, crud.ErrOrgOutOfScope
		}
		path, err := s.opts.Crud.OrgPathIn(ctx, viewer, id)
		if err != nil {
			return nil, err
		}
		if r.node, err = s.node(ctx, viewer, id, path); err != nil {
			return nil, err
		}
	}
	for _, b := range []struct {
		key string
		out *string
		add int
	}{{"from", &r.from, 0}, {"to", &r.toNext, 1}} {
		v := p.Get(b.key)
		if v == "" {
			continue
		}
		t, err := time.Parse(schema.DateLayout, v)
		if err != nil {
			return nil, httpx.BadRequest(fmt.Sprintf(msg.DashBadDate, v))
		}
		*b.out = t.AddDate(0, 0, b.add).Format(schema.DateLayout)
	}
	return r, nil
}

// path is the breadcrumb from the viewer's top to the drill node.
func (s *Service) path(ctx context.Context, r *request) ([]OrgNode, error) {
	segs := strings.Split(strings.Trim(r.node.Path, "/"), "/")
	var ids []int64
	var paths []string
	for i, seg := range segs {
		if i+1 < r.top.Level {
			continue
		}
		id, err := strconv.ParseInt(seg, 10, 64)
		if err != nil {
			continue
		}
		ids = append(ids, id)
		paths = append(paths, "/"+strings.Join(segs[:i+1], "/")+"/")
	}
	names, err := s.opts.Crud.OrgNames(ctx, r.viewer.TenantID, ids)
	if err != nil {
		return nil, err
	}
	out := make([]OrgNode, len(ids))
	for i, id := range ids {
		out[i] = OrgNode{ID: id, Name: names[id], Level: crud.PathDepth(paths[i]), Path: paths[i]}
	}
	return out, nil
}

// dataAnswer is the answer of the data call.
type dataAnswer struct {
	Org     OrgNode        `json:"org"`
	Path    []OrgNode      `json:"path"`
	Top     OrgNode        `json:"top"`
	At      time.Time      `json:"at"`
	Widgets map[string]any `json:"widgets"`
}

// widgetError is a widget that could not be evaluated.
type widgetError struct {
	Error struct {
		Code int    `json:"code"`
		Msg  string `json:"msg"`
	} `json:"error"`
}

// Data answers GET /api/dashboards/:name/data.
func (s *Service) Data(c echo.Context) error {
	set, d, viewer, err := s.open(c)
	if err != nil {
		return err
	}
	r, err := s.parse(c, set, d, viewer)
	if err != nil {
		return err
	}
	widgets := d.Widgets
	if v := c.QueryParam("widgets"); v != "" {
		widgets = nil
		for _, id := range strings.Split(v, ",") {
			w := d.Widget(strings.TrimSpace(id))
			if w == nil {
				return httpx.BadRequest(fmt.Sprintf(msg.DashBadWidgets, id))
			}
			widgets = append(widgets, w)
		}
	}
	ctx, err := s.opts.Store.WithWriteSeqs(c.Request().Context(), modulesOf(set, widgets))
	if err != nil {
		return err
	}
	ans := dataAnswer{Org: r.node, Top: r.top, At: time.Now().UTC(), Widgets: make(map[string]any, len(widgets))}
	if ans.Path, err = s.path(ctx, r); err != nil {
		return err
	}
	results := s.Evaluate(ctx, r, widgets)
	for i, w := range widgets {
		ans.Widgets[w.ID] = results[i]
	}
	return httpx.OK(c, ans)
}

// modulesOf are the modules the widgets count.
func modulesOf(set *schema.Set, widgets []*schema.Widget) []*schema.Module {
	var out []*schema.Module
	add := func(name string) {
		if m := set.Module(name); m != nil && !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	for _, w := range widgets {
		add(w.Module)
		for _, it := range w.Items {
			add(it.Module)
		}
		if w.Value != nil {
			add(w.Value.Module)
		}
	}
	return out
}

// Evaluate computes the widgets' data, parallel at most 4 at a time; a
// widget that fails answers its error.
func (s *Service) Evaluate(ctx context.Context, r *request, widgets []*schema.Widget) []any {
	out := make([]any, len(widgets))
	sem := make(chan struct{}, parallel)
	var wg sync.WaitGroup
	for i, w := range widgets {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			t0 := time.Now()
			v, err := s.widget(ctx, r, w)
			s.opts.Logger.Debug("dashboard widget", "dashboard", r.d.Name, "widget", w.ID,
				"ms", float64(time.Since(t0).Microseconds())/1000)
			if err != nil {
				out[i] = s.failed(r, w, err)
				return
			}
			out[i] = v
		}()
	}
	wg.Wait()
	return out
}

// failed turns a widget's error into its answer: the public message of a
// refusal, 服务器内部错误 (logged) for anything else.
func (s *Service) failed(r *request, w *schema.Widget, err error) widgetError {
	var we widgetError
	var pe interface {
		HTTPStatus() int
		PublicMessage() string
	}
	if asPublic(err, &pe) {
		we.Error.Code, we.Error.Msg = pe.HTTPStatus(), httpx.LocalizeMessage(pe.PublicMessage(), r.locale)
		return we
	}
	s.opts.Logger.Error("dashboard widget failed", "dashboard", r.d.Name, "widget", w.ID, "err", err.Error())
	we.Error.Code, we.Error.Msg = http.StatusInternalServerError, httpx.LocalizeMessage(msg.Internal, r.locale)
	return we
}

// criteria are a statistic's criteria with the page filters the widget
// maps, as a list request would carry them.
func (r *request) criteria(w *schema.Widget, crit map[string]any) url.Values {
	v := url.Values{}
	for k, x := range crit {
		switch t := x.(type) {
		case []any:
			parts := make([]string, len(t))
			for i, p := range t {
				parts[i] = fmt.Sprint(p)
			}
			v.Set(k, strings.Join(parts, ","))
		case bool:
			v.Set(k, strconv.FormatBool(t))
		default:
			v.Set(k, fmt.Sprint(t))
		}
	}
	for name, field := range w.Filters {
		f := r.d.Filter(name)
		if f == nil {
			continue
		}
		switch f.Type {
		case schema.FilterPeriod:
			if r.from != "" {
				v.Set(field+".greaterThanOrEqual", r.from)
			}
			if r.toNext != "" {
				v.Set(field+".lessThan", r.toNext)
			}
		case schema.FilterChoice:
			if val := r.filters[name]; val != "" {
				v.Set(field+".equals", val)
			}
		}
	}
	return v
}

// statistic evaluates one statistic for the request.
func (s *Service) statistic(ctx context.Context, r *request, w *schema.Widget, st schema.Stat, top int) ([]store.Bucket, error) {
	m := r.set.Module(st.Module)
	if m == nil {
		return nil, httpx.ErrRouteNotFound
	}
	v := r.criteria(w, st.Criteria)
	if err := s.opts.Crud.ResolveRefs(ctx, r.set, m, r.viewer, v); err != nil {
		return nil, err
	}
	q, err := crud.ParseCriteria(m, v)
	if err != nil {
		return nil, err
	}
	b, err := s.opts.Crud.Statistic(ctx, r.set, m, r.viewer, q, crud.StatsRequest{
		By: st.By, Bucket: st.Bucket, Then: st.Then, ThenBucket: st.ThenBucket, Bands: st.Bands,
		Level: st.Level, Measure: st.Measure, Of: st.Of, Under: r.under(), Top: top})
	return crud.LocalizeBuckets(b, r.locale), err
}

// single is the value of a statistic without grouping.
func (s *Service) single(ctx context.Context, r *request, w *schema.Widget, st schema.Stat) (*float64, error) {
	st.By, st.Then, st.Bucket, st.ThenBucket, st.Level = "", "", "", "", ""
	b, err := s.statistic(ctx, r, w, st, 0)
	if err != nil || len(b) == 0 {
		return nil, err
	}
	return b[0].Value, nil
}

// widget computes one widget's data (docs/dashboards.md § 2).
func (s *Service) widget(ctx context.Context, r *request, w *schema.Widget) (any, error) {
	switch w.Kind {
	case schema.WidgetNumber:
		items := make([]numberItem, len(w.Items))
		errs := make([]error, len(w.Items))
		var wg sync.WaitGroup
		for i, it := range w.Items {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if it.Tasks == schema.ItemTasksOpen {
					v, err := s.openTasks(ctx, r.viewer)
					items[i], errs[i] = numberItem{Label: it.Label, Unit: it.Unit, Value: v}, err
					return
				}
				v, err := s.single(ctx, r, w, schema.Stat{Module: it.Module, Measure: it.Measure, Of: it.Of, Criteria: it.Criteria})
				items[i], errs[i] = numberItem{Label: it.Label, Unit: it.Unit, Value: v}, err
			}()
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			return nil, err
		}
		return map[string]any{"items": items}, nil
	case schema.WidgetGauge:
		v, err := s.single(ctx, r, w, w.Stat)
		if err != nil {
			return nil, err
		}
		var crit map[string]any
		if w.Total != nil {
			crit = w.Total.Criteria
		}
		total, err := s.single(ctx, r, w, schema.Stat{Module: w.Module, Criteria: crit})
		if err != nil {
			return nil, err
		}
		ratio := 0.0
		if v != nil && total != nil && *total != 0 {
			ratio = float64(int64(*v / *total * 10000)) / 10000
		}
		return map[string]any{"value": v, "total": total, "ratio": ratio}, nil
	case schema.WidgetMap:
		return s.markers(ctx, r, w)
	case schema.WidgetList:
		return s.rows(ctx, r, w)
	}
	top := w.Top
	if w.Kind == schema.WidgetRanking && top == 0 {
		top = 10
	}
	b, err := s.statistic(ctx, r, w, w.Stat, top)
	if err != nil {
		return nil, err
	}
	return map[string]any{"buckets": b}, nil
}

// openTasks counts the viewer's open workflow tasks of every module
// (their own to-do, whatever the drill node and filters); nil without a
// workflow.
func (s *Service) openTasks(ctx context.Context, viewer store.Scope) (*float64, error) {
	if s.opts.Tasks == nil {
		return nil, nil
	}
	count := s.opts.Tasks()
	if count == nil {
		return nil, nil
	}
	n, err := count(ctx, viewer)
	if err != nil {
		return nil, fmt.Errorf("open tasks: %w", err)
	}
	v := float64(n)
	return &v, nil
}

// numberItem is one value of a number card.
type numberItem struct {
	Label string   `json:"label"`
	Unit  string   `json:"unit"`
	Value *float64 `json:"value"`
}

// column is a list widget's column.
type column struct {
	Field string `json:"field"`
	Label string `json:"label"`
}

// rows lists a module's latest records in the drill node.
func (s *Service) rows(ctx context.Context, r *request, w *schema.Widget) (any, error) {
	m := r.set.Module(w.Module)
	if m == nil {
		return nil, httpx.ErrRouteNotFound
	}
	v := r.criteria(w, w.Criteria)
	sort := w.Sort
	if sort == "" {
		sort = "createdAt,desc"
	}
	size := w.Size
	if size == 0 {
		size = 10
	}
	v.Set("sort", sort)
	v.Set("size", strconv.Itoa(size))
	q, err := crud.ParseCriteria(m, v)
	if err != nil {
		return nil, err
	}
	viewer := r.viewer
	if r.under() != 0 { // narrowed to the drill node, inside the viewer's scope
		viewer.OrgID, viewer.OrgPath = r.node.ID, r.node.Path
		if viewer.Mode == store.ScopeAll {
			viewer.Mode = store.ScopeSubtree
		}
	}
	rows, err := s.opts.Crud.Rows(ctx, r.set, m, viewer, q, w.Fields)
	if err != nil {
		return nil, err
	}
	cols := make([]column, len(w.Fields))
	for i, f := range w.Fields {
		cols[i] = column{Field: f, Label: crud.FieldLabel(m, f)}
	}
	return map[string]any{"columns": cols, "rows": rows}, nil
}

// marker is one point of a map widget.
type marker struct {
	Org   int64    `json:"org"`
	Name  string   `json:"name"`
	Level int      `json:"level"`
	Lng   float64  `json:"lng"`
	Lat   float64  `json:"lat"`
	Value *float64 `json:"value"`
}

// markers places one marker per organisation one level below the drill
// node (the node itself when it has none below): at the mean of the
// points its records carry (village centres), with the widget's value
// counted per organisation.
func (s *Service) markers(ctx context.Context, r *request, w *schema.Widget) (any, error) {
	m := r.set.Module(w.Module)
	if m == nil {
		return nil, httpx.ErrRouteNotFound
	}
	orgs, err := s.orgsUnder(ctx, r.viewer.TenantID, r.node.Path)
	if err != nil {
		return nil, err
	}
	level := r.node.Level + 1
	if !slices.ContainsFunc(orgs, func(o OrgNode) bool { return o.Level == level }) {
		level = r.node.Level
	}
	byID := map[int64]OrgNode{}
	for _, o := range orgs {
		byID[o.ID] = o
	}
	v := r.criteria(w, w.Criteria)
	v.Set("size", strconv.Itoa(query.MaxSize))
	q, err := crud.ParseCriteria(m, v)
	if err != nil {
		return nil, err
	}
	viewer := r.viewer
	if r.under() != 0 {
		viewer.OrgID, viewer.OrgPath = r.node.ID, r.node.Path
		if viewer.Mode == store.ScopeAll {
			viewer.Mode = store.ScopeSubtree
		}
	}
	seq, err := s.opts.Store.WriteSeq(ctx, m)
	if err != nil {
		return nil, err
	}
	key := fmt.Sprintf("%d|%d|%d|%s|%d|%s|%s|%s|%s|%d", viewer.TenantID, viewer.Mode, viewer.UserID, viewer.OrgPath,
		viewer.OrgID, m.Name, w.Point, w.Shape, v.Encode(), level)
	got, ok := s.places.get(key, seq)
	if !ok {
		if got, err = s.place(ctx, m, w, viewer, q, byID, level); err != nil {
			return nil, err
		}
		s.places.put(key, seq, got)
	}
	values := map[int64]*float64{}
	if w.Value != nil {
		st := *w.Value
		st.By, st.Level, st.Then, st.Bucket = "orgId", strconv.Itoa(level), "", ""
		b, err := s.statistic(ctx, r, w, st, 0)
		if err != nil {
			return nil, err
		}
		for _, x := range b {
			if id, ok := x.Key.(int64); ok {
				values[id] = x.Value
			}
		}
	}
	out := make([]marker, len(got.markers))
	for i, p := range got.markers {
		out[i] = p
		out[i].Value = values[p.Org]
	}
	shapes := got.shapes
	if shapes == nil {
		shapes = []shape{}
	}
	return map[string]any{"markers": out, "level": level, "shapes": shapes}, nil
}

// maxShapes bounds the shapes one map answers.
const maxShapes = 500

// shape is one record's polygon or circle on a map widget: org is the
// organisation of the marker level it lies in (a click drills into it).
type shape struct {
	Org    int64          `json:"org"`
	Name   string         `json:"name"`
	Kind   string         `json:"kind"` // polygon | circle
	Rings  [][][2]float64 `json:"rings,omitempty"`
	Center *[2]float64    `json:"center,omitempty"`
	Radius float64        `json:"radius,omitempty"` // metres
}

// shapeOf reads a geoPolygon value (GeoJSON Polygon, MultiPolygon or a
// FeatureCollection of them) as rings, or a geoPoint with a radius as a
// circle; ok is false for anything else.
func shapeOf(v any) (shape, bool) {
	obj, ok := v.(map[string]any)
	if !ok {
		return shape{}, false
	}
	if r, ok := num(obj["radius"]); ok && r > 0 {
		lng, lat, ok := point(obj)
		if !ok {
			return shape{}, false
		}
		return shape{Kind: "circle", Center: &[2]float64{lng, lat}, Radius: r}, true
	}
	var rings [][][2]float64
	var add func(g map[string]any)
	add = func(g map[string]any) {
		switch g["type"] {
		case "Polygon":
			rings = append(rings, ringsOf(g["coordinates"])...)
		case "MultiPolygon":
			polys, _ := g["coordinates"].([]any)
			for _, p := range polys {
				rings = append(rings, ringsOf(p)...)
			}
		case "FeatureCollection":
			fs, _ := g["features"].([]any)
			for _, f := range fs {
				if fm, ok := f.(map[string]any); ok {
					if geo, ok := fm["geometry"].(map[string]any); ok {
						add(geo)
					}
				}
			}
		}
	}
	add(obj)
	if len(rings) == 0 {
		return shape{}, false
	}
	return shape{Kind: "polygon", Rings: rings}, true
}

// ringsOf reads a polygon's coordinates: rings of [lng, lat] positions.
func ringsOf(v any) [][][2]float64 {
	rs, _ := v.([]any)
	var out [][][2]float64
	for _, r := range rs {
		ps, _ := r.([]any)
		var ring [][2]float64
		for _, p := range ps {
			xy, _ := p.([]any)
			if len(xy) < 2 {
				continue
			}
			lng, ok1 := num(xy[0])
			lat, ok2 := num(xy[1])
			if ok1 && ok2 {
				ring = append(ring, [2]float64{round6(lng), round6(lat)})
			}
		}
		if len(ring) >= 3 {
			out = append(out, ring)
		}
	}
	return out
}

// place puts one marker per organisation of the level at the mean of the
// points of its records.
func (s *Service) place(ctx context.Context, m *schema.Module, w *schema.Widget, viewer store.Scope, q *query.Query,
	byID map[int64]OrgNode, level int) (placed, error) {
	page, err := s.opts.Store.List(ctx, m, viewer, q)
	if err != nil {
		return placed{}, fmt.Errorf("map of %s: %w", m.Name, err)
	}
	var shapes []shape
	type acc struct {
		lng, lat float64
		n        int
	}
	sums := map[int64]*acc{}
	var order []int64
	for _, rec := range page.Rows {
		org, _ := rec["orgId"].(int64)
		o, ok := byID[org]
		if !ok {
			continue
		}
		key := ancestor(o.Path, level)
		if key == 0 {
			continue
		}
		if w.Shape != "" && len(shapes) < maxShapes {
			if sh, ok := shapeOf(rec[w.Shape]); ok {
				sh.Org, sh.Name = key, o.Name
				shapes = append(shapes, sh)
			}
		}
		lng, lat, ok := point(rec[w.Point])
		if !ok {
			continue
		}
		a := sums[key]
		if a == nil {
			a = &acc{}
			sums[key] = a
			order = append(order, key)
		}
		a.lng += lng
		a.lat += lat
		a.n++
	}
	slices.Sort(order)
	out := make([]marker, 0, len(order))
	for _, id := range order {
		a := sums[id]
		o := byID[id]
		out = append(out, marker{Org: id, Name: o.Name, Level: level,
			Lng: round6(a.lng / float64(a.n)), Lat: round6(a.lat / float64(a.n))})
	}
	return placed{markers: out, shapes: shapes}, nil
}

func round6(x float64) float64 { return float64(int64(x*1e6+0.5)) / 1e6 }

// ancestor is the id at depth level of an organisation path (0 when the
// path is shallower).
func ancestor(path string, level int) int64 {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	if level < 1 || len(segs) < level {
		return 0
	}
	id, _ := strconv.ParseInt(segs[level-1], 10, 64)
	return id
}

// point reads a geoPoint value {lng, lat}.
func point(v any) (float64, float64, bool) {
	m, ok := v.(map[string]any)
	if !ok {
		return 0, 0, false
	}
	lng, ok1 := num(m["lng"])
	lat, ok2 := num(m["lat"])
	return lng, lat, ok1 && ok2
}

func num(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case int64:
		return float64(x), true
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	}
	return 0, false
}

// asPublic finds an error that carries its HTTP status and message.
func asPublic(err error, target *interface {
	HTTPStatus() int
	PublicMessage() string
}) bool {
	return errors.As(err, target)
}
