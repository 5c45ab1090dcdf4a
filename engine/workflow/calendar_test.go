package workflow

import (
	"testing"
	"time"
)

func TestWorkingDayDue(t *testing.T) {
	c := &workClock{holidays: map[string]bool{"2026-10-01": true, "2026-10-02": true, "2026-10-05": true,
		"2026-10-06": true, "2026-10-07": true, "2026-10-03": true, "2026-10-04": true},
		workdays: map[string]bool{"2026-10-10": true}}
	at := func(s string) time.Time {
		t, err := time.ParseInLocation(time.DateTime, s, time.Local)
		if err != nil {
			panic(err)
		}
		return t
	}
	tests := []struct{ start, deadline, want string }{
		{"2026-11-06 10:00:00", "1d", "2026-11-09 10:00:00"}, // Friday → Monday
		{"2026-11-07 10:00:00", "1d", "2026-11-10 00:00:00"}, // opened on Saturday: counting starts Monday
		{"2026-11-02 09:00:00", "3d", "2026-11-05 09:00:00"},
		{"2026-09-30 10:00:00", "2d", "2026-10-09 10:00:00"}, // over National Day
		{"2026-10-09 10:00:00", "1d", "2026-10-10 10:00:00"}, // Saturday the 10th is worked (调休)
		{"2026-09-30 10:00:00", "16h", "2026-10-08 02:00:00"},
		{"2026-11-06 20:00:00", "8h", "2026-11-09 04:00:00"},
		{"2026-11-02 09:00:00", "2h", "2026-11-02 11:00:00"},
	}
	for _, tt := range tests {
		if got := c.Due(at(tt.start), tt.deadline).Format(time.DateTime); got != tt.want {
			t.Errorf("%s + %s = %s, want %s", tt.start, tt.deadline, got, tt.want)
		}
	}
}
