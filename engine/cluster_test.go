package engine_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"xiangzhi/engine/apitest"
	"xiangzhi/engine/config"
	"xiangzhi/engine/realtime"
)

// TestStartWhilePeersAnnounce starts instances while another one keeps
// announcing module changes on the bus: a signal that arrives between
// joining the bus and building the server waits for the server (it used to
// reload into a dispatcher not built yet and crash the process).
func TestStartWhilePeersAnnounce(t *testing.T) {
	nats := os.Getenv("XZ_TEST_NATS")
	if nats == "" {
		t.Skip("XZ_TEST_NATS is not set (e.g. nats://127.0.0.1:4222)")
	}
	nats += "?ns=test" + strings.ReplaceAll(filepath.Base(t.TempDir()), ".", "")
	peer, err := realtime.Open(nats, "peer")
	if err != nil {
		t.Fatal(err)
	}
	defer peer.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				_ = peer.Publish(ctx, realtime.SignalSubject(realtime.SignalModules), []byte("peer"))
			}
		}
	}()
	for i := 0; i < 5; i++ {
		a := newTestApp(t, apitest.SQLiteURL(t), func(c *config.Config) { c.NATSURL = nats })
		rec := httptest.NewRecorder()
		a.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, notices, nil))
		if rec.Code == http.StatusNotFound || rec.Code >= 500 {
			t.Fatalf("instance %d answers %d on its module", i, rec.Code)
		}
	}
	time.Sleep(100 * time.Millisecond) // the reloads the signals started run before the instances close
}
