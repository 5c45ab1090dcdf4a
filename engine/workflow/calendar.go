package workflow

import (
	"context"
	"strconv"
	"time"
)

// Calendar tells working days from days off beyond the weekend: the
// public holidays, and the weekend days worked instead (调休). Dates are
// "2006-01-02". modules/approval reads them from two dictionaries
// administrators edit (wf_holiday, wf_workday).
type Calendar interface {
	Days(ctx context.Context) (holidays, workdays map[string]bool, err error)
}

// workClock counts deadlines in working days: Monday to Friday unless a
// holiday, and the weekend days the calendar makes working days.
type workClock struct {
	holidays, workdays map[string]bool
}

// clock reads the calendar; without one only weekends are days off.
func (e *Engine) clock(ctx context.Context) (*workClock, error) {
	c := &workClock{}
	if e.opts.Calendar == nil {
		return c, nil
	}
	var err error
	c.holidays, c.workdays, err = e.opts.Calendar.Days(ctx)
	return c, err
}

// working reports whether t's day is a working day.
func (c *workClock) working(t time.Time) bool {
	d := t.Format(time.DateOnly)
	if c.workdays[d] {
		return true
	}
	if c.holidays[d] {
		return false
	}
	wd := t.Weekday()
	return wd != time.Saturday && wd != time.Sunday
}

// nextMidnight is the start of the day after t's.
func nextMidnight(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d+1, 0, 0, 0, 0, t.Location())
}

// Due is when a deadline ("3d": working days, "8h": hours of working days)
// counted from start runs out. Time on days off does not count: a task
// opened on a day off starts counting at the next working day's start;
// "1d" opened on Friday 10:00 is due Monday 10:00.
func (c *workClock) Due(start time.Time, deadline string) time.Time {
	if len(deadline) < 2 {
		return start
	}
	n, err := strconv.Atoi(deadline[:len(deadline)-1])
	if err != nil || n <= 0 {
		return start
	}
	t := start
	for !c.working(t) {
		t = nextMidnight(t)
	}
	if deadline[len(deadline)-1] == 'd' {
		for i := 0; i < n; i++ {
			t = t.AddDate(0, 0, 1)
			for !c.working(t) {
				t = t.AddDate(0, 0, 1)
			}
		}
		return t
	}
	left := time.Duration(n) * time.Hour
	for {
		end := nextMidnight(t)
		if t.Add(left).Compare(end) <= 0 {
			return t.Add(left)
		}
		left -= end.Sub(t)
		t = end
		for !c.working(t) {
			t = nextMidnight(t)
		}
	}
}
