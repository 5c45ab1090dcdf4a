package auth_test

import (
	"context"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/crypto/bcrypt"

	"xiangzhi/engine/auth"
	"xiangzhi/engine/auth/authtest"
	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent/loginlog"
	"xiangzhi/generated/ent/user"
)

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

func TestLoginLockout(t *testing.T) {
	for _, db := range authtest.All(t) {
		t.Run(db.Name, func(t *testing.T) {
			ctx := context.Background()
			f := newFixture(t, db.Client, auth.Options{})
			u := f.user(t, "lisi", "Abc12345!", false)
			bad := logRow{"lisi", "127.0.0.1", msg.BadCredentials, auth.LoginFailed}
			locked := func(min int) logRow {
				return logRow{"lisi", "127.0.0.1", "账号已锁定，请" + itoa(min) + "分钟后重试", auth.LoginFailed}
			}
			var want []logRow
			for i := 1; i <= 4; i++ {
				_, err := f.login(t, "lisi", "wrong-Pass1")
				publicError(t, err, http.StatusBadRequest, "用户名或密码错误", auth.ErrBadCredentials)
				want = append(want, bad)
			}
			// The fifth failure locks the account for 15 minutes.
			_, err := f.login(t, "lisi", "wrong-Pass1")
			publicError(t, err, http.StatusLocked, "账号已锁定，请15分钟后重试", auth.ErrLocked)
			want = append(want, locked(15))
			// Even the right password is refused while locked; the message
			// counts the minutes left.
			f.clock.Advance(5*time.Minute + 30*time.Second)
			_, err = f.login(t, "lisi", "Abc12345!")
			publicError(t, err, http.StatusLocked, "账号已锁定，请10分钟后重试", auth.ErrLocked)
			want = append(want, locked(10))
			// After the window the right password works again.
			f.clock.Advance(10 * time.Minute)
			res, err := f.login(t, "lisi", "Abc12345!")
			if err != nil {
				t.Fatalf("login after the lock window: %v", err)
			}
			want = append(want, logRow{"lisi", "127.0.0.1", msg.LoginSucceeded, auth.LoginSucceeded})
			if res.MustChangePassword || res.User.ID != u.ID || res.Token == "" {
				t.Errorf("result = %+v", res)
			}
			got, err := f.client.User.Get(ctx, u.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.FailedLogins != 0 || got.LockedUntil != nil || got.LastLogin == nil ||
				!got.LastLogin.Equal(f.clock.Now()) {
				t.Errorf("after login: failed=%d locked=%v last=%v", got.FailedLogins, got.LockedUntil, got.LastLogin)
			}
			// An unknown user answers like a wrong password, and is logged.
			_, err = f.login(t, "nobody", "Abc12345!")
			publicError(t, err, http.StatusBadRequest, msg.BadCredentials, auth.ErrBadCredentials)
			want = append(want, logRow{"nobody", "127.0.0.1", msg.BadCredentials, auth.LoginFailed})
			// A ciphertext that does not decrypt is an attempt too.
			_, err = f.svc.Login(ctx, f.tenantID, "lisi", "bm90IGEgY2lwaGVydGV4dA==", "127.0.0.1", "go-test")
			publicError(t, err, http.StatusBadRequest, msg.PasswordDecryptFailed, auth.ErrBadCiphertext)
			want = append(want, logRow{"lisi", "127.0.0.1", msg.PasswordDecryptFailed, auth.LoginFailed})
			if diff := cmp.Diff(want, f.loginLog(t)); diff != "" {
				t.Errorf("login log (-want +got):\n%s", diff)
			}
		})
	}
}

func TestLoginOptions(t *testing.T) {
	f := newFixture(t, authtest.SQLite(t), auth.Options{MaxFailures: 2, LockDuration: 3 * time.Minute})
	f.user(t, "wangwu", "Abc12345!", false)
	_, err := f.login(t, "wangwu", "nope")
	publicError(t, err, http.StatusBadRequest, msg.BadCredentials, auth.ErrBadCredentials)
	_, err = f.login(t, "wangwu", "nope")
	publicError(t, err, http.StatusLocked, "账号已锁定，请3分钟后重试", auth.ErrLocked)
}

func TestLoginMustChangePassword(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, authtest.SQLite(t), auth.Options{})
	f.user(t, "initial", "Abc12345!", true)
	f.user(t, "weak", "12345678", false)
	bc, err := bcrypt.GenerateFromPassword([]byte("Legacy#2019"), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	legacy, err := f.client.User.Create().SetTenantID(f.tenantID).SetUsername("legacy").
		SetPasswordHash(string(bc)).Save(ctx)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, username, password string
		must                     bool
	}{
		{"initial password", "initial", "Abc12345!", true},
		{"password breaks the policy", "weak", "12345678", true},
		{"migrated bcrypt user", "legacy", "Legacy#2019", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := f.login(t, tt.username, tt.password)
			if err != nil {
				t.Fatalf("login: %v", err)
			}
			if res.MustChangePassword != tt.must || res.User.MustChangePassword != tt.must {
				t.Errorf("MustChangePassword = %v (row %v), want %v",
					res.MustChangePassword, res.User.MustChangePassword, tt.must)
			}
		})
	}
	// The bcrypt hash was upgraded to argon2id on the way.
	got, err := f.client.User.Get(ctx, legacy.ID)
	if err != nil {
		t.Fatal(err)
	}
	if auth.NeedsRehash(got.PasswordHash) || !auth.VerifyPassword(got.PasswordHash, "Legacy#2019") {
		t.Errorf("hash after login = %.20s…, want an argon2id hash of the same password", got.PasswordHash)
	}
}

func TestLoginDisabled(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, authtest.SQLite(t), auth.Options{})
	u := f.user(t, "zhaoliu", "Abc12345!", false)
	if err := f.client.User.UpdateOneID(u.ID).SetDisabled(true).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	// A wrong password still says only 用户名或密码错误.
	_, err := f.login(t, "zhaoliu", "Wrong123!")
	publicError(t, err, http.StatusBadRequest, msg.BadCredentials, auth.ErrBadCredentials)
	_, err = f.login(t, "zhaoliu", "Abc12345!")
	publicError(t, err, http.StatusForbidden, "账号已停用", auth.ErrDisabled)
	if err := f.client.User.Update().Where(user.ID(u.ID)).SetDisabled(false).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	if err := f.client.Tenant.UpdateOneID(f.tenantID).SetDisabled(true).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	_, err = f.login(t, "zhaoliu", "Abc12345!")
	publicError(t, err, http.StatusForbidden, msg.AccountDisabled, auth.ErrDisabled)
}

func TestChangePassword(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, authtest.SQLite(t), auth.Options{})
	u := f.user(t, "sunqi", "Abc12345!", true)
	res, err := f.login(t, "sunqi", "Abc12345!")
	if err != nil {
		t.Fatal(err)
	}
	err = f.svc.ChangePassword(ctx, u.ID, "Wrong123!", "New#Pass2024")
	publicError(t, err, http.StatusBadRequest, msg.OldPasswordWrong, auth.ErrWrongPassword)
	err = f.svc.ChangePassword(ctx, u.ID, "Abc12345!", "weak")
	publicError(t, err, http.StatusBadRequest, msg.PasswordPolicy, auth.ErrPasswordPolicy)
	if err := f.svc.ChangePassword(ctx, u.ID, "Abc12345!", "New#Pass2024"); err != nil {
		t.Fatalf("ChangePassword: %v", err)
	}
	// The old session ended; the new password logs in without a forced change.
	_, err = f.svc.Authenticate(ctx, res.Token)
	publicError(t, err, http.StatusUnauthorized, msg.Unauthorized, auth.ErrSessionEnded)
	res, err = f.login(t, "sunqi", "New#Pass2024")
	if err != nil || res.MustChangePassword {
		t.Fatalf("login with the new password = %+v, %v", res, err)
	}
	err = f.svc.ConfirmPassword(ctx, u.ID, "Abc12345!")
	publicError(t, err, http.StatusBadRequest, "管理员密码不正确！", auth.ErrWrongPassword)
	// An administrator's reset makes it an initial password again.
	if err := f.svc.SetPassword(ctx, u.ID, "Reset#Pass1", true); err != nil {
		t.Fatal(err)
	}
	if res, err = f.login(t, "sunqi", "Reset#Pass1"); err != nil || !res.MustChangePassword {
		t.Fatalf("login after reset = %+v, %v; want a forced change", res, err)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
