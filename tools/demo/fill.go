package demo

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// recCtx is one record being made: its module, the organisation it goes
// in, its index there, and the villager it is about, if any.
type recCtx struct {
	g   *gen
	m   *schema.Module
	o   *place
	i   int
	p   *person
	rec store.Record
}

// fillRate is how often an optional field gets a value.
const fillRate = 80

// build fills every field of the record: required ones always, optional
// ones mostly; read-only fields are left to the module's fix-ups.
func (rc *recCtx) build() store.Record {
	rc.rec = store.Record{}
	rc.pickPerson()
	for i := range rc.m.Fields {
		f := &rc.m.Fields[i]
		if f.ReadOnly || (!f.Required && rc.g.rng.IntN(100) >= fillRate) {
			continue
		}
		if v, ok := rc.value(f); ok {
			if f.Unique && f.Type == schema.TypeString {
				v = rc.g.unique(rc.m.Name+"."+f.Name, v)
			}
			rc.rec[f.Name] = v
		}
	}
	fixPairs(rc.rec)
	return rc.rec
}

// value makes one field's value; false leaves the field empty.
func (rc *recCtx) value(f *schema.Field) (any, bool) {
	g := rc.g
	if v, ok := rc.special(f); ok {
		return v, v != nil
	}
	switch f.Type {
	case schema.TypeString, schema.TypeText, schema.TypeRichText:
		if f.Pattern != "" {
			return patternValue(rc, f)
		}
		return clip(rc.text(f), f.MaxLen()), true
	case schema.TypeInt:
		return rc.intValue(f), true
	case schema.TypeDecimal:
		return rc.decimalValue(f), true
	case schema.TypeBool:
		return rc.boolValue(f), true
	case schema.TypeDate:
		return rc.dateValue(f).Format(schema.DateLayout), true
	case schema.TypeDateTime:
		return rc.pastTime().Format(schema.DateTimeLayout), true
	case schema.TypeEnum:
		return rc.enumValue(f)
	case schema.TypeRef:
		return rc.refValue(f)
	case schema.TypeImage, schema.TypeImages, schema.TypeFile, schema.TypeFiles, schema.TypeVideo:
		return g.fileValue(f)
	case schema.TypeGeoPoint:
		lng, lat := rc.spot()
		if f.FormWidget() == "mapCircle" {
			return map[string]any{"lng": lng, "lat": lat, "radius": 100 + 50*g.rng.IntN(5)}, true
		}
		return map[string]any{"lng": lng, "lat": lat}, true
	case schema.TypeGeoPolygon:
		lng, lat := rc.spot()
		sq := square(lng, lat, 0.002+g.rng.Float64()*0.004)
		if f.FormWidget() == "mapLand" {
			return landMap(sq), true
		}
		return sq, true
	case schema.TypeIDCard:
		if rc.p != nil && !strings.HasPrefix(f.Name, "party") && !strings.HasPrefix(f.Name, "legal") {
			return rc.p.IDCard, true
		}
		other := rc.g.anyResident(rc.o)
		return other.IDCard, true
	case schema.TypeMobile:
		if rc.p != nil && rc.p.Mobile != "" && (f.Name == "mobile" || f.Name == "headPhone") {
			return rc.p.Mobile, true
		}
		return g.ppl.mobile(), true
	case schema.TypeEmail:
		return fmt.Sprintf("user%04d@example.cn", g.rng.IntN(10000)), true
	case schema.TypeJSON:
		return rc.jsonValue(f), true
	case schema.TypeChildren:
		return rc.children(f), true
	}
	return nil, false
}

// children makes 1–4 rows of a children field.
func (rc *recCtx) children(f *schema.Field) []any {
	n := 1 + rc.g.rng.IntN(4)
	rows := make([]any, 0, n)
	for i := 0; i < n; i++ {
		row := map[string]any{}
		for j := range f.Fields {
			cf := &f.Fields[j]
			if !cf.Required && rc.g.rng.IntN(100) >= fillRate {
				continue
			}
			if v, ok := rc.value(cf); ok {
				row[cf.Name] = v
			}
		}
		rows = append(rows, row)
	}
	return rows
}

func (rc *recCtx) intValue(f *schema.Field) int {
	g := rc.g
	lo, hi := 0, 100
	n := strings.ToLower(f.Name)
	switch {
	case f.Min != nil && *f.Min >= 1900:
		lo, hi = rc.g.now.Year()-30, rc.g.now.Year()
		if strings.Contains(n, "plan") || strings.Contains(n, "subsidy") || n == "year" {
			lo = rc.g.now.Year() - 1
		}
	case strings.Contains(n, "count") || strings.Contains(n, "households") || strings.Contains(n, "population"):
		lo, hi = 0, 60
	case strings.Contains(n, "points"):
		lo, hi = 5, 50
	case n == "port":
		lo, hi = 554, 554
	case strings.Contains(n, "volume"):
		lo, hi = 50, 90
	case strings.Contains(n, "sort") || strings.Contains(n, "priority"):
		lo, hi = 1, 9
	}
	if f.Min != nil {
		lo = max(lo, int(*f.Min))
	}
	if f.Max != nil {
		hi = min(hi, int(*f.Max))
	}
	if hi < lo {
		hi = lo
		if f.Max != nil {
			hi = int(*f.Max)
		}
	}
	return lo + g.rng.IntN(hi-lo+1)
}

// decimalRanges guess a decimal's range from its label's unit.
var decimalRanges = []struct {
	unit   string
	lo, hi float64
}{
	{"(元/亩)", 80, 140}, {"(元/吨)", 40, 120}, {"(元/月)", 80, 600}, {"(元/人·月)", 500, 900},
	{"(元)", 100, 8000}, {"(万元)", 5, 800}, {"(亩)", 0.5, 30}, {"(㎡)", 40, 400}, {"(km²)", 0.3, 6},
	{"(吨/日)", 20, 200}, {"(吨)", 1, 30}, {"(km)", 2, 80}, {"(m/s)", 0.5, 8}, {"(%)", 5, 95},
	{"(℃)", 12, 30}, {"(MHz)", 87.5, 107.9}, {"(MB)", 20, 180}, {"(μg/m³)", 8, 120},
	{"(mg/m³)", 0.2, 2}, {"(mg/L)", 0.1, 8}, {"(mg/kg)", 20, 200}, {"(g/kg)", 8, 40}, {"(μS/cm)", 100, 900},
	{"(NTU)", 1, 20}, {"pH", 6.5, 8.5},
}

func (rc *recCtx) decimalValue(f *schema.Field) float64 {
	lo, hi := 1.0, 500.0
	for _, r := range decimalRanges {
		if strings.Contains(f.Label, r.unit) {
			lo, hi = r.lo, r.hi
			break
		}
	}
	if f.Min != nil && *f.Min > lo {
		lo = *f.Min
	}
	if f.Max != nil && *f.Max < hi {
		hi = *f.Max
	}
	if f.Min != nil && f.Max != nil && *f.Min >= 30 && *f.Max <= 45 { // body temperature
		lo, hi = 36.1, 37.4
	}
	x := lo + rc.g.rng.Float64()*(hi-lo)
	_, scale := f.Digits()
	p := math.Pow(10, float64(scale))
	x = math.Round(x*p) / p
	if f.Max != nil && x > *f.Max {
		x = *f.Max
	}
	return x
}

func (rc *recCtx) boolValue(f *schema.Field) bool {
	r := rc.g.rng.IntN(100)
	n := f.Name
	switch {
	case n == "enabled" || n == "active" || strings.HasPrefix(n, "has") && strings.Contains(f.Label, "安全") ||
		n == "drinkingWaterSafe" || n == "classification" || n == "isResident":
		return r < 90
	case strings.Contains(n, "Exceeded") || strings.Contains(n, "Abnormal") || strings.Contains(n, "Symptom") ||
		strings.Contains(n, "risk") || strings.Contains(n, "Risk") || n == "isAnonymous":
		return r < 8
	}
	return r < 50
}

// dateValue is a date in the past year, in the coming year for fields
// that name a limit, or a birth date.
func (rc *recCtx) dateValue(f *schema.Field) time.Time {
	n := strings.ToLower(f.Name)
	switch {
	case n == "birthdate":
		if rc.p != nil {
			return rc.p.Birth()
		}
		return rc.g.ppl.birth(rc.g.now, 25+rc.g.rng.IntN(35))
	case strings.Contains(n, "valid") || strings.Contains(n, "deadline") || strings.HasPrefix(n, "next") ||
		strings.Contains(n, "expire") || strings.Contains(n, "termend") || strings.Contains(n, "review") ||
		strings.Contains(n, "contractend"):
		return rc.g.day(rc.g.rng.IntN(365) + 10)
	case strings.Contains(n, "establish") || strings.Contains(n, "found") || strings.Contains(n, "install") ||
		strings.Contains(n, "entry") || strings.Contains(n, "purchase") || strings.Contains(n, "filing") ||
		strings.Contains(n, "join") || strings.Contains(n, "enlist") || strings.Contains(n, "contractstart") ||
		strings.Contains(n, "issue") || strings.Contains(n, "regular") || strings.Contains(n, "approval"):
		return rc.g.day(-365 * (1 + rc.g.rng.IntN(12)))
	}
	return rc.g.day(-rc.g.rng.IntN(365))
}

// day is the date days after the reference day (negative: before).
func (g *gen) day(days int) time.Time {
	d := g.now.AddDate(0, 0, days)
	return time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, time.Local)
}

// pastTime is a working-hours time in the past year.
func (rc *recCtx) pastTime() time.Time {
	d := rc.g.day(-rc.g.rng.IntN(365))
	return d.Add(time.Duration(7*3600+rc.g.rng.IntN(12*3600)) * time.Second)
}

// enumValue picks one choice (or one to three of a multiple choice).
func (rc *recCtx) enumValue(f *schema.Field) (any, bool) {
	opts := schema.Choices(f, rc.g.set)
	if len(opts) == 0 {
		return nil, false
	}
	if !f.Multiple {
		return rc.pickChoice(f, opts), true
	}
	n := 1 + rc.g.rng.IntN(min(3, len(opts)))
	var out []any
	for _, k := range rc.g.rng.Perm(len(opts))[:n] {
		out = append(out, opts[k].Value)
	}
	return out, true
}

// weighted dictionaries: the common value most of the time.
var dictBias = map[string]struct {
	value string
	pct   int
}{
	"ethnicity": {"01", 92}, "religion": {"0", 90}, "health_status": {"1", 70}, "hukou_nature": {"1", 80},
	"population_type": {"1", 90}, "residence_status": {"1", 75}, "cert_type": {"1", 100},
	"political_status": {"13", 80}, "occupation": {"5", 60}, "hukou_type": {"1", 95},
	"party_member_status": {"1", 90},
}

func (rc *recCtx) pickChoice(f *schema.Field, opts []schema.Option) any {
	if b, ok := dictBias[f.Dict]; ok && rc.g.rng.IntN(100) < b.pct {
		return b.value
	}
	return opts[rc.g.rng.IntN(len(opts))].Value
}

// refValue picks rows of the target near the record's organisation: its
// own, then its ancestors', then anywhere.
func (rc *recCtx) refValue(f *schema.Field) (any, bool) {
	var pool []int64
	switch f.Ref {
	case schema.RefUser:
		pool = rc.g.usersNear(rc.o)
	case schema.RefOrg:
		pool = rc.g.orgsNear(rc.o)
	default:
		pool = rc.g.rowsNear(f.Ref, rc.o)
	}
	if len(pool) == 0 {
		return nil, false
	}
	if !f.Multiple {
		return pool[rc.g.rng.IntN(len(pool))], true
	}
	n := 1 + rc.g.rng.IntN(min(3, len(pool)))
	var out []any
	for _, k := range rc.g.rng.Perm(len(pool))[:n] {
		out = append(out, pool[k])
	}
	return out, true
}

// clip shortens s to at most n characters.
func clip(s string, n int) string {
	r := []rune(s)
	if n > 0 && len(r) > n {
		return string(r[:n])
	}
	return s
}

// pick is one of xs.
func pick[T any](g *gen, xs []T) T { return xs[g.rng.IntN(len(xs))] }

// containsAny reports whether s contains any of subs.
func containsAny(s string, subs ...string) bool {
	return slices.ContainsFunc(subs, func(x string) bool { return strings.Contains(s, x) })
}

// unique makes a text value of a unique field unique within the run by
// appending a number when it was given before.
func (g *gen) unique(key string, v any) any {
	s, ok := v.(string)
	if !ok {
		return v
	}
	if g.taken[key] == nil {
		g.taken[key] = map[string]bool{}
	}
	out := s
	for n := 2; g.taken[key][out]; n++ {
		out = fmt.Sprintf("%s%d", s, n)
	}
	g.taken[key][out] = true
	return out
}
