package crud

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// TestRefsFromLabels: users reach when the tenant knows them; organisations
// also by data scope — all, the subtree, or only the viewer's own.
func TestRefsFromLabels(t *testing.T) {
	paths := map[int64]string{1: "/1/", 5: "/1/5/", 51: "/1/5/51/", 6: "/1/6/"}
	labels := func(_ context.Context, tenantID int64, ref, _ string, ids []int64) (map[int64]string, error) {
		out := map[int64]string{}
		for _, id := range ids {
			if _, ok := paths[id]; ok && tenantID == 1 && (ref == schema.RefOrg || ref == schema.RefUser) {
				out[id] = "x"
			}
		}
		return out, nil
	}
	orgPaths := func(_ context.Context, tenantID, orgID int64) (string, error) {
		if p, ok := paths[orgID]; ok && tenantID == 1 {
			return p, nil
		}
		return "", store.ErrOutOfScope
	}
	fn := RefsFromLabels(labels, orgPaths)
	ids := []int64{1, 5, 51, 6, 99}
	at5 := func(mode store.ScopeMode) store.Scope {
		return store.Scope{TenantID: 1, OrgID: 5, OrgPath: "/1/5/", Mode: mode}
	}
	tests := []struct {
		name string
		sc   store.Scope
		ref  string
		want []int64
	}{
		{"users of the tenant, whatever the scope", at5(store.ScopeOwn), schema.RefUser, []int64{1, 5, 6, 51}},
		{"organisations of the tenant", at5(store.ScopeAll), schema.RefOrg, []int64{1, 5, 6, 51}},
		{"organisations of the subtree", at5(store.ScopeSubtree), schema.RefOrg, []int64{5, 51}},
		{"the own organisation only", at5(store.ScopeOrg), schema.RefOrg, []int64{5}},
		{"own rows: the own organisation only", at5(store.ScopeOwn), schema.RefOrg, []int64{5}},
		{"a subtree scope without a path", store.Scope{TenantID: 1, OrgID: 5, Mode: store.ScopeSubtree}, schema.RefOrg, []int64{5}},
		{"another tenant", store.Scope{TenantID: 2, Mode: store.ScopeAll}, schema.RefOrg, nil},
		{"grids the system does not know", at5(store.ScopeAll), schema.RefGrid, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := fn(context.Background(), tt.sc, tt.ref, ids)
			if err != nil {
				t.Fatal(err)
			}
			var reached []int64
			for id, ok := range got {
				if ok {
					reached = append(reached, id)
				}
			}
			slices.Sort(reached)
			if diff := cmp.Diff(tt.want, reached); diff != "" {
				t.Errorf("reached (-want +got):\n%s", diff)
			}
		})
	}
	broken := RefsFromLabels(labels, func(context.Context, int64, int64) (string, error) { return "", errors.New("down") })
	if _, err := broken(context.Background(), at5(store.ScopeSubtree), schema.RefOrg, []int64{6}); err == nil {
		t.Error("an organisation lookup that fails answers no error")
	}
}
