package auth_test

import (
	"context"
	"net/http"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"xiangzhi/engine/auth"
	"xiangzhi/engine/auth/authtest"
	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent/user"
)

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
