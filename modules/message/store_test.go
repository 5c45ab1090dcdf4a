package message

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"testing"

	"xiangzhi/engine/apitest"
	"xiangzhi/engine/config"
	"xiangzhi/generated/ent/message"
)

// TestSequenceUnderConcurrency sends one user many messages at once, from
// as many goroutines: every message is stored, and the user's numbers are
// 1…n without a gap or a repeat.
func TestSequenceUnderConcurrency(t *testing.T) {
	for _, db := range []struct {
		name string
		url  func(*testing.T) string
	}{
		{"sqlite", func(*testing.T) string { return "" }},
		{"postgres", apitest.PostgresURL},
		{"mysql", apitest.MySQLURL},
	} {
		t.Run(db.name, func(t *testing.T) {
			e := newEnv(t, envOptions{dbURL: db.url(t)})
			const n = 20
			var wg sync.WaitGroup
			errs := make(chan error, n)
			for i := range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, err := e.svc.Send(context.Background(), []Draft{{TenantID: e.tenantID, RecipientID: e.uid("carol"),
						Kind: message.KindDirect, Title: fmt.Sprint("并发", i)}, {TenantID: e.tenantID,
						RecipientID: e.uid("bob"), Kind: message.KindDirect, Title: fmt.Sprint("并发", i)}})
					errs <- err
				}()
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				if err != nil {
					t.Fatal(err)
				}
			}
			for _, who := range []string{"carol", "bob"} {
				rows, err := e.ent.Message.Query().Where(message.RecipientID(e.uid(who))).All(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				var seqs []int64
				for _, r := range rows {
					seqs = append(seqs, r.Seq)
				}
				slices.Sort(seqs)
				for i, s := range seqs {
					if s != int64(i+1) {
						t.Fatalf("%s's numbers = %v, want 1…%d", who, seqs, n)
					}
				}
				if len(seqs) != n {
					t.Fatalf("%s has %d messages, want %d", who, len(seqs), n)
				}
			}
		})
	}
}

// seqsOf answers a user's message numbers in order.
func seqsOf(t *testing.T, e *env, who string) []int64 {
	t.Helper()
	rows, err := e.ent.Message.Query().Where(message.RecipientID(e.uid(who))).All(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var seqs []int64
	for _, r := range rows {
		seqs = append(seqs, r.Seq)
	}
	slices.Sort(seqs)
	return seqs
}

// TestSequenceAcrossInstances: two instances on one database send one user
// messages in turn and at once. Each instance's last numbers fall behind
// whenever the other writes; the user's numbers still run 1…n without a
// gap or a repeat, and the unread count and the list total the user sees
// on either instance are n. An instance reads the messages table for a
// recipient's last number only when it does not know it (the first message,
// or after the other instance's write collided), not on every insert.
func TestSequenceAcrossInstances(t *testing.T) {
	for _, db := range []struct {
		name string
		url  func(*testing.T) string
	}{
		{"sqlite", func(t *testing.T) string { return config.DefaultDBURL(t.TempDir()) }},
		{"postgres", apitest.PostgresURL},
		{"mysql", apitest.MySQLURL},
	} {
		t.Run(db.name, func(t *testing.T) {
			url := db.url(t)
			a := newEnv(t, envOptions{dbURL: url})
			b := newEnv(t, envOptions{dbURL: url})
			ctx := context.Background()
			send := func(e *env, title string) {
				if _, err := e.svc.Send(ctx, []Draft{{TenantID: e.tenantID, RecipientID: e.uid("carol"),
					Kind: message.KindDirect, Title: title}}); err != nil {
					t.Fatal(err)
				}
			}
			for i := range 5 {
				send(a, fmt.Sprint("A", i))
			}
			if got := a.svc.seqs.reads.Load(); got != 1 {
				t.Errorf("A read the last number %d times for 5 messages to one user, want once", got)
			}
			for i := range 6 {
				send([]*env{b, a}[i%2], fmt.Sprint("交替", i))
			}
			var wg sync.WaitGroup
			for i := range 16 {
				wg.Add(1)
				go func() { defer wg.Done(); send([]*env{a, b}[i%2], fmt.Sprint("并发", i)) }()
			}
			wg.Wait()
			const n = 5 + 6 + 16
			seqs := seqsOf(t, a, "carol")
			for i, s := range seqs {
				if s != int64(i+1) {
					t.Fatalf("carol's numbers = %v, want 1…%d", seqs, n)
				}
			}
			if len(seqs) != n {
				t.Fatalf("carol has %d messages, want %d", len(seqs), n)
			}
			for _, e := range []*env{a, b} {
				if got := e.unread(t, "carol"); got != n {
					t.Errorf("unread count = %d, want %d", got, n)
				}
				var p page
				if code, body := e.do(t, "carol", http.MethodGet, Base+"/list?page=0&size=5", nil, &p); code != 200 || p.RecordsTotal != n ||
					len(p.Data) != 5 || p.Data[0].Seq != n {
					t.Errorf("list = %d %s, want %d in all, newest %d first", code, body, n, n)
				}
			}
		})
	}
}
