package schema

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/xeipuuv/gojsonschema"
)

// fastCandidates are values of every JSON shape, valid for some fields and
// not for others: lengths around the usual limits, formats right and
// wrong, integers, fractions and numbers beyond 2^53, lists with and
// without repeats, points in and out of range.
func fastCandidates(f *Field, set *Set) []any {
	out := []any{"", " ", "a", "张三", strings.Repeat("字", 20), strings.Repeat("a", 33), strings.Repeat("长", 101),
		strings.Repeat("x", 600), "110105194912310011", "11010519491231001X", "13800138000", "1380013800",
		"2024-03-01", "2024-02-30", "2024-03-01 07:08:09", "2024-03-01T07:08:09", "x@example.cn", "x@", "/f/a.jpg",
		0, 1, -1, 2, 7, 99, 1000000, 1.5, 120.5, 0.1, -0.5, 1e300, 3.0, int64(1) << 60,
		json.Number("1"), json.Number("1.0"), json.Number("1.5"), json.Number("123456789012345678901"),
		json.Number("0.30000000000000000001"), json.Number("1e2"), true, false,
		[]any{}, []any{"1"}, []any{1, 1}, []any{1, 2}, []any{"a", "a"}, []any{"/f/a.jpg"}, []any{0}, []any{1.5},
		map[string]any{"lng": 116.4, "lat": 39.9}, map[string]any{"lng": 200, "lat": 0},
		map[string]any{"lng": 116.4}, map[string]any{"lng": 116.4, "lat": 39.9, "radius": 0},
		map[string]any{"k": "v"}, map[string]any{"type": "Polygon", "coordinates": []any{}}}
	for _, o := range Choices(f, set) {
		out = append(out, o.Value, []any{o.Value})
		if s, ok := o.Value.(string); ok {
			out = append(out, json.Number(s), []any{s, s})
		}
	}
	if f.Min != nil {
		out = append(out, *f.Min, *f.Min-0.001, json.Number("0"))
	}
	if f.Max != nil {
		out = append(out, *f.Max, *f.Max+0.001)
	}
	if f.Type == TypeChildren {
		for _, c := range fastCandidates(&Field{Type: TypeString}, set)[:12] {
			for i := range f.Fields {
				out = append(out, []any{map[string]any{f.Fields[i].Name: c}})
			}
		}
	}
	return out
}

// TestFastCheckNeverAcceptsWhatTheSchemaRefuses tries every candidate value
// on every field of every shipped module and of the golden set: whenever
// the native check calls a record valid, gojsonschema must find no error
// (otherwise a refusal would be lost); and the native check does accept
// the valid records of the tests, so the fast path is taken.
func TestFastCheckNeverAcceptsWhatTheSchemaRefuses(t *testing.T) {
	shipped, errs := LoadFS(os.DirFS(shippedTree), ".")
	if len(errs) > 0 {
		t.Fatal(LoadErrors(errs))
	}
	golden := goldenSet(t)
	tried, fast := 0, 0
	for _, set := range []*Set{shipped, golden} {
		for _, m := range set.Modules {
			c, err := compiledFor(m, set)
			if err != nil {
				t.Fatal(err)
			}
			for i := range m.Fields {
				f := &m.Fields[i]
				for _, val := range fastCandidates(f, set) {
					doc := map[string]any{f.Name: val}
					if !c.fastPartial.valid(doc) {
						continue
					}
					tried++
					res, err := c.partial.Validate(gojsonschema.NewGoLoader(doc))
					if err != nil {
						t.Fatal(err)
					}
					if !res.Valid() {
						t.Errorf("%s.%s = %#v: the native check accepts it, gojsonschema refuses: %v",
							m.Name, f.Name, val, res.Errors())
					}
					fast++
				}
			}
		}
	}
	if fast == 0 {
		t.Fatal("the native check accepted nothing")
	}
	t.Logf("%d values accepted natively, each also valid for gojsonschema", tried)
	for name, rec := range map[string]map[string]any{"villager": okVillager(), "handicappedSubsidy": okHandicapped()} {
		m := golden.Module(name)
		c, _ := compiledFor(m, golden)
		v := &validation{}
		doc := v.prepare(m.Fields, rec, nil, skipKeys(m))
		if !c.fastFull.valid(doc) {
			t.Errorf("%s: a valid record is not accepted natively", name)
		}
	}
}

// BenchmarkValidate validates a valid record of the shipped villager
// module (40 fields) and of the golden oldPersonArchive (children, points,
// a polygon, which the native check leaves to gojsonschema).
func BenchmarkValidate(b *testing.B) {
	shipped, errs := LoadFS(os.DirFS(shippedTree), ".")
	if len(errs) > 0 {
		b.Fatal(LoadErrors(errs))
	}
	villager := map[string]any{"name": "王五", "certType": "1", "idCard": "110105194912310011", "gender": "1",
		"birthDate": "1949-12-31", "nation": "01", "politicalStatus": "13", "religion": "0", "healthStatus": "1",
		"household": 3, "relationToHead": "02", "populationType": "1", "hukouNature": "1", "residenceStatus": "1",
		"domicileAddress": "示范县城关镇东关村1组1号", "currentAddress": "示范县城关镇东关村1组1号", "grid": 2,
		"lifeStatus": 1, "nativePlace": "山东省示范县", "socialSecurity": []any{1, 3}, "education": "71",
		"maritalStatus": "20", "employmentStatus": 1, "occupation": "5", "mobile": "13800138000", "tags": []any{1, 4}}
	cases := []struct {
		name string
		set  *Set
		m    *Module
		rec  map[string]any
	}{
		{"villager", shipped, shipped.Module("villager"), villager},
		{"archive", goldenSet(b), nil, okArchive()},
	}
	cases[1].m = cases[1].set.Module("oldPersonArchive")
	for _, c := range cases {
		if err := Validate(c.m, c.set, c.rec, false); err != nil {
			b.Fatalf("%s: %v %v", c.name, err, c.rec)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := Validate(c.m, c.set, c.rec, false); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
