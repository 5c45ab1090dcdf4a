package message

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"

	"xiangzhi/engine/apitest"
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
