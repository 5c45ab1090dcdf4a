package office_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"xiangzhi/engine"
	"xiangzhi/engine/apitest"
	"xiangzhi/engine/config"
	"xiangzhi/modules/office"
	"xiangzhi/schemas"
)

// bookingApp is the engine on dbURL serving the shipped vehicle and
// vehicleApply modules, with the test System (every code allowed) and the
// office hooks.
func bookingApp(t *testing.T, dbURL string) http.Handler {
	t.Helper()
	dir := t.TempDir()
	for _, p := range []string{"_dicts.yaml", "_menus.yaml", "office/vehicle.yaml", "office/vehicleApply.yaml"} {
		data, err := fs.ReadFile(schemas.FS(), p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := config.Default()
	cfg.DataDir, cfg.DBURL, cfg.SchemasDir, cfg.ConsoleFS = t.TempDir(), dbURL, dir, nil
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	app, err := engine.New(cfg)
	if err != nil {
		t.Fatalf("engine.New: %v", err)
	}
	t.Cleanup(func() { app.Close() })
	apitest.NewSystem(t, app)
	office.Hooks(app)
	return app.Handler()
}

// call sends a JSON request and answers the status and envelope.
func call(t *testing.T, h http.Handler, method, url string, body any) (int, map[string]any) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, url, rd)
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var env map[string]any
	_ = json.Unmarshal(rec.Body.Bytes(), &env)
	return rec.Code, env
}

func TestBookingSQLite(t *testing.T)   { runBooking(t, apitest.SQLiteURL(t)) }
func TestBookingPostgres(t *testing.T) { runBooking(t, apitest.PostgresURL(t)) }
func TestBookingMySQL(t *testing.T)    { runBooking(t, apitest.MySQLURL(t)) }

// runBooking: twenty overlapping bookings of one vehicle sent at once
// leave exactly one; usingDay is computed on the server across a month's
// end; a return before the departure, a short applicant and an overlap on
// update are refused; other vehicles and adjacent periods are free.
func runBooking(t *testing.T, dbURL string) {
	h := bookingApp(t, dbURL)
	vehicle := func(plate string) any {
		status, res := call(t, h, http.MethodPost, "/office/vehicles",
			map[string]any{"plateNo": plate, "vehicleType": "1", "brand": "大众", "available": true})
		if status != http.StatusOK {
			t.Fatalf("vehicle: %d %v", status, res)
		}
		return res["data"].(map[string]any)["id"]
	}
	v1, v2 := vehicle("冀A12345"), vehicle("冀A54321")
	apply := func(v any, start, end string) map[string]any {
		return map[string]any{"vehicleId": v, "applyUserName": "  王建国 ", "destination": " 县城 ",
			"description": "参加会议", "startTime": start, "endTime": end, "usingDay": 99}
	}

	var wg sync.WaitGroup
	statuses := make([]int, 20)
	msgs := make([]any, 20)
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// each overlaps every other: all contain 2025-11-30 12:00
			start := fmt.Sprintf("2025-11-30 %02d:00:00", 8+i%4)
			end := fmt.Sprintf("2025-12-%02d 18:00:00", 1+i%3)
			statuses[i], msgs[i] = func() (int, any) {
				s, res := call(t, h, http.MethodPost, "/office/vehicleApplies", apply(v1, start, end))
				return s, res["msg"]
			}()
		}()
	}
	wg.Wait()
	won := 0
	for i, s := range statuses {
		switch {
		case s == http.StatusOK:
			won++
		case s != http.StatusConflict || msgs[i] != office.VehicleBooked:
			t.Errorf("request %d: %d %v, want 409 %s", i, s, msgs[i], office.VehicleBooked)
		}
	}
	if won != 1 {
		t.Fatalf("%d of 20 overlapping bookings stored, want exactly 1 (%v)", won, statuses)
	}
	status, res := call(t, h, http.MethodGet, "/office/vehicleApplies?size=50", nil)
	rows := res["data"].(map[string]any)["data"].([]any)
	if status != http.StatusOK || len(rows) != 1 {
		t.Fatalf("stored bookings: %d %v", status, res)
	}
	first := rows[0].(map[string]any)
	if first["applyUserName"] != "王建国" || first["destination"] != "县城" {
		t.Fatalf("inputs not trimmed: %q %q", first["applyUserName"], first["destination"])
	}
	startDay, _ := time.Parse("2006-01-02 15:04:05", first["startTime"].(string))
	endDay, _ := time.Parse("2006-01-02 15:04:05", first["endTime"].(string))
	if want := float64(int(endDay.Sub(startDay.Truncate(24*time.Hour)).Hours()/24) + 1); first["usingDay"] != want {
		t.Fatalf("usingDay %v for %v – %v, want %v", first["usingDay"], first["startTime"], first["endTime"], want)
	}

	for _, tc := range []struct {
		name      string
		body      map[string]any
		status    int
		msg, used any
	}{
		{"other vehicle, same time, across the year's end", apply(v2, "2025-12-31 08:00:00", "2026-01-02 09:00:00"), 200, nil, float64(3)},
		{"same vehicle, the day after", apply(v1, "2025-12-04 08:00:00", "2025-12-04 09:00:00"), 200, nil, float64(1)},
		{"same vehicle, ends as the next starts", apply(v1, "2025-12-03 20:00:00", "2025-12-04 08:00:00"), 200, nil, float64(2)},
		{"February's end", apply(v2, "2024-02-28 08:00:00", "2024-03-01 08:00:00"), 200, nil, float64(3)},
		{"overlap", apply(v1, "2025-12-01 17:00:00", "2025-12-05 08:00:00"), 409, office.VehicleBooked, nil},
		{"return before departure", apply(v2, "2025-10-02 08:00:00", "2025-10-01 08:00:00"), 400, office.EndBeforeStart, nil},
		{"applicant of one character after trimming", func() map[string]any {
			b := apply(v2, "2025-09-02 08:00:00", "2025-09-02 09:00:00")
			b["applyUserName"] = "  王 "
			return b
		}(), 400, office.ApplicantLength, nil},
	} {
		status, res := call(t, h, http.MethodPost, "/office/vehicleApplies", tc.body)
		if status != tc.status || (tc.msg != nil && res["msg"] != tc.msg) {
			t.Fatalf("%s: %d %v, want %d %v", tc.name, status, res, tc.status, tc.msg)
		}
		if tc.used != nil && res["data"].(map[string]any)["usingDay"] != tc.used {
			t.Fatalf("%s: usingDay %v, want %v", tc.name, res["data"].(map[string]any)["usingDay"], tc.used)
		}
	}

	// an update moving a booking onto another is refused
	status, res = call(t, h, http.MethodPost, "/office/vehicleApplies", apply(v2, "2025-08-01 08:00:00", "2025-08-01 18:00:00"))
	if status != http.StatusOK {
		t.Fatalf("create: %d %v", status, res)
	}
	moving := res["data"].(map[string]any)
	status, res = call(t, h, http.MethodPut, "/office/vehicleApplies", map[string]any{"id": moving["id"],
		"vehicleId": v1, "startTime": "2025-11-30 20:00:00", "endTime": "2025-12-01 06:00:00"})
	if status != http.StatusConflict || res["msg"] != office.VehicleBooked {
		t.Fatalf("update onto a booked period: %d %v", status, res)
	}
}
