package workbench

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"xiangzhi/engine/apitest"
	"xiangzhi/engine/store"
	"xiangzhi/tools/demo/demotest"
)

func TestVisitCountsSQLite(t *testing.T)   { runVisitCounts(t, apitest.SQLiteURL(t)) }
func TestVisitCountsPostgres(t *testing.T) { runVisitCounts(t, apitest.PostgresURL(t)) }
func TestVisitCountsMySQL(t *testing.T)    { runVisitCounts(t, apitest.MySQLURL(t)) }

// The counters add up per tenant, user and module, in one statement on
// every database, and only visits of the last 90 days count.
func runVisitCounts(t *testing.T, dbURL string) {
	app := demotest.NewAppOn(t, dbURL)
	s := Register(app, nil, nil)
	if !s.visitsOn {
		t.Fatal("the visits table was not migrated")
	}
	ctx := context.Background()
	alice := store.Scope{TenantID: 1, UserID: 10}
	bob := store.Scope{TenantID: 1, UserID: 11}
	other := store.Scope{TenantID: 2, UserID: 10} // the same user id in another tenant
	now := time.Now()
	for _, v := range []struct {
		who    store.Scope
		module string
		at     time.Time
	}{{alice, "villager", now}, {alice, "villager", now}, {alice, "event", now}, {bob, "villager", now},
		{other, "event", now}, {alice, "villager", now}, {alice, "oldPerson", now.Add(-100 * 24 * time.Hour)}} {
		if err := s.countVisit(ctx, v.who, v.module, v.at); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		who  store.Scope
		want map[string]int
	}{{alice, map[string]int{"villager": 3, "event": 1}}, {bob, map[string]int{"villager": 1}}, {other, map[string]int{"event": 1}}} {
		got, err := s.visits(ctx, tt.who)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("visits of %+v (-want +got):\n%s", tt.who, diff)
		}
	}
}
