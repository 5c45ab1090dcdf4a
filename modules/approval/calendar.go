package approval

import (
	"context"
	"sync"
	"time"

	"xiangzhi/engine/workflow"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/dict"
	"xiangzhi/generated/ent/dictitem"
)

// The dictionaries of the working-day calendar (schemas/_dicts.yaml ships
// the current year's public holidays; administrators edit them on the
// dictionary screens): item values are dates "2006-01-02", labels name
// the holiday.
const (
	DictHolidays = "wf_holiday" // days off on a weekday or weekend (法定节假日)
	DictWorkdays = "wf_workday" // weekend days worked instead (调休上班)
)

// calendarTTL is how long the calendar is kept before it is read again.
const calendarTTL = time.Minute

// dictCalendar is the workflow's Calendar read from the two dictionaries.
type dictCalendar struct {
	ent *ent.Client

	mu       sync.Mutex
	read     time.Time
	holidays map[string]bool
	workdays map[string]bool
}

var _ workflow.Calendar = (*dictCalendar)(nil)

// Days answers the holidays and the worked weekend days.
func (c *dictCalendar) Days(ctx context.Context) (map[string]bool, map[string]bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.holidays != nil && time.Since(c.read) < calendarTTL {
		return c.holidays, c.workdays, nil
	}
	items, err := c.ent.DictItem.Query().Where(dictitem.HasDictWith(dict.TypeIn(DictHolidays, DictWorkdays))).
		WithDict().All(ctx)
	if err != nil {
		return nil, nil, err
	}
	hol, work := map[string]bool{}, map[string]bool{}
	for _, it := range items {
		if it.Edges.Dict != nil && it.Edges.Dict.Type == DictWorkdays {
			work[it.Value] = true
		} else {
			hol[it.Value] = true
		}
	}
	c.holidays, c.workdays, c.read = hol, work, time.Now()
	return hol, work, nil
}
