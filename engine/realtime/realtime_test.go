package realtime

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

func TestMatch(t *testing.T) {
	tests := []struct {
		pattern, subject string
		want             bool
	}{
		{"xz.user.>", "xz.user.1.2", true},
		{"xz.user.>", "xz.user", false},
		{"xz.user.*.2", "xz.user.1.2", true},
		{"xz.user.*.2", "xz.user.1.3", false},
		{"xz.signal.viewers", "xz.signal.viewers", true},
		{"xz.signal.viewers", "xz.signal.modules", false},
		{"xz.signal.>", "xz.user.1.2", false},
		{"a.b", "a.b.c", false},
	}
	for _, tt := range tests {
		if got := match(tt.pattern, tt.subject); got != tt.want {
			t.Errorf("match(%q, %q) = %v, want %v", tt.pattern, tt.subject, got, tt.want)
		}
	}
}

func TestUserSubject(t *testing.T) {
	s := UserSubject(7, 42)
	tid, uid, err := ParseUserSubject(s)
	if err != nil || tid != 7 || uid != 42 {
		t.Fatalf("ParseUserSubject(%q) = %d, %d, %v; want 7, 42", s, tid, uid, err)
	}
	for _, bad := range []string{"xz.user.1", "xz.user.a.2", "xz.signal.viewers", "xz.user.1.b"} {
		if _, _, err := ParseUserSubject(bad); err == nil {
			t.Errorf("ParseUserSubject(%q) accepted", bad)
		}
	}
	if k := SignalKind(SignalSubject(SignalViewers)); k != SignalViewers {
		t.Errorf("SignalKind = %q, want %q", k, SignalViewers)
	}
	if k := SignalKind(UserSubject(1, 2)); k != "" {
		t.Errorf("SignalKind of a user subject = %q, want empty", k)
	}
}

// got is what a subscription received.
type got struct{ subject, data string }

// collect subscribes pattern on b and returns the channel of what arrives.
func collect(t *testing.T, b Bus, pattern string) <-chan got {
	t.Helper()
	ch := make(chan got, 16)
	unsub, err := b.Subscribe(pattern, func(s string, d []byte) { ch <- got{s, string(d)} })
	if err != nil {
		t.Fatalf("subscribe %s: %v", pattern, err)
	}
	t.Cleanup(unsub)
	return ch
}

// expect waits for one message (the wait bounds a failure, it is not a
// timing claim) and checks it.
func expect(t *testing.T, ch <-chan got, want got) {
	t.Helper()
	select {
	case g := <-ch:
		if g != want {
			t.Fatalf("received %+v, want %+v", g, want)
		}
	case <-time.After(5 * time.Second):
		t.Fatalf("nothing received, want %+v", want)
	}
}

// expectNone checks that nothing is pending after a round trip through
// the bus (a later message on a subject the test knows arrives).
func expectNone(t *testing.T, pub Bus, ch <-chan got, fence got) {
	t.Helper()
	if err := pub.Publish(context.Background(), fence.subject, []byte(fence.data)); err != nil {
		t.Fatal(err)
	}
	expect(t, ch, fence)
}

// exercise runs the bus contract with a publisher and a subscriber side,
// which are the same bus in process and two connections over NATS.
func exercise(t *testing.T, pub, sub Bus) {
	ctx := context.Background()
	users := collect(t, sub, AllUsers)
	one := collect(t, sub, UserSubject(1, 2))
	signals := collect(t, sub, AllSignals)

	if err := pub.Publish(ctx, UserSubject(1, 2), []byte("m1")); err != nil {
		t.Fatal(err)
	}
	expect(t, users, got{UserSubject(1, 2), "m1"})
	expect(t, one, got{UserSubject(1, 2), "m1"})

	if err := pub.Publish(ctx, UserSubject(1, 3), []byte("m2")); err != nil {
		t.Fatal(err)
	}
	expect(t, users, got{UserSubject(1, 3), "m2"})
	// The subscription of user 2 did not get user 3's message.
	expectNone(t, pub, one, got{UserSubject(1, 2), "fence"})
	expect(t, users, got{UserSubject(1, 2), "fence"})

	if err := pub.Publish(ctx, SignalSubject(SignalViewers), nil); err != nil {
		t.Fatal(err)
	}
	expect(t, signals, got{SignalSubject(SignalViewers), ""})

	// After unsubscribing nothing more arrives.
	ch := make(chan got, 4)
	unsub, err := sub.Subscribe("xz.test.>", func(s string, d []byte) { ch <- got{s, string(d)} })
	if err != nil {
		t.Fatal(err)
	}
	unsub()
	if err := pub.Publish(ctx, "xz.test.gone", []byte("x")); err != nil {
		t.Fatal(err)
	}
	expectNone(t, pub, signals, got{SignalSubject(SignalModules), "fence"})
	if len(ch) != 0 {
		t.Fatalf("an ended subscription received %d messages", len(ch))
	}
}

func TestLocal(t *testing.T) {
	b := NewLocal()
	exercise(t, b, b)
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	if err := b.Publish(context.Background(), "a", nil); err != ErrClosed {
		t.Fatalf("publish after close: %v, want ErrClosed", err)
	}
}

func TestNATS(t *testing.T) {
	url := os.Getenv("XZ_TEST_NATS")
	if url == "" {
		t.Skip("XZ_TEST_NATS is not set (e.g. nats://127.0.0.1:4222)")
	}
	a, err := DialNATS(url, "xiangzhi-test-a")
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := Open(url, "xiangzhi-test-b")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if _, ok := b.(*NATS); !ok {
		t.Fatalf("Open with a URL gave %T, want *NATS", b)
	}
	// Two connections stand for two instances: a publishes, b receives.
	exercise(t, a, b)

	// Installations in other namespaces do not hear each other.
	x, err := DialNATS(url+"?ns=x"+t.Name(), "xiangzhi-test-x")
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	y, err := DialNATS(url+"?ns=y"+t.Name(), "xiangzhi-test-y")
	if err != nil {
		t.Fatal(err)
	}
	defer y.Close()
	inX, inY := collect(t, x, AllUsers), collect(t, y, AllUsers)
	if err := y.Publish(context.Background(), UserSubject(1, 2), []byte("y")); err != nil {
		t.Fatal(err)
	}
	expect(t, inY, got{UserSubject(1, 2), "y"})
	expectNone(t, x, inX, got{UserSubject(1, 2), "x"})
	if _, err := DialNATS(url+"?ns=a.b", "x"); err == nil {
		t.Fatal("a namespace with a dot was accepted")
	}
}

func TestDialNATSRefused(t *testing.T) {
	_, err := DialNATS("nats://user:secret@127.0.0.1:1", "x")
	if err == nil {
		t.Fatal("dial to a closed port succeeded")
	}
	if got := err.Error(); strings.Contains(got, "secret") {
		t.Fatalf("error shows the password: %s", got)
	}
}
