package auth_test

import (
	"context"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"xiangzhi/engine/auth"
	"xiangzhi/engine/auth/authtest"
	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent/loginlog"
)

func itoa(n int) string { return strconv.Itoa(n) }

type logRow struct {
	UserName, IP, Message string
	Status                int
}

func (f *fixture) loginLog(t *testing.T) []logRow {
	t.Helper()
	rows, err := f.client.LoginLog.Query().Where(loginlog.TenantID(f.tenantID)).
		Order(loginlog.ByID()).All(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	out := make([]logRow, len(rows))
	for i, r := range rows {
		out[i] = logRow{r.UserName, r.IP, r.Message, r.Status}
	}
	return out
}

func (f *fixture) loginFrom(t *testing.T, ip, username, password string) (*auth.LoginResult, error) {
	t.Helper()
	return f.svc.Login(context.Background(), f.tenantID, username,
		encrypt(t, f.svc.PublicKeyPEM(), password), ip, "go-test")
}

// answer is what a refusal shows a caller: the status and the message.
type answer struct {
	Status int
	Msg    string
}

func answerOf(t *testing.T, err error) answer {
	t.Helper()
	var pe *auth.Error
	if err == nil || !asAuthError(err, &pe) {
		t.Fatalf("error %v is not an *auth.Error", err)
	}
	return answer{pe.HTTPStatus(), pe.PublicMessage()}
}

// TestLoginNoOracle: a wrong password, an unknown user and a locked
// account answer alike, before and after the throttle starts; the lock is
// told only after the right password.
func TestLoginNoOracle(t *testing.T) {
	for _, db := range authtest.All(t) {
		t.Run(db.Name, func(t *testing.T) {
			ctx := context.Background()
			f := newFixture(t, db.Client, auth.Options{})
			f.user(t, "lisi", "Abc12345!", false)
			locked := f.user(t, "locked", "Abc12345!", false)
			if err := f.svc.Lock(ctx, locked.ID); err != nil {
				t.Fatal(err)
			}
			wrong := answer{http.StatusBadRequest, msg.BadCredentials}
			for i := 0; i < auth.DefaultAccountThreshold; i++ {
				for _, name := range []string{"lisi", "nobody", "locked"} {
					_, err := f.login(t, name, "Wrong-pass1")
					if got := answerOf(t, err); got != wrong {
						t.Fatalf("attempt %d of %s = %+v, want %+v", i+1, name, got, wrong)
					}
				}
			}
			// Inside the wait every name gets the same 429, right password
			// or not.
			throttled := answer{http.StatusTooManyRequests, msg.TooManyRequests}
			for _, name := range []string{"lisi", "nobody", "locked"} {
				_, err := f.login(t, name, "Abc12345!")
				if got := answerOf(t, err); got != throttled {
					t.Errorf("throttled %s = %+v, want %+v", name, got, throttled)
				}
			}
			f.clock.Advance(time.Second)
			_, err := f.login(t, "locked", "Abc12345!")
			publicError(t, err, http.StatusLocked, msg.AccountLocked, auth.ErrLocked)
			if _, err := f.login(t, "lisi", "Abc12345!"); err != nil {
				t.Errorf("right password after the wait: %v", err)
			}
		})
	}
}

// TestLoginThrottle: after five failures each attempt waits 1, 2, 4 …
// seconds after the last failure; attempts inside the wait are logged as
// throttled and do not lengthen it; a success starts afresh.
func TestLoginThrottle(t *testing.T) {
	for _, db := range authtest.All(t) {
		t.Run(db.Name, func(t *testing.T) {
			f := newFixture(t, db.Client, auth.Options{})
			f.user(t, "lisi", "Abc12345!", false)
			const ip = "127.0.0.1"
			bad := logRow{"lisi", ip, msg.BadCredentials, auth.LoginFailed}
			slow := logRow{"lisi", ip, msg.TooManyRequests, auth.LoginThrottled}
			ok := logRow{"lisi", ip, msg.LoginSucceeded, auth.LoginSucceeded}
			var want []logRow
			fail := func(password string) {
				t.Helper()
				_, err := f.login(t, "lisi", password)
				publicError(t, err, http.StatusBadRequest, msg.BadCredentials, auth.ErrBadCredentials)
				want = append(want, bad)
			}
			refused := func() {
				t.Helper()
				_, err := f.login(t, "lisi", "Abc12345!")
				publicError(t, err, http.StatusTooManyRequests, msg.TooManyRequests, auth.ErrThrottled)
				want = append(want, slow)
			}
			for i := 0; i < 5; i++ {
				fail("Wrong-pass1")
			}
			refused() // wait 1 s
			refused() // still
			f.clock.Advance(time.Second)
			fail("Wrong-pass1") // sixth failure: wait 2 s
			f.clock.Advance(time.Second)
			refused()
			f.clock.Advance(time.Second)
			fail("Wrong-pass1") // seventh: wait 4 s
			f.clock.Advance(3 * time.Second)
			refused()
			f.clock.Advance(time.Second)
			if _, err := f.login(t, "lisi", "Abc12345!"); err != nil {
				t.Fatalf("right password after the wait: %v", err)
			}
			want = append(want, ok)
			f.clock.Advance(time.Second)
			// The success started the count afresh: five more failures
			// before the next wait.
			for i := 0; i < 5; i++ {
				fail("Wrong-pass1")
			}
			refused()
			if diff := cmp.Diff(want, f.loginLog(t)); diff != "" {
				t.Errorf("login log (-want +got):\n%s", diff)
			}
			// Failures older than the window no longer count.
			f.clock.Advance(auth.DefaultThrottleWindow)
			if _, err := f.login(t, "lisi", "Abc12345!"); err != nil {
				t.Errorf("right password after the window: %v", err)
			}
		})
	}
}

func TestThrottleWait(t *testing.T) {
	tests := []struct {
		n    int
		want time.Duration
	}{
		{0, 0}, {4, 0}, {5, time.Second}, {6, 2 * time.Second}, {7, 4 * time.Second},
		{13, 256 * time.Second}, {14, 5 * time.Minute}, {100, 5 * time.Minute},
	}
	for _, tt := range tests {
		if got := auth.ThrottleWait(tt.n, 5, 5*time.Minute); got != tt.want {
			t.Errorf("ThrottleWait(%d) = %v, want %v", tt.n, got, tt.want)
		}
	}
}

// TestLoginThrottleAddress: one address failing across many names waits
// too; another address is not held up.
func TestLoginThrottleAddress(t *testing.T) {
	f := newFixture(t, authtest.SQLite(t), auth.Options{AddressThreshold: 3})
	f.user(t, "wangwu", "Abc12345!", false)
	for _, name := range []string{"a1", "a2", "a3"} {
		_, err := f.loginFrom(t, "10.0.0.1", name, "Wrong-pass1")
		publicError(t, err, http.StatusBadRequest, msg.BadCredentials, auth.ErrBadCredentials)
	}
	_, err := f.loginFrom(t, "10.0.0.1", "wangwu", "Abc12345!")
	publicError(t, err, http.StatusTooManyRequests, msg.TooManyRequests, auth.ErrThrottled)
	if _, err := f.loginFrom(t, "10.0.0.2", "wangwu", "Abc12345!"); err != nil {
		t.Errorf("another address: %v", err)
	}
}

// TestAdminLock: a lock refuses the right password (told only then) and
// ends the sessions; an unlock lets the user in and clears the throttle.
func TestAdminLock(t *testing.T) {
	for _, db := range authtest.All(t) {
		t.Run(db.Name, func(t *testing.T) {
			ctx := context.Background()
			f := newFixture(t, db.Client, auth.Options{})
			u := f.user(t, "zhaoliu", "Abc12345!", false)
			res, err := f.login(t, "zhaoliu", "Abc12345!")
			if err != nil {
				t.Fatal(err)
			}
			if err := f.svc.Lock(ctx, u.ID); err != nil {
				t.Fatal(err)
			}
			f.clock.Advance(time.Second)
			_, err = f.svc.Authenticate(ctx, res.Token)
			publicError(t, err, http.StatusUnauthorized, msg.Unauthorized, auth.ErrSessionEnded)
			_, err = f.login(t, "zhaoliu", "Abc12345!")
			publicError(t, err, http.StatusLocked, msg.AccountLocked, auth.ErrLocked)
			for i := 0; i < 4; i++ {
				_, err = f.login(t, "zhaoliu", "Wrong-pass1")
				publicError(t, err, http.StatusBadRequest, msg.BadCredentials, auth.ErrBadCredentials)
			}
			_, err = f.login(t, "zhaoliu", "Abc12345!")
			publicError(t, err, http.StatusTooManyRequests, msg.TooManyRequests, auth.ErrThrottled)
			f.clock.Advance(time.Second)
			if err := f.svc.Unlock(ctx, u.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := f.login(t, "zhaoliu", "Abc12345!"); err != nil {
				t.Errorf("login after unlock: %v", err)
			}
		})
	}
}
