package office

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// Module names of the office system.
const (
	modVehicle      = "vehicle"
	modVehicleApply = "vehicleApply"
	modExpense      = "expenseClaim"
	modSeal         = "seal"
	modSealApply    = "sealApply"
	modSealUse      = "sealUse"
)

// holding are the workflow statuses in which a booking holds its vehicle:
// a draft (new, or returned to its applicant, who may still submit it),
// one under approval and one approved. Rejected and withdrawn bookings
// release the vehicle.
var holding = []any{schema.FlowDraft, schema.FlowRunning, schema.FlowApproved}

// trimmed are the vehicle application's text fields, trimmed on every
// write (spec §5: inputs are trimmed).
var trimmed = []string{"applyUserName", "partnerNames", "destination", "description"}

// limits are the input limits of spec §5 checked after trimming.
var limits = []struct {
	key, label string
	max        int
}{{"partnerNames", "同行人员", 20}, {"destination", "出行目的地", 50}, {"description", "申请事由", 50}}

// booking is the before-write hook (create and update) of vehicle
// applications. Inside the write's transaction it trims the texts, checks
// the applicant's length and the times, sets usingDay (whole days between
// the departure's and the return's dates, plus one), locks the vehicle's
// row and refuses the write when another booking of that vehicle that
// holds it (draft, 审批中, 已通过) overlaps [startTime, endTime). Writes of
// the module are serialised by its write sequence, and the vehicle row is
// locked besides, so of two overlapping bookings sent at once exactly one
// is stored.
func (o *office) booking(ctx context.Context, w *store.Write) error {
	for _, k := range trimmed {
		if s, ok := w.New[k].(string); ok {
			w.New[k] = strings.TrimSpace(s)
		}
	}
	if s, ok := w.Value("applyUserName").(string); ok || w.Op == store.OpCreate {
		switch n := utf8.RuneCountInString(s); {
		case n == 0:
			return store.Refuse("applyUserName", ApplicantRequired)
		case n < 2 || n > 20:
			return store.Refuse("applyUserName", ApplicantLength)
		}
	}
	for _, l := range limits {
		if s, ok := w.New[l.key].(string); ok && utf8.RuneCountInString(s) > l.max {
			return store.Refuse(l.key, fmt.Sprintf(TooLong, l.label, l.max))
		}
	}
	if s, ok := w.New["destination"].(string); ok && s == "" {
		return store.Refuse("destination", DestinationRequired)
	}
	if s, ok := w.New["description"].(string); ok && s == "" {
		return store.Refuse("description", ReasonRequired)
	}
	start, okStart := timeOf(w.Value("startTime"))
	end, okEnd := timeOf(w.Value("endTime"))
	switch {
	case !okStart:
		return store.Refuse("startTime", StartRequired)
	case !okEnd:
		return store.Refuse("endTime", EndRequired)
	case end.Before(start):
		return store.Refuse("endTime", EndBeforeStart)
	}
	w.New["usingDay"] = UsingDays(start, end)
	vid, ok := idOf(w.Value("vehicleId"))
	if !ok {
		return store.Refuse("vehicleId", VehicleRequired)
	}
	tx := w.Tx
	vm := o.vehicleModule(w)
	if vm != nil {
		rows, err := tx.Query(ctx, tx.ForUpdate(tx.SQL().Select("id").From(entsql.Table(tx.Table(vm))).
			Where(entsql.And(tx.Live(), entsql.EQ("id", vid)))))
		if err != nil {
			return fmt.Errorf("lock vehicle %d: %w", vid, err)
		}
		found := rows.Next()
		if err := rows.Close(); err != nil {
			return fmt.Errorf("lock vehicle %d: %w", vid, err)
		}
		if !found {
			return store.Refuse("vehicleId", VehicleRequired)
		}
		if w.Op == store.OpCreate {
			v, err := tx.Get(ctx, vm, vid)
			if err != nil {
				return err
			}
			if a, ok := v["available"].(bool); ok && !a {
				return store.Conflict("vehicleId", VehicleUnavailable)
			}
		}
	}
	m := w.Module
	status := m.Status.Field
	taken, err := tx.Count(ctx, m, entsql.And(
		entsql.EQ(tx.Column(m, "vehicleId"), vid),
		entsql.In(tx.Column(m, status), holding...),
		entsql.LT(tx.Column(m, "startTime"), end.Format(schema.DateTimeLayout)),
		entsql.GT(tx.Column(m, "endTime"), start.Format(schema.DateTimeLayout)),
		entsql.NEQ("id", w.ID)))
	if err != nil {
		return err
	}
	if taken > 0 {
		return store.Conflict("startTime", VehicleBooked)
	}
	return nil
}

// vehicleModule is the vehicle register the application's vehicleId
// names (nil when the field is not a ref to a served module).
func (o *office) vehicleModule(w *store.Write) *schema.Module {
	for i := range w.Module.Fields {
		f := &w.Module.Fields[i]
		if f.Name == "vehicleId" && f.Ref != "" {
			return o.app.Modules().Module(f.Ref)
		}
	}
	return nil
}

// UsingDays is spec §5's usingDay: the whole days between the dates of
// start and end (calendar dates, so a trip from 30 November to 1 December
// is two days) plus one.
func UsingDays(start, end time.Time) int64 {
	d0 := time.Date(start.Year(), start.Month(), start.Day(), 12, 0, 0, 0, time.UTC)
	d1 := time.Date(end.Year(), end.Month(), end.Day(), 12, 0, 0, 0, time.UTC)
	return int64(d1.Sub(d0).Hours()/24) + 1
}

// timeOf reads a date-time given as text or time.Time.
func timeOf(v any) (time.Time, bool) {
	switch x := v.(type) {
	case time.Time:
		return x, !x.IsZero()
	case string:
		s := strings.TrimSpace(x)
		if s == "" {
			return time.Time{}, false
		}
		t, err := query.ParseTime(s)
		return t, err == nil
	}
	return time.Time{}, false
}

// idOf reads a positive id given as a number or decimal text.
func idOf(v any) (int64, bool) {
	switch x := v.(type) {
	case int64:
		return x, x > 0
	case int:
		return int64(x), x > 0
	case float64:
		return int64(x), x > 0 && x == float64(int64(x))
	case json.Number:
		n, err := x.Int64()
		return n, err == nil && n > 0
	case string:
		n, err := strconv.ParseInt(strings.TrimSpace(x), 10, 64)
		return n, err == nil && n > 0
	}
	return 0, false
}
