package schema

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"xiangzhi/engine/msg"
)

// DashboardsDir is the folder, directly under the schemas root, that holds
// dashboard files instead of modules (docs/dashboards.md).
const DashboardsDir = "dashboards"

// The widget kinds of a dashboard.
const (
	WidgetNumber     = "number"
	WidgetLine       = "line"
	WidgetBar        = "bar"
	WidgetStackedBar = "stackedBar"
	WidgetPie        = "pie"
	WidgetRing       = "ring"
	WidgetRadar      = "radar"
	WidgetGauge      = "gauge"
	WidgetRanking    = "ranking"
	WidgetMap        = "map"
	WidgetList       = "list"
)

// WidgetKinds are the kinds a widget may have.
var WidgetKinds = []string{WidgetNumber, WidgetLine, WidgetBar, WidgetStackedBar, WidgetPie, WidgetRing,
	WidgetRadar, WidgetGauge, WidgetRanking, WidgetMap, WidgetList}

// chartKinds are the kinds that show buckets of one statistic.
var chartKinds = []string{WidgetLine, WidgetBar, WidgetStackedBar, WidgetPie, WidgetRing, WidgetRadar, WidgetRanking}

// The page filter types of a dashboard.
const (
	FilterPeriod = "period"
	FilterOrg    = "org"
	FilterChoice = "choice"
)

// Dashboard is one dashboard file: a screen of widgets behind a visit code.
type Dashboard struct {
	File    string        `yaml:"-" json:"-"`
	Name    string        `yaml:"name" json:"name"`
	Title   string        `yaml:"title" json:"title"`
	Code    string        `yaml:"code" json:"code"`
	Route   string        `yaml:"route" json:"route"`
	Refresh int           `yaml:"refresh" json:"refresh"`
	Grid    DashboardGrid `yaml:"grid" json:"grid"`
	Filters []PageFilter  `yaml:"filters" json:"filters"`
	Widgets []*Widget     `yaml:"widgets" json:"widgets"`
}

// DashboardGrid is the canvas: columns across 1920 px, rows of RowHeight px.
type DashboardGrid struct {
	Columns   int `yaml:"columns" json:"columns"`
	RowHeight int `yaml:"rowHeight" json:"rowHeight"`
}

// PageFilter is a filter the screen shows above every widget.
type PageFilter struct {
	Name    string   `yaml:"name" json:"name"`
	Type    string   `yaml:"type" json:"type"`
	Label   string   `yaml:"label" json:"label"`
	Level   int      `yaml:"level" json:"level,omitempty"`
	Dict    string   `yaml:"dict" json:"dict,omitempty"`
	Options []Option `yaml:"options" json:"options"`
}

// Stat is one statistic of a module (docs/dashboards.md § 1).
type Stat struct {
	Module     string         `yaml:"module" json:"module"`
	By         string         `yaml:"by" json:"by"`
	Bucket     string         `yaml:"bucket" json:"bucket"`
	Bands      []int          `yaml:"bands" json:"bands"`
	Level      string         `yaml:"level" json:"level"`
	Then       string         `yaml:"then" json:"then"`
	ThenBucket string         `yaml:"thenBucket" json:"thenBucket"`
	Measure    string         `yaml:"measure" json:"measure"`
	Of         string         `yaml:"of" json:"of"`
	Criteria   map[string]any `yaml:"criteria" json:"criteria"`
}

// NumberItem is one value of a number card.
type NumberItem struct {
	Label string `yaml:"label" json:"label"`
	Unit  string `yaml:"unit" json:"unit"`
	// Tasks "open" counts the viewer's open workflow tasks (待办) of every
	// workflow module instead of a module's rows.
	Tasks    string         `yaml:"tasks" json:"tasks"`
	Module   string         `yaml:"module" json:"module"`
	Measure  string         `yaml:"measure" json:"measure"`
	Of       string         `yaml:"of" json:"of"`
	Criteria map[string]any `yaml:"criteria" json:"criteria"`
}

// ItemTasksOpen is the one value of NumberItem.Tasks.
const ItemTasksOpen = "open"

// GaugeTotal is the rows a gauge's value is a share of.
type GaugeTotal struct {
	Criteria map[string]any `yaml:"criteria" json:"criteria"`
}

// WidgetGrid places a widget on the canvas.
type WidgetGrid struct {
	X int `yaml:"x" json:"x"`
	Y int `yaml:"y" json:"y"`
	W int `yaml:"w" json:"w"`
	H int `yaml:"h" json:"h"`
}

// Widget is one chart, card, map or list of a dashboard.
type Widget struct {
	ID    string     `yaml:"id" json:"id"`
	Kind  string     `yaml:"kind" json:"kind"`
	Title string     `yaml:"title" json:"title"`
	Grid  WidgetGrid `yaml:"grid" json:"grid"`
	Stat  `yaml:",inline"`
	Top   int          `yaml:"top" json:"top"`
	Items []NumberItem `yaml:"items" json:"items"`
	Total *GaugeTotal  `yaml:"total" json:"total"`
	// Point is the geoPoint field of a map's module; Value what its
	// markers count.
	Point string `yaml:"point" json:"point"`
	Value *Stat  `yaml:"value" json:"value"`
	// Shape is a map's field drawn as a shape per record: a geoPolygon
	// (polygons) or a geoPoint whose values carry a radius (circles).
	Shape string `yaml:"shape" json:"shape"`
	// Fields, Sort and Size shape a list of latest records.
	Fields []string `yaml:"fields" json:"fields"`
	Sort   string   `yaml:"sort" json:"sort"`
	Size   int      `yaml:"size" json:"size"`
	// Filters maps page filter names to this module's fields.
	Filters map[string]string `yaml:"filters" json:"filters"`
	Drill   string            `yaml:"drill" json:"drill"`
	Unit    string            `yaml:"unit" json:"unit"`
	Colors  []string          `yaml:"colors" json:"colors"`
	Options map[string]any    `yaml:"options" json:"options"`
}

// Widget is the widget with the id, or nil.
func (d *Dashboard) Widget(id string) *Widget {
	for _, w := range d.Widgets {
		if w.ID == id {
			return w
		}
	}
	return nil
}

// Filter is the page filter with the name, or nil.
func (d *Dashboard) Filter(name string) *PageFilter {
	for i := range d.Filters {
		if d.Filters[i].Name == name {
			return &d.Filters[i]
		}
	}
	return nil
}

// Dashboard is the dashboard with the name, or nil.
func (s *Set) Dashboard(name string) *Dashboard {
	for _, d := range s.Dashboards {
		if d.Name == name {
			return d
		}
	}
	return nil
}

// The keys each level of a dashboard file may hold.
var (
	dashKeys       = []string{"name", "title", "code", "route", "refresh", "grid", "filters", "widgets"}
	dashGridKeys   = []string{"columns", "rowHeight"}
	filterKeys     = []string{"name", "type", "label", "level", "dict", "options"}
	optionKeys     = []string{"value", "label"}
	statKeys       = []string{"module", "by", "bucket", "bands", "level", "then", "thenBucket", "measure", "of", "criteria"}
	widgetKeys     = append(slices.Clone(statKeys), "id", "kind", "title", "grid", "top", "items", "total", "point", "value", "shape", "fields", "sort", "size", "filters", "drill", "unit", "colors", "options")
	itemKeys       = []string{"label", "unit", "tasks", "module", "measure", "of", "criteria"}
	totalKeys      = []string{"criteria"}
	widgetGridKeys = []string{"x", "y", "w", "h"}
)

var dashNameRE = regexp.MustCompile(`^[a-z][A-Za-z0-9]*$`)

// dashboardFile reports whether p is a dashboard file of the tree at root.
func dashboardFile(root, p string) bool {
	return path.Dir(p) == path.Join(root, DashboardsDir)
}

// loadDashboards parses and checks the dashboard files against the set's
// modules and dictionaries; files with problems are left out.
func loadDashboards(read reader, set *Set, files []string) []*LoadError {
	names := map[string]string{}
	routes := map[string]string{}
	return eachFile(read, files, func(f string, data []byte) []*LoadError {
		d, more := ParseDashboard(f, data, set)
		if len(more) > 0 {
			return more
		}
		if other, dup := names[d.Name]; dup {
			return []*LoadError{{File: f, Line: 1, Field: "name", Problem: fmt.Sprintf(msg.DashDuplicateName, d.Name, other)}}
		}
		if other, dup := routes[d.Route]; dup {
			return []*LoadError{{File: f, Line: 1, Field: "route", Problem: fmt.Sprintf(msg.DashDuplicateRoute, d.Route, other)}}
		}
		names[d.Name], routes[d.Route] = f, f
		set.Dashboards = append(set.Dashboards, d)
		return nil
	})
}

// ParseDashboard decodes one dashboard file and checks it against the
// modules and dictionaries of set (docs/dashboards.md § 2).
func ParseDashboard(file string, data []byte, set *Set) (*Dashboard, []*LoadError) {
	dc, errs := parseYAML(file, data, "id")
	if dc == nil || len(errs) > 0 {
		return nil, errs
	}
	c := &dashCheck{doc: dc, set: set}
	c.keys(dc.root, nil, dashKeys)
	d := &Dashboard{File: file}
	if err := dc.root.Decode(d); err != nil {
		return nil, append(c.errs, &LoadError{File: file, Line: 1, Problem: fmt.Sprintf(msg.SchemaYAMLSyntax, err)})
	}
	c.dashboard(d)
	if len(c.errs) > 0 {
		sortErrors(c.errs)
		return nil, c.errs
	}
	return d, nil
}

// dashCheck collects the problems of one dashboard file.
type dashCheck struct {
	doc  *doc
	set  *Set
	errs []*LoadError
}

func (c *dashCheck) at(p []string, problem string) {
	c.errs = append(c.errs, c.doc.at(p, problem))
}

// keys reports keys of the mapping at p that the level does not allow,
// then checks the nested levels.
func (c *dashCheck) keys(n *yaml.Node, p []string, allowed []string) {
	n = resolve(n)
	if n == nil || n.Kind != yaml.MappingNode {
		if len(p) > 0 && n != nil {
			c.at(p, fmt.Sprintf(msg.DashWrongShape, p[len(p)-1]))
		}
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i].Value
		kp := append(slicesClip(p), k)
		if !slices.Contains(allowed, k) {
			c.at(kp, fmt.Sprintf(msg.DashUnknownKey, k))
			continue
		}
		v := resolve(n.Content[i+1])
		sub := func(keys []string) {
			switch v.Kind {
			case yaml.SequenceNode:
				for j, item := range v.Content {
					c.keys(item, append(slicesClip(kp), strconv.Itoa(j)), keys)
				}
			default:
				c.at(kp, fmt.Sprintf(msg.DashWrongShape, k))
			}
		}
		switch {
		case len(p) == 0 && k == "grid":
			c.keys(v, kp, dashGridKeys)
		case len(p) == 0 && k == "filters":
			sub(filterKeys)
		case len(p) == 0 && k == "widgets":
			sub(widgetKeys)
		case len(p) == 2 && p[0] == "filters" && k == "options":
			sub(optionKeys)
		case len(p) == 2 && p[0] == "widgets":
			switch k {
			case "grid":
				c.keys(v, kp, widgetGridKeys)
			case "items":
				sub(itemKeys)
			case "total":
				c.keys(v, kp, totalKeys)
			case "value":
				c.keys(v, kp, statKeys)
			}
		}
	}
}

func (c *dashCheck) dashboard(d *Dashboard) {
	for _, req := range []struct{ key, v string }{{"name", d.Name}, {"title", d.Title}, {"code", d.Code}, {"route", d.Route}} {
		if req.v == "" {
			c.at([]string{req.key}, fmt.Sprintf(msg.DashRequired, req.key))
		}
	}
	if d.Name != "" && !dashNameRE.MatchString(d.Name) {
		c.at([]string{"name"}, fmt.Sprintf(msg.DashBadName, d.Name))
	}
	if d.Route != "" && !strings.HasPrefix(d.Route, "/") {
		c.at([]string{"route"}, fmt.Sprintf(msg.DashBadRoute, d.Route))
	}
	if d.Refresh == 0 {
		d.Refresh = 60
	} else if d.Refresh < 10 {
		c.at([]string{"refresh"}, msg.DashBadRefresh)
	}
	if d.Grid.Columns <= 0 {
		d.Grid.Columns = 24
	}
	if d.Grid.RowHeight <= 0 {
		d.Grid.RowHeight = 40
	}
	seen := map[string]bool{}
	for i := range d.Filters {
		f := &d.Filters[i]
		p := []string{"filters", strconv.Itoa(i)}
		switch {
		case f.Name == "":
			c.at(append(p, "name"), fmt.Sprintf(msg.DashRequired, "name"))
		case seen[f.Name]:
			c.at(append(p, "name"), fmt.Sprintf(msg.DashFilterDuplicate, f.Name))
		}
		seen[f.Name] = true
		switch f.Type {
		case FilterPeriod, FilterChoice:
		case FilterOrg:
			if f.Level == 0 {
				f.Level = 2
			}
			if f.Level < 1 || f.Level > 6 {
				c.at(append(p, "level"), fmt.Sprintf(msg.DashBadLevel, strconv.Itoa(f.Level)))
			}
		default:
			c.at(append(p, "type"), fmt.Sprintf(msg.DashBadFilterType, f.Type))
		}
		if f.Dict != "" && c.set != nil && c.set.Dicts[f.Dict] == nil {
			c.at(append(p, "dict"), fmt.Sprintf(msg.SchemaUnknownDict, f.Dict))
		}
	}
	ids := map[string]bool{}
	for i, w := range d.Widgets {
		p := []string{"widgets", strconv.Itoa(i)}
		if w.ID == "" {
			c.at(append(p, "id"), fmt.Sprintf(msg.DashRequired, "id"))
		} else if ids[w.ID] {
			c.at(append(p, "id"), fmt.Sprintf(msg.DashDuplicateID, w.ID))
		}
		ids[w.ID] = true
		c.widget(d, w, p)
	}
}

func (c *dashCheck) widget(d *Dashboard, w *Widget, p []string) {
	at := func(key string) []string { return append(slicesClip(p), key) }
	if !slices.Contains(WidgetKinds, w.Kind) {
		c.at(at("kind"), fmt.Sprintf(msg.DashBadKind, w.Kind))
		return
	}
	g := w.Grid
	if g.X < 0 || g.Y < 0 || g.W < 1 || g.H < 1 || g.X+g.W > d.Grid.Columns {
		c.at(at("grid"), fmt.Sprintf(msg.DashBadGrid, d.Grid.Columns))
	}
	if w.Top < 0 || w.Top > 100 {
		c.at(at("top"), msg.DashBadTop)
	}
	var m *Module
	if w.Kind != WidgetNumber {
		if w.Module == "" {
			c.at(at("module"), msg.DashModuleRequired)
			return
		}
		if m = c.module(w.Module, at("module")); m == nil {
			return
		}
	}
	switch w.Kind {
	case WidgetNumber:
		if len(w.Items) == 0 {
			c.at(at("items"), msg.DashItemsRequired)
		}
		for j, it := range w.Items {
			ip := append(at("items"), strconv.Itoa(j))
			if it.Tasks != "" {
				if it.Tasks != ItemTasksOpen || it.Module != "" || it.Measure != "" || it.Of != "" || len(it.Criteria) > 0 {
					c.at(append(slicesClip(ip), "tasks"), msg.DashBadTasks)
				}
				continue
			}
			im := c.module(it.Module, append(slicesClip(ip), "module"))
			if im == nil {
				continue
			}
			c.stat(im, &Stat{Module: it.Module, Measure: it.Measure, Of: it.Of, Criteria: it.Criteria}, ip)
			c.pageFilters(d, im, w, p)
		}
		return
	case WidgetGauge:
		if w.Total == nil {
			c.at(at("total"), msg.DashTotalRequired)
		} else {
			c.criteria(m, w.Total.Criteria, append(at("total"), "criteria"))
		}
	case WidgetStackedBar:
		if w.Then == "" {
			c.at(at("then"), msg.DashThenRequired)
		}
	case WidgetMap:
		if f := m.Field(w.Point); f == nil || f.Type != TypeGeoPoint {
			c.at(at("point"), fmt.Sprintf(msg.DashPointField, w.Point))
		}
		if w.Shape != "" {
			if f := m.Field(w.Shape); f == nil || f.Type != TypeGeoPolygon && f.Type != TypeGeoPoint {
				c.at(at("shape"), fmt.Sprintf(msg.DashShapeField, w.Shape))
			}
		}
		if w.Value != nil {
			vm := c.module(w.Value.Module, append(at("value"), "module"))
			if vm != nil {
				c.stat(vm, w.Value, at("value"))
			}
		}
	case WidgetList:
		for j, f := range w.Fields {
			if fieldOrCommon(m, f) == nil {
				c.at(append(at("fields"), strconv.Itoa(j)), fmt.Sprintf(msg.DashUnknownField, m.Name, f))
			}
		}
		if w.Sort != "" {
			name, _, _ := strings.Cut(w.Sort, ",")
			if fieldOrCommon(m, name) == nil {
				c.at(at("sort"), fmt.Sprintf(msg.DashNotSortable, name))
			}
		}
		if w.Size < 0 || w.Size > 50 {
			c.at(at("size"), msg.DashBadSize)
		}
	}
	c.stat(m, &w.Stat, p)
	c.pageFilters(d, m, w, p)
	switch {
	case w.Drill == "", w.Drill == "org":
	case strings.HasPrefix(w.Drill, "filter:"):
		if d.Filter(strings.TrimPrefix(w.Drill, "filter:")) == nil {
			c.at(at("drill"), fmt.Sprintf(msg.DashUnknownFilter, strings.TrimPrefix(w.Drill, "filter:")))
		}
	case strings.HasPrefix(w.Drill, "route:/"):
	default:
		c.at(at("drill"), fmt.Sprintf(msg.DashBadDrill, w.Drill))
	}
}

// module is the named module of the set, reporting an unknown one.
func (c *dashCheck) module(name string, p []string) *Module {
	if name == "" {
		c.at(p, msg.DashModuleRequired)
		return nil
	}
	if c.set == nil {
		return nil
	}
	m := c.set.Module(name)
	if m == nil {
		c.at(p, fmt.Sprintf(msg.DashUnknownModule, name))
	}
	return m
}

// pageFilters checks a widget's mapping of page filters to fields.
func (c *dashCheck) pageFilters(d *Dashboard, m *Module, w *Widget, p []string) {
	for name, field := range w.Filters {
		fp := append(slicesClip(p), "filters", name)
		pf := d.Filter(name)
		if pf == nil {
			c.at(fp, fmt.Sprintf(msg.DashUnknownFilter, name))
			continue
		}
		f := fieldOrCommon(m, field)
		if f == nil {
			c.at(fp, fmt.Sprintf(msg.DashUnknownField, m.Name, field))
			continue
		}
		if pf.Type == FilterPeriod && f.Type != TypeDate && f.Type != TypeDateTime {
			c.at(fp, fmt.Sprintf(msg.DashPeriodField, field))
		}
	}
}

// stat checks a statistic's groupings, measure and criteria.
func (c *dashCheck) stat(m *Module, s *Stat, p []string) {
	at := func(key string) []string { return append(slicesClip(p), key) }
	for _, g := range []struct{ key, by, bucketKey, bucket string }{{"by", s.By, "bucket", s.Bucket}, {"then", s.Then, "thenBucket", s.ThenBucket}} {
		if g.by == "" {
			if g.bucket != "" {
				c.at(at(g.bucketKey), fmt.Sprintf(msg.DashBadBucket, g.by, g.bucket))
			}
			continue
		}
		f := fieldOrCommon(m, g.by)
		if f == nil {
			c.at(at(g.key), fmt.Sprintf(msg.DashUnknownField, m.Name, g.by))
			continue
		}
		if !StatGroupable(f) {
			c.at(at(g.key), fmt.Sprintf(msg.DashNotGroupable, g.by))
			continue
		}
		switch g.bucket {
		case "":
		case "day", "week", "month", "year":
			if f.Type != TypeDate && f.Type != TypeDateTime {
				c.at(at(g.bucketKey), fmt.Sprintf(msg.DashBadBucket, g.by, g.bucket))
			}
		case "age":
			if f.Type != TypeDate {
				c.at(at(g.bucketKey), fmt.Sprintf(msg.DashBadBucket, g.by, g.bucket))
			}
		default:
			c.at(at(g.bucketKey), fmt.Sprintf(msg.DashBadBucket, g.by, g.bucket))
		}
	}
	if s.Then != "" && s.By == "" {
		c.at(at("then"), msg.DashThenNeedsBy)
	}
	for i, b := range s.Bands {
		if b <= 0 || b > 150 || i > 0 && b <= s.Bands[i-1] || len(s.Bands) > 10 {
			c.at(at("bands"), msg.DashBadBands)
			break
		}
	}
	if s.Level != "" {
		switch s.Level {
		case "township", "village", "child", "1", "2", "3", "4", "5", "6":
		default:
			c.at(at("level"), fmt.Sprintf(msg.DashBadLevel, s.Level))
		}
		if s.By != "orgId" && s.Then != "orgId" {
			c.at(at("level"), msg.DashLevelNeedsOrg)
		}
	}
	switch s.Measure {
	case "", "count":
	case "sum", "avg", "min", "max":
		if s.Of == "" {
			c.at(at("of"), fmt.Sprintf(msg.DashOfRequired, s.Measure))
		} else if f := m.Field(s.Of); f == nil {
			c.at(at("of"), fmt.Sprintf(msg.DashUnknownField, m.Name, s.Of))
		} else if f.Type != TypeInt && f.Type != TypeDecimal {
			c.at(at("of"), fmt.Sprintf(msg.DashNotMeasurable, s.Of, s.Measure))
		}
	default:
		c.at(at("measure"), fmt.Sprintf(msg.DashBadMeasure, s.Measure))
	}
	c.criteria(m, s.Criteria, at("criteria"))
}

// criteria checks that each key is "field.operator" (or a bare field) of
// the module.
func (c *dashCheck) criteria(m *Module, crit map[string]any, p []string) {
	for k := range crit {
		field, op, _ := strings.Cut(k, ".")
		ok := fieldOrCommon(m, field) != nil
		switch op {
		case "", "equals", "notEquals", "in", "notIn", "specified", "contains", "doesNotContain",
			"greaterThan", "lessThan", "greaterThanOrEqual", "lessThanOrEqual":
		default:
			ok = false
		}
		if !ok {
			c.at(append(slicesClip(p), k), fmt.Sprintf(msg.DashBadCriteria, k))
		}
	}
}

// fieldOrCommon is a declared field, a common field or the status field.
func fieldOrCommon(m *Module, name string) *Field {
	if name == "" {
		return nil
	}
	if f := m.Field(name); f != nil {
		return f
	}
	for _, cf := range CommonFields(m) {
		if cf.Name == name {
			return &cf
		}
	}
	return nil
}

// StatGroupable reports whether a field makes groups for a statistic: a
// single enum or ref, a bool, a date or datetime, the status field, orgId,
// createdBy, updatedBy and the time stamps.
func StatGroupable(f *Field) bool {
	switch f.Type {
	case TypeEnum, TypeRef:
		return !f.Multiple
	case TypeBool, TypeDate, TypeDateTime:
		return true
	}
	return false
}

// countDashboards sets each module's Counted: the fields of it the set's
// dashboards group, measure or filter by (their criteria and the page
// filters the widgets map), sorted. The form designer's modules are left
// alone: their publisher migrates them from the module alone.
func countDashboards(set *Set) {
	counted := countedBy(set.Dashboards)
	for _, m := range set.Modules {
		setCounted(m, counted)
	}
}

// setCounted sets m's Counted from countedBy's answer.
func setCounted(m *Module, counted map[string]map[string]bool) {
	m.Counted = nil
	if strings.HasPrefix(m.File, DesignerDir+"/") {
		return
	}
	for name := range counted[m.Name] {
		if m.Field(name) != nil || m.Status != nil && m.Status.Field == name {
			m.Counted = append(m.Counted, name)
		}
	}
	slices.Sort(m.Counted)
}

// countedBy answers, per module name, the names the dashboards count it by.
func countedBy(dashboards []*Dashboard) map[string]map[string]bool {
	counted := map[string]map[string]bool{}
	note := func(module string, names ...string) {
		if module == "" {
			return
		}
		if counted[module] == nil {
			counted[module] = map[string]bool{}
		}
		for _, n := range names {
			if n != "" {
				counted[module][n] = true
			}
		}
	}
	criteria := func(module string, crit map[string]any) {
		for k := range crit {
			field, _, _ := strings.Cut(k, ".")
			note(module, field)
		}
	}
	stat := func(s *Stat) {
		note(s.Module, s.By, s.Then, s.Of)
		criteria(s.Module, s.Criteria)
	}
	for _, d := range dashboards {
		for _, w := range d.Widgets {
			stat(&w.Stat)
			for _, f := range w.Filters {
				note(w.Module, f)
			}
			if w.Total != nil {
				criteria(w.Module, w.Total.Criteria)
			}
			if w.Value != nil {
				stat(w.Value)
				for _, f := range w.Filters {
					note(w.Value.Module, f)
				}
			}
			for _, it := range w.Items {
				note(it.Module, it.Of)
				criteria(it.Module, it.Criteria)
			}
		}
	}
	return counted
}

// StatsColumns are the fields the module's statistics index holds after
// its organisation path: the declared stats, then the fields the
// dashboards count it by (Counted), each once.
func (m *Module) StatsColumns() []string {
	var out []string
	for _, n := range slices.Concat(m.Stats, m.Counted) {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}
