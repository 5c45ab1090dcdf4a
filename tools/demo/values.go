package demo

import (
	"math"

	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// spot is a point near the record's organisation.
func (rc *recCtx) spot() (float64, float64) {
	r := 0.012
	if rc.o.Kind != KindVillage {
		r = 0.04
	}
	lng := rc.o.Lng + (rc.g.rng.Float64()*2-1)*r
	lat := rc.o.Lat + (rc.g.rng.Float64()*2-1)*r
	return round6(lng), round6(lat)
}

func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }

// square is a GeoJSON polygon: a square of half-side d around a point.
func square(lng, lat, d float64) map[string]any {
	ring := []any{
		[]any{round6(lng - d), round6(lat - d)}, []any{round6(lng + d), round6(lat - d)},
		[]any{round6(lng + d), round6(lat + d)}, []any{round6(lng - d), round6(lat + d)},
		[]any{round6(lng - d), round6(lat - d)},
	}
	return map[string]any{"type": "Polygon", "coordinates": []any{ring}}
}

// landMap is a mapLand value: the polygon as one plough-land (耕地) parcel.
func landMap(polygon map[string]any) map[string]any {
	return map[string]any{"type": "FeatureCollection", "features": []any{map[string]any{
		"type": "Feature", "geometry": polygon,
		"properties": map[string]any{"category": "ploughCrood", "color": "#52c41a", "selfId": "demo-1"},
	}}}
}

func (rc *recCtx) jsonValue(f *schema.Field) any {
	switch f.Name {
	case "track":
		lng, lat := rc.spot()
		return map[string]any{"type": "LineString", "coordinates": []any{
			[]any{lng, lat}, []any{round6(lng + 0.002), round6(lat + 0.001)}, []any{round6(lng + 0.004), round6(lat + 0.003)}}}
	case "heavyMetals":
		return map[string]any{"Cd": 0.12, "Hg": 0.05, "As": 8.6, "Pb": 21.3, "Cr": 58.0}
	case "randomRule":
		return map[string]any{"single": 10, "multiple": 5, "judge": 5}
	}
	return map[string]any{"note": rc.m.Title}
}

// pairs are fields whose second value must not come before the first.
var pairs = [][2]string{
	{"startDate", "endDate"}, {"startTime", "endTime"}, {"planStart", "planEnd"}, {"validFrom", "validTo"},
	{"admissionDate", "dischargeDate"}, {"inTime", "outTime"}, {"contractStart", "contractEnd"},
	{"publicityStart", "publicityEnd"}, {"enlistDate", "retireDate"}, {"happenTime", "reportTime"},
	{"reportTime", "finishTime"}, {"superviseTime", "deadline"}, {"orderTime", "pickupTime"},
	{"foundDate", "electionDate"}, {"electionDate", "termEndDate"}, {"startMonth", "endMonth"},
	{"salaryMin", "salaryMax"}, {"ageMin", "ageMax"}, {"tempMin", "tempMax"}, {"reportTime", "rectifyDeadline"},
	{"alarmTime", "handleTime"}, {"submitTime", "handleTime"}, {"arriveTime", "startDate"},
	{"certIssueDate", "startMonth"}, {"establishDate", "approvalDate"}, {"startDate", "completeDate"},
	{"appraisalDate", "startDate"}, {"happenTime", "deadline"}, {"applyTime", "publicityStart"},
}

// fixPairs swaps the values of a pair that came out in the wrong order
// (dates and times compare as text, numbers as numbers).
func fixPairs(rec store.Record) {
	for _, p := range pairs {
		a, okA := rec[p[0]]
		b, okB := rec[p[1]]
		if !okA || !okB {
			continue
		}
		switch x := a.(type) {
		case string:
			y, ok := b.(string)
			n := min(len(x), len(y))
			switch {
			case !ok || y[:n] > x[:n] || y[:n] == x[:n] && len(y) >= len(x):
			case len(x) == len(y):
				rec[p[0]], rec[p[1]] = y, x
			default:
				// A date and a datetime: move the second onto the first's day.
				rec[p[1]] = x[:n] + y[n:]
			}
		case int:
			if y, ok := b.(int); ok && y < x {
				rec[p[0]], rec[p[1]] = y, x
			}
		case float64:
			if y, ok := b.(float64); ok && y < x {
				rec[p[0]], rec[p[1]] = y, x
			}
		}
	}
}
