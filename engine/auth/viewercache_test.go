package auth_test

import (
	"context"
	"errors"
	"testing"

	"xiangzhi/engine/auth"
	"xiangzhi/engine/auth/authtest"
)

// TestViewerCacheFollowsIdentityChanges checks that caching viewers never
// outlives a change: logout, disabling a user and a changed organisation are
// seen on the very next request.
func TestViewerCacheFollowsIdentityChanges(t *testing.T) {
	ctx := context.Background()
	client := authtest.SQLite(t)
	f := newFixture(t, client, auth.Options{})
	u := f.user(t, "cached", "Abc12345!", false)
	login := func() string {
		res, err := f.login(t, "cached", "Abc12345!")
		if err != nil {
			t.Fatal(err)
		}
		return res.Token
	}

	t.Run("logout ends a cached session at once", func(t *testing.T) {
		token := login()
		v, err := f.svc.Authenticate(ctx, token)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Authenticate(ctx, token); err != nil { // served from the cache
			t.Fatal(err)
		}
		if err := f.svc.Sessions().Revoke(ctx, v.SessionID); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Authenticate(ctx, token); !errors.Is(err, auth.ErrSessionEnded) && !errors.Is(err, auth.ErrInvalidToken) {
			t.Errorf("after logout: err = %v, want the session refused", err)
		}
	})

	t.Run("a disabled user is refused at once", func(t *testing.T) {
		token := login()
		if _, err := f.svc.Authenticate(ctx, token); err != nil {
			t.Fatal(err)
		}
		if err := client.User.UpdateOneID(u.ID).SetDisabled(true).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Authenticate(ctx, token); err == nil {
			t.Error("a disabled user's cached viewer was still accepted")
		}
		if err := client.User.UpdateOneID(u.ID).SetDisabled(false).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("a moved user gets the new organisation", func(t *testing.T) {
		token := login()
		if _, err := f.svc.Authenticate(ctx, token); err != nil {
			t.Fatal(err)
		}
		o, err := client.Org.Create().SetTenantID(f.tenantID).SetOrgName("新村").SetPath("/999/").Save(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := client.User.UpdateOneID(u.ID).SetOrgID(o.ID).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		v, err := f.svc.Authenticate(ctx, token)
		if err != nil {
			t.Fatal(err)
		}
		if v.OrgID != o.ID {
			t.Errorf("viewer org = %d, want the new %d", v.OrgID, o.ID)
		}
	})
}

// TestOnViewersChanged checks what other instances are told: every change
// that can alter a viewer, but not the bookkeeping of a sign-in.
func TestOnViewersChanged(t *testing.T) {
	ctx := context.Background()
	client := authtest.SQLite(t)
	f := newFixture(t, client, auth.Options{})
	u := f.user(t, "signal", "Abc12345!", false)
	calls := 0
	f.svc.OnViewersChanged(func() { calls++ })
	tests := []struct {
		name   string
		change func() error
		want   int
	}{
		{"a sign-in (session, last login)", func() error { _, err := f.login(t, "signal", "Abc12345!"); return err }, 0},
		{"a failed sign-in", func() error { f.login(t, "signal", "wrong-Pass1!"); return nil }, 0},
		{"a logout", func() error { return f.svc.Sessions().Revoke(ctx, "no-such") }, 1},
		{"a disabled user", func() error { return client.User.UpdateOneID(u.ID).SetDisabled(true).Exec(ctx) }, 1},
		{"a changed role", func() error {
			return client.Role.Update().Where().SetName("x").Exec(ctx)
		}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			calls = 0
			if err := tt.change(); err != nil {
				t.Fatal(err)
			}
			if calls != tt.want {
				t.Errorf("told others %d times, want %d", calls, tt.want)
			}
		})
	}
}
