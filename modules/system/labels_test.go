package system

import (
	"context"
	"strconv"
	"testing"

	"xiangzhi/engine"
	"xiangzhi/engine/schema"
)

// TestLabelsKeptUntilAnIdentityChange: names are read once and kept; a
// change made outside the ent client is not seen until the viewer cache is
// invalidated (as the viewers signal of another instance does), and one
// made through it is seen at once. Other tenants' ids get no names.
func TestLabelsKeptUntilAnIdentityChange(t *testing.T) {
	forEachDB(t, func(t *testing.T, app *engine.App, s *Service) {
		ctx := context.Background()
		u := createUser(t, s, userSpec{})
		o := rootOrg(t, s, s.tenantID)
		other, _ := createTenant(t, s, uniqueName("lt")[:10])
		stranger := createUser(t, s, userSpec{TenantID: other.ID})
		name := func(ref string, id int64) string {
			t.Helper()
			got, err := s.Labels(ctx, s.tenantID, ref, "name", []int64{id})
			if err != nil {
				t.Fatal(err)
			}
			return got[id]
		}
		if got := name(schema.RefUser, u.ID); got != "张三" {
			t.Fatalf("user label = %q, want 张三", got)
		}
		if got := name(schema.RefOrg, o.ID); got != o.OrgName {
			t.Fatalf("org label = %q, want %q", got, o.OrgName)
		}
		if got := name(schema.RefUser, stranger.ID); got != "" {
			t.Fatalf("another tenant's user is named %q", got)
		}
		// Around the ent client: the kept name stands until an invalidation.
		if _, err := app.Store().DB().ExecContext(ctx, "UPDATE xz_user SET name = '四' WHERE id = "+strconv.FormatInt(u.ID, 10)); err != nil {
			t.Fatal(err)
		}
		if got := name(schema.RefUser, u.ID); got != "张三" {
			t.Fatalf("user label read again = %q, want the kept 张三", got)
		}
		s.auth.InvalidateViewers()
		if got := name(schema.RefUser, u.ID); got != "张四" {
			t.Fatalf("user label after an invalidation = %q, want 张四", got)
		}
		// Through the ent client: seen at once.
		if err := s.ent.Org.UpdateOneID(o.ID).SetOrgName("新名称").Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if got := name(schema.RefOrg, o.ID); got != "新名称" {
			t.Fatalf("org label after a rename = %q, want 新名称", got)
		}
	})
}
