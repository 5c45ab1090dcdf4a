package store

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"xiangzhi/engine/schema"
)

// testGetWithSeqs: a get that reads the write sequences of other tables in
// its own statement answers the record Get answers (children and history
// included) and, in its context, the sequences WriteSeq reads on its own —
// 0 for a table without a sequence row. Within that context a later write is not
// seen and WithWriteSeqs reads nothing again (the request's labels are
// those of the moment it started); a new get sees the write. A request
// already cancelled reads nothing. An unknown id, or one outside the
// scope, is ErrNotFound.
func testGetWithSeqs(t *testing.T, s *Store) {
	m := setup(t, s)
	quiet := testModule()
	quiet.Name, quiet.API, quiet.Table = "quietRegister", "/onlineVillage/quiet", "mod_quiet_register"
	if err := s.Migrate(ctx, quiet, false); err != nil {
		t.Fatal(err)
	}
	unseen := testModule() // never migrated: no sequence row
	unseen.Name, unseen.API, unseen.Table = "unseenRegister", "/onlineVillage/unseen", "mod_unseen_register"
	quietSeq, err := s.WriteSeq(ctx, quiet)
	if err != nil {
		t.Fatal(err)
	}
	id := mustCreate(t, s, m, viewer, Record{"name": "张三", "age": 40})["id"].(int64)
	mustCreate(t, s, m, viewer, Record{"name": "李四"})

	want, err := s.Get(ctx, m, viewer, id)
	if err != nil {
		t.Fatal(err)
	}
	if h, _ := want["history"].([]Transition); h == nil {
		t.Fatalf("the record has no history: %v", want["history"])
	}
	wantSeq, err := s.WriteSeq(ctx, m)
	if err != nil || wantSeq == 0 {
		t.Fatalf("write sequence of %s: %d, %v; want > 0", m.Name, wantSeq, err)
	}
	got, gctx, err := s.GetWithSeqs(ctx, m, viewer, id, []*schema.Module{m, quiet, unseen, m})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("GetWithSeqs record:\n got %v\nwant %v", got, want)
	}
	if seq, err := s.WriteSeq(gctx, m); err != nil || seq != wantSeq {
		t.Errorf("sequence of %s read with the record: %d, %v; want %d", m.Name, seq, err, wantSeq)
	}
	if seq, err := s.WriteSeq(gctx, quiet); err != nil || seq != quietSeq {
		t.Errorf("sequence of %s read with the record: %d, %v; want %d", quiet.Name, seq, err, quietSeq)
	}
	if seq, err := s.WriteSeq(gctx, unseen); err != nil || seq != 0 {
		t.Errorf("sequence of a table without a sequence row: %d, %v; want 0", seq, err)
	}

	if _, err := s.Update(ctx, m, viewer, id, Record{"name": "张三改"}); err != nil {
		t.Fatal(err)
	}
	again, err := s.WithWriteSeqs(gctx, []*schema.Module{quiet, m, unseen})
	if err != nil {
		t.Fatal(err)
	}
	if seq, _ := s.WriteSeq(again, m); seq != wantSeq {
		t.Errorf("within the request after a write the sequence is %d, want %d (the one read with the record)", seq, wantSeq)
	}
	now, err := s.WriteSeq(ctx, m)
	if err != nil || now <= wantSeq {
		t.Fatalf("sequence after the write: %d, %v; want > %d", now, err, wantSeq)
	}
	got, gctx, err = s.GetWithSeqs(ctx, m, viewer, id, []*schema.Module{quiet, m})
	if err != nil {
		t.Fatal(err)
	}
	if seq, _ := s.WriteSeq(gctx, m); seq != now || got["name"] != "张三改" {
		t.Errorf("a new get reads sequence %d and name %v, want %d and 张三改", seq, got["name"], now)
	}

	// The record is read under a context that is never cancelled, but a
	// request already cancelled reads nothing.
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, _, err := s.GetWithSeqs(cancelled, m, viewer, id, []*schema.Module{m}); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled request: %v, want context.Canceled", err)
	}

	other := Scope{TenantID: 1, UserID: 11, OrgID: 6, OrgPath: "/1/6/", Mode: ScopeSubtree}
	for _, c := range []struct {
		what string
		sc   Scope
		id   int64
	}{{"an unknown id", viewer, 987654}, {"outside the scope", other, id}, {"of another tenant", Scope{TenantID: 2, Mode: ScopeAll}, id}} {
		if _, _, err := s.GetWithSeqs(ctx, m, c.sc, c.id, []*schema.Module{m}); !errors.Is(err, ErrNotFound) {
			t.Errorf("%s: %v, want ErrNotFound", c.what, err)
		}
	}
}
